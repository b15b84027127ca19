"""`planner`: a bot that looks at the kingdom, simulates its library of plans with the engine,
and plays the plan that does best.

Planning reads only what every seat sees when the game starts (the Kingdom, the number of
players, the card editions, whether Shelters are used: `SeatView.setup_key`) and seeds its
games from that, so every seat, process and machine makes the same plan for the same table,
and planning never touches the game's own seed. It costs a few seconds once per table; plans
are kept in a small in-process cache (and by the site in its database), so a decision is a
rule lookup.

Choosing is a successive-halving tournament: every candidate plays a few games against Big
Money Ultimate, the better half plays more, and the finalists also play each other, so the
plan kept is the one that does best against the field (the yardstick and the other good plans).
"""
from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Callable
from functools import partial
from typing import Any

from ..cardbase import DARK_AGES, canonical
from ..cards import CARDS
from ..decisions import Decision
from ..setup import DEFAULTS, deal, new_game, normalise
from .common import SeatView
from .money import big_money_ultimate
from .plans import candidates
from .rules import Strategy, parse

Key = tuple  # SeatView.setup_key(): (kingdom, players, editions, shelters)

# Changes whenever the library or the way plans are chosen changes: stored plans made by an
# older planner are then made again.
VERSION = "10"

# The tournament, for 2 players (fewer games with more players: longer games): each round
# plays every candidate left this many more games against Big Money Ultimate (the results
# add up from round to round), then keeps the best few; the last two also meet head to head,
# which counts for a quarter of their score.
ROUNDS = ((16, 8), (48, 3), (160, 2))
FINAL_HEAD_TO_HEAD = 48
HEAD_TO_HEAD_WEIGHT = 0.25
# At most this many answers in all (about 4 s of one core today, 30-40 µs an answer; a
# 2-player game between Big Money and a plan is 60 to 120 answers). The first round's cut is
# wide (a plan's rate over 16 games is ± 12 %), so a good plan is seldom dropped by bad luck;
# the finalists' 224 games each put them within ± 3 %.
STEP_BUDGET = 120_000
MAX_STEPS = 6000
_PLANS: OrderedDict[Key, Strategy] = OrderedDict()
_CACHE_SIZE = 128


def key_text(key: Key) -> str:
    """The key as JSON text: the site stores plans under it."""
    kingdom, players, editions, shelters = key
    return json.dumps({"kingdom": list(kingdom), "players": players,
                       "editions": list(editions), "shelters": shelters},
                      separators=(",", ":"), sort_keys=True)


def _setup(key: Key, seats: int | None = None) -> dict:
    kingdom, players, editions, shelters = key
    return {"players": seats or players, "kingdom": list(kingdom),
            "card_editions": dict(zip(kingdom, editions)), "shelters": shelters,
            "autoplay_treasures": list(range(seats or players))}


def play_game(setup: dict, players: list[Callable[[SeatView, Decision], Any]],
              seed: str, clock: list[int] | None = None, dealt: dict | None = None) -> dict:
    """One bot game; returns the engine's result (and adds its answers to `clock[0]`).

    A quiet game on the fast path (`Game.play_out`): the same game as answering
    `next_decision()` one by one, at a fraction of the cost. `dealt` is `normalise(setup)`
    when the caller has it already. A game still going after MAX_STEPS + 1 answers counts
    as won by nobody.
    """
    g = deal(dealt or normalise(setup), seed, log=False)
    seats = [partial(bot, SeatView(g, p)) for p, bot in enumerate(players)]
    try:
        steps = g.play_out(seats, MAX_STEPS + 1)
    except RuntimeError:
        steps = MAX_STEPS + 1
    if clock is not None:
        clock[0] += steps
    return g.result or {"winners": [], "scores": [0] * len(players)}


Bot = Callable[[SeatView, Decision], Any]


def match(key: Key, hero: Bot, field: list[Bot], games: int, tag: str,
          clock: list[int] | None = None) -> float:
    """`hero`'s share of the wins against `field` (one seat each, seats rotated; a tie splits
    the win), over `games` games seeded from the key; `clock[0]` counts the answers given."""
    setup = _setup(key)
    dealt = normalise(setup)  # once, not once a game
    n = setup["players"]
    wins = 0.0
    base = _seed_base(key)
    for i in range(games):
        seat = i % n
        others = [field[j % len(field)] for j in range(n - 1)]
        bots = others[:seat] + [hero] + others[seat:]
        result = play_game(setup, bots, f"{base}:{tag}:{i // n}", clock, dealt)
        if seat in result["winners"]:
            wins += 1 / len(result["winners"])
    return wins / games if games else 0.0


