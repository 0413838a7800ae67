#!/usr/bin/env python3
"""Where a boot of the built site spends its time: a Chrome trace of a cold and
a warm load, summarised per thread (the page's main thread, the engine's worker).

    .venv/bin/python tests/bench/boot_profile.py [--runs N] [--trace-dir DIR] [--site DIR]

For each run: a fresh persistent context (cold: no HTTP cache, no code cache,
no service worker), then a second navigation in it (warm), both to
`?players=human,casual&rounds=1&seed=1&speed=instant`, traced through CDP
from navigation to the playable board (browser_bench.py's definition). Printed
per load: when each file was requested and finished (ms since navigation
start, from the trace's network events), and per thread the busiest kinds of
top-level work (script evaluation, compiling, wasm, layout, GC) with their
total time. Medians over the runs. --trace-dir keeps the raw traces
(open them in chrome://tracing or DevTools' Performance panel).
Not a pytest module (no test_ prefix): run it by hand.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from playwright.sync_api import CDPSession, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
import browser_bench as bench  # noqa: E402

CATEGORIES = ",".join(
    [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "v8",
        "v8.execute",
        "disabled-by-default-v8.compile",
        "v8.wasm",
        "blink.user_timing",
        "loading",
        "toplevel",
        "disabled-by-default-devtools.timeline.stack",
    ]
)
"""Enough to see each thread's tasks, script runs, compiles and the network."""

# Trace event names grouped into what a reader of the breakdown cares about.
KINDS = {
    "EvaluateScript": "script",
    "v8.evaluateModule": "script",
    "FunctionCall": "script",
    "TimerFire": "script",
    "FireAnimationFrame": "script",
    "EventDispatch": "script",
    "RunMicrotasks": "script",
    "v8.run": "script",
    "V8.CompileModule": "js compile",
    "v8.compileModule": "js compile",
    "v8.compile": "js compile",
    "V8.CompileCode": "js compile",
    "v8.parseOnBackground": "js compile",
    "ParseHTML": "parse html",
    "ParseAuthorStyleSheet": "parse css",
    "UpdateLayoutTree": "style",
    "Layout": "layout",
    "Paint": "paint",
    "PrePaint": "paint",
    "Layerize": "paint",
    "MajorGC": "gc",
    "MinorGC": "gc",
    "V8.GC_MARK_COMPACTOR": "gc",
    "wasm.CompileLazy": "wasm compile",
    "wasm.SyncCompile": "wasm compile",
    "wasm.AsyncCompile": "wasm compile",
    "wasm.StartStreamingCompilation": "wasm compile",
    "wasm.SyncInstantiate": "wasm instantiate",
}


def trace_load(page: Page, session: CDPSession, url: str) -> tuple[list[dict[str, Any]], float]:
    """Trace one navigation to a playable board: (trace events, playable ms)."""

    def load() -> None:
        page.goto(url)
        page.wait_for_function(
            "() => window.__bench && window.__bench.playable !== null",
            timeout=bench.BOOT_TIMEOUT_MS,
        )

    events = bench.conftest.traced(page, session, CATEGORIES.split(","), load)
    return events, float(page.evaluate("window.__bench.playable"))


