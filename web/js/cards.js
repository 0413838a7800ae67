// The card table, the engine's (op "cards"), baked into the bundle by build.py: the page
// never hard-codes which card is a STOP or how many suns it has.
import { t } from "./i18n.js";

const table = new Map();

/** Colour letter -> the id used in CSS classes and message keys. */
export const COLORS = { R: "red", B: "blue", G: "green", Y: "yellow", P: "purple" };

export function setCards(cards) {
  for (const card of cards) table.set(card.code, { ...card, color: COLORS[card.color] });
}

/** {code, color ("red"...), number (null for a joker), suns, kind}. */
export function cardInfo(code) {
  const info = table.get(code);
  if (!info) throw new Error(`unknown card ${code}`);
  return info;
}

/** Every card code of a kind ("normal", "stop", "replay", "joker"), in deck order. */
export function cardsOfKind(kind) {
  return [...table.values()].filter((card) => card.kind === kind).map((card) => card.code);
}

/** "purple 7" / "red joker". */
export function cardName(code) {
  const { color, number, kind } = cardInfo(code);
  return kind === "joker" ? t("card.joker", { color: t(`color.${color}`) }) : t("card.numbered", { color: t(`color.${color}`), number });
}

/** The card's marks beyond its name, in words: ["3 suns", "STOP"]. */
export function cardMarks(code) {
  const { suns, kind } = cardInfo(code);
  const marks = suns ? [t("card.suns", { count: suns })] : [];
  if (kind === "stop" || kind === "replay") marks.push(t(`card.kind.${kind}`));
  return marks;
}

/** "purple 7, 3 suns, STOP": everything printed on the card, in words. */
export function cardDescription(code) {
  return [cardName(code), ...cardMarks(code)].join(t("list.comma"));
}