def _seed_base(key: Key) -> str:
    return "plan:" + hashlib.sha256(key_text(key).encode()).hexdigest()[:16]


def _scale(games: int, players: int) -> int:
    return max(2, games * 2 // players)


def _within_budget(games: int, candidates: int, used: int, played: int) -> int:
    """Fewer games per candidate when long games (Gardens, big engines) would overrun the
    budget; deterministic, since it counts answers, not time."""
    if not played:
        return games
    per_game = used / played
    left = STEP_BUDGET - used
    return max(2, min(games, int(left / (per_game * candidates))))


def make_plan(key: Key, report: dict | None = None) -> dict:
    """Choose the best plan for the table `key`; returns its strategy definition, with the
    figures behind the choice under "planner" (each finalist's results)."""
    kingdom, players = list(key[0]), key[1]
    pool = [parse(d) for d in candidates(kingdom)]
    prior = {s.name: i for i, s in enumerate(pool)}  # the library's order breaks ties
    wins = dict.fromkeys(prior, 0.0)
    played = dict.fromkeys(prior, 0)

    def rate(s: Strategy) -> float:
        return wins[s.name] / played[s.name] if played[s.name] else 0.0

    clock = [0]  # answers given so far: the budget is counted in them, not in seconds
    for r, (games, keep) in enumerate(ROUNDS):
        g = _within_budget(_scale(games, players), len(pool), clock[0], sum(played.values()))
        for s in pool:
            wins[s.name] += g * match(key, s.answer, [big_money_ultimate], g, f"r{r}", clock)
            played[s.name] += g
        pool = sorted(pool, key=lambda s: (-rate(s), prior[s.name]))[:keep]
    field = {s.name: rate(s) for s in pool}
    if len(pool) > 1:
        a, b = pool[0], pool[1]
        share = match(key, a.answer, [b.answer], _scale(FINAL_HEAD_TO_HEAD, players), "final",
                      clock)
        field[a.name] = (1 - HEAD_TO_HEAD_WEIGHT) * field[a.name] + HEAD_TO_HEAD_WEIGHT * share
        field[b.name] = ((1 - HEAD_TO_HEAD_WEIGHT) * field[b.name]
                         + HEAD_TO_HEAD_WEIGHT * (1 - share))
    best = max(pool, key=lambda s: (field[s.name], -prior[s.name]))
    out = dict(best.definition)
    out["planner"] = {"vs_bmu": round(rate(best), 3), "candidates": len(prior),
                      "answers": clock[0],
                      "finalists": {s.name: {"vs_bmu": round(rate(s), 3),
                                             "field": round(field[s.name], 3)} for s in pool}}
    if report is not None:
        report.update(out["planner"])
        report["rates"] = {n: round(wins[n] / played[n], 3) for n in prior}
    return out


def table_keys(setup: dict) -> list[Key]:
    """The tables a game of `setup` may be (with and without Shelters when the rulebook's
    random rule decides), as `SeatView.setup_key` gives them."""
    rule = setup.get("shelters", DEFAULTS["shelters"])
    if rule == "auto":
        dark = any(CARDS[canonical(k)].set == DARK_AGES for k in setup["kingdom"])
        options = [True, False] if dark else [False]
    else:
        options = [rule in (True, "always")]
    keys = []
    for shelters in options:
        g = new_game({**setup, "shelters": shelters}, "table")
        keys.append(SeatView(g, 0).setup_key())
    return keys


def remember(key: Key, plan: dict) -> Strategy:
    """Keep a plan (made here or loaded from the site's store) for the table `key`."""
    definition = {k: v for k, v in plan.items() if k != "planner"}
    if definition.get("endgame", "guard") == "guard":
        definition["endgame"] = "race"  # played with the look-ahead (too slow to plan with)
    strategy = parse(definition)
    _PLANS[key] = strategy
    _PLANS.move_to_end(key)
    while len(_PLANS) > _CACHE_SIZE:
        _PLANS.popitem(last=False)
    return strategy


def cached(key: Key) -> Strategy | None:
    """The plan for `key` if this process has it."""
    return _PLANS.get(key)


def strategy_for(key: Key) -> Strategy:
    """The plan for the table `key`: from the cache, or made now (seconds, once)."""
    s = _PLANS.get(key)
    if s is None:
        s = remember(key, make_plan(key))
    return s


def planner_answer(view: SeatView, d: Decision) -> Any:
    return strategy_for(view.setup_key()).answer(view, d)


def planner_player(view: SeatView) -> Callable[[Decision], Any]:
    """A seat's player with its plan looked up once."""
    strategy = strategy_for(view.setup_key())
    return lambda d: strategy.answer(view, d)
