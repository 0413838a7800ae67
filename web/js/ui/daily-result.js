// Today's deal's result, on the game-over screen: this try's score beside
// the Expert's on the same deal, whether it counted (the first try begun on
// the date) or was practice, the streak of days, and the share line of
// the counted try with its Copy and Share buttons. Data in, DOM out; the
// clipboard and the share sheet are the caller's (onShare).
import { t } from "../i18n.js";
import { h } from "./dom.js";

/** "3 December 2026", in the page's language (the date is a calendar day: no time zone). */
function dayWords(date) {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString(document.documentElement.lang, { dateStyle: "long", timeZone: "UTC" });
}

// The share line's squares also drawn as the page's own colour swatches, so
// the grid shows where no colour-emoji font is installed; the text (what a
// copy takes, what a screen reader reads) stays the engine's squares.
const SWATCHES = { "🟥": "red", "🟦": "blue", "🟩": "green", "🟨": "yellow", "🟪": "purple", "⬛": "down" };

function squared(text) {
  const parts = [];
  let words = "";
  for (const char of text) {
    if (!SWATCHES[char]) {
      words += char;
      continue;
    }
    parts.push(words, h("span", { class: `daily__square daily__square--${SWATCHES[char]}` }, char));
    words = "";
  }
  return [...parts, words];
}

const frame = (children, dataset = {}) =>
  h("section", { class: "daily", "aria-labelledby": "daily-title", dataset: { testid: "daily-result", ...dataset } }, children);

const title = (text) => h("h3", { id: "daily-title", class: "daily__title" }, text);

/** While the Expert plays the same deal (a second or a few). */
export function dailyWaiting() {
  return frame([title(t("daily.heading")), h("p", { class: "daily__waiting", role: "status" }, t("daily.waiting"))], { state: "waiting" });
}

/** The result could not be worked out: why, in words. */
export function dailyFailed(message) {
  return frame([title(t("daily.heading")), h("p", { class: "daily__failed", role: "alert" }, t("daily.failed", { message }))], { state: "failed" });
}

/**
 * dailyResult({result, counted, streak, text, message, canSend, onShare}):
 * result is this try ({date, number, you, expert, counted}), counted the
 * date's counted try (result itself on a first try; null if the date's first
 * try was left unfinished), streak {current, best}, text the counted try's
 * share line (null with no counted try: nothing to share); onShare("copy" | "send").
 */
export function dailyResult({ result, counted, streak, text, message = "", canSend, onShare }) {
  const { number, date, you, expert } = result;
  const dataset = { state: "done", you: String(you), expert: String(expert), counted: String(result.counted), number: String(number), date };
  return frame(
    [
      title(t("daily.title", { number, date: dayWords(date) })),
      h("p", { class: "daily__scores" }, t("daily.versus", { you, expert })),
      result.counted
        ? h("p", { class: "daily__note" }, t("daily.counted"))
        : h(
            "p",
            { class: "daily__note daily__note--practice", dataset: { testid: "daily-practice" } },
            counted ? t("daily.practice", { you: counted.you, expert: counted.expert }) : t("daily.unfinished"),
          ),
      h(
        "p",
        { class: "daily__streak", dataset: { testid: "daily-streak", current: String(streak.current), best: String(streak.best) } },
        t("daily.streak", { count: streak.current, best: streak.best }),
      ),
      ...(text ? shareParts(result, text, message, canSend, onShare) : []),
    ],
    dataset,
  );
}

/** The counted try's share line (selectable, so a failed copy can still be done by hand), its buttons and what they did. */
function shareParts(result, text, message, canSend, onShare) {
  return [
    h("p", { class: "daily__share-label", id: "share-label" }, result.counted ? t("daily.shareLabel") : t("daily.shareCounted")),
    h("p", { class: "daily__share-text", "aria-labelledby": "share-label", dataset: { testid: "share-text" } }, squared(text)),
    h(
      "div",
      { class: "daily__actions" },
      h("button", { type: "button", class: "button", dataset: { testid: "share-copy" }, onclick: () => onShare("copy") }, t("daily.copy")),
      canSend ? h("button", { type: "button", class: "button", dataset: { testid: "share-send" }, onclick: () => onShare("send") }, t("daily.send")) : null,
    ),
    h("p", { class: "daily__message", role: "status", dataset: { testid: "share-message" } }, message),
  ];
}

/** What a copy or a share did, in the result shown under root (no redraw: the focus stays on its button). */
export function showShareMessage(root, message) {
  const line = root.querySelector("[data-testid=share-message]");
  if (line) line.textContent = message;
}