def summarise(events: list[dict[str, Any]], playable: float) -> dict[str, Any]:
    """Per-thread work by kind and the files' request/finish times, in ms since
    the navigation (the page's navigationStart mark)."""
    threads: dict[tuple[int, int], str] = {}
    for e in events:
        if e.get("ph") == "M" and e.get("name") == "thread_name":
            threads[(e["pid"], e["tid"])] = e["args"]["name"]
    starts = [
        e["ts"]
        for e in events
        if e.get("name") == "navigationStart"
        and e.get("args", {}).get("data", {}).get("isLoadingMainFrame")
    ]
    origin = min(starts) if starts else min(e["ts"] for e in events if e.get("ts"))
    end = origin + playable * 1000

    def ms(ts: float) -> float:
        return round((ts - origin) / 1000, 1)

    by_thread: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for e in events:
        if e.get("ph") != "X" or not (origin <= e.get("ts", 0) <= end):
            continue
        name = threads.get((e["pid"], e["tid"]), "?")
        if not (name == "CrRendererMain" or name.startswith("DedicatedWorker")):
            if not name.startswith("ThreadPool") and not name.startswith("V8"):
                continue
            name = "compile/background threads"
        kind = KINDS.get(e["name"])
        if kind:
            by_thread[name][kind] += e.get("dur", 0) / 1000
        if e["name"] == "RunTask" and name != "compile/background threads":
            by_thread[name]["(all tasks)"] += e.get("dur", 0) / 1000
    files: dict[str, list[float]] = {}
    request_urls: dict[str, str] = {}
    for e in events:
        data = e.get("args", {}).get("data", {})
        if e.get("name") == "ResourceSendRequest":
            request_urls[data["requestId"]] = data["url"]
            files.setdefault(
                data["url"].split("?")[0].rsplit("/", 1)[-1] or "index.html", [ms(e["ts"]), 0.0]
            )
        elif e.get("name") == "ResourceFinish" and data.get("requestId") in request_urls:
            name = request_urls[data["requestId"]].split("?")[0].rsplit("/", 1)[-1] or "index.html"
            if name in files:
                files[name][1] = ms(e["ts"])
    return {
        "playable": round(playable, 1),
        "threads": {
            t: {k: round(v, 1) for k, v in kinds.items()} for t, kinds in by_thread.items()
        },
        "files": files,
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--trace-dir", type=Path)
    parser.add_argument("--site", type=Path, default=bench.site_build.DIST, help="default dist/")
    args = parser.parse_args(argv)
    results: dict[str, list[dict[str, Any]]] = {"cold": [], "warm": []}
    with (
        sync_playwright() as p,
        bench.sites(args.site) as (site_dir, _),
        bench.served(site_dir) as site_url,
    ):
        chromium = bench.Chromium(p)
        build = json.loads((site_dir / "build-info.json").read_text())["hash"]
        for run in range(args.runs):
            with chromium.persistent() as context:
                context.add_init_script(bench.INIT_SCRIPT)
                page = context.pages[0] if context.pages else context.new_page()
                session = context.new_cdp_session(page)
                url = site_url + bench.GAME_QUERY.format(seed=1)
                for temp in ("cold", "warm"):
                    if temp == "warm":
                        bench.settle_service_worker(page)
                        time.sleep(0.5)
                        page.goto("about:blank")
                    events, playable = trace_load(page, session, url)
                    if args.trace_dir:
                        args.trace_dir.mkdir(parents=True, exist_ok=True)
                        (args.trace_dir / f"{temp}-{run}.json").write_text(json.dumps(events))
                    results[temp].append(summarise(events, playable))
                    bench.note(f"run {run + 1} {temp}: playable {playable:.0f} ms")
    print(f"build {build}, load {bench.load_avg()}")
    for temp, runs in results.items():
        print(f"\n{temp}: playable median {statistics.median(r['playable'] for r in runs):.0f} ms")
        names = {f for r in runs for f in r["files"]}
        rows = []
        for f in names:
            got = [r["files"][f] for r in runs if f in r["files"]]
            rows.append(
                (statistics.median(g[0] for g in got), statistics.median(g[1] for g in got), f)
            )
        for start, finish, f in sorted(rows):
            print(f"  {start:7.0f} -> {finish:7.0f}  {f}")
        for thread in sorted({t for r in runs for t in r["threads"]}):
            kinds = {k for r in runs for k in r["threads"].get(thread, {})}
            cells = [
                f"{k} {statistics.median(r['threads'].get(thread, {}).get(k, 0) for r in runs):.0f}"
                for k in sorted(kinds)
            ]
            print(f"  {thread}: " + ", ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
