// The player's settings in the toolbar (its markup is in index.html, its
// styles in css/toolbar.css): high contrast, the bots' speed and the
// language. Each choice is remembered in the preferences (save.js).
import { saveLanguage, t } from "../i18n.js";
import { readPrefs, storePrefs } from "../save.js";
import { SPEEDS, speedFromQuery } from "../url.js";
import { fill, h } from "./dom.js";

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

/** The language menu (inside picker), shown once there is more than one catalog; a choice reloads the page. */
export function initLanguages(select, picker, { language, languages }) {
  fill(
    select,
    Object.entries(languages).map(([code, name]) => h("option", { value: code }, name)),
  );
  select.value = language;
  select.addEventListener("change", () => {
    saveLanguage(select.value);
    const url = new URL(location.href);
    url.searchParams.delete("lang");
    location.replace(url);
  });
  picker.hidden = Object.keys(languages).length < 2;
}
