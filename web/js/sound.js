// Short sounds for the game's moments, made with the Web Audio API: no
// files, no network. Browsers let a page make sound only after a gesture,
// so the AudioContext is made (or resumed) on the player's first click or
// key (unlock); until then, and while the "sound" preference (save.js,
// default on) is off, play() stays silent.
import { cardInfo } from "./cards.js";

/** Each sound as notes: [frequency (Hz), start (s), length (s)]. */
export const SOUNDS = {
  draw: [[660, 0, 0.06]],
  place: [
    [392, 0, 0.07],
    [523, 0.05, 0.09],
  ],
  chain: [
    [523, 0, 0.07],
    [659, 0.06, 0.07],
    [784, 0.12, 0.1],
  ],
  stop: [
    [330, 0, 0.1],
    [220, 0.09, 0.2],
  ],
  replay: [
    [587, 0, 0.08],
    [880, 0.08, 0.14],
  ],
  roundEnd: [
    [523, 0, 0.12],
    [659, 0.12, 0.12],
    [784, 0.24, 0.12],
    [1047, 0.36, 0.3],
  ],
};

const VOLUME = 0.12;

/**
 * The one sound for one action's events, the most telling first: a round
 * scored, a Replay's extra turn, a STOP placed, a chain going on (the
 * placed card turned a face-down one up), a card placed, a card drawn or taken.
 */
export function soundFor(events) {
  const has = (test) => events.some(test);
  if (has((e) => e.type === "round_scored" || e.type === "game_over")) return "roundEnd";
  if (has((e) => e.type === "extra_turn")) return "replay";
  if (has((e) => e.type === "place" && cardInfo(e.card).kind === "stop")) return "stop";
  if (has((e) => e.type === "place" && !e.replaced_was_up)) return "chain";
  if (has((e) => e.type === "place")) return "place";
  if (has((e) => e.type === "draw" || e.type === "take")) return "draw";
  return null;
}

export class Sound {
  /** enabled(): the player wants sound; makeContext(): a new AudioContext (a test gives a fake). */
  constructor({ enabled, makeContext = () => new AudioContext() }) {
    this.enabled = enabled;
    this.makeContext = makeContext;
    this.context = null;
  }

  /** Call from a user gesture: the browser lets the context run from then on. */
  unlock() {
    if (!this.enabled()) return;
    try {
      this.context ??= this.makeContext();
      if (this.context.state === "suspended") this.context.resume();
    } catch (error) {
      console.warn("dozito: no sound", error); // no Web Audio here: the game goes on silent
    }
  }

  /** Play a sound of SOUNDS; false if it stayed silent. */
  play(name) {
    const notes = SOUNDS[name];
    if (!notes || !this.enabled() || !this.context || this.context.state !== "running") return false;
    const now = this.context.currentTime;
    for (const [frequency, start, length] of notes) {
      const oscillator = this.context.createOscillator();
      const gain = this.context.createGain();
      oscillator.type = "triangle";
      oscillator.frequency.value = frequency;
      // A quick attack and an exponential fade: a soft "tick", never a click.
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(VOLUME, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      oscillator.connect(gain).connect(this.context.destination);
      oscillator.start(now + start);
      oscillator.stop(now + start + length + 0.02);
    }
    return true;
  }
}
