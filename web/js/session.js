// The game being played: the engine's view, who is a bot, the log and a
// scoring view waiting for "continue". The record stays the engine's text,
// never parsed here (JSON.parse would round a big seed). Every rule lives in
// the engine; this only forwards requests and keeps results.

export const SAVE_VERSION = 2;

/** A seat as the engine's records name it ("human" or a level), and as the page keeps it. */
const seatFrom = (name) => (name === "human" ? { kind: "human" } : { kind: "bot", level: name });
export const seatName = (seat) => (seat.kind === "human" ? "human" : seat.level);

/** The log's entries for the last action: its last `count` events, the aids noted after it left out. */
function lastActionEvents(log, count) {
  const found = [];
  for (let i = log.length - 1; i >= 0 && found.length < count; i--) if (log[i].type !== "aid") found.unshift(log[i]);
  return found;
}

export class Session {
  constructor(engine) {
    this.engine = engine;
    this.view = null;
    this.recordText = null; // the engine's record, fetched again only once an action changed it
    this.seats = []; // per seat: {kind: "human"} or {kind: "bot", level}
    this.log = []; // engine events, oldest first
    this.pending = null; // a round_scored event shown until the players continue
    this.allow = { hints: false, undo: false }; // the player aids this game allows (kept in the save)
    this.actions = []; // per action played since the game was entered, its events (so an undo takes them out of the log)
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

  /**
   * Resume or import a game from a record's exact text; the engine refuses a
   * bad one. scoringSeen: the players already left the last round's scoring view.
   */
  async load({ text, scoringSeen = false, allow = null }) {
    this.enter(await this.engine.request({ op: "load", text }), { scoringSeen, allow });
  }

  /**
   * Take over a game the engine has just started or loaded. Its log and the
   * last action's events come from the engine's replay, never from a save.
   */
  enter({ view, record_text, seats, log, events }, { scoringSeen = false, allow = null } = {}) {
    this.view = view;
    this.recordText = record_text;
    this.seats = seats.map(seatFrom);
    this.log = log;
    this.actions = [lastActionEvents(log, events.length)];
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
    const { hint } = await this.engine.request({ op: "hint" });
    this.recordText = null; // the record notes the hint
    const last = this.log.at(-1);
    if (!(last?.type === "aid" && last.kind === "hint")) this.log.push({ type: "aid", kind: "hint" }); // asked twice, noted once (as the engine does)
    return hint;
  }

  /** Take back the last action (the engine refuses unless view.undoable); its events leave the log. */
  async undo() {
    const { view } = await this.engine.request({ op: "undo" });
    const undone = this.actions.pop();
    this.recordText = null;
    if (!undone) {
      // An action from before this page entered the game: the engine's replay rebuilds the log.
      this.enter(await this.engine.request({ op: "load", text: await this.record() }), { scoringSeen: true, allow: this.allow });
      return [];
    }
    this.view = view;
    const gone = new Set(undone);
    this.log = [...this.log.filter((event) => !gone.has(event)), { type: "aid", kind: "undo" }];
    return [];
  }

  /** Leave the scoring view. */
  continueRound() {
    this.pending = null;
  }

  /** Bring the page back in line with the engine after a refused request. */
  async resync() {
    this.view = (await this.engine.request({ op: "view" })).view;
    this.recordText = null; // a request that failed half-way may have changed the game
  }

  keep({ view, events }) {
    this.view = view;
    this.recordText = null;
    this.log.push(...events);
    this.actions.push(events);
    const scored = events.find((event) => event.type === "round_scored");
    if (scored) this.pending = scored;
    return events;
  }

  /** The record's text as the engine has it now. */
  async record() {
    this.recordText ??= (await this.engine.request({ op: "record" })).record_text;
    return this.recordText;
  }

  /** The save wrapper stored with every redraw: all else is rebuilt from the record. */
  async toSave() {
    return { version: SAVE_VERSION, record: await this.record(), scoringSeen: this.pending === null, allow: this.allow };
  }
}
