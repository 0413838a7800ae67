// The game being played: the engine's view, who is a bot, the log and a
// scoring view waiting for "continue". The record stays the engine's text,
// never parsed here (JSON.parse would round a big seed): the save keeps its
// head (the record without its actions and aids) as the engine wrote it, and
// the actions and aids beside it, kept up to date by the splices every
// answer carries (log_change, record_change), so an action costs one trip
// to the worker. Every rule lives in the engine; this only forwards requests
// and keeps results.

export const SAVE_VERSION = 3;

/** A seat as the engine's records name it ("human" or a level), and as the page keeps it. */
const seatFrom = (name) => (name === "human" ? { kind: "human" } : { kind: "bot", level: name });
export const seatName = (seat) => (seat.kind === "human" ? "human" : seat.level);

/**
 * An engine splice [keep, added] applied to list: the first keep items, then
 * added. Appending keeps the list; a cut (an undo) makes a new one, so that
 * whoever shows the old one (the log view) sees it changed.
 */
function splice(list, [keep, added]) {
  if (keep < list.length) return [...list.slice(0, keep), ...added];
  list.push(...added);
  return list;
}

/** The engine's load request for a save wrapper (see toSave). */
export const loadRequest = (save) => ({ op: "load", text: save.record, actions: save.actions, aids: save.aids });

export class Session {
  constructor(engine) {
    this.engine = engine;
    this.view = null;
    this.recordHead = null; // the engine's record text without actions and aids
    this.actions = []; // the record's actions, as the engine's answers splice them
    this.aids = []; // the record's aids, likewise
    this.recordText = null; // the whole record, fetched only for an export, a review or the statistics
    this.seats = []; // per seat: {kind: "human"} or {kind: "bot", level}
    this.log = []; // engine events and aids, oldest first, each with its turn, round and step
    this.pending = null; // a round_scored event shown until the players continue
    this.allow = { hints: false, undo: false }; // the player aids this game allows (kept in the save)
  }

  /** "turn", "round-end" or "game-over" (the page adds "loading" and "setup"). */
  get phase() {
    if (this.pending) return "round-end";
    return this.view.phase === "game_over" ? "game-over" : "turn";
  }

  get currentSeat() {
    return this.view && this.view.current !== null ? this.seats[this.view.current] : null;
  }

  get humanToPlay() {
    return this.phase === "turn" && this.currentSeat.kind === "human";
  }

  get botToPlay() {
    return this.phase === "turn" && this.currentSeat.kind === "bot";
  }

  /** Start a game: {seats, names, rounds, firstPlayer, seed}. */
  async start({ seats, names, rounds, firstPlayer, seed, allow = null }) {
    this.enter(await this.engine.request({ op: "new", players: names, rounds, first_player: firstPlayer, seed, seats: seats.map(seatName) }), { allow });
  }

  /** Start the deal of a date (YYYY-MM-DD) with the seats' names; resolves to the engine's {number, date, format}. */
  async startDaily({ date, names }) {
    const answer = await this.engine.request({ op: "daily_new", date, names });
    this.enter(answer, { allow: { hints: false, undo: false } }); // the same deal for all: no aid in a challenge against the Expert
    return answer.daily;
  }

  /** The Expert's play of a date's deal, and the share line's data once this game is that deal and over (else share is null). */
  dailyExpert(date) {
    return this.engine.request({ op: "daily_expert", date });
  }

  /**
   * Resume or import a game from a record's exact text (with, for a save,
   * its actions and aids beside it); the engine refuses a bad one.
   * scoringSeen: the players already left the last round's scoring view.
   */
  async load({ text, actions, aids, scoringSeen = false, allow = null }) {
    this.enter(await this.engine.request(loadRequest({ record: text, actions, aids })), { scoringSeen, allow });
  }

  /**
   * Take over a game the engine has just started or loaded. Its log and the
   * last action's events come from the engine's replay, never from a save.
   */
  enter({ view, record_text, record_head, actions, aids, seats, log, events }, { scoringSeen = false, allow = null } = {}) {
    this.view = view;
    this.recordText = record_text;
    this.recordHead = record_head;
    this.actions = actions;
    this.aids = aids;
    this.seats = seats.map(seatFrom);
    this.log = log;
    this.pending = scoringSeen ? null : (events.find((event) => event.type === "round_scored") ?? null);
    // By default hints for a lone human (with several, each would see the others' hints), undo for all.
    this.allow = allow ?? { hints: this.seats.filter((seat) => seat.kind === "human").length === 1, undo: true };
  }

  /** Play a human's action; resolves to the engine's events. */
  async act(action) {
    return this.keep(await this.engine.request({ op: "act", action }));
  }

  /** Let the bot whose turn it is play one action; resolves to the engine's events. */
  async bot() {
    return this.keep(await this.engine.request({ op: "bot", level: this.currentSeat.level }));
  }

  /** The expert's suggestion for the seat to play, from its observation: {action, reason, options}. */
  async hint() {
    const answer = await this.engine.request({ op: "hint" });
    this.follow(answer); // the record and the log note the hint
    return answer.hint;
  }

  /** Take back the last action (the engine refuses unless view.undoable); its events leave the log. */
  async undo() {
    this.keep(await this.engine.request({ op: "undo" }));
    return [];
  }

  /** Leave the scoring view. */
  continueRound() {
    this.pending = null;
  }

  /** Bring the page back in line with the engine after a refused request. */
  async resync() {
    // A request that failed half-way may have changed the game: the engine's replay says how it stands.
    this.enter(await this.engine.request(loadRequest({ record: await this.record() })), { scoringSeen: this.pending === null, allow: this.allow });
  }

  /** Take in an answer's changes to the log and the record. */
  follow({ log_change, record_change }) {
    this.log = splice(this.log, log_change);
    this.actions = splice(this.actions, record_change.actions);
    this.aids = splice(this.aids, record_change.aids);
    this.recordText = null;
  }

  keep(answer) {
    const { view, events } = answer;
    this.view = view;
    this.follow(answer);
    const scored = events.find((event) => event.type === "round_scored");
    if (scored) this.pending = scored;
    return events;
  }

  /** The record's text as the engine has it now (one trip, and only once an action changed it). */
  async record() {
    this.recordText ??= (await this.engine.request({ op: "record" })).record_text;
    return this.recordText;
  }

  /** The save wrapper stored with every redraw, without a trip to the engine: all else is rebuilt from the record. */
  toSave() {
    return {
      version: SAVE_VERSION,
      record: this.recordHead,
      actions: [...this.actions],
      aids: [...this.aids],
      scoringSeen: this.pending === null,
      allow: this.allow,
    };
  }
}
