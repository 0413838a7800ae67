// The review of a game: the engine's states at any step (op "step", which
// never changes the game) and the expert's judgement of one seat's decisions
// (op "review_judge", one decision per request so the worker stays free for
// jumps and a Cancel). Judgements are cached per record and seat, in memory
// and in localStorage (guarded like every storage access).
import { readItem, writeItem } from "./save.js";

const CACHE_KEY = "dozito.reviews";
const CACHE_GAMES = 8; // reviews kept in storage, the latest first
const memory = new Map(); // cache key -> {judgements, summary}

async function digest(text) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(bytes.slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
}

function stored() {
  try {
    const list = JSON.parse(readItem(CACHE_KEY));
    return Array.isArray(list) ? list.filter((entry) => entry && typeof entry.key === "string" && entry.result?.judgements) : [];
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

export class Review {
  /** engine: the client; recordText: the game under review, as the engine holds it now. */
  constructor(engine, recordText) {
    this.engine = engine;
    this.recordText = recordText;
    this.info = null; // review_start's answer for the judged seat
    this.judgements = new Map(); // step -> judgement
    this.summary = null;
    this.cancelled = false;
  }

  /** Start reviewing seat: the decisions to judge, and what is already known of them. */
  async start(seat) {
    this.info = await this.engine.request({ op: "review_start", seat });
    this.cacheKey = `${await digest(this.recordText)}:${seat}`;
    const known = recall(this.cacheKey);
    this.judgements = new Map((known?.judgements ?? []).map((judgement) => [judgement.step, judgement]));
    this.summary = known?.summary ?? null;
    return this.info;
  }

  /** The table after `step` actions: {view, step, steps, events}. */
  at(step) {
    return this.engine.request({ op: "step", step });
  }

  get judged() {
    return this.info.decisions.length > 0 && this.info.decisions.every((step) => this.judgements.has(step));
  }

  /**
   * Judge every decision not judged yet, one request at a time; onProgress(done, total)
   * after each. Stops early once cancel() is called; resolves to true when all are judged.
   */
  async analyse(onProgress) {
    this.cancelled = false;
    const { decisions } = this.info;
    for (const step of decisions) {
      if (this.cancelled) return false;
      if (!this.judgements.has(step)) this.judgements.set(step, (await this.engine.request({ op: "review_judge", step })).judgement);
      onProgress(this.judgements.size, decisions.length);
    }
    if (!this.summary) this.summary = (await this.engine.request({ op: "review_summary" })).summary;
    remember(this.cacheKey, { judgements: [...this.judgements.values()], summary: this.summary });
    return true;
  }

  cancel() {
    this.cancelled = true;
  }
}
