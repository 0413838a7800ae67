#!/usr/bin/env python3
"""First visits over a phone's network: the site against a stock Pyodide page.

    python3 build.py bench --network [--runs N] [--mbit M] [--delay-ms D] [--compress C]
                                     [--cpu R | --cpu-share F] [--snapshot-boot]
    .venv/bin/python tests/bench/network_bench.py [the same options] [--json]

Both sites (dist/, and the browser benchmark's bare page: the npm package's
files, `loadPyodide` only) are served through one throttled link on
127.0.0.1: a bandwidth shared by every connection (the bytes of all
responses take turns in 16 KiB slices), and a delay before each response
(a round trip), both settable; --compress says what the server gzips, as a
static host does: `none`, `text` (HTML, CSS, JavaScript, JSON, SVG, the
manifest and wasm; application/octet-stream, zip and gzip files as they are)
or `all`. Every visit is a cold first visit in a fresh browser profile, and
the three kinds take turns, run by run (rotating who goes first):

- `game`: the game's address (`?players=human,casual&seed=N`): time from
  navigation start to the first playable target (a `[data-action]` in a turn,
  the page contract's hooks), the bytes the link carried by then, and the
  bytes of the whole first visit once the service worker has installed (and
  the page's throwaway boot, js/engine/prime.js, has run);
- `plain`: the plain address, nothing saved: time to the first interactive
  control (the setup's "Learn to play", `[data-testid=tutorial]`, enabled)
  and to the engine's readiness (the status's `data-engine` is `ready`), bytes by each;
- `bare`: `loadPyodide` resolved, and the bytes by then.

--cpu R slows the page's CPU R times (Chromium's Emulation.setCPUThrottlingRate,
which slows the page's main thread but not its workers, where the game's
engine runs: it flatters the site against the stock page), or --cpu-share F
slows the whole browser, workers included, to F of one core (a CPU cgroup,
tests/bench/cpu_share.py; root only; 0.25 is a phone-class CPU, about 4x
slower for one busy thread). Medians over --runs runs, and ratios to the bare
page's median; the machine's load is recorded at each run. Not a pytest module.
Over 300 lines because the link, its server, the visits and the report are one
measurement, read together.
"""

from __future__ import annotations

import argparse
import bisect
import email.utils
import functools
import gzip
import importlib.util
import json
import statistics
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from types import ModuleType
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# The localhost benchmark's helpers: the snapshot of dist/ and the bare page,
# Chromium with the tests' flags, the in-page timing script, the service worker wait.
bench = _load("dozito_browser_bench", ROOT / "tests" / "bench" / "browser_bench.py")
site_build: ModuleType = bench.site_build
CpuShare = _load("dozito_cpu_share", ROOT / "tests" / "bench" / "cpu_share.py").CpuShare

GAME_QUERY = "?players=human,casual&seed={seed}"
KINDS = ("game", "plain", "bare")
"""What each run visits; --snapshot-boot adds `game_snapshot`: the game's address booted
from the memory snapshot as a return visit does (a first visit boots without it), to
weigh its 4.9 MB against the interpreter's start-up it saves on that link and CPU."""
SLICE = 16 * 1024
TIMEOUT_MS = 240_000

# The plain address: the first interactive control, and the engine's readiness.
PLAIN_SCRIPT = """(() => {
  const p = (window.__plain = { control: null, ready: null });
  const check = () => {
    const now = performance.now();
    const tutorial = document.querySelector('[data-testid="tutorial"]');
    const shown = tutorial && !tutorial.disabled && tutorial.offsetParent;
    if (p.control === null && shown) p.control = now;
    const status = document.querySelector('[data-testid="status"]');
    const phase = status && status.dataset.phase;
    if (p.ready === null && status && status.dataset.engine === "ready") p.ready = now;
  };
  const all = { subtree: true, childList: true, attributes: true };
  new MutationObserver(check).observe(document, all);
})();"""


