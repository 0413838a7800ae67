// The recap's words: a turn told from the engine's turn_end event (the shape
// docs/engine-contract.md gives it) reads exactly as the same turn told from
// its events, in English, French and German; and the status's moves come
// from the view's targets where it has them, never offering a discard the
// engine does not.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setCards } from "../../web/js/cards.js";
import { useCatalogs } from "../../web/js/i18n.js";
import { recapText, turnEndText } from "../../web/js/ui/recap.js";
import { handMoves } from "../../web/js/ui/status.js";
import { catalog } from "./catalogs.mjs";

setCards([
  { code: "R5", color: "R", number: 5, suns: 1, kind: "normal" },
  { code: "B9", color: "B", number: 9, suns: 0, kind: "normal" },
  { code: "G2", color: "G", number: 2, suns: 0, kind: "replay" },
  { code: "Y7", color: "Y", number: 7, suns: 2, kind: "normal" },
]);

const names = ["Ann", "Bob"];
// Bob takes the red 5 from pile 1, places it on 5 (revealing the blue 9), the 9 on 9 (revealing the Replay), discards it.
const events = [
  { type: "take", seat: 1, pile: 1, card: "R5" },
  { type: "place", seat: 1, spot: 5, card: "R5", replaced: "B9" },
  { type: "place", seat: 1, spot: 9, card: "B9", replaced: "G2" },
  { type: "discard", seat: 1, pile: 0, card: "G2" },
  { type: "extra_turn", seat: 1 },
];
const turnEnd = {
  type: "turn_end",
  turn: 4,
  round: 1,
  seat: 1,
  start: { kind: "take", pile: 1 },
  first: "R5",
  placed: [
    { spot: 5, card: "R5", replaced: "B9", revealed: true },
    { spot: 9, card: "B9", replaced: "G2", revealed: true },
  ],
  chain: 2,
  discard: { pile: 0, card: "G2" },
  replay: true,
  completed: false,
  instant_win: false,
  scored: null,
  next: 1,
};

test("a turn_end is worded as the turn's own events are, in every language", () => {
  for (const language of ["en", "fr", "de"]) {
    useCatalogs(language, catalog(language), catalog("en"));
    assert.equal(turnEndText(turnEnd, names), recapText({ seat: 1, events }, names), language);
  }
  useCatalogs("en", catalog("en"), catalog("en"));
  assert.equal(turnEndText(turnEnd, names), "Bob took the red 5, chained 2 cards, discarded the green 2, plays again (Replay).");
});

test("a drawn card placed once, a completed grid: each told", () => {
  useCatalogs("en", catalog("en"), catalog("en"));
  const end = {
    ...turnEnd,
    start: { kind: "draw" },
    first: "Y7",
    placed: [{ spot: 7, card: "Y7", replaced: "R5", revealed: false }],
    discard: { pile: 1, card: "R5" },
    replay: false,
    completed: true,
  };
  assert.equal(turnEndText(end, names), "Bob drew the yellow 7, placed it on spot 7, discarded the red 5, completed the grid.");
});

test("the hand's moves are the view's targets, not its legal actions read anew", () => {
  const legal = ["place:5", "discard:0", "discard:1"];
  const only = (can_place, can_discard) => ({ draw: null, take: [], spots: [], discard: [], can_place, can_discard });
  assert.deepEqual(handMoves({ legal_actions: legal, targets: only(true, false) }), { place: true, discard: false });
  assert.deepEqual(handMoves({ legal_actions: legal, targets: only(false, true) }), { place: false, discard: true });
});
