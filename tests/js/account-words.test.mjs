// The review's account in plain words, from the engine's figures
// (review_account): each player's gap to the table's average, luck and the
// decisions' cost, rounded so that "-0.0" never shows, in every language.
import assert from "node:assert/strict";
import { test } from "node:test";
import { accountLines, side } from "../../web/js/account-words.js";
import { useCatalogs } from "../../web/js/i18n.js";
import { catalog } from "./catalogs.mjs";

const names = ["Ann", "Bob"];
const rows = [
  { seat: 0, decisions: 7.8, judged: 23, luck: 6.7, gap: 6.0, residual: -1.1 },
  { seat: 1, decisions: 0.04, judged: 1, luck: -0.04, gap: -6.0, residual: 1.1 },
];

test("a figure's side of zero is taken once rounded to a tenth", () => {
  assert.deepEqual([side(0.3), side(-2), side(0.04), side(-0.04), side(0)], ["above", "below", "even", "even", "even"]);
});

test("each player's account: the gap, luck and the decisions in words, with their sizes and no sign", () => {
  useCatalogs("en", catalog("en"), catalog("en"));
  const [ann, bob] = accountLines(rows, { names, mistakes: [2, 0], roundsDone: 1 });
  assert.deepEqual(ann.lines, [
    "Ann finished 6 points above the table's average.",
    "Luck gave Ann about 6.7 points.",
    "Over 23 decisions, Ann gave up about 7.8 points against the expert's choices.",
    "2 of them were clear mistakes.",
  ]);
  // -0.04 and 0.04 round to nothing: told as even, never "-0.0" nor "0.0 points".
  assert.deepEqual(bob.lines, [
    "Bob finished 6 points below the table's average.",
    "Luck was even for Bob.",
    "In 1 decision, Bob played as well as the expert.",
  ]);
});

test("before a round is over only the decisions are told", () => {
  useCatalogs("en", catalog("en"), catalog("en"));
  const [ann] = accountLines(rows, { names, mistakes: [0, 0], roundsDone: 0 });
  assert.deepEqual(ann.lines, ["Over 23 decisions, Ann gave up about 7.8 points against the expert's choices."]);
});

test("every language words every line with its figures filled in, in its own way", () => {
  for (const lang of ["en", "fr", "de"]) {
    useCatalogs(lang, catalog(lang), catalog("en"));
    for (const { lines } of accountLines(rows, { names, mistakes: [1, 3], roundsDone: 2 })) {
      for (const line of lines) {
        assert.doesNotMatch(line, /[{}]|-0|−0/, `${lang}: ${line}`);
      }
    }
  }
  useCatalogs("fr", catalog("fr"), catalog("en"));
  assert.match(accountLines(rows, { names, mistakes: [0, 0], roundsDone: 1 })[0].lines[1], /6,7 points/);
});
