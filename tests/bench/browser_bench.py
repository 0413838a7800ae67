#!/usr/bin/env python3
"""Browser benchmark of the built site, in headless Chromium on this machine.

    python3 build.py bench [--runs N] [--json]       build dist/, then run this
    .venv/bin/python tests/bench/browser_bench.py [--runs N] [--bot-games N] [--json]

What it measures, over --runs runs (medians reported), on a snapshot of dist/
(copied under build.py's lock, so that a concurrent build cannot change it
mid-run) served by build.py's own server:

- time to playable: from navigation start to the first moment the page shows
  `[data-testid=status][data-phase=turn]` with a `[data-action]` to click, for
  `?players=human,casual&rounds=1&seed=N&speed=instant`, timed inside the page.
  Cold: a fresh persistent context (new user-data-dir, so no HTTP cache, no
  code cache, no service worker); warm: the second navigation in that same
  context; warm2: the third. Before the warm loads, a service worker the page
  registered is given time to become active, and the result says whether it
  controlled the warm load (`sw_controlled`, `sw_responses`). Two variants:
  `game` (the site as built) and `game_nosw` (service workers blocked, so
  the HTTP cache alone).
- beside them, in the same run and in rotating order, `bare`: a page
  (generated into a temp dir and served on a second port) that calls
  `loadPyodide` from the SAME vendored npm files with their DEFAULT
  python_stdlib.zip, timed from navigation start to `loadPyodide` resolving;
  cold and warm the same way. The aims compare with its cold median.
- beside every boot's wall time, the CPU time all of that Chromium's
  processes used for it (from /proc: browser, renderer with its worker and
  compile threads, network, GPU), which depends far less on the machine's load.
- main-thread long tasks (PerformanceObserver 'longtask', injected with
  add_init_script) during each boot, and during all-bot games played by the
  page at `speed=instant` (the busiest redraw path) and `speed=fast` (animated).
- bot decision time per level inside Pyodide: the bridge's `bot` op reports
  `ms` per decision. As `python -m dozito bench --bots` does under CPython,
  each level plays seat 0 against casual bots, 2 to 5 players in turn, and
  only its decisions with a choice are timed (but games of --bot-rounds
  rounds, 1 by default, where the CPython bench plays 3). The games are driven
  through the worker client (js/engine/client.js) from a page of the site's
  origin, the levels taking turns game by game; median / p95 / max per level,
  and the round trip seen by the page.

- the transfer size of a cold visit, gzip-compressed (level 6, as a host that
  compresses would send it): the files fetched up to the playable board, and
  the whole site the service worker then stores for offline play.

Aims (issue #16): cold <= 0.4 x bare cold, warm <= 0.2 x bare cold, no
main-thread long task over 100 ms (under 50 ms during an all-bot round at
speed=instant), expert decision p95 < 300 ms.

The machine's load average is recorded at every run: on a shared 2-core
machine, take the numbers as medians under that load, not as absolutes.
Not a pytest module (no test_ prefix): run it by hand or via build.py.
Over 300 lines because the boots, the bot games and the transfer sizes are one
measurement: one snapshot of the site, one Chromium, the boots in rotating
order so that they share the machine's load, and one report.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import gzip
import importlib.util
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

from playwright.sync_api import (
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    sync_playwright,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


# The e2e conftest loads build.py (server, find_chromium) and holds the
# Chromium flags the tests use: reuse both rather than copy them.
conftest = _load("dozito_e2e_conftest", ROOT / "tests" / "e2e" / "conftest.py")
site_build: ModuleType = conftest.site_build
CHROMIUM_ARGS: list[str] = conftest.CHROMIUM_ARGS

GAME_QUERY = "?players=human,casual&rounds=1&seed={seed}&speed=instant"
BOT_LEVELS = ("rookie", "casual", "sharp", "expert")
TEMPS = ("cold", "warm", "warm2")
KINDS = ("game", "game_nosw", "bare")
"""The site as it is, the site with service workers blocked, the bare page."""
BOOT_TIMEOUT_MS = 120_000

# The script and the icon are files of their own: the server sends the
# site's content security policy, which refuses inline scripts and data: URLs.
BARE_HTML = """<!doctype html>
<meta charset="utf-8"><link rel="icon" href="./favicon.ico"><title>bare pyodide</title>
<script type="module" src="./bare.js"></script>
"""
BARE_JS = """// The straightforward boot: the npm files as they are, the default stdlib zip.
import { loadPyodide } from "./pyodide/pyodide.mjs";
const start = performance.now();
const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", location).href });
window.__bare = { start, ready: performance.now(), version: pyodide.version };
"""

# Runs in every page before its own scripts: long tasks, and the moment the
# board is playable (or, for an all-bot table, first shows a turn).
INIT_SCRIPT = """(() => {
  const b = (window.__bench = { longtasks: [], playable: null, firstTurn: null, roundEnd: null });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) b.longtasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (error) {
    b.longtaskError = String(error);
  }
  const check = () => {
    const status = document.querySelector('[data-testid="status"]');
    if (!status) return;
    const now = performance.now();
    const phase = status.dataset.phase;
    if (phase === "turn" && b.firstTurn === null) b.firstTurn = now;
    const actions = document.querySelector("[data-action]");
    if (phase === "turn" && b.playable === null && actions) b.playable = now;
    if ((phase === "round-end" || phase === "game-over") && b.roundEnd === null) b.roundEnd = now;
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["data-phase", "data-action"],
  });
})();"""

# As `python -m dozito bench --bots` does under CPython: the level plays seat
# 0 against casual bots, 2 to 5 players in turn, and only its decisions with
# more than one legal action are timed. Here the levels take turns game by
# game, so that they share the machine's load.
BOT_DECISIONS_JS = """async ({ levels, games, rounds, seed }) => {
  const { startEngine } = await import("./js/engine/client.js");
  const engine = await startEngine({ timeoutMs: 120000 });
  const out = Object.fromEntries(levels.map((l) => [l, { ms: [], roundTrip: [], games: 0 }]));
  for (let g = 0; g < games; g++) {
    const players = ["A", "B", "C", "D", "E"].slice(0, 2 + (g % 4));
    for (const level of levels) {
      let r = await engine.request({ op: "new", players, rounds, seed: seed + g });
      while (r.view.phase !== "game_over") {
        const timed = r.view.current === 0 && r.view.legal_actions.length > 1;
        const t = performance.now();
        r = await engine.request({ op: "bot", level: r.view.current === 0 ? level : "casual" });
        if (timed) {
          out[level].roundTrip.push(performance.now() - t);
          out[level].ms.push(r.ms);
        }
      }
      out[level].games += 1;
    }
  }
  engine.terminate();
  return out;
}"""


# --- small helpers ----------------------------------------------------------------


def load_avg() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def median(xs: list[float]) -> float | None:
    return round(statistics.median(xs), 1) if xs else None


def percentile(xs: list[float], p: float) -> float | None:
    """The p-th percentile (nearest rank) of xs."""
    if not xs:
        return None
    s = sorted(xs)
    return round(s[min(len(s) - 1, max(0, round(p / 100 * len(s) + 0.5) - 1))], 1)


def note(message: str) -> None:
    print(
        f"[bench {time.strftime('%H:%M:%S')} load {load_avg()[0]:.2f}] {message}",
        file=sys.stderr,
        flush=True,
    )


@contextmanager
def served(directory: Path) -> Iterator[str]:
    """directory served by build.py's server on a free port; yields its URL ending in '/'."""
    with serving(site_build.make_server(directory, 0, quiet=True)) as url:
        yield url


