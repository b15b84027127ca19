#!/usr/bin/env python3
"""Engine speed, tree against tree, interleaved (A B A B ...) in one sitting.

This machine's speed drifts (shared cores), so two trees are only compared by runs taken side
by side; each run is a fresh process with PYTHONPATH on one tree, timed in CPU seconds. Every
run also prints a digest of the games' results (scores, turns, winners), or of the plan made,
so that a faster tree can be checked to play the very same games.

    scripts/speed_ab.py --tree new=. --tree old=/work/wt/baseline \\
        --bots heuristic,heuristic --kingdom "Victory Dance" --games 200 --rounds 3
    scripts/speed_ab.py --tree new=. --tree old=/tmp/before --plan "Grim Parade"
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys

# Run inside each tree: only what every tree has (play_one, kingdom_cards, the planner).
CHILD = r"""
import hashlib, json, sys, time
args = json.loads(sys.argv[1])
from engine.simulate import kingdom_cards, play_one
cards = kingdom_cards(args["kingdom"])
if args["plan"]:
    from engine.bots import planner
    from engine.simulate import shelters_rule
    setup = {"players": 2, "kingdom": cards, "shelters": shelters_rule(cards)}
    key = planner.table_keys(setup)[0]
    t = time.process_time()
    out = planner.make_plan(key)
    cpu = time.process_time() - t
    n = out["planner"]["answers"]
    digest = json.dumps(out, sort_keys=True)
else:
    bots = args["bots"].split(",")
    play_one(bots, cards, "warm-up")
    n = args["games"]
    t = time.process_time()
    res = [play_one(bots, cards, f"{args['seed']}:{i}")["result"] for i in range(n)]
    cpu = time.process_time() - t
    digest = json.dumps([[r["scores"], r["turns"], r["winners"]] for r in res])
print(json.dumps({"cpu": cpu, "n": n,
                  "digest": hashlib.sha256(digest.encode()).hexdigest()[:12]}))
"""


def run(tree: str, args: argparse.Namespace, games: int | None = None,
        valgrind: bool = False) -> dict:
    env = dict(os.environ, PYTHONPATH=os.path.abspath(tree))
    payload = json.dumps({"kingdom": args.plan or args.kingdom, "plan": bool(args.plan),
                          "bots": args.bots, "games": args.games if games is None else games,
                          "seed": args.seed})
    cmd = [sys.executable, "-c", CHILD, payload]
    if valgrind:
        cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
               "--cachegrind-out-file=/dev/null", *cmd]
    out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True,
                         cwd=os.path.abspath(tree))
    res = json.loads(out.stdout.strip().splitlines()[-1])
    if valgrind:
        refs = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
        res["instructions"] = int(refs.group(1).replace(",", ""))
    return res


def instructions(trees: list[list[str]], args: argparse.Namespace) -> None:
    """Instructions per game (or per planner answer) under cachegrind: slow, but the same
    figure every run whatever else the machine does. The cost of starting up (a run of no
    game) is taken off."""
    per: dict[str, float] = {}
    for label, path in trees:
        res = run(path, args, valgrind=True)
        spent = res["instructions"]
        if not args.plan:
            spent -= run(path, args, 0, valgrind=True)["instructions"]
        per[label] = spent / res["n"]
        print(f"{label:>8}: {per[label] / 1e6:9.3f} M instructions per "
              f"{'answer' if args.plan else 'game'}  digest {res['digest']}", flush=True)
    first = trees[0][0]
    for label, v in per.items():
        print(f"{label:>8}: x{per[first] / v:.2f} as fast as {first} (by instructions)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tree", action="append", required=True, help="label=path")
    ap.add_argument("--bots", default="bmu,bmu")
    ap.add_argument("--kingdom", default="First Game")
    ap.add_argument("--plan", default="", help="time the planner's plan for this kingdom")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", default="ab")
    ap.add_argument("--instructions", action="store_true",
                    help="count instructions under valgrind instead of timing (steady)")
    args = ap.parse_args()
    trees = [t.split("=", 1) for t in args.tree]
    if args.instructions:
        instructions(trees, args)
        return
    rates: dict[str, list[float]] = {label: [] for label, _ in trees}
    for r in range(args.rounds):
        for label, path in (trees if r % 2 == 0 else trees[::-1]):
            res = run(path, args)
            unit = res["n"] / res["cpu"]
            rates[label].append(unit)
            print(f"round {r} {label:>8}: {unit:9.1f} {'answers' if args.plan else 'games'}"
                  f"/CPU-s  ({res['cpu']:.2f} s)  digest {res['digest']}", flush=True)
    med = {label: statistics.median(v) for label, v in rates.items()}
    first = trees[0][0]
    for label, m in med.items():
        print(f"median {label:>8}: {m:9.1f}   x{m / med[first]:.2f} of {first}")
    if len(trees) == 2:  # pairwise ratios, since runs taken side by side drift together
        a, b = (rates[label] for label, _ in trees)
        pairs = [x / y for x, y in zip(a, b)]
        print(f"{trees[0][0]}/{trees[1][0]} per round: {[round(p, 2) for p in pairs]}")


if __name__ == "__main__":
    main()
