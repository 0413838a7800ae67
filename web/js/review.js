// The review of a game: the engine's states at any step (op "step", which
// never changes the game), the expert's judgement of every player's
// decisions (op "review_judge", one decision per request so the worker stays
// free for jumps and a Cancel), each round's luck (op "review_luck", one
// round a request) and then the game's account and turning points (op
// "review_account"). What was found is cached per record, in memory and in
// localStorage (guarded like every storage access); the review a reload
// reopens (a language switch) is kept in sessionStorage, this tab's alone.
import { readItem, writeItem } from "./save.js";

const CACHE_KEY = "dozito.reviews";
const CACHE_GAMES = 8; // reviews kept in storage, the latest first
const REOPEN_KEY = "dozito.review.reopen";
const memory = new Map(); // cache key -> {judgements, account}

async function digest(text) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(bytes.slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The cached reviews; one without its account (an older page's, or one cut short) is judged again. */
function stored() {
  try {
    const list = JSON.parse(readItem(CACHE_KEY));
    return Array.isArray(list) ? list.filter((entry) => typeof entry?.key === "string" && Array.isArray(entry.result?.judgements) && entry.result.account) : [];
  } catch {
    return []; // an unreadable cache is only a slower review
  }
}

function remember(key, result) {
  memory.set(key, result);
  writeItem(CACHE_KEY, JSON.stringify([{ key, result }, ...stored().filter((entry) => entry.key !== key)].slice(0, CACHE_GAMES)));
}

function recall(key) {
  if (!memory.has(key)) {
    const entry = stored().find((item) => item.key === key);
    if (entry) memory.set(key, entry.result);
  }
  return memory.get(key) ?? null;
}

/** Keep what a reload should reopen: {step, seat, text} (text null: the game in progress). */
export function keepForReload(state) {
  try {
    sessionStorage.setItem(REOPEN_KEY, JSON.stringify(state));
  } catch {
    // Blocked storage: the reload shows the game, the review closed.
  }
}

/** What a reload should reopen, once (null if nothing, or something unreadable). */
export function takeKept() {
  try {
    const text = sessionStorage.getItem(REOPEN_KEY);
    sessionStorage.removeItem(REOPEN_KEY);
    const kept = JSON.parse(text);
    const valid = Number.isInteger(kept?.step) && Number.isInteger(kept.seat) && (kept.text === null || typeof kept.text === "string");
    return valid ? kept : null;
  } catch {
    return null;
  }
}

export class Review {
  /** engine: the client; recordText: the game under review, as the engine holds it now. */
  constructor(engine, recordText) {
    this.engine = engine;
    this.recordText = recordText;
    this.info = null; // review_start's answer: steps, totals, round ends (the same for every seat)
    this.deciders = new Map(); // step -> the seat that had a choice there
    this.decisions = []; // those steps, in order
    this.judgements = new Map(); // step -> judgement
    this.account = null; // review_account's answer, once the whole game is judged
    this.cancelled = false;
  }

  /** Where each of the players had a choice, and what is already known of the game. */
  async start(players) {
    for (let seat = 0; seat < players; seat += 1) {
      const info = await this.engine.request({ op: "review_start", seat });
      this.info ??= info;
      for (const step of info.decisions) this.deciders.set(step, seat);
    }
    this.decisions = [...this.deciders.keys()].sort((a, b) => a - b);
    this.cacheKey = await digest(this.recordText);
    const known = recall(this.cacheKey);
    if (known) {
      this.judgements = new Map(known.judgements.map((judgement) => [judgement.step, judgement]));
      this.account = known.account;
    }
    return this.info;
  }

  /** The table after `step` actions: {view, step, steps, events}. */
  at(step) {
    return this.engine.request({ op: "step", step });
  }

  get judged() {
    return this.account !== null;
  }

  /**
   * Judge every decision, measure the luck of `rounds` rounds, then ask the
   * account; onProgress({done, total, round}) after each request (round:
   * the round whose luck is measured next, once the decisions are judged).
   * Stops early once cancel() is called; resolves to true when all is known.
   */
  async analyse(rounds, onProgress) {
    this.cancelled = false;
    if (this.account) return true;
    const total = this.decisions.length + rounds;
    let done = 0;
    for (const step of this.decisions) {
      if (this.cancelled) return false;
      // Asked even when the cache knows it: the engine's account counts only what
      // it judged itself, and a judgement it already made comes back at once.
      this.judgements.set(step, (await this.engine.request({ op: "review_judge", step })).judgement);
      done += 1;
      onProgress({ done, total, round: done === this.decisions.length && rounds > 0 ? 1 : null });
    }
    for (let round = 1; round <= rounds; round += 1) {
      if (this.cancelled) return false;
      await this.engine.request({ op: "review_luck", round });
      done += 1;
      onProgress({ done, total, round: round < rounds ? round + 1 : null });
    }
    this.account = await this.engine.request({ op: "review_account" });
    remember(this.cacheKey, { judgements: [...this.judgements.values()], account: this.account });
    return true;
  }

  cancel() {
    this.cancelled = true;
  }
}
