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
    scripts/jobs_ab.py --tree new=. --tree old=/work/main --games 6000 --rounds 6
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


def summary(name: str, rounds: list[dict], quiet: float) -> str:
    """Median wall ratio over every round and over the quiet ones, and the CPU ratio."""
    walls = [r[1]["wall"] / r[2]["wall"] for r in rounds]
    calm = [w for w, r in zip(walls, rounds) if max(r[1]["others"], r[2]["others"]) < quiet]
    cpus = [r[2]["cpu"] / r[1]["cpu"] for r in rounds]
    calm_text = (f"x{statistics.median(calm):.2f} over {len(calm)} round(s) with the others "
                 f"below {quiet} core" if calm else f"no round with the others below {quiet}")
    return (f"{name}: wall ratio median x{statistics.median(walls):.2f} (x{min(walls):.2f}-"
            f"{max(walls):.2f}), {calm_text}; CPU of jobs 2 / jobs 1 median "
            f"x{statistics.median(cpus):.3f}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tree", action="append", help="name=checkout to run (PYTHONPATH); "
                    "several are interleaved run by run (default: this one)")
    ap.add_argument("--bots", default="bmu,bmu")
    ap.add_argument("--kingdom", default="First Game")
    ap.add_argument("--games", type=int, default=6000)
    ap.add_argument("--seed", default="jobs-ab")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--quiet", type=float, default=0.1,
                    help="a round is quiet when the others kept fewer cores than this busy")
    args = ap.parse_args()
    trees = dict(t.split("=", 1) if "=" in t else (t, t) for t in args.tree or ["."])
    pycache, first = tempfile.mkdtemp(prefix="jobs-ab-pycache-"), None
    envs = {name: child_env(os.path.abspath(path), pycache) for name, path in trees.items()}
    rounds: dict[str, list[dict]] = {name: [] for name in trees}
    pairs = [(name, jobs) for name in trees for jobs in (1, 2)]
    for name in trees:  # writes the bytecode
        run(envs[name]["PYTHONPATH"], 1, argparse.Namespace(**{**vars(args), "games": 1}),
            envs[name])
    for r in range(args.rounds):
        runs: dict[str, dict] = {name: {} for name in trees}
        for name, jobs in pairs if r % 2 == 0 else pairs[::-1]:
            one = runs[name][jobs] = run(envs[name]["PYTHONPATH"], jobs, args, envs[name])
            first = first or one["result"]
            if one["result"] != first:
                raise SystemExit("different results for the same seed")
        for name, got in runs.items():
            rounds[name].append(got)
            print(f"round {r} {name}: wall {got[1]['wall']:.2f} / {got[2]['wall']:.2f} s = "
                  f"x{got[1]['wall'] / got[2]['wall']:.2f}  CPU {got[1]['cpu']:.2f} / "
                  f"{got[2]['cpu']:.2f} s  other processes' cores {got[1]['others']:.2f} / "
                  f"{got[2]['others']:.2f}  load {os.getloadavg()[0]:.2f}", flush=True)
    for name in trees:
        print(summary(name, rounds[name], args.quiet))
    print("identical results every time")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