@contextmanager
def serving(server: Any) -> Iterator[str]:
    """server run on a thread until the block ends; yields its URL ending in '/'."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def sites(dist: Path = site_build.DIST) -> Iterator[tuple[Path, Path]]:
    """(site, bare): a snapshot of dist/ (other builds may rewrite dist/ while
    the benchmark runs) and a folder holding the bare page beside a link to
    the Pyodide npm package (the runtime files dist/pyodide/ copies)."""
    with tempfile.TemporaryDirectory(prefix="dozito-bench-") as tmp:
        site, bare = Path(tmp) / "site", Path(tmp) / "bare"
        site_build.CACHE.mkdir(parents=True, exist_ok=True)
        with (site_build.CACHE / "lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # build.py's lock: not while a build writes dist/
            shutil.copytree(dist, site)
        bare.mkdir()
        (bare / "index.html").write_text(BARE_HTML)
        (bare / "bare.js").write_text(BARE_JS)
        (bare / "favicon.ico").touch()
        # The npm package itself: the site no longer ships its default stdlib and lock.
        (bare / "pyodide").symlink_to(site_build.PYODIDE_NPM, target_is_directory=True)
        yield site, bare


class Chromium:
    """Launches headless Chromium (build.py's find_chromium, the e2e tests' flags)."""

    def __init__(self, playwright: Playwright) -> None:
        executable = site_build.find_chromium()
        if executable is None:
            sys.exit(site_build.CHROMIUM_HINT)
        self.executable = executable
        self.playwright = playwright

    @contextmanager
    def persistent(self, *, block_sw: bool = False) -> Iterator[BrowserContext]:
        """A fresh persistent context: a new user-data-dir, so a cold HTTP cache
        (block_sw: with service workers refused, as if the site had none)."""
        with tempfile.TemporaryDirectory(prefix="dozito-bench-profile-") as profile:
            self.profile = profile
            context = self.playwright.chromium.launch_persistent_context(
                profile,
                executable_path=self.executable,
                args=CHROMIUM_ARGS,
                headless=True,
                service_workers="block" if block_sw else "allow",
            )
            try:
                yield context
            finally:
                context.close()

    def version(self) -> str:
        out = subprocess.run([self.executable, "--version"], capture_output=True, text=True)
        return out.stdout.strip()


class Watch:
    """Console errors, page errors and responses of one page (workers' requests too)."""

    def __init__(self, context: BrowserContext, page: Page) -> None:
        self.errors: list[str] = []
        self.responses: list[tuple[str, int, bool]] = []
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        context.on(
            "response", lambda r: self.responses.append((r.url, r.status, r.from_service_worker))
        )

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def clear(self) -> None:
        self.errors.clear()
        self.responses.clear()


def find_browser_pid(profile: str) -> int:
    """The pid of the Chromium browser process using the user-data-dir profile."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            args = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if f"--user-data-dir={profile}".encode() in args and not any(
            a.startswith(b"--type=") for a in args
        ):
            return int(entry.name)
    raise RuntimeError(f"no Chromium browser process for {profile}")


def tree_cpu_ms(root: int) -> float:
    """CPU time (user + system, ms) used so far by a process and all its
    descendants, the exited ones included: every Chromium process (browser,
    renderer and its worker threads, network, GPU) works for the page. Unlike
    wall time it hardly depends on how many other processes want the cores."""
    parents: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        pid = int(entry.name)
        parents[pid] = int(fields[1])
        # utime, stime, and those of the children already waited for
        ticks[pid] = sum(int(f) for f in fields[11:15])
    total = 0
    for pid in ticks:
        p = pid
        while p > 1 and p != root:
            p = parents.get(p, 0)
        if p == root:
            total += ticks[pid]
    return total * 1000 / os.sysconf("SC_CLK_TCK")


def long_tasks(page: Page, start: float = 0.0, end: float = float("inf")) -> list[float]:
    """Durations (ms) of the page's main-thread long tasks that began in [start, end]."""
    tasks: list[list[float]] = page.evaluate("window.__bench.longtasks")
    return [round(d, 1) for s, d in tasks if start <= s <= end]


# --- the measurements -----------------------------------------------------------------


def game_boot(page: Page, watch: Watch, url: str) -> dict[str, Any]:
    """Navigate to url and wait for a playable board; its timings, measured in the page."""
    watch.clear()
    page.goto(url)
    page.wait_for_function(
        "() => window.__bench && window.__bench.playable !== null", timeout=BOOT_TIMEOUT_MS
    )
    b = page.evaluate(
        """() => ({
            playable: window.__bench.playable,
            dcl: performance.getEntriesByType("navigation")[0]?.domContentLoadedEventEnd ?? null,
            sw: !!navigator.serviceWorker?.controller,
        })"""
    )
    files = {u.rsplit("/", 1)[-1].split("?")[0] for u, _, _ in watch.responses}
    return {
        "ms": round(b["playable"], 1),
        "dom_content_loaded_ms": round(b["dcl"], 1) if b["dcl"] is not None else None,
        "long_tasks": long_tasks(page, 0, b["playable"]),
        "sw_controlled": b["sw"],
        "sw_responses": sum(1 for _, _, sw in watch.responses if sw),
        "http_304": sum(1 for _, status, _ in watch.responses if status == 304),
        "stdlib": sorted(f for f in files if f.startswith("python_stdlib")),
        "fetched": sorted({u.split("?")[0] for u, status, sw in watch.responses if not sw}),
        "errors": list(watch.errors),
    }


def gzip_size(site: Path, site_url: str, urls: list[str]) -> int:
    """The bytes of the site's files at urls, each gzip-compressed at level 6."""
    total = 0
    for url in urls:
        path = url.removeprefix(site_url) or "index.html"
        if (site / path).is_file():
            total += len(gzip.compress((site / path).read_bytes(), compresslevel=6))
    return total


def bare_boot(page: Page, watch: Watch, url: str) -> dict[str, Any]:
    watch.clear()
    page.goto(url)
    page.wait_for_function("() => window.__bare !== undefined", timeout=BOOT_TIMEOUT_MS)
    b = page.evaluate("window.__bare")
    files = {u.rsplit("/", 1)[-1] for u, _, _ in watch.responses}
    return {
        "ms": round(b["ready"], 1),
        "load_pyodide_call_ms": round(b["ready"] - b["start"], 1),
        "stdlib": sorted(f for f in files if f.startswith("python_stdlib")),
        "errors": list(watch.errors),
    }


def settle_service_worker(page: Page) -> str:
    """If the page registers a service worker (within 5 s), wait (20 s at most)
    for it to be active, and then (20 s at most) for the page's throwaway boot
    that follows a first install (js/engine/prime.js), so that the warm load
    meets the site as a returning player would."""
    return str(
        page.evaluate(
            """async (mark) => {
                if (!navigator.serviceWorker) return "unsupported";
                const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
                let reg = null;
                for (let i = 0; i < 50 && !reg; i++) {
                    reg = await navigator.serviceWorker.getRegistration();
                    if (!reg) await sleep(100);
                }
                if (!reg) return "none";
                const ready = navigator.serviceWorker.ready.then(() => "active");
                const late = sleep(20000).then(() => "not active after 20 s");
                const state = await Promise.race([ready, late]);
                if (state !== "active") return state;
                for (let i = 0; i < 400; i++) {
                    if (performance.getEntriesByName(mark).length) return "active, primed";
                    await sleep(50);
                }
                return "active, not primed after 20 s";
            }""",
            conftest.PRIMED_MARK,
        )
    )


def cold_and_warm(
    chromium: Chromium,
    boot: Callable[[Page, Watch, str], dict[str, Any]],
    url: str,
    game: bool,
    block_sw: bool = False,
) -> dict[str, Any]:
    """One cold navigation in a fresh persistent context, then two warm ones in it
    (warm: the second navigation, the one the aims speak of; warm2: the third,
    by when Chromium may also have cached compiled code)."""
    with chromium.persistent(block_sw=block_sw) as context:
        context.add_init_script(INIT_SCRIPT)
        page = context.pages[0] if context.pages else context.new_page()
        watch = Watch(context, page)
        load = load_avg()[0]
        browser_pid = find_browser_pid(chromium.profile)

        def timed_boot() -> dict[str, Any]:
            before = tree_cpu_ms(browser_pid)
            out = boot(page, watch, url)
            out["cpu_ms"] = tree_cpu_ms(browser_pid) - before
            return out

        cold = timed_boot()
        sw = settle_service_worker(page) if game and not block_sw else "n/a"
        time.sleep(0.5)  # let the first page's trailing work (saves, caches) finish
        page.goto("about:blank")
        warm = timed_boot()
        time.sleep(0.5)
        page.goto("about:blank")
        warm2 = timed_boot()
        return {"cold": cold, "warm": warm, "warm2": warm2, "service_worker": sw, "load1": load}


def bot_play_long_tasks(page: Page, site_url: str, query: str, max_s: float) -> dict[str, Any]:
    """An all-bot round played by the page: main-thread long tasks from its
    first turn to its end, or to max_s seconds after the first turn."""
    start = time.monotonic()
    page.goto(site_url + query)
    page.wait_for_function("() => window.__bench.firstTurn !== null", timeout=BOOT_TIMEOUT_MS)
    with contextlib.suppress(PlaywrightTimeoutError):  # long enough: measure what was played
        page.wait_for_function("() => window.__bench.roundEnd !== null", timeout=max_s * 1000)
    b = page.evaluate("() => ({ ...window.__bench, now: performance.now() })")
    end = b["roundEnd"] if b["roundEnd"] is not None else b["now"]
    return {
        "query": query,
        "play_ms": round(end - b["firstTurn"], 1),
        "round_finished": b["roundEnd"] is not None,
        "long_tasks": long_tasks(page, b["firstTurn"], end),
        "wall_s": round(time.monotonic() - start, 1),
        "load1": load_avg()[0],
    }


def bot_decisions(page: Page, site_url: str, games: int, rounds: int, seed: int) -> dict[str, Any]:
    url = site_url + "__bench__.html"
    # dist/ has client.js only inside the page's bundle: web/'s module starts the site's worker.
    client = ROOT / "web" / "js" / "engine" / "client.js"
    page.route(site_url + "js/engine/client.js", lambda route: route.fulfill(path=client))
    page.route(
        url,
        lambda route: route.fulfill(
            body="<!doctype html><meta charset=utf-8><link rel=icon href=data:,><title>b</title>",
            content_type="text/html",
        ),
    )
    page.goto(url)
    load_before = load_avg()[0]
    start = time.monotonic()
    raw = page.evaluate(
        BOT_DECISIONS_JS,
        {"levels": list(BOT_LEVELS), "games": games, "rounds": rounds, "seed": seed},
    )
    out: dict[str, Any] = {"load1_before": load_before, "load1_after": load_avg()[0]}
    out["wall_s"] = round(time.monotonic() - start, 1)
    for level in BOT_LEVELS:
        ms, rt = raw[level]["ms"], raw[level]["roundTrip"]
        out[level] = {
            "games": raw[level]["games"],
            "decisions": len(ms),
            "median_ms": median(ms),
            "p95_ms": percentile(ms, 95),
            "max_ms": round(max(ms), 1) if ms else None,
            "round_trip_median_ms": median(rt),
            "round_trip_p95_ms": percentile(rt, 95),
        }
    return out


# --- the whole benchmark ---------------------------------------------------------------


def summarize(runs: list[dict[str, Any]]) -> dict[str, Any]:
    def col(kind: str, temp: str) -> list[float]:
        return [r[kind][temp]["ms"] for r in runs]

    bare_cold = median(col("bare", "cold"))
    s: dict[str, Any] = {}
    for kind in KINDS:
        for temp in TEMPS:
            xs = col(kind, temp)
            cpu = [r[kind][temp]["cpu_ms"] for r in runs]
            s[f"{kind}_{temp}_cpu_ms"] = {"median": median(cpu), "all": cpu}
            s[f"{kind}_{temp}_ms"] = {
                "median": median(xs),
                "min": min(xs),
                "max": max(xs),
                "all": xs,
            }
    assert bare_cold
    for kind in ("game", "game_nosw"):
        for temp, aim in (("cold", 0.4), ("warm", 0.2), ("warm2", 0.2)):
            paired = [r[kind][temp]["ms"] / r["bare"]["cold"]["ms"] for r in runs]
            cpu = s[f"{kind}_{temp}_cpu_ms"]["median"] / s["bare_cold_cpu_ms"]["median"]
            s[f"{kind}_{temp}_vs_bare_cold"] = {
                "of_medians": round(s[f"{kind}_{temp}_ms"]["median"] / bare_cold, 3),
                "median_of_paired": round(statistics.median(paired), 3),
                "cpu_of_medians": round(cpu, 3),
                "aim": aim,
            }
    boot_tasks = [
        t
        for r in runs
        for kind in ("game", "game_nosw")
        for temp in TEMPS
        for t in r[kind][temp]["long_tasks"]
    ]
    s["boot_long_tasks_ms"] = {"count": len(boot_tasks), "max": max(boot_tasks, default=0)}
    s["sw_controlled_warm"] = [r["game"]["warm"]["sw_controlled"] for r in runs]
    s["sw_responses_warm"] = [r["game"]["warm"]["sw_responses"] for r in runs]
    s["service_worker_after_cold"] = [r["game"]["service_worker"] for r in runs]
    s["load1"] = [r["load1"] for r in runs]
    return s


def run_bench(args: argparse.Namespace) -> dict[str, Any]:
    if not (args.site / "build-info.json").exists():
        sys.exit("tests/bench/browser_bench.py: dist/ is not built (run `python3 build.py`)")
    result: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
        "machine": {
            "nproc": os.cpu_count(),
            "cpu": cpu_model(),
            "python": platform.python_version(),
            "load_at_start": load_avg(),
        },
        "runs": [],
    }
    with (
        sync_playwright() as p,
        sites(args.site) as (site_dir, bare_dir),
        served(site_dir) as site_url,
        served(bare_dir) as bare_url,
    ):
        build_info = json.loads((site_dir / "build-info.json").read_text())
        result["build"] = build_info.get("hash")
        result["pyodide"] = build_info.get("pyodide")
        chromium = Chromium(p)
        result["machine"]["chromium"] = chromium.version()
        for i in range(args.runs):
            # Rotate which page goes first, so none always meets the same load.
            order = KINDS[i % 3 :] + KINDS[: i % 3]
            run: dict[str, Any] = {"load1": load_avg()[0]}
            game_url = site_url + GAME_QUERY.format(seed=i + 1)
            for kind in order:
                if kind == "bare":
                    run[kind] = cold_and_warm(chromium, bare_boot, bare_url, game=False)
                else:
                    block = kind == "game_nosw"
                    run[kind] = cold_and_warm(chromium, game_boot, game_url, True, block)
            note(
                f"run {i + 1}/{args.runs}: "
                + " | ".join(
                    kind + " " + " ".join(f"{t} {run[kind][t]['ms']:.0f}" for t in TEMPS)
                    for kind in KINDS
                )
                + " ms"
            )
            result["runs"].append(run)
        if result["runs"]:
            result["boot"] = summarize(result["runs"])
            fetched = result["runs"][0]["game"]["cold"]["fetched"]
            offline = [site_url + name for name in site_build.precached(build_info["files"])]
            result["boot"]["cold_visit_gzip_bytes"] = {
                "to_playable": gzip_size(site_dir, site_url, fetched),
                "with_offline_copy": gzip_size(site_dir, site_url, sorted({*fetched, *offline})),
            }

        if not args.skip_play:
            with chromium.persistent() as context:
                context.add_init_script(INIT_SCRIPT)
                page = context.pages[0] if context.pages else context.new_page()
                watch = Watch(context, page)
                plays = []
                for query in (
                    "?players=rookie,casual,sharp,expert&rounds=1&seed=5&speed=instant",
                    "?players=rookie,casual&rounds=1&seed=6&speed=fast",
                ):
                    plays.append(bot_play_long_tasks(page, site_url, query, args.play_seconds))
                    note(f"bot play {query}: long tasks {plays[-1]['long_tasks']}")
                result["bot_play"] = plays
                result["bot_play_errors"] = list(watch.errors)
                note(f"bot decisions: {args.bot_games} games per level")
                result["bot_decisions"] = bot_decisions(
                    page, site_url, args.bot_games, args.bot_rounds, seed=1
                )
                result["bot_decision_errors"] = list(watch.errors)
    result["machine"]["load_at_end"] = load_avg()
    return result


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def boot_report(r: dict[str, Any]) -> list[str]:
    s = r["boot"]
    lines = [
        "",
        f"Boot, navigation -> playable board (game) / loadPyodide resolved (bare), "
        f"{len(r['runs'])} interleaved runs:",
        f"  {'':16}{'median':>9}{'min':>9}{'max':>9}{'cpu med':>9}   all (ms)",
    ]
    for kind in KINDS:
        for temp in TEMPS:
            x = s[f"{kind}_{temp}_ms"]
            lines.append(
                f"  {kind + ' ' + temp:16}{x['median']:9.0f}{x['min']:9.0f}{x['max']:9.0f}"
                f"{s[f'{kind}_{temp}_cpu_ms']['median']:9.0f}   "
                + " ".join(f"{v:.0f}" for v in x["all"])
            )
    lines.append("  ratios to the bare page's cold median (aims: cold 0.4, warm 0.2):")
    for name in [f"{k}_{t}_vs_bare_cold" for k in ("game", "game_nosw") for t in TEMPS]:
        x = s[name]
        verdict = "ok" if x["of_medians"] <= x["aim"] else "MISSED"
        lines.append(
            f"  {name}: {x['of_medians']:.2f} (paired median {x['median_of_paired']:.2f};"
            f" CPU time {x['cpu_of_medians']:.2f}), aim <= {x['aim']}: {verdict}"
        )
    lines.append(f"  load1 per run: {s['load1']}")
    lines.append(
        f"  service worker after the cold load: {s['service_worker_after_cold']};"
        f" warm load controlled by it: {s['sw_controlled_warm']},"
        f" responses it served: {s['sw_responses_warm']}"
    )
    lt = s["boot_long_tasks_ms"]
    lines.append(f"  main-thread long tasks during boot: {lt['count']}, longest {lt['max']:.0f} ms")
    if "cold_visit_gzip_bytes" in s:
        gz = s["cold_visit_gzip_bytes"]
        lines.append(
            f"  a cold visit, gzip: {gz['to_playable'] / 1e6:.2f} MB to the playable board,"
            f" {gz['with_offline_copy'] / 1e6:.2f} MB with the offline copy"
        )
    stdlibs = {k: sorted({f for run in r["runs"] for f in run[k]["cold"]["stdlib"]}) for k in KINDS}
    lines.append(f"  stdlib zips fetched on cold loads, per variant: {stdlibs}")
    errors = [e for run in r["runs"] for k in KINDS for t in TEMPS for e in run[k][t]["errors"]]
    if errors:
        lines.append(f"  CONSOLE ERRORS: {errors[:5]}")
    return lines


