// The game being played: the engine's view and record plus what only the page
// knows (who is a bot, the log, a scoring view waiting for "continue").
// Every rule lives in the engine; this only forwards requests and keeps results.

/** Bot levels offered to players (the engine also knows "random", a test baseline). */
export const BOT_LEVELS = ["rookie", "casual", "sharp", "expert"];

export const SAVE_VERSION = 1;

export class Session {
  constructor(engine) {
    this.engine = engine;
    this.view = null;
    this.record = null;
    this.seats = []; // per seat: {kind: "human"} or {kind: "bot", level}
    this.log = []; // engine events, oldest first
    this.pending = null; // a round_scored event shown until the players continue
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
  async start({ seats, names, rounds, firstPlayer, seed }) {
    const result = await this.engine.request({ op: "new", players: names, rounds, first_player: firstPlayer, seed });
    this.seats = seats;
    this.pending = null;
    this.log = [{ type: "round_start", round: 1, starter: result.view.current }];
    this.keep(result);
  }

  /** Resume a saved game or take over an imported record; the engine refuses a bad one. */
  async load({ record, seats, log = [], pending = null }) {
    const result = await this.engine.request({ op: "load", record });
    if (seats.length !== result.view.names.length) throw new Error("the seats do not match the record's players");
    this.seats = seats;
    this.log = log.length ? log : [{ type: "round_start", round: result.view.round, starter: result.view.current }];
    this.pending = pending;
    this.keep(result);
  }

  /** Play a human's action; resolves to the engine's events. */
  async act(action) {
    return this.keep(await this.engine.request({ op: "act", action }));
  }

  /** Let the bot whose turn it is play one action; resolves to the engine's events. */
  async bot() {
    return this.keep(await this.engine.request({ op: "bot", level: this.currentSeat.level }));
  }

  /** Leave the scoring view. */
  continueRound() {
    this.pending = null;
  }

  /** Bring the page back in line with the engine after a refused request. */
  async resync() {
    this.view = (await this.engine.request({ op: "view" })).view;
  }

  keep({ view, record, events = [] }) {
    this.view = view;
    this.record = record;
    this.log.push(...events);
    const scored = events.find((event) => event.type === "round_scored");
    if (scored) this.pending = scored;
    return events;
  }

  /** The save wrapper stored after every action. */
  toSave() {
    return { version: SAVE_VERSION, record: this.record, seats: this.seats, log: this.log, pending: this.pending };
  }
}
