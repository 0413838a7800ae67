"""The turns as the engine tells them: turn data on events and log entries,
``turn_end``, the view's targets, recap, marks and last-round state, and the
bounded changes an answer carries for the page's log and save."""

from __future__ import annotations

import json
import random
from typing import Any

from dozito import Game
from dozito.actions import decode
from scenario import record
from test_bridge import call, ok
from test_undo import TABLE_DECK


class Page:
    """What a page keeps: the log and the save's parts, changed only by the
    splices the engine's answers carry (as web/js/session.js does)."""

    def __init__(self, started: dict[str, Any]) -> None:
        self.log: list[dict[str, Any]] = started["log"]
        self.head: str = started["record_head"]
        self.actions: list[str] = started["actions"]
        self.aids: list[dict[str, Any]] = started["aids"]
        self.view: dict[str, Any] = started["view"]

    def take(self, answer: dict[str, Any]) -> dict[str, Any]:
        keep, added = answer["log_change"]
        del self.log[keep:]
        self.log += added
        for name in ("actions", "aids"):
            keep, added = answer["record_change"][name]
            del getattr(self, name)[keep:]
            getattr(self, name).extend(added)
        self.view = answer.get("view", self.view)
        return answer

    def reload(self) -> dict[str, Any]:
        return ok(op="load", text=self.head, actions=self.actions, aids=self.aids)


def play_out(seed: int, players: int = 3, aids: bool = True) -> Page:
    """A random game with hints and undos, checked as it goes."""
    rng = random.Random(seed)
    page = Page(ok(op="new", players=[f"P{i}" for i in range(players)], seed=seed, rounds=2))
    while page.view["phase"] != "game_over":
        if aids and rng.random() < 0.1:
            page.take(ok(op="hint"))
        if aids and page.view["undoable"] and rng.random() < 0.3:
            page.take(ok(op="undo"))
        before = len(page.actions)
        answer = page.take(ok(op="bot", level="random"))
        assert answer["record_change"]["actions"] == [before, [answer["action"]]]
    return page


def test_every_log_entry_carries_its_turn_round_and_step() -> None:
    page = play_out(5, aids=False)
    log = page.log
    assert log[0] == {"type": "round_start", "round": 1, "starter": 0, "turn": 0, "step": 0}
    ends = [e for e in log if e["type"] == "turn_end"]
    assert [e["turn"] for e in ends] == list(range(1, len(ends) + 1))
    assert page.view["turn"] == len(ends)
    turn, step, rnd = 1, 0, 1
    after = ("reshuffle", "round_scored", "round_start", "game_over")
    for entry in log[1:]:
        if entry["type"] == "round_start":
            rnd = entry["round"]
        # What follows from a turn's end is told with the turn that ended.
        assert entry["turn"] == (turn - 1 if entry["type"] in after else turn), entry
        assert entry["round"] == rnd and entry["step"] >= step
        step = entry["step"]
        if entry["type"] == "turn_end":
            turn += 1
    assert step == len(page.actions)


