#!/usr/bin/env python3
"""Build, serve and test the Dozito site.

    python3 build.py                    build dist/ (the same as `build`)
    python3 build.py serve [--port P]   build, then serve dist/ on 127.0.0.1
    python3 build.py test [ARGS...]     build, then pytest over tests/ (also on 3.11, in Pyodide)

Only the standard library is needed to start: the build makes `.venv` (with the
Python that `.python-version` names) and `node_modules` itself, and runs the
tools inside them as subprocesses.

What a build makes, and how, is py/site_build (its package docstring).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "py"))

import site_build  # noqa: E402 (found through the line above)


def main(argv: list[str]) -> int:
    """Parse the command line and run a subcommand; return the exit code."""
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("build", help="build dist/ (the default)")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000)
    commands.add_parser(
        "test",
        help="build, then run pytest here, on 3.11 and in Pyodide; other arguments go to pytest",
    )
    commands.add_parser(
        "screenshots",
        help="build, then shoot the table at every screen size into docs/screenshots/",
    )
    bench_parser = commands.add_parser("bench", help="build, then benchmark the site in Chromium")
    bench_parser.add_argument("--runs", type=int, default=5, help="interleaved boot runs")
    bench_parser.add_argument("--json", action="store_true", help="results as one JSON line")
    bench_parser.add_argument(
        "--network",
        action="store_true",
        help="first visits through a throttled link (tests/bench/network_bench.py; "
        "other arguments go to it)",
    )
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "test" and not getattr(args, "network", False):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")

    try:
        site_build.build()
    except subprocess.CalledProcessError as failed:
        step = " ".join(str(c) for c in failed.cmd[:4])
        sys.exit(f"build.py: the build failed: `{step} ...` exited with {failed.returncode}")
    if args.command == "serve":
        site_build.serve(args.port)
    elif args.command == "test":
        return site_build.test(extra)
    elif args.command == "screenshots":  # docs/screenshots/make.py: which games, which sizes
        return subprocess.run(
            [str(site_build.VENV_PYTHON), str(ROOT / "docs" / "screenshots" / "make.py")], cwd=ROOT
        ).returncode
    elif args.command == "bench":  # tests/bench/*_bench.py: what they measure
        name = "network_bench.py" if args.network else "browser_bench.py"
        script = ROOT / "tests" / "bench" / name
        runs = [] if args.network and "--runs" not in argv else ["--runs", str(args.runs)]
        options = runs + ["--json"] * args.json + extra
        return subprocess.run(
            [str(site_build.VENV_PYTHON), str(script), *options], cwd=ROOT
        ).returncode
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
