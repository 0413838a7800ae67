// The review's turning points in plain words: the engine's data (the
// turning_points of the review_account op, py/dozito/account.py) worded in
// one sentence each, with the cards' names. It decides nothing: which
// moves and cards count, their cost and the group a card would have joined
// are all the engine's; no action string is parsed here.
import { cardInfo, cardName } from "./cards.js";
import { t } from "./i18n.js";

/** A move as data ({kind, spot} or {kind, pile}) in words, with the card in hand when there is one: "place the red 7 on spot 5". */
function moveWords(move, card) {
  const pile = move.pile === undefined ? "" : t(`pile.discard.${move.pile}`);
  if (move.kind === "draw") return t("aid.action.draw");
  if (card && move.kind === "place") return t("aid.action.place", { card: cardName(card), spot: move.spot });
  if (card && move.kind === "discard") return t("aid.action.discard", { card: cardName(card), pile });
  if (move.kind === "place") return t("review.action.place", { spot: move.spot });
  return t(`review.action.${move.kind}`, { pile });
}

/** One costly decision: "Ann's blue 7 on spot 2 cost about 2 points: on spot 5 it would have joined the blue group (3 cards)." */
export function decisionSentence(point, names) {
  const who = names[point.seat];
  const { card } = point;
  const { points } = point;
  const best = point.best_facts;
  if (card && point.played_move.kind === "place" && best) {
    const words = { who, card: cardName(card), spot: point.played_move.spot, points, best: best.spot };
    if (best.group < 2) return t("turning.place", words);
    return t("turning.placeGroup", { ...words, color: t(`color.${cardInfo(card).color}`), group: best.group });
  }
  return t("turning.decision", { who, points, played: moveWords(point.played_move, card), best: moveWords(point.best_move, card) });
}

/** One stroke of luck, good or bad, for the seat it befell. */
export function luckSentence(stroke, names) {
  const words = { who: names[stroke.seat], card: cardName(stroke.card), spot: stroke.spot, points: Math.abs(stroke.points) };
  return t(`turning.luck.${stroke.kind}.${stroke.points > 0 ? "good" : "bad"}`, words);
}

/** The turning points' sentences: the costliest decisions first, then the luck. */
export function turningPointSentences(turningPoints, names) {
  return [...turningPoints.decisions.map((p) => decisionSentence(p, names)), ...turningPoints.luck.map((s) => luckSentence(s, names))];
}
