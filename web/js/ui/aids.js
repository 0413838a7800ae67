// The in-game aids: a Hint and an Undo button next to the hand, and the
// hint's reason in one line. The engine says what to play, why (a reason
// kind with its numbers) and whether the last action may be undone; this
// only words it and reports clicks up.
import { cardName } from "../cards.js";
import { signed, t } from "../i18n.js";
import { actionOf } from "../rules.js";
import { h } from "./dom.js";

const pile = (index) => t(`pile.discard.${index}`);

/** An action in words: "place the red 5 on spot 5" with the view it is played from, "place on spot 5" without. */
export function actionText(action, view = null) {
  const { kind, spot, pile: n } = actionOf(action);
  if (kind === "draw") return t("aid.action.draw");
  if (!view) return t(`review.action.${kind}`, { spot, pile: n === undefined ? "" : pile(n) });
  if (kind === "take") return t("aid.action.take", { card: cardName(view.discard_tops[n]), pile: pile(n) });
  if (kind === "place") return t("aid.action.place", { card: cardName(view.hand), spot });
  return t("aid.action.discard", { card: cardName(view.hand), pile: pile(n) });
}

/** The engine's reason ({kind, ...}) for suggesting action, in one line. */
export function hintText(reason, action, view) {
  const { kind } = reason;
  const words = {
    action: actionText(reason.action ?? action, view),
    card: reason.card ? cardName(reason.card) : "",
    pile: reason.pile === undefined ? "" : pile(reason.pile),
    who: reason.seat === undefined ? "" : view.names[reason.seat],
    spot: reason.spot,
    group: reason.group,
    points: reason.points === undefined ? "" : signed(reason.points),
  };
  switch (kind) {
    case "best_expected":
      return t("aid.reason.best_expected", { ...words, instead: actionText(reason.instead, view), win: signed(reason.win * 100) });
    case "end_round": {
      const side = reason.lead > 0 ? "ahead" : reason.lead < 0 ? "behind" : "level";
      return t(`aid.reason.end_round.${side}`, { ...words, lead: Math.abs(reason.lead) });
    }
    case "replace":
      return t("aid.reason.replace", { ...words, replaced: cardName(reason.replaced) });
    case "draw": {
      // With one pile empty there is one top to turn down, not two.
      const tops = view.discard_tops.map((card, n) => ({ card, n })).filter(({ card }) => card);
      if (tops.length !== 1) return t("aid.reason.draw");
      return t("aid.reason.drawOne", { card: cardName(tops[0].card), pile: pile(tops[0].n) });
    }
    case "only_move":
    case "take_pile":
    case "join_group":
    case "flip":
    case "replay":
    case "deny_discard":
    case "discard":
      return t(`aid.reason.${kind}`, words);
    default:
      return t("aid.reason.other", words); // a kind newer than this page
  }
}

/**
 * aidsBar({hint, undo, onHint, onUndo}): hint and undo are null when the
 * game does not allow them, else whether they may be used now. The hint's
 * line starts empty: the caller fills it as the hint comes.
 */
export function aidsBar({ hint, undo, onHint, onUndo }) {
  if (hint === null && undo === null) return null;
  return h(
    "div",
    { class: "aids", role: "group", "aria-label": t("aid.label") },
    hint === null
      ? null
      : h(
          "button",
          { type: "button", class: "button aids__button", dataset: { testid: "hint", focus: "hint" }, disabled: !hint, onclick: onHint },
          t("aid.hint"),
        ),
    undo === null
      ? null
      : h(
          "button",
          { type: "button", class: "button aids__button", dataset: { testid: "undo", focus: "undo" }, disabled: !undo, onclick: onUndo },
          t("aid.undo"),
        ),
    h("p", { class: "aids__text", dataset: { testid: "hint-text" }, "aria-live": "polite" }),
  );
}
