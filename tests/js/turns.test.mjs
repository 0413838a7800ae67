// Turns (turns.js) and the session's log and save (session.js), on a real
// game from the engine: the marks, the turn that ended last and what
// happened since a seat's last turn are the engine's, the same after a
// reload, and an action costs one request.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Session, loadRequest } from "../../web/js/session.js";
import { Turns, turnEnded } from "../../web/js/turns.js";
import { engineGame, replayingEngine } from "./engine-game.mjs";

const game = engineGame({ players: 3, seed: 2, moves: 80 });

/** A session that has played the recorded game's first `moves` bot actions. */
async function played(moves = game.answers.length - 1) {
  const engine = replayingEngine(game.answers);
  const session = new Session(engine);
  await session.start({
    seats: [0, 1, 2].map((level) => ({ kind: "bot", level: `b${level}` })),
    names: ["P0", "P1", "P2"],
    rounds: 3,
    firstPlayer: 0,
    seed: 2,
  });
  for (let i = 0; i < moves; i++) await session.bot();
  return { session, engine, turns: new Turns(session) };
}

test("every action costs one request, and the save needs none", async () => {
  const { session, engine } = await played();
  assert.equal(engine.asked.length, game.answers.length);
  const save = session.toSave();
  assert.equal(engine.asked.length, game.answers.length, "no trip for the save");
  assert.deepEqual(save.actions, game.reload.actions);
  assert.equal(save.record, game.answers[0].record_head);
  assert.deepEqual(loadRequest(save), { op: "load", text: save.record, actions: save.actions, aids: [] });
});

test("the page's log, spliced answer by answer, is the one a reload rebuilds", async () => {
  const { session } = await played();
  assert.deepEqual(session.log, game.reload.log);
  assert.ok(session.log.every((entry) => Number.isInteger(entry.turn) && Number.isInteger(entry.round) && Number.isInteger(entry.step)));
});

test("the marks are the view's, and a turn that ended is its turn_end with its own entries", async () => {
  const { session, turns } = await played();
  const { view } = session;
  for (const seat of [0, 1, 2]) assert.deepEqual([...turns.changedBy(seat)], view.changed[seat]);
  const last = turns.last;
  const end = session.log.findLast((entry) => entry.type === "turn_end");
  assert.equal(last.end, end);
  assert.equal(last.seat, end.seat);
  assert.ok(last.events.length >= 3 && last.events.every((entry) => entry.turn === end.turn));
  assert.equal(last.events.filter((entry) => entry.type === "place").length, end.chain);
});

test("since a seat's last turn: the turns after it, oldest first, as the view's recap says", async () => {
  const { session, turns } = await played();
  const { view } = session;
  const since = turns.since(view.current);
  assert.deepEqual(
    since.filter((entry) => entry.end).map((entry) => entry.end),
    view.recap,
  );
  assert.ok(view.recap.length >= 1);
  for (const entry of since) if (entry.end) assert.ok(entry.turn > view.last_turns[view.current]);
});

test("a turn ends exactly with the engine's turn_end", async () => {
  let ends = 0;
  for (const answer of game.answers.slice(1)) {
    const ended = turnEnded(answer.events);
    assert.equal(
      ended,
      answer.events.some((event) => event.type === "turn_end"),
    );
    ends += ended;
  }
  assert.equal(ends, game.reload.log.filter((entry) => entry.type === "turn_end").length);
});

test("a reload shows the same last turn, recap and marks", async () => {
  const { session, turns } = await played();
  const again = new Session(replayingEngine([game.reload]));
  await again.load({ text: game.answers[0].record_head, actions: game.reload.actions, aids: [] });
  const reloaded = new Turns(again);
  assert.deepEqual(again.view, session.view);
  assert.deepEqual(reloaded.last, turns.last);
  assert.deepEqual(reloaded.since(1), turns.since(1));
  for (const seat of [0, 1, 2]) assert.deepEqual([...reloaded.changedBy(seat)], [...turns.changedBy(seat)]);
});

test("an undo's cut gives a new log, so a view of the old one sees it changed", async () => {
  const session = new Session(replayingEngine([game.answers[0]]));
  await session.start({ seats: [{ kind: "human" }], names: ["P0"], rounds: 3, firstPlayer: 0, seed: 2 });
  const log = session.log;
  session.follow({ log_change: [log.length, [{ type: "aid", kind: "hint" }]], record_change: { actions: [0, []], aids: [0, []] } });
  assert.equal(session.log, log, "appended in place");
  session.follow({ log_change: [log.length - 1, [{ type: "aid", kind: "undo" }]], record_change: { actions: [0, []], aids: [0, []] } });
  assert.notEqual(session.log, log);
  assert.deepEqual(session.log.at(-1), { type: "aid", kind: "undo" });
  assert.equal(session.log.length, log.length);
});
