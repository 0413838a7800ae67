// The address's game: ?players=…&rounds=…&seed=…&first=…&names=… (the page
// contract), 2 to 5 players and 1 to 10 rounds; anything else is a QueryError.
import assert from "node:assert/strict";
import { test } from "node:test";
import "./engine-rules.mjs";
import { QueryError, gameFromQuery, linkFromAddress, siteLink, speedFromQuery } from "../../web/js/url.js";

test("an address without players= asks for no game", () => {
  assert.equal(gameFromQuery(""), null);
  assert.equal(gameFromQuery("?rounds=2&seed=1&speed=fast"), null);
});

test("the game's keys are read as the setup form would give them", () => {
  assert.deepEqual(gameFromQuery("?players=human,%20Expert&rounds=1&seed=42&first=1&names=%20Ann%20,Bob"), {
    seats: [{ kind: "human" }, { kind: "bot", level: "expert" }],
    names: ["Ann", "Bob"],
    rounds: 1,
    firstPlayer: 1,
    seed: 42,
  });
});

test("keys left out are null, for the page to choose", () => {
  assert.deepEqual(gameFromQuery("?players=rookie,casual,sharp"), {
    seats: ["rookie", "casual", "sharp"].map((level) => ({ kind: "bot", level })),
    names: [],
    rounds: null,
    firstPlayer: null,
    seed: null,
  });
});

test("the engine's random bot is accepted, for tests", () => {
  assert.deepEqual(gameFromQuery("?players=random,human").seats[0], { kind: "bot", level: "random" });
});

test("2 to 5 players", () => {
  for (const count of [2, 5]) assert.equal(gameFromQuery(`?players=${Array(count).fill("human")}`).seats.length, count);
  for (const count of [1, 6]) assert.throws(() => gameFromQuery(`?players=${Array(count).fill("human")}`), QueryError);
});

test("an unknown kind of player is refused, naming it", () => {
  assert.throws(
    () => gameFromQuery("?players=human,wizard"),
    (error) => error instanceof QueryError && error.message === "players: wizard",
  );
  assert.throws(() => gameFromQuery("?players=human,"), QueryError);
});

test("1 to 10 rounds, written as a whole number", () => {
  assert.equal(gameFromQuery("?players=human,human&rounds=10").rounds, 10);
  for (const rounds of ["0", "11", "-1", "2.5", "1e1", "three", ""]) {
    assert.throws(() => gameFromQuery(`?players=human,human&rounds=${rounds}`), QueryError, rounds);
  }
});

test("first= names one of the seats", () => {
  assert.equal(gameFromQuery("?players=human,human,human&first=2").firstPlayer, 2);
  assert.throws(() => gameFromQuery("?players=human,human&first=2"), QueryError);
});

test("a seed is any whole number a double holds exactly", () => {
  assert.equal(gameFromQuery(`?players=human,human&seed=${Number.MAX_SAFE_INTEGER}`).seed, Number.MAX_SAFE_INTEGER);
  assert.throws(() => gameFromQuery("?players=human,human&seed=9007199254740992"), QueryError);
  assert.throws(() => gameFromQuery("?players=human,human&seed=-1"), QueryError);
});

test("speed= is one of the speeds, else none", () => {
  assert.equal(speedFromQuery("?speed=instant"), "instant");
  assert.equal(speedFromQuery("?speed=warp"), null);
  assert.equal(speedFromQuery(""), null);
});

test("a game link is the address's #game= fragment, whole; any other fragment is none", () => {
  assert.equal(linkFromAddress("#game=d1.eNqrVkpKzchXsjLUUcpLzE1VslJyVKoFAD"), "#game=d1.eNqrVkpKzchXsjLUUcpLzE1VslJyVKoFAD");
  assert.equal(linkFromAddress("#game=d9.AAAA"), "#game=d9.AAAA"); // another format: the engine says why it cannot read it
  assert.equal(linkFromAddress(""), null);
  assert.equal(linkFromAddress("#main"), null);
});

test("the link to share is the site's address with the fragment, without the settings' query", () => {
  assert.equal(siteLink("#game=d1.abc-_", "https://example.org/dozito/?lang=fr&speed=fast#old"), "https://example.org/dozito/#game=d1.abc-_");
  assert.equal(siteLink("#game=d1.x", "http://127.0.0.1:8000/index.html"), "http://127.0.0.1:8000/index.html#game=d1.x");
});
