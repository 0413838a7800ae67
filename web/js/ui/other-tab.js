// The cover shown while another tab of the site plays the game: only one tab
// may save it (see single-writer.js), so this one waits until the player
// takes the game over here.
import { t } from "../i18n.js";
import { h } from "./dom.js";

/** otherTab({onPlayHere}): the button is good for one click. */
export function otherTab({ onPlayHere }) {
  const playHere = (event) => {
    event.currentTarget.disabled = true;
    onPlayHere();
  };
  return h(
    "section",
    { class: "other-tab panel", "aria-labelledby": "other-tab-title", dataset: { testid: "other-tab" } },
    h("h2", { id: "other-tab-title", class: "panel__title" }, t("otherTab.title")),
    h("p", { class: "other-tab__detail" }, t("otherTab.detail")),
    h(
      "div",
      { class: "panel__actions" },
      h("button", { type: "button", class: "button button--primary", dataset: { testid: "play-here" }, onclick: playHere }, t("otherTab.playHere")),
    ),
  );
}
