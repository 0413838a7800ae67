// Message catalogs. Every user-visible string goes through t(); adding a
// language is data only: a new i18n/<lang>.json plus its entry in
// i18n/languages.json. English is always loaded too, as the fallback for
// keys a translation lacks.
import { readItem, writeItem } from "./save.js";

const FALLBACK = "en";
const PREF_KEY = "dozito.lang";

let messages = {};
let fallback = {};
let plural = new Intl.PluralRules(FALLBACK);
let numbers = new Intl.NumberFormat(FALLBACK, { maximumFractionDigits: 1 });
let elides = false;
// French elides "de" and "que" before a vowel: "la grille d’Ann", not "de Ann".
// Only before a filled placeholder (a name typed by a player): the catalog's
// own words are written right already.
const ELISION = new Set(["fr"]);
const ELIDED = /^[aeiouyàâæéèêëîïôœùûüAEIOUYÀÂÆÉÈÊËÎÏÔŒÙÛÜ]/;

async function fetchJson(path) {
  const response = await fetch(new URL(path, document.baseURI));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

/** The languages asked for, first first: ?lang=, then the saved choice, then the browser's. */
const wantedLanguages = () => [new URLSearchParams(location.search).get("lang"), readItem(PREF_KEY), ...(navigator.languages || [navigator.language])];

/**
 * The first wanted language available (languages.json's {code: name}), else
 * English: pickLanguage({en: "English", fr: "Français"}, ["fr-CA"]) is "fr".
 */
export function pickLanguage(available, wanted = wantedLanguages()) {
  for (const tag of wanted) {
    const base = (tag || "").toLowerCase().split("-")[0];
    if (base && Object.hasOwn(available, base)) return base; // "constructor" names no catalog
  }
  return FALLBACK;
}

/** Load the catalogs and translate the static page (elements with data-i18n). */
export async function initI18n() {
  const { languages } = await fetchJson("i18n/languages.json");
  const language = pickLanguage(languages);
  const english = await fetchJson(`i18n/${FALLBACK}.json`);
  useCatalogs(language, language === FALLBACK ? english : await fetchJson(`i18n/${language}.json`), english);
  document.documentElement.lang = language;
  translateStatic(document);
  return { language, languages };
}

/** Let t() answer from catalog, in language, falling back to the English catalog key by key. */
export function useCatalogs(language, catalog, english) {
  messages = catalog;
  fallback = english;
  plural = new Intl.PluralRules(language);
  numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  elides = ELISION.has(language);
}

/**
 * A figure for a sentence, in the language's way (2.5, 2,5), to a tenth: a
 * value that rounds to zero is 0, never "-0" (Intl keeps the sign of -0.04).
 */
export function formatNumber(value) {
  const tenths = Math.round(value * 10) / 10;
  return numbers.format(tenths === 0 ? 0 : tenths);
}

/**
 * A figure with its sign for a sentence (+2.5, -1, 0), to a tenth: t() shows
 * it in the language's way and picks a plural form by its size.
 */
export function signed(value) {
  const tenths = Math.round(value * 10) / 10 || 0;
  return { value: tenths, toString: () => `${tenths > 0 ? "+" : ""}${formatNumber(tenths)}` };
}

/** Remember a language for next time (the page reloads to apply it). */
export function saveLanguage(lang) {
  writeItem(PREF_KEY, lang);
}

/** A catalog's own message for key (never one of Object.prototype's: a level or a phase may be any text). */
function lookup(key) {
  return Object.hasOwn(messages, key) ? messages[key] : Object.hasOwn(fallback, key) ? fallback[key] : undefined;
}

// {points, plural, one {# point} other {# points}}: the form for the figure
// params.points (a number, or signed()), # standing for the figure.
const PLURAL_BLOCK = /\{(\w+), plural,((?:\s*\w+\s*\{[^{}]*\})+)\s*\}/g;
const PLURAL_FORM = /(\w+)\s*\{([^{}]*)\}/g;

function pluralForm(whole, name, options, params) {
  const figure = params[name];
  const size = typeof figure === "number" ? figure : figure?.value;
  if (typeof size !== "number") return whole;
  const forms = Object.fromEntries([...options.matchAll(PLURAL_FORM)].map(([, form, text]) => [form, text]));
  const text = forms[plural.select(Math.abs(Math.round(size * 10) / 10))] ?? forms.other ?? whole;
  return text.replaceAll("#", typeof figure === "number" ? formatNumber(figure) : String(figure));
}

/**
 * The message for key with {name} placeholders filled from params. A numeric
 * params.count picks key.one / key.other (etc.) by the language's plural rules;
 * a plural block picks its form by its own figure: {n, plural, one {# card} other {# cards}}.
 */
export function t(key, params = {}) {
  let template;
  if (typeof params.count === "number") template = lookup(`${key}.${plural.select(params.count)}`) ?? lookup(`${key}.other`);
  template ??= lookup(key);
  if (template === undefined) {
    console.warn(`i18n: missing message ${key}`);
    return key;
  }
  return template
    .replace(PLURAL_BLOCK, (whole, name, options) => pluralForm(whole, name, options, params))
    .replace(/(\b(?:[Dd]e|[Qq]ue) )?\{(\w+)\}/g, (whole, before = "", name) => {
      if (!(name in params)) return whole;
      const value = String(params[name]);
      return elides && before && ELIDED.test(value) ? `${before.slice(0, -2)}’${value}` : before + value;
    });
}

/** Fill text and labels of static markup: data-i18n, data-i18n-label, data-i18n-title. */
export function translateStatic(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
}
