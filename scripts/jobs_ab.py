#!/usr/bin/env python3
"""`simulate --jobs 1` against `--jobs 2`, interleaved (1 2, 2 1, 1 2, ...) in one sitting.

Each run is a fresh `python -m engine simulate` (start-up and imports included, as a user
sees it), timed in wall seconds and in CPU seconds of its whole process tree. On a machine
with two shared cores the wall ratio says as much about the neighbours as about the pool, so
every run also reports how many cores the *other* processes kept busy meanwhile (from
/proc/stat): a ratio near 2 is only possible when that figure is near 0. Every run's result
(wins, turns, answers) must be the same, whatever the number of processes.

Runs use compiled bytecode (kept under a temporary PYTHONPYCACHEPREFIX, even where
PYTHONDONTWRITEBYTECODE is set, as in this project's sessions): compiling the engine's
sources takes ~0.2 s, more than the rest of the start-up, and is no part of a real run.

    scripts/jobs_ab.py --games 6000 --rounds 4
    scripts/jobs_ab.py --bots heuristic,heuristic --kingdom "Secret Schemes" --games 1200
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

TIMES = ("seconds", "games_per_sec", "cpu_seconds", "games_per_cpu_sec", "jobs")


def busy_ticks() -> tuple[int, int]:
    """(all, busy) clock ticks of the machine so far (busy: not idle, not waiting on I/O)."""
    with open("/proc/stat") as f:
        ticks = [int(x) for x in f.readline().split()[1:]]
    return sum(ticks), sum(ticks) - ticks[3] - ticks[4]


def child_env(tree: str, pycache: str) -> dict:
    """This environment, importing `tree`, with bytecode cached in `pycache`."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPATH": tree, "PYTHONPYCACHEPREFIX": pycache}


def run(tree: str, jobs: int, args: argparse.Namespace, env: dict) -> dict:
    """One run: wall, CPU of the run's processes, other processes' cores, the result."""
    cmd = [sys.executable, "-m", "engine", "simulate", "--games", str(args.games), "--seed",
           args.seed, "--bots", args.bots, "--kingdom", args.kingdom, "--jobs", str(jobs)]
    before, ticks = resource.getrusage(resource.RUSAGE_CHILDREN), busy_ticks()
    start = time.perf_counter()
    out = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, check=True,
                         env=env)
    wall = time.perf_counter() - start
    after, ticks_after = resource.getrusage(resource.RUSAGE_CHILDREN), busy_ticks()
    cpu = sum(getattr(after, f) - getattr(before, f) for f in ("ru_utime", "ru_stime"))
    busy = (ticks_after[1] - ticks[1]) / os.sysconf("SC_CLK_TCK")
    result = {k: v for k, v in json.loads(out.stdout).items() if k not in TIMES}
    return {"wall": wall, "cpu": cpu, "others": max(0.0, busy - cpu) / wall, "result": result}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tree", default=".", help="the checkout to run (PYTHONPATH)")
    ap.add_argument("--bots", default="bmu,bmu")
    ap.add_argument("--kingdom", default="First Game")
    ap.add_argument("--games", type=int, default=6000)
    ap.add_argument("--seed", default="jobs-ab")
    ap.add_argument("--rounds", type=int, default=4)
    args = ap.parse_args()
    tree = os.path.abspath(args.tree)
    walls, cpus, first = [], [], None
    env = child_env(tree, tempfile.mkdtemp(prefix="jobs-ab-pycache-"))
    run(tree, 1, argparse.Namespace(**{**vars(args), "games": 1}), env)  # writes the bytecode
    for r in range(args.rounds):
        runs = {jobs: run(tree, jobs, args, env) for jobs in ((1, 2) if r % 2 == 0 else (2, 1))}
        for one in runs.values():
            first = first or one["result"]
            if one["result"] != first:
                raise SystemExit("different results for the same seed")
        walls.append(runs[1]["wall"] / runs[2]["wall"])
        cpus.append(runs[2]["cpu"] / runs[1]["cpu"])
        print(f"round {r}: wall {runs[1]['wall']:.2f} / {runs[2]['wall']:.2f} s = x{walls[-1]:.2f}"
              f"  CPU {runs[1]['cpu']:.2f} / {runs[2]['cpu']:.2f} s (jobs 2 uses x{cpus[-1]:.3f})"
              f"  other processes' cores {runs[1]['others']:.2f} / {runs[2]['others']:.2f}"
              f"  load {os.getloadavg()[0]:.2f}", flush=True)
    print(f"wall ratio median x{statistics.median(walls):.2f} (x{min(walls):.2f}-"
          f"{max(walls):.2f}); CPU of jobs 2 / jobs 1 median x{statistics.median(cpus):.3f}; "
          "identical results every time")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
