"""Games as links (dozito.link): round trips, the 600-character bound, and
typed refusals of links that are not games of this format."""

from __future__ import annotations

import json
import random

import pytest

from dozito import Game, bridge
from dozito.bots import get_bot
from dozito.link import LinkError, game_of_link, link_of, record_of_link
from dozito.record import game_from_record


def played(players: int, rounds: int, seed: int, level: str, stop: float = 1.0) -> Game:
    """A game of bots of ``level``, cut off after a share ``stop`` of its moves."""
    g = Game.new([f"p{i}" for i in range(players)], rounds=rounds, seed=seed)
    bot, rng = get_bot(level), random.Random(seed)
    full = g.clone()
    while not full.over:
        full.apply(bot.choose(full.observation(full.current), rng))
    for action in full.history()[: int(stop * full.moves)]:
        g.apply(action)
    return g


def test_round_trip_on_random_games_of_every_size() -> None:
    rng = random.Random(4)
    for k in range(40):
        players, rounds = 2 + k % 4, 1 + k % 3
        game = played(players, rounds, 100 + k, "random", stop=rng.choice([0.0, 0.3, 0.77, 1.0]))
        seats = ["human"] + [rng.choice(["casual", "sharp", "human"]) for _ in range(players - 1)]
        link = link_of(game, seats)
        back, back_seats = game_of_link("https://example.org/dozito/" + link)
        assert back.history() == game.history() and back.names == game.names
        assert back_seats == seats and back.over == game.over
        assert back.seed == game.seed and back.rounds == game.rounds
        assert game_from_record(record_of_link(link)).history() == game.history()


def test_a_3_round_4_player_game_fits_in_600_characters() -> None:
    longest = 0
    for seed in range(60):
        for level in ("random", "rookie", "casual"):
            game = played(4, 3, seed, level)
            longest = max(longest, len(link_of(game, ["human", "sharp", "sharp", "sharp"])))
    assert 100 < longest <= 600


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("#game=d9.eJwLAAA", "format 'd9', which this version cannot read (it reads 'd1')"),
        ("https://example.org/#nothing", "not a Dozito game link"),
        ("#game=d1.!!!!", "damaged"),
        ("#game=d1.AAAA", "damaged"),
    ],
)
def test_links_that_are_not_games_are_refused_in_words(text: str, words: str) -> None:
    with pytest.raises(LinkError, match=words.replace("(", r"\(").replace(")", r"\)")):
        record_of_link(text)


def test_a_tampered_link_is_refused() -> None:
    link = link_of(played(3, 2, 9, "casual"))
    rng = random.Random(2)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for _ in range(50):
        at = rng.randrange(len("#game=d1."), len(link))
        other = rng.choice([c for c in alphabet if c != link[at]])
        with pytest.raises(LinkError):
            record_of_link(link[:at] + other + link[at + 1 :])
    with pytest.raises(LinkError):
        record_of_link(link[:-6])  # cut short


def test_a_link_whose_moves_do_not_replay_is_refused() -> None:
    import base64
    import zlib

    header = {"players": ["a", "b"], "rounds": 1, "first_player": 0, "seed": 1, "moves": 5}
    data = json.dumps(header).encode() + b"\0" + (10**40).to_bytes(17, "big")
    body = base64.urlsafe_b64encode(zlib.compress(data)).rstrip(b"=").decode()
    with pytest.raises(LinkError, match="does not replay"):
        record_of_link("#game=d1." + body)
    out = json.loads(bridge.handle('{"op": "link_open", "link": "#game=d1.AAAA"}'))
    assert out["error"]["type"] == "LinkError"


def test_the_bridge_gives_and_opens_links() -> None:
    out = json.loads(
        bridge.handle(
            '{"op": "new", "players": ["Ann", "Bob"], "seed": 8, "seats": ["human", "casual"]}'
        )
    )
    assert out["ok"]
    for action in ("draw", "discard:0"):
        bridge.handle(json.dumps({"op": "act", "action": action}))
    link = json.loads(bridge.handle('{"op": "link"}'))["result"]["link"]
    bridge.handle('{"op": "new", "players": ["X", "Y", "Z"]}')
    opened = json.loads(bridge.handle(json.dumps({"op": "link_open", "link": link})))["result"]
    assert opened["seats"] == ["human", "casual"] and opened["view"]["names"] == ["Ann", "Bob"]
    assert json.loads(opened["record_text"])["actions"] == ["draw", "discard:0"]
