// Local storage: the game in progress (saved with every redraw) and the
// player's preferences (last setup, bot speed). Any access may throw (blocked
// storage throws on `localStorage` itself, a full one on setItem); none may
// stop the page, so every one goes through readItem / writeItem. A save that
// cannot be used is moved aside to BROKEN_KEY rather than thrown away.
import { checkPrefs } from "./prefs.js";
import { SAVE_VERSION, seatName } from "./session.js";

const SAVE_KEY = "dozito.save";
const BROKEN_KEY = "dozito.save.broken";
const KEPT_KEY = "dozito.save.kept";
const PREFS_KEY = "dozito.prefs";

/** Problems are returned, not thrown, so the caller can tell the player. */
export class SaveError extends Error {}

/** The text stored under key; null if there is none or the storage is blocked. */
export function readItem(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Store text under key; false if the storage is full or blocked. */
export function writeItem(key, text) {
  try {
    localStorage.setItem(key, text);
    return true;
  } catch (error) {
    console.warn(`dozito: ${key} could not be stored`, error);
    return false;
  }
}

export function removeItem(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // Blocked storage holds nothing to remove.
  }
}

/** Store the save wrapper; false if the browser refused it (the game goes on unsaved). */
export function storeGame(save) {
  return writeItem(SAVE_KEY, JSON.stringify(save));
}

/** The stored save wrapper and the kept one, as stored (for a backup): {game, kept}, null where none is usable JSON. */
export function readSaveWrappers() {
  const parse = (key) => {
    try {
      return JSON.parse(readItem(key));
    } catch {
      return null;
    }
  };
  return { game: parse(SAVE_KEY), kept: parse(KEPT_KEY) };
}

/** Whether a game is saved, readable or not (readGame tells). */
export function hasSavedGame() {
  return readItem(SAVE_KEY) !== null;
}

/** The saved game as Session.load takes it, null if there is none; throws SaveError if it is unusable. */
export function readGame() {
  const text = readItem(SAVE_KEY);
  if (text === null) return null;
  let save;
  try {
    save = JSON.parse(text);
  } catch {
    throw new SaveError("not JSON");
  }
  return unwrapSave(save);
}

/** The player aids a save allows, {hints, undo}; null (the defaults) if it says nothing usable. */
function allowedAids(allow) {
  return allow && typeof allow.hints === "boolean" && typeof allow.undo === "boolean" ? { hints: allow.hints, undo: allow.undo } : null;
}

/**
 * A page save (stored, or imported from a file) as {text, scoringSeen} for
 * Session.load. The page checks only its wrapper: the engine judges the
 * record, its seats included, and rebuilds the log and any scoring view.
 */
export function unwrapSave(save) {
  if (!save || typeof save !== "object") throw new SaveError("not an object");
  if (save.version === SAVE_VERSION || save.version === 2) {
    // Version 3 keeps the record's actions and aids beside its head (the engine checks them), version 2 the whole record.
    if (typeof save.record !== "string") throw new SaveError("no record");
    if (typeof save.scoringSeen !== "boolean") throw new SaveError("bad scoringSeen");
    const split = save.version === SAVE_VERSION ? { actions: save.actions, aids: save.aids } : {};
    if (save.version === SAVE_VERSION && !(Array.isArray(split.actions) && Array.isArray(split.aids))) throw new SaveError("bad actions or aids");
    return { text: save.record, ...split, scoringSeen: save.scoringSeen, allow: allowedAids(save.allow) };
  }
  if (save.version === 1) {
    // {record: {...}, seats: [{kind, level}], log, pending}: the seats move
    // into the record; the stored log and scoring view are not trusted.
    if (!save.record || typeof save.record !== "object" || !Array.isArray(save.seats)) throw new SaveError("version 1: no record or seats");
    const seats = save.seats.map((seat) => seat && seatName(seat)); // the engine refuses what is no seat
    return { text: JSON.stringify({ ...save.record, seats }), scoringSeen: !save.pending };
  }
  throw new SaveError(`version ${JSON.stringify(save.version)}`);
}

/**
 * Keep text that could not be used under brokenKey for a bug report, never
 * over an earlier copy: a second one goes to brokenKey.2, and so on up to
 * .9 (a storage filled with copies keeps the first ones).
 */
export function setAside(brokenKey, text) {
  for (let n = 1; n <= 9; n++) {
    const key = n === 1 ? brokenKey : `${brokenKey}.${n}`;
    const there = readItem(key);
    if (there === text) return;
    if (there === null) {
      writeItem(key, text);
      return;
    }
  }
}

/**
 * The JSON stored under key, read through check(data) → {problems, ...}
 * (which throws for data it cannot use at all): {checked, broken, partial}.
 * Unusable data is removed and its text set aside to brokenKey (checked
 * null); a part left out sets the text aside too (partial), and the caller
 * stores what was kept again. broken says why, for the player.
 */
export function readChecked(key, brokenKey, check) {
  const text = readItem(key);
  if (text === null) return { checked: null, broken: null, partial: false };
  let checked;
  try {
    checked = check(JSON.parse(text));
  } catch (error) {
    removeItem(key); // first: in a full storage that frees the room for its copy
    setAside(brokenKey, text);
    return { checked: null, broken: error.message, partial: false };
  }
  const partial = checked.problems.length > 0;
  if (partial) setAside(brokenKey, text);
  return { checked, broken: partial ? checked.problems.join(", ") : null, partial };
}

/** Keep a game in progress that an address's game replaces, to go back to; false if the storage refused. */
export function keepGame(save) {
  return writeItem(KEPT_KEY, JSON.stringify(save));
}

/** The kept game as Session.load takes it, null if there is none or it is unusable. */
export function readKeptGame() {
  try {
    return unwrapSave(JSON.parse(readItem(KEPT_KEY)));
  } catch {
    return null;
  }
}

/** Move an unusable save out of the way, keeping it for a bug report if there is room. */
export function setAsideGame() {
  const text = readItem(SAVE_KEY);
  // Removed first: in a full storage that frees the room for its copy.
  removeItem(SAVE_KEY);
  if (text !== null) setAside(BROKEN_KEY, text);
}

let prefs = null; // read once, then kept here

/** The preferences, each one checked (prefs.js): an unusable one is left out and the default used. */
export function readPrefs() {
  if (prefs === null) {
    let stored = null;
    try {
      stored = JSON.parse(readItem(PREFS_KEY));
    } catch {
      // Not JSON: no preference is usable.
    }
    ({ prefs } = checkPrefs(stored));
  }
  return prefs;
}

/** Remember preferences; in memory at least, if the storage refuses them. */
export function storePrefs(changes) {
  prefs = { ...readPrefs(), ...changes };
  writeItem(PREFS_KEY, JSON.stringify(prefs));
}