def report(r: dict[str, Any]) -> str:
    m = r["machine"]
    lines = [
        f"Dozito browser benchmark, {r['date']}, build {r['build']}, Pyodide {r['pyodide']}",
        f"{m['cpu']}, nproc {m['nproc']}, {m['chromium']}, Python {m['python']}",
        f"load average at start {m['load_at_start']}, at end {m['load_at_end']}",
    ]
    if "boot" in r:
        lines += boot_report(r)
    if "bot_play" in r:
        lines += ["", "Main-thread long tasks while the page plays an all-bot round:"]
        for play in r["bot_play"]:
            tasks = play["long_tasks"]
            lines.append(
                f"  {play['query']}: {play['play_ms'] / 1000:.1f} s of play"
                f"{'' if play['round_finished'] else ' (cut short)'}, {len(tasks)} long tasks,"
                f" longest {max(tasks, default=0):.0f} ms (load1 {play['load1']})"
            )
        d = r["bot_decisions"]
        lines += [
            "",
            f"Bot decision time in Pyodide (bridge `ms`): seat 0 against casual bots,"
            f" 2-5 players, its decisions with a choice only,"
            f" levels interleaved; load1 {d['load1_before']} -> {d['load1_after']},"
            f" {d['wall_s']} s:",
            f"  {'level':8}{'games':>6}{'decisions':>10}{'median':>9}{'p95':>9}{'max':>9}"
            f"{'trip med':>10}{'trip p95':>10}  (ms)",
        ]
        for level in BOT_LEVELS:
            x = d[level]
            lines.append(
                f"  {level:8}{x['games']:6}{x['decisions']:10}"
                f"{x['median_ms']:9.1f}{x['p95_ms']:9.1f}{x['max_ms']:9.1f}"
                f"{x['round_trip_median_ms']:10.1f}{x['round_trip_p95_ms']:10.1f}"
            )
        p95 = d["expert"]["p95_ms"]
        lines.append(f"  expert p95 {p95:.0f} ms, aim < 300 ms: {'ok' if p95 < 300 else 'MISSED'}")
        errors = r.get("bot_decision_errors", [])
        if errors:
            lines.append(f"  CONSOLE ERRORS: {errors[:5]}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="interleaved boot runs (default 5)")
    parser.add_argument(
        "--bot-games",
        type=int,
        default=4,
        help="all-bot games per level for decision times (default 4)",
    )
    parser.add_argument("--bot-rounds", type=int, default=1, help="rounds per bot game (default 1)")
    parser.add_argument("--skip-play", action="store_true", help="boot times only")
    parser.add_argument(
        "--play-seconds",
        type=float,
        default=20,
        help="longest stretch of each all-bot round watched for long tasks (default 20)",
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON (one line)")
    parser.add_argument(
        "--site",
        type=Path,
        default=site_build.DIST,
        help="the built site to measure (default dist/; another build's for a before/after)",
    )
    args = parser.parse_args(argv)
    result = run_bench(args)
    print(json.dumps(result) if args.json else report(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
