"""Bot-versus-bot benchmark over random kingdoms: how often a bot beats another, kingdom by
kingdom, and the distribution of those win rates.

    python -m engine.bots.benchmark --kingdoms 40 --games 400              # planner vs bmu
    python -m engine.bots.benchmark --bot planner --against double-witch --require Witch

Kingdoms are drawn at random from every implemented set (each with a random edition), seats
alternate, Shelters follow the rulebook's rule, and a tie counts as half a win. Planning time
(CPU seconds per new table) and the time of each of the bot's decisions are measured too.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from random import Random

from ..cards import CARDS
from ..kingdoms import random_kingdom
from ..setup import new_game
from . import planner, seat_player
from .common import SeatView


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (a tie counted as half a win)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def kingdoms(count: int, seed: int, require: str | None = None) -> list[tuple[list[str], int]]:
    """`count` random kingdoms (with their edition) from every implemented set."""
    rng = Random(f"benchmark:{seed}")
    out = []
    while len(out) < count:
        edition = rng.choice([1, 2])
        exclude = [require] if require else []
        cards = random_kingdom(rng, CARDS.values(), editions=[edition],
                               count=9 if require else 10, exclude=exclude)
        if require:
            cards.append(require)
        out.append((sorted(cards), edition))
    return out


def _timed(player, clock: list[float]):
    def answer(d):
        t = time.perf_counter()
        a = player(d)
        clock.append(time.perf_counter() - t)
        return a
    rules = getattr(player, "buy_rules", None)
    if rules is not None:  # `play_out` still answers its Buy phases as data (untimed)
        answer.buy_rules = rules  # type: ignore[attr-defined]
    return answer


MAX_ANSWERS = 20000  # a game still going after this many answers counts as lost by both


def play(g, players: list, fast: bool = True) -> None:
    """Play `g` to the end (or MAX_ANSWERS answers). `fast`: on `Game.play_out`, the same
    game as answering `next_decision()` one at a time (the slow path, kept to check that)."""
    if fast:
        try:
            g.play_out(players, MAX_ANSWERS)
        except RuntimeError:
            pass
        return
    steps = 0
    while (d := g.next_decision()) is not None and steps < MAX_ANSWERS:
        g.apply(d.seat, d.id, players[d.seat](d))
        steps += 1


def _plan_ahead(bot: str, setup: dict, seed: str, planning: list[float]) -> None:
    """Make the planner's plan before the game (its cost is measured apart from decisions)."""
    if bot != "planner":
        return
    g = new_game(setup, seed)
    key = SeatView(g, 0).setup_key()
    if key not in planner._PLANS:
        t = time.process_time()
        planner.strategy_for(key)
        planning.append(time.process_time() - t)


def run_kingdom(cards: list[str], edition: int, bot: str, against: str, games: int,
                seed: str, clock: list[float], planning: list[float],
                fast: bool = True) -> dict:
    wins = 0.0
    turns = 0
    own_turn_losses = 0
    for i in range(games):
        seat = i % 2
        bots = [against, against]
        bots[seat] = bot
        setup = {"players": 2, "kingdom": cards, "edition": edition, "shelters": "auto",
                 "autoplay_treasures": [0, 1]}
        gseed = f"{seed}:{i // 2}"
        _plan_ahead(bot, setup, gseed, planning)
        g = new_game(setup, gseed, log=not fast)  # the result never needs the log
        players = [seat_player(b, g, p) for p, b in enumerate(bots)]
        players[seat] = _timed(players[seat], clock)
        play(g, players, fast)
        res = g.result or {"winners": [], "turns": [0, 0]}
        if seat in res["winners"]:
            wins += 1 / len(res["winners"])
        elif g.active == seat:
            own_turn_losses += 1
        turns += max(res["turns"])
    lo, hi = wilson(wins, games)
    plans = sorted({s.name for k in planner.table_keys(setup) if (s := planner.cached(k))})
    return {"kingdom": cards, "edition": edition, "games": games, "plans": plans,
            "win_rate": round(wins / games, 3), "ci95": [round(lo, 3), round(hi, 3)],
            "mean_turns": round(turns / games, 1), "losses_on_own_turn": own_turn_losses}


def summary(rows: list[dict], threshold: float) -> dict:
    rates = sorted(r["win_rate"] for r in rows)
    if not rates:
        return {}
    q = statistics.quantiles(rates, n=10) if len(rates) > 1 else rates * 9
    return {"kingdoms": len(rates), "median": round(statistics.median(rates), 3),
            "min": rates[0], "p10": round(q[0], 3), "p90": round(q[-1], 3),
            f"at_least_{threshold:g}": sum(r >= threshold for r in rates),
            "share_at_least": round(sum(r >= threshold for r in rates) / len(rates), 3)}


def benchmark(bot: str = "planner", against: str = "bmu", count: int = 40, games: int = 400,
              seed: int = 1, require: str | None = None, threshold: float = 0.8,
              progress=None, only: set[int] | None = None, fast: bool = True) -> dict:
    """`only`: the indices (0-based) of the drawn kingdoms to play, the others skipped with
    their seeds unchanged, so a few kingdoms can be measured again alone. `fast=False` plays
    one decision at a time (the same games, slower)."""
    rows, clock, planning = [], [], []
    for i, (cards, edition) in enumerate(kingdoms(count, seed, require)):
        if only is not None and i not in only:
            continue
        row = run_kingdom(cards, edition, bot, against, games, f"bench:{seed}:{i}", clock,
                          planning, fast)
        row["index"] = i
        rows.append(row)
        if progress:
            progress(row)
    out = {"bot": bot, "against": against, "games_per_kingdom": games, "seed": seed,
           "summary": summary(rows, threshold), "kingdoms": rows}
    if clock:
        ms = sorted(c * 1000 for c in clock)
        out["decision_ms"] = {"median": round(statistics.median(ms), 3),
                              "p99": round(ms[int(len(ms) * 0.99)], 3), "count": len(ms)}
    if planning:
        out["planning_s"] = {"median": round(statistics.median(planning), 2),
                             "max": round(max(planning), 2), "tables": len(planning)}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.bots.benchmark")
    ap.add_argument("--bot", default="planner")
    ap.add_argument("--against", default="bmu")
    ap.add_argument("--kingdoms", type=int, default=40)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--require", default=None, help="a card every kingdom must have (Witch)")
    ap.add_argument("--threshold", type=float, default=0.8)
    ap.add_argument("--only", default=None,
                    help="comma-separated indices (0-based) of the kingdoms to play")
    ap.add_argument("--quiet", action="store_true", help="no line per kingdom on stderr")
    ap.add_argument("--one-by-one", action="store_true",
                    help="answer one decision at a time instead of Game.play_out (same games)")
    args = ap.parse_args(argv)

    def progress(row: dict) -> None:
        if not args.quiet:
            print(f"#{row['index']} {row['win_rate']:.3f} {row['ci95']} "
                  f"{', '.join(row['kingdom'])} {row['plans']}", file=sys.stderr, flush=True)

    only = {int(i) for i in args.only.split(",")} if args.only else None
    out = benchmark(args.bot, args.against, args.kingdoms, args.games, args.seed,
                    args.require, args.threshold, progress, only, not args.one_by_one)
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
