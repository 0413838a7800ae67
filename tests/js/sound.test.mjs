// The sounds: one per action's events, the most telling first; silent until
// a user gesture made the AudioContext (autoplay rules) and while muted; each
// note an oscillator with a fading gain, started and stopped on time.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setCards } from "../../web/js/cards.js";
import { SOUNDS, Sound, soundFor } from "../../web/js/sound.js";

setCards([
  { code: "R5", color: "R", number: 5, suns: 1, kind: "normal" },
  { code: "R8", color: "R", number: 8, suns: 3, kind: "stop" },
]);

/** The Web Audio calls sound.js makes, recorded. */
class FakeContext {
  constructor() {
    this.state = "suspended";
    this.currentTime = 10;
    this.destination = {};
    this.started = [];
  }
  resume() {
    this.state = "running";
  }
  createGain() {
    const ramps = [];
    return {
      gain: { setValueAtTime: (v, at) => ramps.push([v, at]), exponentialRampToValueAtTime: (v, at) => ramps.push([v, at]) },
      ramps,
      connect: (next) => next,
    };
  }
  createOscillator() {
    const note = { frequency: { value: 0 }, connect: (gain) => ((note.gain = gain), gain), start: (at) => (note.start = at), stop: (at) => (note.stop = at) };
    this.started.push(note);
    return note;
  }
}

const place = (card, replacedWasUp) => ({ type: "place", seat: 0, spot: 5, card, replaced: "R5", replaced_was_up: replacedWasUp });

test("each action's events make the one sound that tells most", () => {
  assert.equal(soundFor([{ type: "draw", seat: 0, card: "R5" }]), "draw");
  assert.equal(soundFor([{ type: "take", seat: 0, pile: 0, card: "R5" }]), "draw");
  assert.equal(soundFor([place("R5", true)]), "place");
  assert.equal(soundFor([place("R5", false)]), "chain");
  assert.equal(soundFor([place("R8", false)]), "stop");
  assert.equal(
    soundFor([
      { type: "discard", seat: 0, pile: 0, card: "R5" },
      { type: "extra_turn", seat: 0 },
    ]),
    "replay",
  );
  assert.equal(
    soundFor([
      { type: "discard", seat: 0, pile: 0, card: "R5" },
      { type: "round_scored", round: 1, scores: [] },
    ]),
    "roundEnd",
  );
  assert.equal(soundFor([{ type: "discard", seat: 0, pile: 0, card: "R5" }]), null);
});

test("no sound before a gesture, none while muted, and the context only made on a gesture", () => {
  let on = true;
  const contexts = [];
  const sound = new Sound({ enabled: () => on, makeContext: () => (contexts.push(new FakeContext()), contexts.at(-1)) });
  assert.equal(sound.play("draw"), false);
  assert.equal(contexts.length, 0, "no AudioContext before the player's gesture");
  on = false;
  sound.unlock();
  assert.equal(contexts.length, 0, "a muted page never makes one");
  on = true;
  sound.unlock();
  assert.equal(contexts.length, 1);
  assert.equal(contexts[0].state, "running");
  assert.equal(sound.play("draw"), true);
  on = false;
  assert.equal(sound.play("draw"), false);
  assert.equal(contexts[0].started.length, 1);
});

test("every note starts at its time, fades out, and stops", () => {
  const context = new FakeContext();
  const sound = new Sound({ enabled: () => true, makeContext: () => context });
  sound.unlock();
  for (const name of Object.keys(SOUNDS)) {
    context.started.length = 0;
    assert.equal(sound.play(name), true);
    assert.equal(context.started.length, SOUNDS[name].length);
    context.started.forEach((note, i) => {
      const [frequency, start, length] = SOUNDS[name][i];
      assert.equal(note.frequency.value, frequency);
      assert.equal(note.start, 10 + start);
      assert.ok(note.stop > 10 + start + length - 1e-9);
      const [last] = note.gain.ramps.at(-1);
      assert.ok(last < 0.001, "each note fades to silence");
    });
  }
  assert.equal(sound.play("no such sound"), false);
});

test("a browser without Web Audio stays silent, never throws", (context) => {
  context.mock.method(console, "warn", () => {});
  const sound = new Sound({
    enabled: () => true,
    makeContext: () => {
      throw new ReferenceError("AudioContext is not defined");
    },
  });
  sound.unlock();
  assert.equal(sound.play("draw"), false);
});
