// The Scheduler: tasks one at a time in order, bots only between tasks and
// only while one may play, a queued task or "skip" ending a bot's pause at
// once. No test depends on time: bots at "instant" pause for zero-delay
// timers, which settled() lets run; the longer pauses never end by themselves
// (holdPauses), so only the scheduler's own wake-up can end them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as delay } from "node:timers/promises";
import { Scheduler } from "../../web/js/scheduler.js";

/** Let every pending promise and zero-delay timer run (timers of equal delay fire in order). */
async function settled() {
  for (let i = 0; i < 20; i++) await delay(0);
}

/** From now on in this test, a pause longer than zero never ends by itself. */
function holdPauses(context) {
  const setTimeout = globalThis.setTimeout;
  context.mock.method(globalThis, "setTimeout", (run, ms) => (ms > 0 ? {} : setTimeout(run, ms)));
}

/** A scheduler whose bots play `bots` actions (logged) whenever allowed. */
function scheduler({ speed = "instant", bots = 0, painted } = {}) {
  const played = [];
  const game = { botsLeft: bots, idle: 0 };
  const s = new Scheduler({
    speed,
    painted,
    botTurn: () => game.botsLeft > 0,
    playBot: async () => {
      game.botsLeft -= 1;
      played.push("bot");
    },
    onIdle: () => (game.idle += 1),
  });
  return { s, played, game };
}

test("tasks run one at a time, in the order they were queued", async () => {
  const { s, played } = scheduler();
  const task = (name) => async () => {
    played.push(`${name} starts`);
    await delay(0);
    played.push(`${name} ends`);
  };
  s.enqueue(task("a"));
  s.enqueue(task("b"));
  await settled();
  assert.deepEqual(played, ["a starts", "a ends", "b starts", "b ends"]);
});

test("bots play after the tasks, until none may play; then the queue is idle", async () => {
  const { s, played, game } = scheduler({ bots: 3 });
  s.enqueue(async () => played.push("task"));
  await settled();
  assert.deepEqual(played, ["task", "bot", "bot", "bot"]);
  assert.equal(game.idle, 1);
  assert.equal(s.pumping, false);
});

test("after a redraw, the next bot plays once it is painted; without one, at once", async () => {
  let paint;
  const painted = () => new Promise((resolve) => (paint = resolve));
  const { s, played } = scheduler({ bots: 3, painted });
  s.redrawn();
  s.pump();
  await settled();
  assert.deepEqual(played, []); // the frame is not painted yet
  paint();
  await settled();
  // The redraw was painted once: the bots after it play on without waiting.
  assert.deepEqual(played, ["bot", "bot", "bot"]);
});

test("halted bots wait for the player to retry", async () => {
  const { s, played } = scheduler({ bots: 1 });
  s.halted = true;
  s.pump();
  await settled();
  assert.deepEqual(played, []);
  s.halted = false;
  s.pump();
  await settled();
  assert.deepEqual(played, ["bot"]);
});

test("a task queued while a bot pauses runs at once, before the bot", async (context) => {
  holdPauses(context);
  const { s, played, game } = scheduler({ speed: "slow", bots: 1 });
  s.pump();
  await settled();
  assert.deepEqual(played, []); // pausing
  s.enqueue(async () => {
    played.push("task");
    game.botsLeft = 0; // the human's action ended the bots' turns
  });
  await settled();
  assert.deepEqual(played, ["task"]);
  assert.equal(s.pumping, false);
});

test("skip ends the pause and the bots play without pauses until the queue is idle", async (context) => {
  holdPauses(context);
  const { s, played, game } = scheduler({ speed: "slow", bots: 2 });
  s.pump();
  await settled();
  assert.deepEqual(played, []);
  s.skip();
  assert.equal(s.rushing(true), true);
  await settled();
  assert.deepEqual(played, ["bot", "bot"]);
  assert.equal(game.idle, 1);
  assert.equal(s.fastForward, false);
});

test("only bots' actions are rushed: at instant speed or skipping ahead", () => {
  const { s } = scheduler({ speed: "normal" });
  assert.equal(s.rushing(true), false);
  assert.equal(s.rushing(false), false);
  s.setSpeed("instant");
  assert.equal(s.rushing(true), true);
  assert.equal(s.rushing(false), false);
  assert.equal(s.flightMs, 0);
});

test("a held recap ends at once when the next human's click is queued, and holds nothing while skipping", async (context) => {
  holdPauses(context);
  const { s, played } = scheduler({ speed: "normal" });
  assert.ok(s.holdMs > 0);
  s.enqueue(async () => {
    await s.hold(); // a human's finished turn, held on the table
    played.push("held");
  });
  await settled();
  assert.deepEqual(played, []);
  s.enqueue(async () => played.push("click"));
  await settled();
  assert.deepEqual(played, ["held", "click"]);
  s.fastForward = true;
  assert.equal(s.holdMs, 0);
});

test("a bot pauses fully only before a decision", (context) => {
  const delays = [];
  context.mock.method(globalThis, "setTimeout", (run, ms) => (delays.push(ms), {}));
  let kind = "decision";
  const s = new Scheduler({ speed: "normal", botTurn: () => false, playBot: async () => {}, botPause: () => kind, onIdle: () => {} });
  s.pause();
  kind = "short";
  s.pause();
  assert.ok(delays[0] > delays[1], `a decision (${delays[0]} ms) waits longer than a forced move (${delays[1]} ms)`);
});
