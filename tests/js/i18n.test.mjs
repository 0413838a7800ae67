// t(): placeholders, plural forms by the language's rules, the English
// fallback key by key, and a missing key shown as itself.
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatNumber, pickLanguage, signed, t, useCatalogs } from "../../web/js/i18n.js";
import { catalog } from "./catalogs.mjs";

const english = { greet: "Hello, {who}", "card.one": "1 card", "card.other": "{count} cards", onlyEnglish: "English only" };

test("placeholders are filled from params; unknown ones stay as written", () => {
  useCatalogs("en", english, english);
  assert.equal(t("greet", { who: "Ann" }), "Hello, Ann");
  assert.equal(t("greet"), "Hello, {who}");
  assert.equal(t("greet", { who: 0 }), "Hello, 0");
});

test("a numeric count picks the plural form by the language's rules", () => {
  useCatalogs("en", english, english);
  assert.equal(t("card", { count: 1 }), "1 card");
  assert.equal(t("card", { count: 0 }), "0 cards");
  assert.equal(t("card", { count: 7 }), "7 cards");
  // French counts 0 as singular, English does not.
  useCatalogs("fr", catalog("fr"), catalog("en"));
  assert.equal(t("card.suns", { count: 0 }), "0 soleil");
  assert.equal(t("card.suns", { count: 2 }), "2 soleils");
  useCatalogs("en", catalog("en"), catalog("en"));
  assert.equal(t("card.suns", { count: 0 }), "0 suns");
});

test("a plural form the language lacks falls back to its other form", () => {
  useCatalogs("ar", { "card.other": "{count} x" }, english);
  assert.equal(t("card", { count: 2 }), "2 x"); // Arabic's "two" form is missing
});

test("a key the translation lacks comes from English", () => {
  useCatalogs("de", { greet: "Hallo, {who}" }, english);
  assert.equal(t("greet", { who: "Bo" }), "Hallo, Bo");
  assert.equal(t("onlyEnglish"), "English only");
});

test("a key no catalog has is shown as itself, with a warning", (context) => {
  const warn = context.mock.method(console, "warn", () => {});
  useCatalogs("en", english, english);
  assert.equal(t("no.such.key"), "no.such.key");
  assert.deepEqual(warn.mock.calls[0].arguments, ["i18n: missing message no.such.key"]);
});

test("the language is the first one wanted that has a catalog; Object's own words name none", () => {
  const available = { en: "English", fr: "Français", de: "Deutsch" };
  assert.equal(pickLanguage(available, ["fr-CA", "de"]), "fr");
  assert.equal(pickLanguage(available, [null, "", "DE-at"]), "de");
  for (const odd of ["constructor", "__proto__", "Constructor-CA", "toString", "hasOwnProperty-x"]) {
    assert.equal(pickLanguage(available, [odd]), "en", odd);
    assert.equal(pickLanguage(available, [odd, "fr"]), "fr", odd);
  }
});

test("a key named like an Object property is a missing message, not a function", (context) => {
  context.mock.method(console, "warn", () => {});
  useCatalogs("en", english, english);
  for (const key of ["constructor", "toString", "__proto__"]) assert.equal(t(key), key);
});

test("a figure is rounded to a tenth in the language's way, and never shows as -0", () => {
  useCatalogs("en", english, english);
  assert.equal(formatNumber(2.345), "2.3");
  assert.equal(formatNumber(-0.04), "0");
  assert.equal(formatNumber(-0.06), "-0.1");
  assert.equal(formatNumber(3), "3");
  useCatalogs("fr", catalog("fr"), catalog("en"));
  assert.equal(formatNumber(2.5), "2,5");
  assert.equal(formatNumber(-0.0001), "0");
  useCatalogs("en", english, english);
});

test("a plural block picks its form by its own figure, shown in the language's way", () => {
  const plural = { gain: "{who} gains {points, plural, one {# point} other {# points}}." };
  useCatalogs("en", plural, plural);
  assert.equal(t("gain", { who: "Ann", points: 1 }), "Ann gains 1 point.");
  assert.equal(t("gain", { who: "Ann", points: 1.04 }), "Ann gains 1 point."); // shown as 1, so one
  assert.equal(t("gain", { who: "Ann", points: 1.4 }), "Ann gains 1.4 points.");
  assert.equal(t("gain", { who: "Ann", points: 0 }), "Ann gains 0 points.");
  assert.equal(t("gain", { who: "Ann", points: signed(1) }), "Ann gains +1 point.");
  assert.equal(t("gain", { who: "Ann", points: signed(-1) }), "Ann gains -1 point.");
  assert.equal(t("gain", { who: "Ann", points: signed(-2.26) }), "Ann gains -2.3 points.");
  assert.equal(t("gain", { who: "Ann" }), "Ann gains {points, plural, one {# point} other {# points}}."); // no figure: as written
  // French: 0 and 1.5 are singular; the decimal comma.
  const french = { gain: "{points, plural, one {# point} other {# points}}" };
  useCatalogs("fr", french, plural);
  assert.equal(t("gain", { points: 0 }), "0 point");
  assert.equal(t("gain", { points: 1.5 }), "1,5 point");
  assert.equal(t("gain", { points: signed(2.5) }), "+2,5 points");
  // A language without a "one" form in the block falls back to "other".
  useCatalogs("de", { gain: "{points, plural, other {# Punkte}}" }, plural);
  assert.equal(t("gain", { points: 1 }), "1 Punkte");
  useCatalogs("en", english, english);
});

test("signed() shows its sign, rounds to a tenth and never shows -0", () => {
  useCatalogs("en", english, english);
  assert.deepEqual([String(signed(2.34)), String(signed(-0.04)), String(signed(0)), String(signed(-3))], ["+2.3", "0", "0", "-3"]);
  assert.equal(signed(-0.04).value, 0);
});

test("French elides de and que before a name that starts with a vowel, and only there", () => {
  const french = { grid: "Grille de {who}", more: "Plus que {who} et de {other}" };
  useCatalogs("fr", french, french);
  assert.equal(t("grid", { who: "Ann" }), "Grille d’Ann");
  assert.equal(t("grid", { who: "Émile" }), "Grille d’Émile");
  assert.equal(t("grid", { who: "Max" }), "Grille de Max");
  assert.equal(t("more", { who: "Inès", other: "Océane" }), "Plus qu’Inès et d’Océane");
  assert.equal(t("grid"), "Grille de {who}"); // no name: as written
  // English keeps its words as they are.
  useCatalogs("en", { grid: "Time de {who}" }, english);
  assert.equal(t("grid", { who: "Ann" }), "Time de Ann");
  useCatalogs("en", english, english);
});
