// The player's preferences as stored, read back field by field (pure): a
// value the page cannot use ({"speed": "turbo"}, {"sound": "yes"}) is left
// out, so the page uses its default for that one setting and keeps the
// others. Keys the page does not know are kept as they are, for the version
// that wrote them.
import { SPEEDS } from "./url.js";

/** How much longer (or shorter) than the bot speed's own a card flight lasts, per animation choice. */
export const ANIMATION_SCALES = Object.freeze({ slow: 1.6, normal: 1, fast: 0.5, off: 0 });

const isBoolean = (value) => typeof value === "boolean";
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** Each known preference and what it may hold (the setup form checks the inside of `setup` itself). */
const CHECKS = {
  speed: (value) => SPEEDS.includes(value),
  animation: (value) => typeof value === "string" && Object.hasOwn(ANIMATION_SCALES, value),
  contrast: isBoolean,
  sound: isBoolean,
  tutorialOffered: isBoolean,
  persistAsked: isBoolean,
  handOver: isBoolean,
  setup: isObject,
};

/**
 * Stored preferences as {prefs, dropped}: dropped lists the keys left out.
 *
 *     checkPrefs({ speed: "turbo", sound: false }) // {prefs: {sound: false}, dropped: ["speed"]}
 */
export function checkPrefs(data) {
  if (!isObject(data)) return { prefs: {}, dropped: data === null ? [] : ["*"] };
  const prefs = {};
  const dropped = [];
  for (const [key, value] of Object.entries(data)) {
    if (key === "__proto__") dropped.push(key);
    else if (!Object.hasOwn(CHECKS, key) || CHECKS[key](value)) prefs[key] = value;
    else dropped.push(key);
  }
  return { prefs, dropped };
}
