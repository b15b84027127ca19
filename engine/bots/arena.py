"""Games between 2 to 4 strategies on one kingdom, run in ranges whose results add up.

`run_chunk(spec, start, stop)` plays games start..stop-1 of a simulation and returns partial
sums; `merge(parts)` adds partials; `summary(total)` turns the sums into win rates with 95 %
intervals, average VP by turn and game lengths. Game i seats the bots rotated by i, so each
bot sits in each seat equally often, and is seeded `"{seed}:{i}"`: any split of the range
gives the same games, so ranges can run on different workers in any order.
"""
from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from ..decisions import Decision
from ..setup import new_game
from . import RANDOM, seat_player
from .benchmark import wilson
from .common import SeatView
from .planner import table_keys
from .rules import parse

MAX_TURNS = 60  # VP by turn is kept for each player's first 60 turns
MAX_STEPS = 20000
# Turns of each player past which a game is counted unfinished: some bots never end a game
# on some kingdoms (Workshop/Gardens with neither card buys Silver and Copper, then nothing),
# and 20,000 answers of one cost a second. Games of real bots end well before 50.
MAX_ROUNDS = 100


def setup_of(spec: dict, players: int) -> dict:
    return {"players": players, "kingdom": list(spec["kingdom"]),
            "edition": spec.get("edition", 2), "shelters": spec.get("shelters", "auto"),
            "card_editions": dict(spec.get("card_editions", {})),
            "autoplay_treasures": list(range(players))}


def _player(bot: str | dict, game, seat: int, tag: str) -> Callable[[Decision], Any]:
    """A name of a built-in strategy, or a definition (a strategy the site keeps)."""
    if isinstance(bot, dict):
        strategy = parse(bot)
        view = SeatView(game, seat)
        return lambda d: strategy.answer(view, d)
    if bot == RANDOM:
        return seat_player(bot, game, seat, Random(f"{tag}:{seat}"))
    return seat_player(bot, game, seat)


def empty(bots: int) -> dict:
    return {"games": 0, "wins": [0.0] * bots, "ties": 0, "vp": [0] * bots,
            "vp_by_turn": [[0] * MAX_TURNS for _ in range(bots)], "lengths": {},
            "unfinished": 0}


def run_chunk(spec: dict, start: int, stop: int) -> dict:
    """Play games `start`..`stop`-1 of the simulation `spec` ({"kingdom", "bots", "seed",
    "edition", "shelters"}) and return their sums (see `merge`)."""
    bots = spec["bots"]
    n = len(bots)
    out = empty(n)
    for i in range(start, stop):
        order = [(s + i) % n for s in range(n)]  # seat s is played by bot order[s]
        seed = f"{spec['seed']}:{i}"
        g = new_game(setup_of(spec, n), seed)
        players = [_player(bots[order[s]], g, s, seed) for s in range(n)]
        curves = _play(g, players)
        _count(out, g, order, curves)
    return out


def _play(g, players: list) -> list[list[int]]:
    """Play to the end; each seat's score after each of its turns."""
    curves: list[list[int]] = [[] for _ in players]
    turn, active, steps = g.turn_no, g.active, 0
    last_turn = g.turn_no + MAX_ROUNDS * len(players)
    while (d := g.next_decision()) is not None and steps < MAX_STEPS and g.turn_no < last_turn:
        g.apply(d.seat, d.id, players[d.seat](d))
        steps += 1
        if g.turn_no != turn:
            curves[active].append(g.score(active))
            turn, active = g.turn_no, g.active
    if g.over:
        curves[active].append(g.score(active))
    return curves


def _count(out: dict, g, order: list[int], curves: list[list[int]]) -> None:
    out["games"] += 1
    if not g.over:
        out["unfinished"] += 1
        return
    res = g.result
    winners = res["winners"]
    if len(winners) > 1:
        out["ties"] += 1
    for seat, bot in enumerate(order):
        out["vp"][bot] += res["scores"][seat]
        if seat in winners:
            out["wins"][bot] += 1 / len(winners)
        curve = curves[seat][:MAX_TURNS] or [res["scores"][seat]]
        row = out["vp_by_turn"][bot]
        for t in range(MAX_TURNS):
            row[t] += curve[t] if t < len(curve) else res["scores"][seat]
    length = str(max(res["turns"]))
    out["lengths"][length] = out["lengths"].get(length, 0) + 1


def merge(parts: list[dict]) -> dict:
    """The sums of several partial results (of the same simulation)."""
    parts = [p for p in parts if p]
    if not parts:
        return {}
    n = len(parts[0]["wins"])
    out = empty(n)
    for p in parts:
        out["games"] += p["games"]
        out["ties"] += p["ties"]
        out["unfinished"] += p.get("unfinished", 0)
        for b in range(n):
            out["wins"][b] += p["wins"][b]
            out["vp"][b] += p["vp"][b]
            row, add = out["vp_by_turn"][b], p["vp_by_turn"][b]
            for t in range(MAX_TURNS):
                row[t] += add[t]
        for length, k in p["lengths"].items():
            out["lengths"][length] = out["lengths"].get(length, 0) + k
    return out


def summary(total: dict, names: list[str]) -> dict:
    """Win rates with 95 % intervals, average VP, average VP by turn, game lengths."""
    played = total.get("games", 0) - total.get("unfinished", 0)
    if played <= 0:
        return {"games": total.get("games", 0), "bots": []}
    lengths = {int(k): v for k, v in total["lengths"].items()}
    longest = max(lengths)
    rows = []
    for b, name in enumerate(names):
        wins = total["wins"][b]
        lo, hi = wilson(wins, played)
        rows.append({"bot": name, "wins": round(wins, 1), "win_rate": round(wins / played, 4),
                     "ci95": [round(lo, 4), round(hi, 4)],
                     "mean_vp": round(total["vp"][b] / played, 2),
                     "vp_by_turn": [round(v / played, 2)
                                    for v in total["vp_by_turn"][b][:min(longest, MAX_TURNS)]]})
    mean = sum(k * v for k, v in lengths.items()) / played
    return {"games": total["games"], "ties": total["ties"], "unfinished": total["unfinished"],
            "mean_turns": round(mean, 2), "lengths": dict(sorted(lengths.items())),
            "bots": rows}


def plan_tables(spec: dict, players: int) -> list[tuple]:
    """The planner's tables this simulation can meet (with and without Shelters when the
    rulebook's rule decides), so a caller can make or load their plans first."""
    return table_keys(setup_of(spec, players))
