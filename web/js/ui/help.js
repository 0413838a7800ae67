// "How to play": the rules in our own words (from the catalog), with a
// legend of the card marks drawn from the engine's card table.
import { COLORS, cardDescription, cardInfo, cardsOfKind } from "../cards.js";
import { t } from "../i18n.js";
import { cardFace } from "./card.js";
import { h } from "./dom.js";

const SECTIONS = ["goal", "turn", "chain", "special", "roundEnd", "scoring", "gameEnd", "details"];

function paragraphs(text) {
  return text.split("\n").map((line) => h("p", {}, line));
}

function legend() {
  const examples = ["normal", "stop", "replay", "joker"].map((kind) => cardsOfKind(kind)[0]);
  const colors = Object.values(COLORS).map((color) => [color, cardsOfKind("normal").find((code) => cardInfo(code).color === color)]);
  const figure = (code, caption) => h("figure", { class: "help__card" }, cardFace(code), h("figcaption", {}, caption));
  return [
    h(
      "div",
      { class: "help__cards" },
      examples.map((code) => figure(code, cardDescription(code))),
    ),
    h(
      "div",
      { class: "help__cards help__cards--colors" },
      colors.map(([color, code]) => figure(code, t(`color.${color}`))),
    ),
  ];
}

/** The body of the help dialog. */
export function helpContent() {
  return [
    ...SECTIONS.map((id) => h("section", { class: "help__section" }, h("h3", {}, t(`help.${id}.title`)), paragraphs(t(`help.${id}.body`)))),
    h("section", { class: "help__section" }, h("h3", {}, t("help.cards.title")), legend()),
  ];
}
