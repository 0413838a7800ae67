// What the latest turns did, as the engine tells it: every log entry carries
// its turn, round and step, a turn's end is a turn_end event, and the view
// holds each seat's changed spots and latest turn (docs/engine-contract.md,
// "Turns"). Nothing here works out where a turn begins or ends: it selects
// the engine's entries by the engine's numbers, so a reload shows the same.

/** Whether an action's events ended a turn. */
export const turnEnded = (events) => events.some((event) => event.type === "turn_end");

export class Turns {
  /** session: the game being played (its view and log, see session.js). */
  constructor(session) {
    this.session = session;
  }

  /** A finished turn as the recap words it: {seat, turn, end (its turn_end), events (its log entries, aids left out)}. */
  turnOf(end) {
    const events = [];
    const log = this.session.log;
    for (let i = log.length - 1; i >= 0 && log[i].turn >= end.turn; i--) if (log[i].turn === end.turn && log[i].type !== "aid") events.unshift(log[i]);
    return { seat: end.seat, turn: end.turn, end, events };
  }

  /** The turn that ended last in this round, or null before the round's first one ends. */
  get last() {
    const { view, log } = this.session;
    for (let i = log.length - 1; i >= 0; i--) {
      const entry = log[i];
      if (entry.type === "turn_end") return entry.round === view.round ? this.turnOf(entry) : null;
    }
    return null;
  }

  /**
   * What happened since seat's latest finished turn (since the game began, if
   * none), oldest first: finished turns (see turnOf) and the rounds scored ({round}).
   */
  since(seat) {
    const { view, log } = this.session;
    const after = view.last_turns[seat] ?? 0;
    const found = [];
    for (let i = log.length - 1; i >= 0 && log[i].turn >= after; i--) {
      const entry = log[i];
      if (entry.type === "turn_end" && entry.turn > after) found.unshift(this.turnOf(entry));
      if (entry.type === "round_scored") found.unshift({ round: entry.round });
    }
    return found;
  }

  /** The spots seat's latest turn changed (empty if none). */
  changedBy(seat) {
    return new Set(this.session.view.changed[seat]);
  }
}
