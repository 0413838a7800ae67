// One card, face up or face down. Purely visual (aria-hidden): the element
// that holds it carries the card's words for assistive technology. Colour
// symbols and sun glyphs come from css/card.css, so colour is never the only cue.
import { cardInfo } from "../cards.js";
import { t } from "../i18n.js";
import { h } from "./dom.js";

/** A face-up card for a code, or a card back for null. */
export function cardFace(code) {
  if (!code) return h("span", { class: "card card--back", "aria-hidden": "true" }, h("span", { class: "card__logo" }));
  const { color, number, suns, kind } = cardInfo(code);
  const label = kind === "joker" ? t("card.badge.joker") : String(number);
  return h(
    "span",
    { class: `card card--${color} card--${kind}`, "aria-hidden": "true", dataset: { code } },
    h("span", { class: "card__corner" }, h("span", { class: "card__corner-number" }, label), h("span", { class: "card__symbol" })),
    h("span", { class: "card__number" }, kind === "joker" ? h("span", { class: "card__joker-mark" }) : number),
    h("span", { class: "card__pip card__symbol" }),
    kind === "stop" || kind === "replay" ? h("span", { class: `card__badge card__badge--${kind}` }, t(`card.badge.${kind}`)) : null,
    h(
      "span",
      { class: "card__suns" },
      Array.from({ length: suns }, () => h("span", { class: "card__sun" })),
    ),
  );
}
