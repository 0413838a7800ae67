// seatNames: the names a game is started with, from the setup form's seats
// ({kind, name}): typed names trimmed, empty ones defaulted in the player's
// language, repeats numbered so that the log stays clear.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { useCatalogs } from "../../web/js/i18n.js";
import { seatNames } from "../../web/js/ui/setup.js";
import { catalog } from "./catalogs.mjs";

const names = (...seats) => seatNames(seats.map(([kind, name = ""]) => ({ kind, name })));

beforeEach(() => useCatalogs("en", catalog("en"), catalog("en")));

test("typed names are kept, trimmed", () => {
  assert.deepEqual(names(["human", "  Ann "], ["expert", "Bob"]), ["Ann", "Bob"]);
});

test("an empty name is the seat's number for a human, the bot's name for a bot", () => {
  const seats = [["human"], ["rookie", " "], ["human"]];
  assert.deepEqual(names(...seats), ["Player 1", "Robin", "Player 3"]);
  useCatalogs("fr", catalog("fr"), catalog("en"));
  assert.deepEqual(names(...seats), ["Joueur 1", "Robin", "Joueur 3"]);
});

test("bots of one level left unnamed get distinct names; a repeated typed name is numbered", () => {
  assert.deepEqual(names(["casual"], ["casual"], ["human", "Casey"], ["human", "Ann"]), ["Casey", "Carla", "Casey 2", "Ann"]);
  assert.deepEqual(names(["casual"], ["casual"], ["casual"], ["expert"], ["expert"]), ["Casey", "Carla", "Cyril", "Max", "Mira"]);
});
