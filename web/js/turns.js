// What the latest turns did, read from the engine's events (as data: the
// engine decides what a turn is, this only notes where one began and ended).
// Per seat, the spots its latest turn placed cards on, marked on its grid
// until its next turn begins; the events of the turn that ended last, for the
// recap line; and what happened since a seat's own last turn (the turns and
// round ends since), for the hot-seat hand-over. A turn begins with a draw or
// a take, ends with a discard.
export class Turns {
  constructor() {
    this.reset();
  }

  /** Forget everything: a new, resumed or imported game. */
  reset() {
    this.history = []; // finished turns {seat, events} and round ends {round}, oldest first
    this.lastTurnAt = new Map(); // seat -> index in history of its latest finished turn
    this.newRound();
  }

  /** A round begins: no turn of it is under way, marked or recapped yet. */
  newRound() {
    this.changed = new Map(); // seat -> Set of spots
    this.playing = null; // {seat, events} of the turn under way
    this.last = null; // {seat, events} of the turn that ended last
  }

  /** Read one action's events; true if a turn ended with them. */
  add(events) {
    let ended = false;
    for (const event of events) {
      if (event.type === "round_start") {
        this.newRound();
        continue;
      }
      if (event.type === "round_scored") this.history.push({ round: event.round });
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
        this.lastTurnAt.set(event.seat, this.history.length);
        this.history.push(this.playing);
        ended = true;
      }
    }
    return ended;
  }

  /** What happened since seat's latest finished turn (since the game was entered, if none), oldest first. */
  since(seat) {
    return this.history.slice((this.lastTurnAt.get(seat) ?? -1) + 1);
  }

  /** The spots seat's latest turn changed (empty if none). */
  changedBy(seat) {
    return this.changed.get(seat) ?? new Set();
  }
}