class Link:
    """One shared link: bandwidth split between all connections, a delay per response.

    Every slice of every response reserves the link's next free moment and is
    written then; the log of (moment, bytes) tells what crossed by when.
    """

    def __init__(self, mbit: float, delay_ms: float) -> None:
        self.rate = mbit * 1e6 / 8
        self.delay = delay_ms / 1000
        self.lock = threading.Lock()
        self.free_at = 0.0
        self.ends: list[float] = []
        self.totals: list[int] = []

    def send(self, out: Any, data: bytes) -> None:
        for at in range(0, len(data), SLICE):
            piece = data[at : at + SLICE]
            with self.lock:
                end = max(time.monotonic(), self.free_at) + len(piece) / self.rate
                self.free_at = end
                self.ends.append(end)
                self.totals.append((self.totals[-1] if self.totals else 0) + len(piece))
            time.sleep(max(0.0, end - time.monotonic()))
            out.write(piece)

    def carried(self, start: float, end: float) -> int:
        """Bytes whose slices crossed the link between the moments start and end."""
        with self.lock:
            ends, totals = list(self.ends), list(self.totals)

        def upto(moment: float) -> int:
            i = bisect.bisect_right(ends, moment)
            return totals[i - 1] if i else 0

        return upto(end) - upto(start)


class ThrottledHandler(site_build.SiteHandler):  # type: ignore[misc]
    """build.py's handler (its types and headers), every byte through the link,
    gzip as the host of --compress would, and revalidation (304) by Last-Modified."""

    def __init__(self, *args: Any, link: Link, compress: str, **kwargs: Any) -> None:
        self.link = link
        self.compress = compress
        super().__init__(*args, **kwargs)

    def flush_headers(self) -> None:
        if getattr(self, "_headers_buffer", None):
            self.link.send(self.wfile, b"".join(self._headers_buffer))
            self._headers_buffer = []

    def do_GET(self) -> None:
        time.sleep(self.link.delay)
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            self.send_error(404)
            return
        modified = int(path.stat().st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since and email.utils.parsedate_to_datetime(since).timestamp() >= modified:
            self.send_response(304)
            self.end_headers()
            return
        content_type = self.guess_type(str(path))
        encode = site_build.host_compresses(
            content_type, self.compress
        ) and "gzip" in self.headers.get("Accept-Encoding", "")
        body = gzipped(path) if encode else path.read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", email.utils.formatdate(modified, usegmt=True))
        if encode:
            self.send_header("Content-Encoding", "gzip")
        self.end_headers()
        self.link.send(self.wfile, body)


@functools.cache
def gzipped(path: Path) -> bytes:
    """path's content gzipped at level 6, a host's usual level (computed once)."""
    return gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)


@contextmanager
def served(directory: Path, link: Link, compress: str) -> Iterator[str]:
    handler = functools.partial(
        ThrottledHandler,
        directory=str(directory),
        policy=site_build.served_policy(),
        quiet=True,
        link=link,
        compress=compress,
    )
    with bench.serving(site_build.SiteServer(("127.0.0.1", 0), handler)) as url:
        yield url


def site_bytes(site: Path, compress: str) -> int:
    """What the files the site lists (the service worker's) weigh as --compress sends them."""
    info = json.loads((site / "build-info.json").read_text())
    return sum(
        site_build.sent_size(site / name, compress) for name in site_build.precached(info["files"])
    )


