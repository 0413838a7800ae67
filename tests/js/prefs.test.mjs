// Stored preferences read field by field (issue #27): an unknown speed, a
// sound that is no boolean, a prototype key, each left out alone, so the page
// falls back to that setting's default and keeps every other choice.
import assert from "node:assert/strict";
import { test } from "node:test";
import { checkPrefs } from "../../web/js/prefs.js";
import { readPrefs } from "../../web/js/save.js";
import { installStorage } from "./memory-storage.mjs";

test("each preference is checked alone; the usable ones and unknown keys are kept", () => {
  for (const speed of ["turbo", 3, null, "constructor"]) {
    const { prefs, dropped } = checkPrefs({ speed, sound: false, animation: "fast", later: [1] });
    assert.deepEqual(prefs, { sound: false, animation: "fast", later: [1] }, String(speed));
    assert.deepEqual(dropped, ["speed"]);
  }
  assert.deepEqual(checkPrefs({ speed: "fast", animation: "toString", contrast: "yes", setup: [] }), {
    prefs: { speed: "fast" },
    dropped: ["animation", "contrast", "setup"],
  });
  assert.deepEqual(checkPrefs(JSON.parse('{"__proto__": {"speed": "fast"}}')).dropped, ["__proto__"]);
});

test("no stored object at all is no preference", () => {
  assert.deepEqual(checkPrefs(null), { prefs: {}, dropped: [] });
  assert.deepEqual(checkPrefs([1]), { prefs: {}, dropped: ["*"] });
  assert.deepEqual(checkPrefs("fast"), { prefs: {}, dropped: ["*"] });
});

test("readPrefs gives the page only usable preferences", () => {
  const storage = installStorage();
  storage.setItem("dozito.prefs", '{"speed":"turbo","sound":false,"contrast":true}');
  assert.deepEqual(readPrefs(), { sound: false, contrast: true });
});
