"""The engine's command line; other tools depend on these outputs, so keep them stable."""
from __future__ import annotations

import argparse
import json
import sys

from .cards import CARDS


def cmd_cards(args: argparse.Namespace) -> int:
    out = [{"name": c.name, "set": c.set, "editions": list(c.editions), "cost": c.cost,
            "types": list(c.types), "in_supply": c.in_supply, "kingdom": c.is_kingdom}
           for c in CARDS.values() if not c.members or c.is_kingdom]
    print(json.dumps(out, indent=1 if args.pretty else None))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from .simulate import cores, simulate

    bots = args.bots.split(",")
    jobs = cores() if args.jobs is None else args.jobs
    if jobs < 1:
        raise ValueError("--jobs must be at least 1")
    print(json.dumps(simulate(bots, args.games, args.seed, args.kingdom, args.edition,
                              autoplay=not args.no_autoplay, jobs=jobs)))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from .decisions import IllegalAnswer
    from .positions import report, run

    with open(args.file) as f:
        position = json.load(f)
    try:
        g, events = run(position)
    except IllegalAnswer as e:
        print(json.dumps({"error": str(e)}))
        return 2
    out = report(g)
    if args.events:
        out["events"] = events
    print(json.dumps(out, indent=1))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from .bench import run_all

    extra = {} if args.jobs_games is None else {"jobs_games": args.jobs_games}
    print(json.dumps(run_all(args.games, args.runs, jobs=not args.no_jobs,
                             planner=not args.no_planner, **extra), indent=1))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("cards", help="every implemented card as JSON")
    p.add_argument("--pretty", action="store_true")
    p.set_defaults(fn=cmd_cards)
    p = sub.add_parser("simulate", help="play bot games and report speed and results")
    p.add_argument("--bots", default="bmu,bmu")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", default="0")
    p.add_argument("--kingdom", default="First Game",
                   help="a recommended kingdom's name or 10 comma-separated card names")
    p.add_argument("--edition", type=int, default=2)
    p.add_argument("--no-autoplay", action="store_true",
                   help="bots answer the 'play Treasures' decision themselves every turn")
    p.add_argument("--jobs", type=int, default=None,
                   help="processes to split the games across (default: every core); the "
                        "result is the same as with one")
    p.set_defaults(fn=cmd_simulate)
    p = sub.add_parser("play", help="run a scripted position (docs/positions.md)")
    p.add_argument("file")
    p.add_argument("--events", action="store_true", help="also print the events")
    p.set_defaults(fn=cmd_play)
    p = sub.add_parser("bench", help="engine timings: simulate (beside the floor loop), "
                                     "heuristic and planner, load-and-answer, replay, "
                                     "1 vs 2 processes")
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--runs", type=int, default=3, help="simulation runs, each beside the floor")
    p.add_argument("--no-jobs", action="store_true", help="skip the 1 vs 2 processes figure")
    p.add_argument("--jobs-games", type=int, default=None,
                   help="games per run of the 1 vs 2 processes figure (default: bench.JOBS_GAMES, "
                        "enough that the pool's start and last chunk are a small part of a run)")
    p.add_argument("--no-planner", action="store_true",
                   help="skip making one plan (a few CPU seconds)")
    p.set_defaults(fn=cmd_bench)
    args = ap.parse_args(argv)
    try:
        return args.fn(args)
    except (ValueError, KeyError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
