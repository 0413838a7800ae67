// What the latest turns did, read from the engine's events (as data: the
// engine decides what a turn is, this only notes where one began and ended).
// Per seat, the spots its latest turn placed cards on, marked on its grid
// until its next turn begins; and the events of the turn that ended last,
// for the recap line. A turn begins with a draw or a take, ends with a discard.
export class Turns {
  constructor() {
    this.reset();
  }

  /** Forget everything: a new, resumed or imported game, or a new round. */
  reset() {
    this.changed = new Map(); // seat -> Set of spots
    this.playing = null; // {seat, events} of the turn under way
    this.last = null; // {seat, events} of the turn that ended last
  }

  /** Read one action's events; true if a turn ended with them. */
  add(events) {
    let ended = false;
    for (const event of events) {
      if (event.type === "round_start") {
        this.reset();
        continue;
      }
      // A turn resumed half-way (a reload, another tab) begins with its next place or discard.
      const resumed = (event.type === "place" || event.type === "discard") && this.playing?.seat !== event.seat;
      if (event.type === "draw" || event.type === "take" || resumed) {
        this.playing = { seat: event.seat, events: [] };
        this.changed.set(event.seat, new Set());
      }
      if (!this.playing) continue;
      this.playing.events.push(event);
      if (event.type === "place") this.changed.get(event.seat).add(event.spot);
      if (event.type === "discard") {
        this.last = this.playing;
        ended = true;
      }
    }
    return ended;
  }

  /** The spots seat's latest turn changed (empty if none). */
  changedBy(seat) {
    return this.changed.get(seat) ?? new Set();
  }
}
