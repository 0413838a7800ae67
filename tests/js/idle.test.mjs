// IdleWork: work waits while the page is busy and runs at its next idle
// moment, once; or at its deadline, however busy the page still is.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as delay } from "node:timers/promises";
import { IdleWork } from "../../web/js/idle.js";

/** The browser's idle callback, here at the next turn of the event loop, for this test. */
function idleAtOnce(context) {
  globalThis.requestIdleCallback = (run) => setTimeout(run, 0);
  context.after(() => delete globalThis.requestIdleCallback);
}

test("work waits while busy, then runs once at the next idle moment", async (context) => {
  idleAtOnce(context);
  let busy = true;
  const ran = [];
  const idle = new IdleWork({ busy: () => busy, maxWaitMs: 60_000 });
  idle.add(() => ran.push("a"));
  idle.add(() => ran.push("b"));
  await delay(5);
  assert.deepEqual(ran, []);
  busy = false;
  idle.poke();
  idle.poke(); // one idle callback for both pokes
  await delay(5);
  assert.deepEqual(ran, ["a", "b"]);
  idle.poke();
  await delay(5);
  assert.deepEqual(ran, ["a", "b"]);
});

test("busy again when the idle moment comes: the work waits for the next poke", async (context) => {
  idleAtOnce(context);
  let busy = false;
  const ran = [];
  const idle = new IdleWork({ busy: () => busy, maxWaitMs: 60_000 });
  idle.add(() => ran.push("a")); // asks for an idle callback
  busy = true;
  await delay(5);
  assert.deepEqual(ran, []);
  busy = false;
  idle.poke();
  await delay(5);
  assert.deepEqual(ran, ["a"]);
});

test("work runs at its deadline however busy, and not again when idle comes", async (context) => {
  idleAtOnce(context);
  let busy = true;
  const ran = [];
  const idle = new IdleWork({ busy: () => busy, maxWaitMs: 20 });
  idle.add(() => ran.push("a"));
  await delay(60);
  assert.deepEqual(ran, ["a"]);
  busy = false;
  idle.poke();
  await delay(5);
  assert.deepEqual(ran, ["a"]);
});
