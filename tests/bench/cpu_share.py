"""A whole browser slowed to a share of one core, its workers included.

Chromium's own CPU throttle (`Emulation.setCPUThrottlingRate`) slows a
page's main thread only: a dedicated worker runs at full speed ("Operation
is only supported for pages, not workers"), so it would flatter a page whose
work is in a worker against one whose work is on its main thread. A CPU
cgroup's quota slows every process of the browser alike: a share of 0.25
lets the browser's processes together use a quarter of one core, so a
single busy thread runs about 4 times slower, as on a phone-class CPU.
Needs root and a cgroup v1 `cpu` hierarchy (or v2 with the `cpu` controller).

    with CpuShare(0.25) as share:
        share.adopt(profile_dir)  # the browser of that --user-data-dir, and its children
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from types import TracebackType

PERIOD_US = 10_000
ROOTS = (Path("/sys/fs/cgroup/cpu"), Path("/sys/fs/cgroup"))


class CpuShare:
    def __init__(self, share: float) -> None:
        if not 0 < share <= 1:
            raise ValueError(f"a CPU share is more than 0 and at most 1, not {share}")
        self.share = share
        self.path: Path | None = None

    def __enter__(self) -> CpuShare:
        quota = round(self.share * PERIOD_US)
        for root in ROOTS:
            if (root / "cpu.cfs_quota_us").exists() or (root / "cpu.shares").exists():
                self.path = root / f"dozito-bench-{os.getpid()}"
                self.path.mkdir()
                (self.path / "cpu.cfs_period_us").write_text(str(PERIOD_US))
                (self.path / "cpu.cfs_quota_us").write_text(str(quota))
                return self
            controllers = root / "cgroup.controllers"
            if controllers.exists() and "cpu" in controllers.read_text().split():
                self.path = root / f"dozito-bench-{os.getpid()}"
                self.path.mkdir()
                (self.path / "cpu.max").write_text(f"{quota} {PERIOD_US}")
                return self
        raise SystemExit("--cpu-share needs a writable CPU cgroup (run as root on Linux)")

    def adopt(self, profile: str) -> int:
        """Move the browser started with --user-data-dir=profile, and every
        process under it, into the slowed group; how many were moved."""
        assert self.path is not None
        parents: dict[int, int] = {}
        browsers = []
        for proc in Path("/proc").iterdir():
            if not proc.name.isdigit():
                continue
            try:
                stat = (proc / "stat").read_text()
                cmdline = (proc / "cmdline").read_bytes()
            except OSError:
                continue  # gone meanwhile
            parents[int(proc.name)] = int(stat.rsplit(")", 1)[1].split()[1])
            if f"--user-data-dir={profile}".encode() in cmdline and b"--type=" not in cmdline:
                browsers.append(int(proc.name))
        tree, grew = set(browsers), True
        while grew:
            below = {pid for pid, ppid in parents.items() if ppid in tree} - tree
            tree |= below
            grew = bool(below)
        for pid in tree:
            with contextlib.suppress(OSError):  # a process that ended meanwhile
                (self.path / "cgroup.procs").write_text(str(pid))
        return len(tree)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self.path is None:
            return
        parent = self.path.parent / "cgroup.procs"
        for pid in (self.path / "cgroup.procs").read_text().split():
            with contextlib.suppress(OSError):
                parent.write_text(pid)
        self.path.rmdir()
