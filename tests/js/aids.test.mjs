// The hint's words: every reason kind the engine contract lists is worded in
// English, French and German from its data, with no placeholder left and no
// kind falling back to the generic line; an unknown kind still says the move.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { setCards } from "../../web/js/cards.js";
import { useCatalogs } from "../../web/js/i18n.js";
import { actionText, hintText } from "../../web/js/ui/aids.js";
import { catalog } from "./catalogs.mjs";
import "./engine-rules.mjs";

setCards([
  { code: "R5", color: "R", number: 5, suns: 1, kind: "normal" },
  { code: "B9", color: "B", number: 9, suns: 0, kind: "normal" },
  { code: "G2", color: "G", number: 2, suns: 0, kind: "replay" },
]);

/** The reason kinds of the engine contract's table (### Hints), from the doc itself. */
function documentedKinds() {
  const doc = readFileSync(new URL("../../docs/engine-contract.md", import.meta.url), "utf8");
  const table = doc.slice(doc.indexOf("| kind | fields | when |"));
  return [...table.slice(0, table.indexOf("\n\n")).matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
}

const view = { names: ["Ann", "Bob"], discard_tops: ["B9", "R5"], hand: "R5" };
const facts = { action: "place:5", instead: "draw", card: "R5", pile: 1, seat: 1, spot: 5, group: 3, points: 11, win: 0.04, lead: 14, replaced: "B9" };

test("every documented reason kind has words of its own in every language", () => {
  const kinds = documentedKinds();
  assert.ok(kinds.length >= 10, kinds);
  for (const language of ["en", "fr", "de"]) {
    useCatalogs(language, catalog(language), catalog("en"));
    const generic = hintText({ kind: "unheard_of" }, "place:5", view);
    for (const kind of kinds) {
      const text = hintText({ kind, ...facts }, "place:5", view);
      assert.doesNotMatch(text, /[{}]|aid\./, `${language} ${kind}: ${text}`);
      assert.notEqual(text, generic, `${language} ${kind} falls back to the generic line`);
    }
  }
});

test("the words come from the reason's data", () => {
  useCatalogs("en", catalog("en"), catalog("en"));
  assert.equal(
    hintText({ kind: "join_group", card: "R5", spot: 5, group: 3, points: 11 }, "place:5", view),
    "Place the red 5 on spot 5: it makes a group of 3 (+11 points now).",
  );
  assert.match(hintText({ kind: "end_round", spot: 4, lead: -6 }, "place:4", view), /your grid, 6 points behind/);
  assert.match(hintText({ kind: "end_round", spot: 4, lead: 1 }, "place:4", view), /your grid, 1 point ahead; every other player then has one last turn\.$/);
  assert.match(hintText({ kind: "end_round", spot: 4, lead: 0 }, "place:4", view), /your grid, level with the best score/);
  assert.match(hintText({ kind: "deny_discard", pile: 0, card: "B9", seat: 1, group: 2, points: 7 }, "discard:0", view), /blue 9, worth \+7 points to Bob/);
  assert.equal(actionText("take:0", view), "take the blue 9 from the left discard pile");
  assert.equal(hintText({ kind: "unheard_of" }, "draw", view), "Suggested: draw a card.");
});

test("a figure of one is singular, and figures are written the language's way", () => {
  useCatalogs("en", catalog("en"), catalog("en"));
  assert.equal(
    hintText({ kind: "flip", card: "R5", spot: 5, group: 1, points: 1 }, "place:5", view),
    "Place the red 5 on spot 5 and turn up the card there (+1 point now).",
  );
  assert.equal(
    hintText({ kind: "flip", card: "R5", spot: 5, group: 1, points: 0 }, "place:5", view),
    "Place the red 5 on spot 5 and turn up the card there (0 points now).",
  );
  const best = { kind: "best_expected", action: "draw", instead: "take:0", points: 1.44, win: 0.028 };
  assert.match(hintText(best, "draw", view), /\(\+1\.4 expected points, \+2\.8% chance to win\)/);
  assert.match(hintText({ ...best, points: 1 }, "draw", view), /\(\+1 expected point, /);
  useCatalogs("de", catalog("de"), catalog("en"));
  assert.match(hintText(best, "draw", view), /\(\+1,4 erwartete Punkte, \+2,8 % Siegchance\)/);
  assert.match(hintText({ kind: "end_round", spot: 4, lead: 1 }, "place:4", view), /mit 1 Punkt Vorsprung/);
  assert.match(hintText({ kind: "end_round", spot: 4, lead: 3 }, "place:4", view), /mit 3 Punkten Vorsprung/);
  useCatalogs("fr", catalog("fr"), catalog("en"));
  assert.match(hintText({ kind: "deny_discard", pile: 0, card: "B9", seat: 1, group: 2, points: 1 }, "discard:0", view), /qui vaudrait \+1 point à Bob/);
  assert.match(hintText(best, "draw", view), /\(\+1,4 point attendu, \+2,8 % de chances de gagner\)/);
});

test("a draw with one discard pile empty names the one top it turns down", () => {
  useCatalogs("en", catalog("en"), catalog("en"));
  assert.equal(hintText({ kind: "draw" }, "draw", view), "Draw a card: neither discard-pile top is worth taking.");
  const oneTop = { ...view, discard_tops: [null, "R5"] };
  assert.equal(hintText({ kind: "draw" }, "draw", oneTop), "Draw a card: the red 5 on the right discard pile is not worth taking.");
  useCatalogs("fr", catalog("fr"), catalog("en"));
  assert.equal(hintText({ kind: "draw" }, "draw", oneTop), "Piochez : le 5 rouge sur la pile de défausse de droite ne vaut pas la peine.");
});
