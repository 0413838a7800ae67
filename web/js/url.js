// The address: #game=d1.… (a game link, the engine's fragment) opens that
// game; ?players=human,expert&rounds=1&seed=42&names=Ann,Bob starts a
// game at once (see the page contract); speed= and lang= are settings and stay
// in the address, the game keys are removed once the game has started so that
// a reload resumes it instead of starting it again. The limits and the bot
// levels are the engine's (rules.js), its test-only levels ("random", the
// baseline bot) included: the setup form never offers those.
import { rules } from "./rules.js";

const GAME_KEYS = ["players", "names", "rounds", "seed", "first"];
export const SPEEDS = ["slow", "normal", "fast", "instant"];

export class QueryError extends Error {}

function integer(params, key, min, max) {
  const text = params.get(key);
  if (text === null) return null;
  const value = Number(text);
  if (!/^-?\d+$/.test(text) || value < min || value > max) throw new QueryError(`${key}=${text}`);
  return value;
}

/**
 * The game the address asks for: {seats, names, rounds, firstPlayer, seed},
 * null if it asks for none; throws QueryError for a malformed one.
 */
export function gameFromQuery(search = location.search) {
  const params = new URLSearchParams(search);
  if (!params.has("players")) return null;
  const { players, rounds, levels, test_levels } = rules();
  const kinds = params
    .get("players")
    .split(",")
    .map((k) => k.trim().toLowerCase());
  if (kinds.length < players.min || kinds.length > players.max) throw new QueryError(`players=${params.get("players")}`);
  const seats = kinds.map((kind) => {
    if (kind === "human") return { kind: "human" };
    if (levels.includes(kind) || test_levels.includes(kind)) return { kind: "bot", level: kind };
    throw new QueryError(`players: ${kind}`);
  });
  const given = params.has("names") ? params.get("names").split(",") : [];
  return {
    seats,
    names: given.map((name) => name.trim()),
    rounds: integer(params, "rounds", rounds.min, rounds.max),
    firstPlayer: integer(params, "first", 0, seats.length - 1),
    seed: integer(params, "seed", 0, Number.MAX_SAFE_INTEGER),
  };
}

/** The bot speed the address asks for, or null. */
export function speedFromQuery(search = location.search) {
  const speed = new URLSearchParams(search).get("speed");
  return SPEEDS.includes(speed) ? speed : null;
}

/** Drop the game keys from the address without reloading (settings stay). */
export function forgetGameQuery() {
  const url = new URL(location.href);
  for (const key of GAME_KEYS) url.searchParams.delete(key);
  history.replaceState(history.state, "", url);
}

const LINK = "#game=";

/** The game link the address holds (its whole fragment, as the engine reads it), or null. */
export function linkFromAddress(hash = location.hash) {
  return hash.startsWith(LINK) ? hash : null;
}

/** The address that opens a game link: this site's, its settings' query dropped, with the engine's fragment. */
export function siteLink(fragment, href = location.href) {
  const url = new URL(href);
  url.search = "";
  url.hash = fragment;
  return url.href;
}

/** Drop a handled game link from the address without reloading, so that a reload does not open it again. */
export function forgetLink() {
  const url = new URL(location.href);
  url.hash = "";
  history.replaceState(history.state, "", url);
}
