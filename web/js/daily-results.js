// Today's deal's results as pure data (no DOM, no storage): each finished
// try of a date's deal (the first one begun counts, later ones are practice), the
// streak of days with a counted result, stored results read field by field,
// and a backup's results merged into these. The scores and the squares are
// the engine's (the daily_expert op's share); here only dates are counted.
//
//   let daily = emptyDaily();
//   daily = { ...daily, playing: startTry(daily, { date, number, head }) };
//   ({ daily, result } = addResult(daily, { id, at, date, number, you, expert, grid, practice }));
//   streaks(daily, localDate()); // {current, best}

export const DAILY_VERSION = 1;
/** Practice tries kept (the oldest go first); every counted result is kept. */
export const PRACTICE_KEPT = 30;

export const emptyDaily = () => ({ version: DAILY_VERSION, results: [], playing: null });

const pad = (n) => String(n).padStart(2, "0");

/** The date of now in the player's time zone, YYYY-MM-DD: the day whose deal is today's. */
export function localDate(now = new Date()) {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Today's date: the player's local one, unless a test fixed it with the global dozitoToday (page contract). */
export function today() {
  return isDate(globalThis.dozitoToday) ? globalThis.dozitoToday : localDate();
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether text is a real calendar date YYYY-MM-DD. */
export function isDate(text) {
  const m = typeof text === "string" && DATE.exec(text);
  if (!m) return false;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return day.toISOString().slice(0, 10) === text;
}

/** Days since 1970-01-01 of a date YYYY-MM-DD (calendar days: no time zone, no daylight saving). */
const dayNumber = (date) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/** The counted result of a date, or null. */
export const countedOn = (daily, date) => daily.results.find((r) => r.counted && r.date === date) ?? null;

/** Every counted result kept, and the newest PRACTICE_KEPT practice tries. */
function trimmed(results) {
  const practice = results.filter((r) => !r.counted);
  const dropped = new Set(practice.slice(0, Math.max(0, practice.length - PRACTICE_KEPT)));
  return results.filter((r) => !dropped.has(r));
}

/**
 * The try of a date's deal begun now: {date, number, head}, with practice
 * true if a try of that date was begun here before (finished or not), so a
 * deal left unfinished cannot be dealt again until it turns out well.
 */
export function startTry(daily, { date, number, head }) {
  const again = daily.playing?.date === date || countedOn(daily, date);
  return again ? { date, number, head, practice: true } : { date, number, head };
}

/**
 * The daily results with one more finished try: {daily, result}. The first
 * try begun on a date counts; a later one (practice) does not. A try already
 * in (by its game's id: a reload of the finished game) comes back as it was.
 */
export function addResult(daily, { id, at, date, number, you, expert, grid, practice = false }) {
  const known = daily.results.find((r) => r.id === id);
  if (known) return { daily, result: known };
  const result = { id, at, date, number, you, expert, grid, counted: !practice && !countedOn(daily, date) };
  return { daily: { ...daily, results: trimmed([...daily.results, result]) }, result };
}

/**
 * The streak of consecutive days with a counted result: {current, best}.
 * The current one runs up to today, or yesterday (today's deal may still be
 * played); a result dated after today (a clock set back) does not break it.
 */
export function streaks(daily, today) {
  const days = [...new Set(daily.results.filter((r) => r.counted).map((r) => dayNumber(r.date)))].sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  let current = 0;
  const now = dayNumber(today);
  days.forEach((day, i) => {
    run = i > 0 && day === days[i - 1] + 1 ? run + 1 : 1;
    best = Math.max(best, run);
    if (day <= now) current = day >= now - 1 ? run : 0;
  });
  return { current, best };
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isSquares = (grid) => Array.isArray(grid) && grid.length === 3 && grid.every((row) => typeof row === "string" && row.length <= 16);

/** Whether a stored result has every field the page reads. */
export function isResult(r) {
  return (
    isObject(r) &&
    typeof r.id === "string" &&
    typeof r.at === "string" &&
    !Number.isNaN(Date.parse(r.at)) &&
    isDate(r.date) &&
    Number.isSafeInteger(r.number) &&
    r.number > 0 &&
    Number.isFinite(r.you) &&
    Number.isFinite(r.expert) &&
    isSquares(r.grid) &&
    typeof r.counted === "boolean"
  );
}

const isPlaying = (p) =>
  p === null || (isObject(p) && isDate(p.date) && Number.isSafeInteger(p.number) && typeof p.head === "string" && [undefined, true].includes(p.practice));

/** One counted result per date, the earliest finished; any other of that date is practice. */
function oneCountedPerDate(results) {
  const first = new Map();
  for (const r of results) if (r.counted && !(first.get(r.date)?.at <= r.at)) first.set(r.date, r);
  return results.map((r) => (r.counted && first.get(r.date) !== r ? { ...r, counted: false } : r));
}

/**
 * Stored daily results as {daily, problems}: a result or the game under way
 * that cannot be used is left out and named, the rest kept. Throws for data
 * that is no daily results of this version (the caller sets it aside).
 */
export function checkDaily(data) {
  if (!isObject(data)) throw new Error("not an object");
  if (data.version !== DAILY_VERSION) throw new Error(`version ${JSON.stringify(data.version)}`);
  const problems = [];
  const ids = new Set();
  const results = Array.isArray(data.results) ? data.results.filter((r) => isResult(r) && !ids.has(r.id) && ids.add(r.id)) : [];
  if (!Array.isArray(data.results) || results.length < data.results.length) problems.push("daily results");
  const playing = data.playing ?? null;
  if (!isPlaying(playing)) problems.push("daily game");
  const kept = results.map((r) => ({
    id: r.id,
    at: r.at,
    date: r.date,
    number: r.number,
    you: r.you,
    expert: r.expert,
    grid: [...r.grid],
    counted: r.counted,
  }));
  return { daily: { version: DAILY_VERSION, results: oneCountedPerDate(kept), playing: isPlaying(playing) ? playing : null }, problems };
}

/**
 * A backup's daily results merged into these: {daily, added}. Each try is
 * known by its game's id, so none is added twice; of a date's tries counted
 * on either side, the earliest finished counts and the others become
 * practice. The game under way here stays this device's.
 */
export function mergeDaily(here, backup) {
  const known = new Set(here.results.map((r) => r.id));
  const fresh = backup.results.filter((r) => !known.has(r.id));
  const results = oneCountedPerDate([...here.results, ...fresh].sort((a, b) => a.at.localeCompare(b.at)));
  return { daily: { ...here, results: trimmed(results) }, added: fresh.length };
}
