// The settings panel (its markup is in index.html, its styles in
// css/settings.css): the bots' speed, card animations, high contrast, sound,
// the hot seat's hand-over and the language. Each choice is remembered in the preferences (save.js);
// the sound switch only stores `sound` (true or false), which the sounds read.
import { saveLanguage, t } from "../i18n.js";
import { ANIMATION_SCALES as ANIMATIONS } from "../prefs.js";
import { readPrefs, storePrefs } from "../save.js";
import { SPEEDS, speedFromQuery } from "../url.js";
import { fill, h } from "../ui/dom.js";

const moreContrast = matchMedia("(prefers-contrast: more)");

/**
 * High contrast: the player's choice if they made one, else the system's
 * `prefers-contrast: more`. Called before the first paint of the game.
 */
export function initContrast(box) {
  const apply = () => {
    const chosen = readPrefs().contrast;
    const on = typeof chosen === "boolean" ? chosen : moreContrast.matches;
    document.documentElement.classList.toggle("high-contrast", on);
    box.checked = on;
  };
  box.addEventListener("change", () => {
    storePrefs({ contrast: box.checked });
    apply();
  });
  moreContrast.addEventListener("change", apply);
  apply();
}

/** The bot speed to start with: the address's, else the player's last choice. */
export function initialSpeed() {
  return speedFromQuery() ?? readPrefs().speed ?? "normal";
}

/** The bot speed menu, showing speed; onChange(speed) once a new choice is stored. */
export function initSpeed(select, { speed, onChange }) {
  fill(
    select,
    SPEEDS.map((value) => h("option", { value }, t(`speed.${value}`))),
  );
  select.value = speed;
  select.addEventListener("change", () => {
    storePrefs({ speed: select.value });
    onChange(select.value);
  });
}

/**
 * The language menu (inside picker), shown once there is more than one
 * catalog; a choice reloads the page, after beforeReload() (what is open
 * keeps what brings it back).
 */
export function initLanguages(select, picker, { language, languages }, beforeReload = () => {}) {
  fill(
    select,
    Object.entries(languages).map(([code, name]) => h("option", { value: code }, name)),
  );
  select.value = language;
  select.addEventListener("change", () => {
    saveLanguage(select.value);
    beforeReload();
    const url = new URL(location.href);
    url.searchParams.delete("lang");
    location.replace(url);
  });
  picker.hidden = Object.keys(languages).length < 2;
}

/** How much longer (or shorter) than the bot speed's own a card flight lasts: the player's choice. */
export function animationScale() {
  return ANIMATIONS[readPrefs().animation] ?? 1;
}

/** The card animations menu. */
export function initAnimation(select) {
  fill(
    select,
    Object.keys(ANIMATIONS).map((value) => h("option", { value }, t(`animation.${value}`))),
  );
  select.value = readPrefs().animation ?? "normal";
  select.addEventListener("change", () => storePrefs({ animation: select.value }));
}

/** The sound switch: on unless the player turned it off. */
export function initSound(box) {
  box.checked = readPrefs().sound !== false;
  box.addEventListener("change", () => storePrefs({ sound: box.checked }));
}

/** The hot seat's hand-over between two humans: off unless the players turned it on (nothing at this table is hidden). */
export function initHandOver(box) {
  box.checked = readPrefs().handOver === true;
  box.addEventListener("change", () => storePrefs({ handOver: box.checked }));
}