def turns_of(log: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Each turn's own events: from its draw or take to its turn_end."""
    turns: list[list[dict[str, Any]]] = []
    for entry in log[1:]:
        if entry["type"] in ("draw", "take"):
            turns.append([])
        if turns and turns[-1][-1:] != [] and turns[-1][-1]["type"] == "turn_end":
            continue  # what followed the turn's end
        turns[-1].append(entry)
    return turns


def test_a_turn_end_sums_up_its_turn() -> None:
    page = play_out(8, aids=False)
    replays = 0
    for events in turns_of(page.log):
        end = events[-1]
        kinds = [e["type"] for e in events]
        first, places = events[0], [e for e in events if e["type"] == "place"]
        assert kinds.count("turn_end") == 1 and end["seat"] == first["seat"]
        assert end["start"]["kind"] == first["type"] and end["first"] == first["card"]
        assert end["start"].get("pile") == first.get("pile")
        assert end["chain"] == len(places) == len(end["placed"])
        assert [p["spot"] for p in end["placed"]] == [p["spot"] for p in places]
        assert [p["revealed"] for p in end["placed"]] == [not p["replaced_was_up"] for p in places]
        discard = next(e for e in events if e["type"] == "discard")
        assert end["discard"] == {"pile": discard["pile"], "card": discard["card"]}
        # The turn_end follows the discard and what it caused to the seat.
        assert kinds[kinds.index("discard") + 1 :] in (
            ["turn_end"],
            ["extra_turn", "turn_end"],
            ["round_end_triggered", "turn_end"],
        )
        assert end["replay"] == ("extra_turn" in kinds)
        assert end["completed"] == ("round_end_triggered" in kinds)
        replays += end["replay"]
    assert replays  # the seed plays a Replay card: the next turn is the same seat's
    ends = [t[-1] for t in turns_of(page.log)]
    for end, after in zip(ends, ends[1:], strict=False):
        assert end["next"] == after["seat"]
        assert (end["next"] == end["seat"]) == end["replay"] or end["scored"] is not None
    scored = [e for e in ends if e["scored"] is not None]
    assert [e["scored"] for e in scored] == [1, 2] and ends[-1]["next"] is None
    best = [max([e["chain"] for e in ends if e["seat"] == s], default=0) for s in range(3)]
    assert page.view["best_chains"] == best


def test_an_instant_win_ends_the_turn_without_a_discard() -> None:
    from scenario import instant_win

    log = ok(op="load", text=json.dumps(instant_win()))["log"]
    end = log[-2]
    assert [e["type"] for e in log[-4:]] == ["place", "instant_win", "turn_end", "game_over"]
    assert end["instant_win"] and end["discard"] is None and end["next"] is None


def test_targets_are_the_legal_actions_with_what_they_act_on() -> None:
    rng = random.Random(2)
    view = ok(op="new", players=["A", "B"], seed=2)["view"]
    seen: set[str] = set()
    for _ in range(120):
        targets = view["targets"]
        named = [t["action"] for key in ("take", "spots", "discard") for t in targets[key]]
        named += [targets["draw"]] if targets["draw"] else []
        assert sorted(named) == sorted(view["legal_actions"])
        for key, field in (("take", "pile"), ("spots", "spot"), ("discard", "pile")):
            for target in targets[key]:
                assert decode(target["action"]).arg == target[field]
                seen.add(key)
        assert targets["can_place"] == bool(targets["spots"])
        assert targets["can_discard"] == bool(targets["discard"])
        view = ok(op="act", action=rng.choice(view["legal_actions"]))["view"]
    assert seen == {"take", "spots", "discard"} and view["grid"] == {"rows": 3, "columns": 4}


def test_the_recap_holds_the_turns_since_the_seat_to_play_last_played() -> None:
    ok(op="new", players=["A", "B", "C"], seed=11)
    view = ok(op="act", action="take:0")["view"]
    spot = view["targets"]["spots"][0]["spot"]
    view = ok(op="act", action=view["targets"]["spots"][0]["action"])["view"]
    view = ok(op="act", action=view["targets"]["discard"][0]["action"])["view"]
    assert [e["seat"] for e in view["recap"]] == [0]  # B never played: every turn so far
    assert view["changed"] == [[spot], [], []] and view["last_turns"] == [1, None, None]
    for seat in (1, 2):
        view = ok(op="act", action="draw")["view"]
        assert view["changed"][seat] == []  # a turn begun clears its seat's marks
        view = ok(op="act", action=view["targets"]["discard"][0]["action"])["view"]
    recap = view["recap"]
    assert view["current"] == 0 and [e["seat"] for e in recap] == [1, 2]
    assert [e["turn"] for e in recap] == [2, 3] and view["changed"][0] == [spot]
    assert recap[0]["placed"] == [] and recap[0]["start"] == {"kind": "draw"}


def test_the_last_round_names_its_ender_and_the_seats_still_to_play() -> None:
    ok(op="new", players=["P0", "P1", "P2"], seed=3, rounds=2)
    completed = False
    while True:
        answer = ok(op="bot", level="random")
        view = answer["view"]
        if any(e["type"] == "round_end_triggered" for e in answer["events"]):
            completed = True
            ender = answer["events"][0]["seat"]
            n = 3
            expected = [(ender + k) % n for k in range(1, n)]
            assert view["last_round"] == {"ender": ender, "remaining": expected}
            assert view["ender"] == ender
        elif completed and view["last_round"] is not None:
            assert view["last_round"]["remaining"][0] == view["current"]
        if any(e["type"] == "round_scored" for e in answer["events"]):
            assert view["last_round"] is None
            break
    assert completed


def test_a_reload_shows_the_same_log_recap_and_marks() -> None:
    for seed in (1, 4):
        page = play_out(seed)
        assert page.view["phase"] == "game_over"
        last = page.view
        again = page.reload()
        assert again["log"] == page.log  # the splices kept the page's log the engine's
        assert again["view"] == last
        assert json.loads(again["record_text"]) == json.loads(ok(op="record")["record_text"])
    # Mid-game too, after hints and undos.
    page = Page(ok(op="load", text=json.dumps(record(2, [TABLE_DECK], rounds=2))))
    for step in ("take:0", "hint", "undo", "take:0", "place:6", "discard:0", "draw", "hint"):
        page.take(ok(op=step) if step in ("hint", "undo") else ok(op="act", action=step))
    before = ok(op="view")["view"]
    again = page.reload()
    assert again["log"] == page.log and again["view"] == before
    assert [a["kind"] for a in page.aids] == ["hint", "undo", "hint"]


def test_answers_do_not_grow_with_the_game() -> None:
    ok(op="new", players=["A", "B"], seed=6, rounds=10)
    sizes = []
    for _ in range(600):
        answer = call(op="bot", level="random")["result"]
        sizes.append(len(json.dumps(answer)))
        assert answer["record_change"]["actions"][1] == [answer["action"]]
        if answer["view"]["phase"] == "game_over":
            break
    assert len(sizes) == 600  # long enough to tell
    early, late = max(sizes[:100]), max(sizes[-100:])
    assert late < 2 * early


def test_load_takes_a_head_with_the_actions_and_aids_beside_it() -> None:
    full = record(2, [TABLE_DECK], ["take:0"], aids=[{"at": 0, "kind": "hint"}])
    head = {k: v for k, v in full.items() if k not in ("actions", "aids")}
    split = ok(op="load", text=json.dumps(head), actions=full["actions"], aids=full["aids"])
    assert split == ok(op="load", text=json.dumps(full))
    refused = call(op="load", text=json.dumps(full), actions=["draw"])["error"]
    assert refused["type"] == "MalformedError" and "both in the record" in refused["message"]
    assert Game.from_record(full).moves == 1


def test_an_undo_right_after_a_load_replays_and_agrees() -> None:
    dealt = ok(op="load", text=json.dumps(record(2, [TABLE_DECK])))
    ok(op="load", text=json.dumps(record(2, [TABLE_DECK], ["take:0"])))
    undone = ok(op="undo")  # no state kept from before the load: the game is replayed
    assert undone["view"] == dealt["view"] and undone["undone"] == "take:0"
    assert undone["log_change"] == [1, [{**undone["log_change"][1][0], "kind": "undo"}]]
    assert undone["record_change"] == {"actions": [0, []], "aids": [0, [{"at": 0, "kind": "undo"}]]}
