// The draw pile and the two discard piles. A pile is a button that plays
// "draw", "take:N" or "discard:N" while that action is legal for a human.
// Its name is its (screen-reader only) text; the picture is aria-hidden.
import { cardName } from "../cards.js";
import { t } from "../i18n.js";
import { cardFace } from "./card.js";
import { h, srOnly } from "./dom.js";

function pileButton({ action, label, anim, focus, children }) {
  return h(
    "button",
    {
      type: "button",
      class: `card-button pile__button${action ? " is-legal" : ""}`,
      disabled: !action,
      dataset: { anim, focus, ...(action ? { action } : {}) },
    },
    srOnly(action ? t(`pile.do.${action.split(":")[0]}`, { pile: label }) : label),
    children,
  );
}

/** piles({view, legal: Set of playable actions}) */
export function piles({ view, legal }) {
  const draw = h(
    "div",
    { class: "pile pile--draw" },
    pileButton({
      action: legal.has("draw") ? "draw" : null,
      label: t("pile.draw.label", { count: view.draw_count }),
      anim: "draw",
      focus: "draw",
      children: [cardFace(null), h("span", { class: "pile__count", "aria-hidden": "true" }, view.draw_count)],
    }),
    h("span", { class: "pile__caption", "aria-hidden": "true" }, t("pile.draw.caption")),
  );
  const discards = view.discard_tops.map((top, index) => {
    const action = [`take:${index}`, `discard:${index}`].find((a) => legal.has(a)) ?? null;
    const where = t(`pile.discard.${index}`);
    const label = top ? t("pile.discard.label", { pile: where, card: cardName(top), count: view.pile_sizes[index] }) : t("pile.discard.empty", { pile: where });
    return h(
      "div",
      { class: "pile pile--discard" },
      pileButton({
        action,
        label,
        anim: `pile:${index}`,
        focus: `pile:${index}`,
        children: [
          top ? cardFace(top) : h("span", { class: "card card--empty", "aria-hidden": "true" }),
          h("span", { class: "pile__count", "aria-hidden": "true" }, view.pile_sizes[index]),
        ],
      }),
      h("span", { class: "pile__caption", "aria-hidden": "true" }, where),
    );
  });
  return h("div", { class: "piles" }, draw, discards);
}
