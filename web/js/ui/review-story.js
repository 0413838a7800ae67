// The top of the review: the game's story once the expert has judged it —
// its turning points (the costliest decisions and the biggest strokes of
// luck, each a sentence that jumps to its step) and each player's account
// in plain words — or, until then, how far the judging is, with Cancel, or
// the button that starts it. A pure view of the engine's data.
import { accountLines } from "../account-words.js";
import { t } from "../i18n.js";
import { decisionSentence, luckSentence } from "../turning-points.js";
import { h } from "./dom.js";

/** A turning point as a list item whose sentence is a button to its step. */
function point(sentence, { kind, step, onJump }) {
  return h(
    "li",
    { class: `review-story__point review-story__point--${kind}`, dataset: { step, kind } },
    h("button", { type: "button", class: "review-story__jump", onclick: () => onJump(step) }, sentence),
  );
}

/** The turning points, decisions first (the step of the decision), then luck (the step that shows the card). */
function turningPoints({ turning_points: points }, names, onJump) {
  const items = [
    ...points.decisions.map((p) => point(decisionSentence(p, names), { kind: "decision", step: p.step, onJump })),
    ...points.luck.map((s) => point(luckSentence(s, names), { kind: "luck", step: s.step + 1, onJump })),
  ];
  if (items.length === 0) return h("p", { class: "review-story__none" }, t("review.pointsNone"));
  return h("ol", { class: "review-story__points", dataset: { testid: "turning-points" } }, items);
}

/** Each player's account: a name and a few plain sentences. */
function accounts(account, { names, mistakes, roundsDone }) {
  return h(
    "div",
    { class: "review__summary review-story__account" },
    h("h3", { class: "panel__title panel__title--small" }, t("review.accountTitle")),
    h(
      "ul",
      { class: "review-story__players", dataset: { testid: "review-account" } },
      accountLines(account.account, { names, mistakes, roundsDone }).map(({ seat, lines }) =>
        h("li", { class: "review-story__player", dataset: { seat } }, lines.join(" ")),
      ),
    ),
    h("p", { class: "review-story__help" }, roundsDone > 0 ? t("review.accountHelp") : t("review.accountOpen")),
  );
}

/** How far the judging is, in words. */
export function progressWords(progress) {
  if (progress === null) return t("review.judgeInvite");
  if (progress.round) return t("review.progressLuck", { round: progress.round, rounds: progress.rounds });
  return t("review.progressText", { done: progress.done, total: progress.decisions });
}

/**
 * The story's content: {account (review_account's answer, or null), names,
 * mistakes, roundsDone, progress: {done, total, decisions, round, rounds} while judging,
 * else null, on: {jump, judge, cancel}}.
 */
export function reviewStory({ account, names, mistakes, roundsDone, progress, on }) {
  const title = h("h3", { class: "panel__title panel__title--small", id: "review-points-title" }, t("review.pointsTitle"));
  if (account) return [title, turningPoints(account, names, on.jump), accounts(account, { names, mistakes, roundsDone })];
  const running = progress !== null;
  return [
    title,
    h(
      "div",
      { class: "review__judge" },
      h("p", { class: "review-story__status", "aria-live": "polite" }, progressWords(progress)),
      running ? h("progress", { class: "review__progress", max: Math.max(1, progress.total), value: progress.done, "aria-label": t("review.progress") }) : null,
      running
        ? h("button", { type: "button", class: "button", onclick: on.cancel }, t("review.cancel"))
        : h("button", { type: "button", class: "button button--primary", onclick: on.judge }, t("review.judge")),
    ),
  ];
}
