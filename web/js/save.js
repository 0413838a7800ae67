// Local storage: the game in progress (saved after every action) and the
// player's preferences (last setup, bot speed). A save that cannot be read is
// moved aside to BROKEN_KEY rather than thrown away or crashing the page.
import { SAVE_VERSION } from "./session.js";

const SAVE_KEY = "dozito.save";
const BROKEN_KEY = "dozito.save.broken";
const PREFS_KEY = "dozito.prefs";

/** Problems are returned, not thrown, so the caller can tell the player. */
export class SaveError extends Error {}

export function storeGame(save) {
  try {
    localStorage.setItem(SAVE_KEY, JSON.stringify(save));
  } catch (error) {
    // Full or disabled storage must not stop the game; only resuming is lost.
    console.warn("dozito: the game could not be saved", error);
  }
}

export function forgetGame() {
  localStorage.removeItem(SAVE_KEY);
}

/** The saved game wrapper, null if there is none; throws SaveError if it is unusable. */
export function readGame() {
  const text = localStorage.getItem(SAVE_KEY);
  if (text === null) return null;
  let save;
  try {
    save = JSON.parse(text);
  } catch {
    throw new SaveError("not JSON");
  }
  checkWrapper(save);
  return save;
}

/** Check the page's own part of a save or an exported wrapper (the engine checks the record). */
export function checkWrapper(save) {
  if (!save || typeof save !== "object") throw new SaveError("not an object");
  if (save.version !== SAVE_VERSION) throw new SaveError(`version ${JSON.stringify(save.version)}`);
  if (!save.record || typeof save.record !== "object") throw new SaveError("no record");
  const seatOk = (seat) => seat && (seat.kind === "human" || (seat.kind === "bot" && typeof seat.level === "string"));
  if (!Array.isArray(save.seats) || !save.seats.every(seatOk)) throw new SaveError("bad seats");
  if (save.log !== undefined && !Array.isArray(save.log)) throw new SaveError("bad log");
  const pending = save.pending;
  if (pending && (pending.type !== "round_scored" || !Array.isArray(pending.grids) || pending.grids.length !== save.seats.length)) throw new SaveError("bad scoring view");
}

/** Move an unusable save out of the way, keeping it for a bug report. */
export function setAsideGame() {
  const text = localStorage.getItem(SAVE_KEY);
  if (text !== null) localStorage.setItem(BROKEN_KEY, text);
  forgetGame();
}

export function readPrefs() {
  try {
    const prefs = JSON.parse(localStorage.getItem(PREFS_KEY));
    return prefs && typeof prefs === "object" ? prefs : {};
  } catch {
    return {};
  }
}

export function storePrefs(changes) {
  try {
    localStorage.setItem(PREFS_KEY, JSON.stringify({ ...readPrefs(), ...changes }));
  } catch (error) {
    console.warn("dozito: preferences could not be saved", error);
  }
}
