// The page's save in localStorage: the wrapper checks, the version 1
// upgrade, an unusable save set aside, and storage that refuses (blocked, or
// full) never throwing. Node has no localStorage: each test installs one.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { SaveError, readGame, readItem, setAsideGame, storeGame, unwrapSave } from "../../web/js/save.js";
import { installStorage } from "./memory-storage.mjs";

let storage;
beforeEach(() => {
  storage = installStorage();
});

const RECORD = '{"format":"dozito/1","seed":12345678901234567890}';

test("a version 2 save is the engine's record text and whether its scoring was seen", () => {
  assert.equal(storeGame({ version: 2, record: RECORD, scoringSeen: true }), true);
  assert.deepEqual(readGame(), { text: RECORD, scoringSeen: true, allow: null }); // the text as stored: no seed rounded
});

test("a version 3 save keeps the record's head with its actions and aids beside it", () => {
  const save = { version: 3, record: RECORD, actions: ["draw"], aids: [{ at: 0, kind: "hint" }], scoringSeen: false };
  assert.equal(storeGame(save), true);
  assert.deepEqual(readGame(), { text: RECORD, actions: ["draw"], aids: [{ at: 0, kind: "hint" }], scoringSeen: false, allow: null });
});

test("a save keeps the player aids its game allows; anything else there means the defaults", () => {
  const allow = { hints: false, undo: true };
  assert.equal(storeGame({ version: 2, record: RECORD, scoringSeen: false, allow }), true);
  assert.deepEqual(readGame().allow, allow);
  assert.equal(unwrapSave({ version: 2, record: RECORD, scoringSeen: false, allow: { hints: "yes", undo: true } }).allow, null);
});

test("no save is null", () => {
  assert.equal(readGame(), null);
});

test("a save the page cannot use is a SaveError saying why", () => {
  const refused = {
    "not JSON": "{",
    "not an object": "42",
    "no record": '{"version":2,"scoringSeen":true}',
    "bad scoringSeen": `{"version":2,"record":"{}","scoringSeen":"yes"}`,
    "bad actions or aids": `{"version":3,"record":"{}","scoringSeen":true,"actions":["draw"]}`,
    "version 4": '{"version":4}',
    "version 1: no record or seats": '{"version":1,"record":{}}',
  };
  for (const [message, text] of Object.entries(refused)) {
    storage.setItem("dozito.save", text);
    assert.throws(readGame, (error) => error instanceof SaveError && error.message === message, message);
  }
});

test("a version 1 save moves its seats into the record; its scoring view is rebuilt, not trusted", () => {
  const old = { version: 1, record: { format: "dozito/1", actions: ["draw"] }, seats: [{ kind: "human" }, { kind: "bot", level: "sharp" }], pending: null };
  assert.deepEqual(unwrapSave(old), { text: '{"format":"dozito/1","actions":["draw"],"seats":["human","sharp"]}', scoringSeen: true });
  assert.equal(unwrapSave({ ...old, pending: { type: "round_scored" } }).scoringSeen, false);
  // What is no seat is passed on for the engine to refuse, not dropped.
  assert.equal(JSON.parse(unwrapSave({ ...old, seats: [null] }).text).seats[0], null);
});

test("an unusable save is set aside under dozito.save.broken", () => {
  storage.setItem("dozito.save", "{");
  setAsideGame();
  assert.equal(readItem("dozito.save"), null);
  assert.equal(readItem("dozito.save.broken"), "{");
});

test("a full storage refuses the save without throwing", (context) => {
  context.mock.method(console, "warn", () => {});
  storage.full = true;
  assert.equal(storeGame({ version: 2, record: RECORD, scoringSeen: true }), false);
  assert.equal(readGame(), null);
});

test("a blocked storage (localStorage itself throws) reads as empty and refuses saves", (context) => {
  context.mock.method(console, "warn", () => {});
  Object.defineProperty(globalThis, "localStorage", {
    get() {
      throw new DOMException("blocked", "SecurityError");
    },
    configurable: true,
  });
  assert.equal(readGame(), null);
  assert.equal(storeGame({ version: 2, record: RECORD, scoringSeen: true }), false);
  setAsideGame();
});