def visit(
    chromium: Any, link: Link, url: str, kind: str, cpu: float, share: CpuShare | None
) -> dict[str, Any]:
    """One cold first visit of url in a fresh profile: its moments and bytes."""
    with chromium.persistent() as context:
        if share:
            share.adopt(chromium.profile)
        context.add_init_script(bench.INIT_SCRIPT)
        context.add_init_script(PLAIN_SCRIPT)
        page: Page = context.pages[0] if context.pages else context.new_page()
        if kind == "game_snapshot":
            context.add_init_script("globalThis.dozitoBoot = 'snapshot';")
        if cpu != 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        while time.monotonic() < link.free_at:  # the last visit's tail has crossed
            time.sleep(0.05)
        start = time.monotonic()
        page.goto(url, wait_until="commit")
        moments = {
            "game": {"playable": "window.__bench.playable"},
            "game_snapshot": {"playable": "window.__bench.playable"},
            "plain": {"control": "window.__plain.control", "ready": "window.__plain.ready"},
            "bare": {"ready": "window.__bare && window.__bare.ready"},
        }[kind]
        out: dict[str, Any] = {"load1": bench.load_avg()[0]}
        for name, expression in moments.items():
            page.wait_for_function(f"() => ({expression}) != null", timeout=TIMEOUT_MS)
            ms = float(page.evaluate(expression))
            out[f"{name}_ms"] = round(ms, 1)
            out[f"{name}_bytes"] = link.carried(start, start + ms / 1000)
        if kind == "game":
            out["service_worker"] = bench.settle_service_worker(page)
            while time.monotonic() < link.free_at + 0.5:
                time.sleep(0.1)
            out["visit_bytes"] = link.carried(start, time.monotonic())
        return out


def summarize(runs: list[dict[str, Any]], site_total: int) -> dict[str, Any]:
    """Medians of every figure per kind; ratios of the game's to the bare page's."""
    s: dict[str, Any] = {"site_bytes": site_total}
    for kind in runs[0].keys() - {"load1"}:
        for key in runs[0][kind]:
            if key.endswith(("_ms", "_bytes")):
                s[f"{kind}_{key}"] = statistics.median(r[kind][key] for r in runs)
    bare_ms, bare_bytes = s["bare_ready_ms"], s["bare_ready_bytes"]
    for kind in ("game", "game_snapshot"):
        if f"{kind}_playable_ms" not in s:
            continue
        s[f"{kind}_vs_bare"] = round(s[f"{kind}_playable_ms"] / bare_ms, 3)
        paired = [r[kind]["playable_ms"] / r["bare"]["ready_ms"] for r in runs]
        s[f"{kind}_vs_bare_paired"] = round(statistics.median(paired), 3)
        s[f"{kind}_bytes_vs_bare"] = round(s[f"{kind}_playable_bytes"] / bare_bytes, 3)
    s["visit_vs_site"] = round(s["game_visit_bytes"] / site_total, 3)
    s["service_worker"] = [r["game"]["service_worker"] for r in runs]
    s["load1"] = [r["load1"] for r in runs]
    return s


def run_bench(args: argparse.Namespace) -> dict[str, Any]:
    link = Link(args.mbit, args.delay_ms)
    result: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
        "link": {"mbit": args.mbit, "delay_ms": args.delay_ms, "compress": args.compress},
        "cpu_throttle": args.cpu,
        "cpu_share": args.cpu_share,
        "load_at_start": bench.load_avg(),
        "runs": [],
    }
    with (
        sync_playwright() as p,
        bench.sites(args.site) as (site_dir, bare_dir),
        CpuShare(args.cpu_share) if args.cpu_share else nullcontext() as share,
        served(site_dir, link, args.compress) as site_url,
        served(bare_dir, link, args.compress) as bare_url,
    ):
        result["build"] = json.loads((site_dir / "build-info.json").read_text())["hash"]
        chromium = bench.Chromium(p)
        result["chromium"] = chromium.version()
        kinds = KINDS + ("game_snapshot",) * args.snapshot_boot
        for i in range(args.runs):
            order = kinds[i % len(kinds) :] + kinds[: i % len(kinds)]
            run: dict[str, Any] = {"load1": bench.load_avg()[0]}
            urls = {
                "game": site_url + GAME_QUERY.format(seed=i + 1),
                "game_snapshot": site_url + GAME_QUERY.format(seed=i + 1),
                "plain": site_url,
                "bare": bare_url,
            }
            for kind in order:
                run[kind] = visit(chromium, link, urls[kind], kind, args.cpu, share)
            bench.note(
                f"run {i + 1}/{args.runs}: game {run['game']['playable_ms']:.0f} ms"
                f" {run['game']['playable_bytes'] / 1e6:.2f} MB"
                f" | plain control {run['plain']['control_ms']:.0f} ms,"
                f" ready {run['plain']['ready_ms']:.0f} ms"
                f" | bare {run['bare']['ready_ms']:.0f} ms"
                f" {run['bare']['ready_bytes'] / 1e6:.2f} MB"
            )
            result["runs"].append(run)
        result["summary"] = summarize(result["runs"], site_bytes(site_dir, args.compress))
    result["load_at_end"] = bench.load_avg()
    return result


