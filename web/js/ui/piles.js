// The draw pile and the two discard piles. A pile is a button that plays
// the engine's action for it (view.targets) while a human may play it.
// Its name is its (screen-reader only) text; the picture is aria-hidden.
import { cardName } from "../cards.js";
import { t } from "../i18n.js";
import { cardFace } from "./card.js";
import { h, srOnly } from "./dom.js";

/** kind: "draw", "take" or "discard", what action (null: none now) does. */
function pileButton({ action, kind, label, anim, focus, children }) {
  return h(
    "button",
    {
      type: "button",
      class: `card-button pile__button${action ? " is-legal" : ""}`,
      disabled: !action,
      dataset: { anim, focus, ...(action ? { action } : {}) },
    },
    srOnly(action ? t(`pile.do.${kind}`, { pile: label }) : label),
    children,
  );
}

/** piles({view, interactive}): interactive = a human may act now. */
export function piles({ view, interactive }) {
  const targets = interactive ? view.targets : { draw: null, take: [], discard: [] };
  const draw = h(
    "div",
    { class: "pile pile--draw" },
    pileButton({
      action: targets.draw,
      kind: "draw",
      label: t("pile.draw.label", { count: view.draw_count }),
      anim: "draw",
      focus: "draw",
      children: [cardFace(null), h("span", { class: "pile__count", "aria-hidden": "true" }, view.draw_count)],
    }),
    h("span", { class: "pile__caption", "aria-hidden": "true" }, t("pile.draw.caption")),
  );
  const discards = view.discard_tops.map((top, index) => {
    const kind = ["take", "discard"].find((k) => targets[k].some((target) => target.pile === index)) ?? null;
    const action = kind && targets[kind].find((target) => target.pile === index).action;
    const where = t(`pile.discard.${index}`);
    const label = top ? t("pile.discard.label", { pile: where, card: cardName(top), count: view.pile_sizes[index] }) : t("pile.discard.empty", { pile: where });
    return h(
      "div",
      { class: "pile pile--discard" },
      pileButton({
        action,
        kind,
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
