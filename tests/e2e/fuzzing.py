"""Random-click games: a hostile player against the page, one seeded game at a time.

Shared by the CI test (tests/e2e/test_fuzz.py) and the long run
(tests/bench/fuzz_games.py). Only the page contract is used
(docs/page-contract.md): `data-action` targets, the status's
`data-phase` / `data-current` / `data-winners` and the score table.

A game's seed picks its table (2 to 5 seats, each a human or a bot of a
random level), its window size and every move the player makes: mostly a
click on a random `[data-action]` element, now and then a rapid double
click, a stray click on something that plays nothing (a disabled spot, a
card, the status, the score table) or a key press on the board. After every
move the page must settle into a state the contract allows (see `settle`),
with no console error and no sideways scrolling; at the game's end, the
record the page exports must replay under `python -m dozito replay` to the
totals and winners the page shows.

Over 300 lines: the fuzzer is one player, its moves and its checks, which the
CI test and the long run share whole; nearly a quarter of it is the
JavaScript it runs in the page.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
STATUS = "[data-testid=status]"
PHASES = ("loading", "setup", "turn", "round-end", "game-over")
PLAYING = ("turn", "round-end", "game-over")
"""The phases a game shows once it has started: never back to setup or loading."""
ACTIONS = {
    "draw",
    "take:0",
    "take:1",
    "discard:0",
    "discard:1",
    "continue",
    *(f"place:{spot}" for spot in range(1, 13)),
}
BOT_LEVELS = ("rookie", "casual", "sharp", "expert")
VIEWPORTS = (
    {"width": 1280, "height": 800},
    {"width": 1024, "height": 768},
    {"width": 390, "height": 844},
)
KEYS = ("Enter", " ", "Escape", "Tab", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")
BOOT_MS = 60_000
STALL_MS = 10_000
"""How long the page may show nothing to click without changing at all."""
BUSY_MS = 120_000
"""How long bots may play before the page shows a human's turn or a round's end."""
MOVES = 1500
"""Moves after which a game that has not ended counts as stuck."""

# Before the page's own scripts: count every change to the document, so
# that `settle` can tell bots at work from a page that froze.
INIT_SCRIPT = """(() => {
  window.__fuzzChanges = 0;
  new MutationObserver((records) => (window.__fuzzChanges += records.length)).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
})();"""

# Waits inside the page (no round trip per poll) until it shows something
# to do, or the game's end, or an impossible phase; or until it has shown
# nothing to do and not changed for stallMs. A state counts once the
# document has not changed between two polls, so that a view half drawn is
# never judged.
SETTLE_JS = """async ({ stallMs, busyMs }) => {
  const targets = () => [...document.querySelectorAll("[data-action]")];
  const visible = (e) => e.checkVisibility() && !e.disabled;
  const snap = () => {
    const s = document.querySelector('[data-testid="status"]');
    const root = document.documentElement;
    return {
      phase: s?.dataset.phase ?? null,
      current: s?.dataset.current ?? null,
      winners: s?.dataset.winners ?? null,
      actions: targets().filter(visible).map((e) => e.dataset.action),
      hidden: targets().filter((e) => !visible(e)).length,
      scroll: root.scrollWidth - root.clientWidth,
      changes: window.__fuzzChanges,
    };
  };
  let last = snap();
  const start = performance.now();
  let since = start;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 15));
    const now = snap();
    const still = now.changes === last.changes;
    last = now;
    if (!still) since = performance.now();
    else if (now.phase === "game-over" || now.actions.length) return { ...now, stalled: false };
    else if (!["turn", "round-end"].includes(now.phase)) return { ...now, stalled: false };
    if (performance.now() - since > stallMs) return { ...now, stalled: "froze" };
    if (performance.now() - start > busyMs) return { ...now, stalled: "never settled" };
  }
}"""

# Elements a player might hit by mistake: inside the contract's regions,
# visible in the window, carrying no action. Returns their centres.
STRAY_TARGETS_JS = """() => {
  const regions = ['[data-testid="board"]', '[data-testid="status"]', '[data-testid="scores"]'];
  const out = [];
  for (const el of document.querySelectorAll(regions.map((r) => `${r}, ${r} *`).join(", "))) {
    if (el.closest("[data-action]") || !el.checkVisibility()) continue;
    const box = el.getBoundingClientRect();
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    if (box.width < 2 || box.height < 2 || x > innerWidth || y < 0 || y > innerHeight) continue;
    out.push({ x, y, what: el.tagName.toLowerCase()
      + (el.className && typeof el.className === "string" ? "." + el.className.split(" ")[0] : "")
      + (el.disabled ? ":disabled" : "") });
  }
  return out;
}"""

# Where a mouse hits the element that carries an action: its centre, once
# scrolled into view; `covered` names what would take the click instead.
AIM_JS = """(action) => {
  const el = [...document.querySelectorAll("[data-action]")]
    .find((e) => e.dataset.action === action && e.checkVisibility() && !e.disabled);
  el.scrollIntoView({ block: "nearest", inline: "nearest" });
  const box = el.getBoundingClientRect();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  const covered = hit && el.contains(hit) ? null : (hit?.outerHTML ?? "nothing").slice(0, 120);
  return { x, y, covered };
}"""

# A key press lands where a keyboard player would be: on a control of the board.
FOCUS_JS = """(pick) => {
  const board = '[data-testid="board"]';
  const all = [...document.querySelectorAll(`${board} button, ${board} [tabindex]`)]
    .filter((e) => e.checkVisibility());
  const el = all.length ? all[Math.floor(pick * all.length)] : null;
  el?.focus();
  if (!el) return "body";
  return (el.dataset.action ?? el.getAttribute("aria-label") ?? el.tagName).slice(0, 40);
}"""


class FuzzFailure(AssertionError):
    """A fuzzed game broke a rule; the message names the seed and the moves made."""


@dataclass(frozen=True)
class Table:
    """The game a seed asks for: its seats and the window it is played in."""

    seed: int
    seats: tuple[str, ...]
    viewport: dict[str, int]

    @classmethod
    def from_seed(cls, seed: int) -> Table:
        rng = random.Random(f"table {seed}")
        size = 2 + seed % 4  # any four seeds in a row play every table size
        # Humans are what the fuzzer plays, so most tables have some; one in
        # six is all bots (it only waits for `continue`), some all humans.
        humans = 0 if rng.random() < 1 / 6 else rng.randint(1, size)
        seats = ["human"] * humans + [rng.choice(BOT_LEVELS) for _ in range(size - humans)]
        rng.shuffle(seats)
        return cls(seed, tuple(seats), rng.choice(VIEWPORTS))

    @property
    def query(self) -> str:
        return f"?players={','.join(self.seats)}&rounds=1&seed={self.seed}&speed=instant"


@dataclass
class Outcome:
    """What a game did: its moves (for a failure's report), the actions it
    clicked, the phases it settled in, and how it ended."""

    table: Table
    moves: list[str] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    """Moves by kind: click, double click, stray click, key."""
    actions: int = 0
    phases: Counter[str] = field(default_factory=Counter)
    totals: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)


class Fuzzer:
    """Plays one seeded game in a page opened fresh (its context unused so far).

    errors: the list the page's console errors go to, read after every move.
    """

    def __init__(self, page: Page, site_url: str, table: Table, errors: list[str]) -> None:
        self.page = page
        self.site_url = site_url
        self.table = table
        self.errors = errors
        self.rng = random.Random(f"moves {table.seed}")
        self.outcome = Outcome(table)

    def fail(self, why: str) -> FuzzFailure:
        moves = self.outcome.moves
        return FuzzFailure(
            f"fuzz game seed={self.table.seed} {self.table.query} "
            f"viewport {self.table.viewport['width']}x{self.table.viewport['height']}: {why}\n"
            f"after {len(moves)} moves (last 40): {moves[-40:]}\n"
            f"play it again: tests/bench/fuzz_games.py --seed {self.table.seed} --games 1"
        )

    def play(self, record_dir: Path) -> Outcome:
        """Play to the game's end, export its record into record_dir and check its replay."""
        page = self.page
        page.add_init_script(INIT_SCRIPT)
        try:
            page.goto(self.site_url + self.table.query)
            page.wait_for_function(
                "() => !['loading', undefined].includes("
                "document.querySelector('[data-testid=status]')?.dataset.phase)",
                timeout=BOOT_MS,
            )
            state = self.settle()
            while state["phase"] != "game-over":
                if len(self.outcome.moves) >= MOVES:
                    raise self.fail(f"no game over after {MOVES} moves")
                self.move(state["actions"])
                state = self.settle()
            self.check_replay(record_dir)
        except PlaywrightError as error:
            raise self.fail(f"{type(error).__name__}: {error}") from error
        return self.outcome

    # --- moves -----------------------------------------------------------------

    def move(self, actions: list[str]) -> None:
        """One move of a hostile player, mostly a legal click."""
        roll = self.rng.random()
        if roll < 0.05:
            self.stray_click()
        elif roll < 0.09:
            self.key_press()
        elif roll < 0.13:
            self.click(self.rng.choice(actions), double=True)
        else:
            self.click(self.pick(actions))

    def pick(self, actions: list[str]) -> str:
        """Now and then any action; else one that ends rounds sooner (placing
        fills the grid), so that games stay short."""
        if self.rng.random() < 0.3:
            return self.rng.choice(actions)
        for prefix in ("continue", "place:", "draw"):
            preferred = [a for a in actions if a.startswith(prefix)]
            if preferred:
                return self.rng.choice(preferred)
        return self.rng.choice(actions)

    def click(self, action: str, *, double: bool = False) -> None:
        """Click (or double-click) the element that carries action, as a mouse
        would: where it shows, after scrolling it into view."""
        aim = self.page.evaluate(AIM_JS, action)
        if aim["covered"]:
            raise self.fail(f"the target of {action} is covered by {aim['covered']}")
        if double:
            self.page.mouse.dblclick(aim["x"], aim["y"])
        else:
            self.page.mouse.click(aim["x"], aim["y"])
        self.note("double click" if double else "click", f"{'double ' if double else ''}{action}")
        self.outcome.actions += 2 if double else 1

    def stray_click(self) -> None:
        targets = self.page.evaluate(STRAY_TARGETS_JS)
        if not targets:
            return
        target = self.rng.choice(targets)
        self.page.mouse.click(target["x"], target["y"])
        self.note("stray click", f"stray {target['what']}")

    def key_press(self) -> None:
        focused = self.page.evaluate(FOCUS_JS, self.rng.random())
        key = self.rng.choice(KEYS)
        self.page.keyboard.press(key)
        self.note("key", f"key {key!r} on {focused}")

    def note(self, kind: str, move: str) -> None:
        self.outcome.kinds[kind] += 1
        self.outcome.moves.append(move)

    # --- checks ------------------------------------------------------------------

    def settle(self) -> dict[str, Any]:
        """Wait for the page to show what comes next, and check that it is a
        state the contract allows."""
        limits = {"stallMs": STALL_MS, "busyMs": BUSY_MS}
        state: dict[str, Any] = self.page.evaluate(SETTLE_JS, limits)
        phase, actions, seats = state["phase"], state["actions"], self.table.seats
        self.outcome.phases[phase] += 1
        if self.errors:
            raise self.fail(f"console errors: {self.errors}")
        if phase not in PLAYING:
            raise self.fail(f"phase {phase!r} during a game (contract: {PHASES})")
        if state["scroll"] > 0:
            raise self.fail(f"the page scrolls sideways by {state['scroll']} px")
        if unknown := set(actions) - ACTIONS:
            raise self.fail(f"unknown data-action values {sorted(unknown)}")
        current = state["current"]
        if phase == "turn":
            if not (current or "").isdigit() or int(current) >= len(seats):
                raise self.fail(f"turn with data-current={current!r}")
            if actions and actions != ["continue"] and seats[int(current)] != "human":
                raise self.fail(f"actions {actions} offered while bot seat {current} is to play")
        elif current is not None:
            raise self.fail(f"data-current={current!r} in phase {phase}")
        if phase == "round-end" and set(actions) - {"continue"}:
            raise self.fail(f"actions {actions} offered at a round's end")
        if phase == "game-over" and (actions or state["hidden"]):
            raise self.fail(f"actions {actions} still offered at game over")
        if state["stalled"]:
            who = "a human" if phase == "turn" and seats[int(current)] == "human" else "the bots"
            how = (
                f"and no change for {STALL_MS // 1000} s"
                if state["stalled"] == "froze"
                else f"within {BUSY_MS // 1000} s"
            )
            raise self.fail(
                f"{state['stalled']}: phase {phase}, seat {current} ({who} to play):"
                f" nothing to click {how}"
            )
        return state

    def check_replay(self, record_dir: Path) -> None:
        """The page's final totals and winners, against its exported record's replay."""
        page, outcome = self.page, self.outcome
        winners = page.get_attribute(STATUS, "data-winners") or ""
        if not re.fullmatch(r"\d(,\d)*", winners):
            raise self.fail(f"data-winners={winners!r} at game over")
        outcome.winners = [int(seat) for seat in winners.split(",")]
        totals = page.eval_on_selector_all(
            "[data-testid=scores] tbody tr", "rows => rows.map(r => r.lastElementChild.textContent)"
        )
        numbers = all(re.fullmatch(r"-?\d+", total) for total in totals)
        if len(totals) != len(self.table.seats) or not numbers:
            raise self.fail(f"the score table's totals read {totals}")
        outcome.totals = [int(total) for total in totals]

        export = page.get_by_role("button", name=re.compile(r"^export", re.I))
        if not export.is_visible():  # below 1200 px the entries are folded behind Menu
            page.click("#menu-button", timeout=5000)
        with page.expect_download(timeout=10_000) as download:
            export.click(timeout=5000)
        record = record_dir / f"fuzz-{self.table.seed}.json"
        download.value.save_as(record)
        result = replay(record)
        if "error" in result:
            raise self.fail(f"the exported record does not replay: {result['error']}")
        if result["phase"] != "game_over":
            raise self.fail(f"the exported record replays to phase {result['phase']}")
        if (result["totals"], result["winners"]) != (outcome.totals, outcome.winners):
            raise self.fail(
                f"the page shows totals {outcome.totals}, winners {outcome.winners}; its record"
                f" replays to totals {result['totals']}, winners {result['winners']} ({record})"
            )


def replay(record: Path) -> dict[str, Any]:
    """`python -m dozito replay record` from the repository: its JSON, or {"error": stderr}."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    done = subprocess.run(
        [sys.executable, "-m", "dozito", "replay", str(record)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    if done.returncode:
        return {"error": done.stderr.strip() or f"exit status {done.returncode}"}
    result: dict[str, Any] = json.loads(done.stdout)
    return result