def report(r: dict[str, Any]) -> str:
    s, link = r["summary"], r["link"]

    def mb(n: float) -> str:
        return f"{n / 1e6:.2f} MB"

    lines = [
        f"Dozito network benchmark, {r['date']}, build {r['build']}, {r['chromium']}",
        f"link {link['mbit']} Mbit/s shared, {link['delay_ms']} ms per response,"
        f" compress {link['compress']}, CPU throttle {r['cpu_throttle']}x"
        + (f", the browser held to {r['cpu_share']} of a core;" if r["cpu_share"] else ";")
        + f" {len(r['runs'])} interleaved cold first visits;"
        f" load {r['load_at_start']} -> {r['load_at_end']}",
        f"  {'stock loadPyodide done':28}{s['bare_ready_ms']:7.0f} ms  {mb(s['bare_ready_bytes'])}",
    ]
    for kind, name in (("game", "game URL playable"), ("game_snapshot", "  from the snapshot")):
        if f"{kind}_vs_bare" in s:
            lines.append(
                f"  {name:28}{s[f'{kind}_playable_ms']:7.0f} ms  {mb(s[f'{kind}_playable_bytes'])}"
                f"   {s[f'{kind}_vs_bare']:.2f}x stock (paired {s[f'{kind}_vs_bare_paired']:.2f}x),"
                f" bytes {s[f'{kind}_bytes_vs_bare']:.2f}x"
            )
    lines += [
        f"  plain address, first control {s['plain_control_ms']:7.0f} ms"
        f"  {mb(s['plain_control_bytes'])}; engine ready {s['plain_ready_ms']:.0f} ms"
        f"  {mb(s['plain_ready_bytes'])}",
        f"  whole first visit, service worker's install included, {mb(s['game_visit_bytes'])}:"
        f" {s['visit_vs_site']:.2f}x the site's files as sent ({mb(s['site_bytes'])})",
        f"  service worker after each game visit: {s['service_worker']}; load1 {s['load1']}",
    ]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="interleaved runs (default 3)")
    parser.add_argument("--mbit", type=float, default=20, help="link bandwidth (default 20)")
    parser.add_argument("--delay-ms", type=float, default=60, help="per response (default 60)")
    parser.add_argument("--compress", choices=("none", "text", "all"), default="text")
    cpu = parser.add_mutually_exclusive_group()
    cpu.add_argument("--cpu", type=float, default=1, help="the page's CPU throttling rate")
    cpu.add_argument("--cpu-share", type=float, help="the browser's core share (0.25: a phone)")
    parser.add_argument(
        "--snapshot-boot", action="store_true", help="also the game's address from the snapshot"
    )
    parser.add_argument("--json", action="store_true", help="the results as one JSON line")
    parser.add_argument("--site", type=Path, default=site_build.DIST, help="the built site")
    args = parser.parse_args(argv)
    if not (args.site / "build-info.json").exists():
        sys.exit("tests/bench/network_bench.py: dist/ is not built (run `python3 build.py`)")
    result = run_bench(args)
    print(json.dumps(result) if args.json else report(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
