// The card in hand: what the player to move holds between drawing and
// placing or discarding (each step of a chain passes through here).
import { cardDescription } from "../cards.js";
import { t } from "../i18n.js";
import { cardFace } from "./card.js";
import { h } from "./dom.js";

export function hand({ code }) {
  return h(
    "div",
    { class: "hand", dataset: { anim: "hand" } },
    code ? cardFace(code) : h("span", { class: "card card--empty", "aria-hidden": "true" }),
    h("p", { class: "hand__caption" }, code ? t("hand.holding", { card: cardDescription(code) }) : t("hand.empty")),
  );
}
