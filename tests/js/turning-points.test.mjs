// The review's turning points and the daily share line, worded from the
// engine's data in the page's real catalogs (every language).
import assert from "node:assert/strict";
import { test } from "node:test";
import { setCards } from "../../web/js/cards.js";
import { shareText } from "../../web/js/daily-share.js";
import { useCatalogs } from "../../web/js/i18n.js";
import { decisionSentence, luckSentence, turningPointSentences } from "../../web/js/turning-points.js";
import { catalog } from "./catalogs.mjs";

setCards([
  { code: "BJ2", color: "B", number: null, suns: 0, kind: "joker" },
  { code: "G7", color: "G", number: 7, suns: 0, kind: "normal" },
]);
const names = ["Ann", "Bob"];
const joker = {
  step: 12,
  seat: 0,
  points: 2.1,
  card: "BJ2",
  played_move: { kind: "place", spot: 2 },
  best_move: { kind: "place", spot: 5 },
  best_facts: { card: "BJ2", spot: 5, group: 3, points: 5 },
};

test("a costly place names the card, both spots and the group it would have joined", () => {
  useCatalogs("en", catalog("en"), catalog("en"));
  assert.equal(decisionSentence(joker, names), "Ann's blue joker on spot 2 cost about 2.1 points: on spot 5 it would have joined the blue group (3 cards).");
  const alone = { ...joker, best_facts: { ...joker.best_facts, group: 1 } };
  assert.equal(decisionSentence(alone, names), "Ann's blue joker on spot 2 cost about 2.1 points: the expert would have put it on spot 5.");
});

test("another costly move is told by the engine's move data, never an action string", () => {
  useCatalogs("en", catalog("en"), catalog("en"));
  const take = { seat: 1, points: 1.5, card: null, played_move: { kind: "take", pile: 0 }, best_move: { kind: "draw" }, best_facts: null };
  assert.equal(decisionSentence(take, names), "Bob chose to take from the left discard pile, which cost about 1.5 points: the expert would draw a card.");
  // A card in hand is named: placed where the expert would have discarded it.
  const place = { seat: 0, points: 11.4, card: "G7", played_move: { kind: "place", spot: 4 }, best_move: { kind: "discard", pile: 0 }, best_facts: null };
  assert.equal(
    decisionSentence(place, names),
    "Ann chose to place the green 7 on spot 4, which cost about 11.4 points: the expert would discard the green 7 on the left discard pile.",
  );
});

test("luck is told good or bad with its size, never a minus sign", () => {
  useCatalogs("en", catalog("en"), catalog("en"));
  const flip = { seat: 1, kind: "flip", card: "G7", spot: 7, points: -3.2 };
  assert.equal(luckSentence(flip, names), "Bad luck: Bob turned up the green 7 on spot 7, about 3.2 points worse than what was to be expected.");
  const draw = { seat: 0, kind: "draw", card: "G7", spot: null, points: 1.4 };
  assert.match(luckSentence(draw, names), /^Luck: Ann drew the green 7, about 1\.4 points better/);
  assert.equal(turningPointSentences({ decisions: [joker], luck: [flip, draw] }, names).length, 3);
});

test("every language words them with every fact filled in", () => {
  for (const lang of ["en", "fr", "de"]) {
    useCatalogs(lang, catalog(lang), catalog("en"));
    const flip = { seat: 1, kind: "flip", card: "G7", spot: 7, points: 3.2 };
    for (const sentence of turningPointSentences({ decisions: [joker], luck: [flip] }, names)) {
      assert.doesNotMatch(sentence, /[{}]/, `${lang}: ${sentence}`);
      assert.match(sentence, /Ann|Bob/);
    }
  }
});

test("the share line: the deal's number, both scores and the colour squares, no card face", () => {
  useCatalogs("en", catalog("en"), catalog("en"));
  const share = { number: 12, date: "2026-12-13", you: 58, expert: 61, grid: ["🟩🟩🟩🟩", "🟦🟨🟪🟪", "⬛🟦⬛🟨"] };
  assert.equal(shareText(share), "Dozito daily #12 · You 58 · Expert 61\n🟩🟩🟩🟩\n🟦🟨🟪🟪\n⬛🟦⬛🟨");
});
