// Turns (turns.js): the spots each seat's latest turn changed and the turn
// that ended last, read from the engine's events as they come.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Turns } from "../../web/js/turns.js";

const draw = (seat) => ({ type: "draw", seat, card: "R5" });
const place = (seat, spot) => ({ type: "place", seat, spot, card: "R5", replaced: "B2", replaced_was_up: false });
const discard = (seat) => ({ type: "discard", seat, pile: 0, card: "B2" });

test("a turn's placed spots stay marked until the seat's next turn begins", () => {
  const turns = new Turns();
  assert.equal(turns.add([draw(0)]), false);
  assert.equal(turns.add([place(0, 5)]), false);
  assert.equal(turns.add([place(0, 2)]), false);
  assert.equal(turns.add([discard(0)]), true);
  assert.deepEqual([...turns.changedBy(0)], [5, 2]);
  assert.equal(turns.last.seat, 0);
  assert.equal(turns.last.events.length, 4);
  turns.add([draw(1)]);
  turns.add([discard(1)]);
  assert.deepEqual([...turns.changedBy(0)], [5, 2], "another seat's turn leaves them");
  assert.deepEqual([...turns.changedBy(1)], []);
  assert.equal(turns.last.seat, 1);
  turns.add([draw(0)]);
  assert.deepEqual([...turns.changedBy(0)], [], "the seat's own next turn clears them");
});

test("a turn resumed half-way still ends, and a new round forgets everything", () => {
  const turns = new Turns();
  assert.equal(turns.add([place(1, 7)]), false); // a reload left seat 1 with a card in hand
  assert.equal(turns.add([discard(1)]), true);
  assert.deepEqual([...turns.changedBy(1)], [7]);
  turns.add([{ type: "round_start", round: 2, starter: 0 }]);
  assert.equal(turns.last, null);
  assert.deepEqual([...turns.changedBy(1)], []);
});

test("since a seat's last turn: every turn after it and the rounds that ended, oldest first", () => {
  const turns = new Turns();
  turns.add([draw(0), discard(0)]);
  turns.add([draw(1), discard(1)]);
  assert.deepEqual(
    turns.since(1).map((turn) => turn.seat),
    [],
  );
  assert.deepEqual(
    turns.since(2).map((turn) => turn.seat),
    [0, 1],
    "a seat yet to play: everything so far",
  );
  turns.add([draw(2), discard(2), { type: "round_scored", round: 1 }, { type: "round_start", round: 2, starter: 0 }]);
  turns.add([draw(0), discard(0)]);
  assert.deepEqual(turns.since(1), [turns.history[2], { round: 1 }, turns.history[4]]);
  assert.deepEqual(turns.since(0), [], "the seat that played last has nothing new");
  turns.reset();
  assert.deepEqual(turns.since(1), []);
});
