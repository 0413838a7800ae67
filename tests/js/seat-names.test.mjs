// seatNames: the names a game is started with, from the setup form's seats
// ({kind, name}): typed names trimmed, empty ones defaulted in the player's
// language, repeats numbered so that the log stays clear.
import assert from "node:assert/strict";
import { test } from "node:test";
import { useCatalogs } from "../../web/js/i18n.js";
import { seatNames } from "../../web/js/ui/setup.js";
import { catalog } from "./catalogs.mjs";

test("typed names are kept, trimmed", () => {
  useCatalogs("en", catalog("en"), catalog("en"));
  assert.deepEqual(
    seatNames([
      { kind: "human", name: "  Ann " },
      { kind: "expert", name: "Bob" },
    ]),
    ["Ann", "Bob"],
  );
});

test("an empty name is the seat's number for a human, the bot's name for a bot", () => {
  useCatalogs("en", catalog("en"), catalog("en"));
  const seats = [
    { kind: "human", name: "" },
    { kind: "rookie", name: " " },
    { kind: "human", name: "" },
  ];
  assert.deepEqual(seatNames(seats), ["Player 1", "Robin", "Player 3"]);
  useCatalogs("fr", catalog("fr"), catalog("en"));
  assert.deepEqual(seatNames(seats), ["Joueur 1", "Robin", "Joueur 3"]);
});

test("repeated names are numbered from their second use", () => {
  useCatalogs("en", catalog("en"), catalog("en"));
  const seats = [
    { kind: "casual", name: "" },
    { kind: "casual", name: "" },
    { kind: "human", name: "Casey" },
    { kind: "human", name: "Ann" },
  ];
  assert.deepEqual(seatNames(seats), ["Casey", "Casey 2", "Casey 3", "Ann"]);
});
