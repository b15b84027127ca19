"""Bots: pure functions of what one seat may see, answering that seat's open decision.

`bot_answer(strategy, game, seat, decision)` is the one entry point; bots read the game only
through `SeatView`, which exposes nothing the seat could not see at the table.

Strategies are of three kinds: bots written in Python (`heuristic`, `random`, and `bmu` and
`smithy`, fast twins of their JSON definitions kept for benchmarks), strategies written as
data (`strategies/*.json`, the format in rules.py), and `planner`, which picks a plan for
each kingdom by simulating its library (plans.py) and plays it.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from random import Random
from typing import Any

from ..decisions import Decision
from . import dark_ages, tuning  # noqa: F401  (teaches the heuristic more cards)
from .common import SeatView, default_answer
from .heuristic import heuristic_answer
from .money import DATA_BUY_RULES, big_money_ultimate, smithy_big_money
from .planner import planner_answer, planner_player
from .randombot import random_answer
from .rules import Strategy, StrategyError, parse
from .strategies import BUILTIN

Bot = Callable[[SeatView, Decision], Any]

PLANNER = "planner"
RANDOM = "random"
DEFAULT = PLANNER
STRATEGIES: dict[str, Bot] = {
    PLANNER: planner_answer,
    "heuristic": heuristic_answer,
    **{name: s.answer for name, s in BUILTIN.items()},
    # the same answers as bmu.json and smithy.json (a test checks it), in plain Python
    "bmu": big_money_ultimate,
    "smithy": smithy_big_money,
}
LABELS = {
    PLANNER: ("Planner (plans for each kingdom)",
              "Simulates a library of plans on the kingdom when the game starts and plays "
              "the one that does best; every other decision as the heuristic bot."),
    "heuristic": ("Heuristic (plays every card)",
                  "Big Money with the best cards the kingdom offers, playing every card "
                  "sensibly and keeping score at the end."),
    RANDOM: ("Random (plays anything legal)", "Any legal answer, at random: for testing."),
}


def bot_answer(strategy: str, game, seat: int, decision: Decision,
               rng: Random | None = None) -> Any:
    """Answer `decision` for `seat` the way `strategy` plays."""
    return seat_player(strategy, game, seat, rng)(decision)


def seat_player(strategy: str, game, seat: int,
                rng: Random | None = None) -> Callable[[Decision], Any]:
    """A function answering `seat`'s decisions in `game` the way `strategy` plays.

    Made once per seat and game, it saves a driver loop the lookups `bot_answer` repeats.
    """
    view = SeatView(game, seat)
    if strategy == RANDOM:
        rng = rng or Random(f"{game.step}:{seat}")
        return lambda d: random_answer(view, d, rng)
    if strategy == PLANNER:
        return planner_player(view)
    try:
        bot = STRATEGIES[strategy]
    except KeyError:
        raise ValueError(f"unknown bot strategy {strategy!r}; known: {names()}") from None
    player = partial(bot, view)
    rules = DATA_BUY_RULES.get(strategy)
    if rules is not None:  # its Buy phase as data: `play_out` answers it without the call
        player.buy_rules = rules  # type: ignore[attr-defined]
    return player


def strategy_player(strategy: Strategy, game, seat: int) -> Callable[[Decision], Any]:
    """A seat's player for a strategy that is not built in (one the site keeps)."""
    return partial(strategy.answer, SeatView(game, seat))


def names() -> list[str]:
    return [*STRATEGIES, RANDOM]


def describe() -> list[dict]:
    """Every built-in strategy: name, label, description, and the cards it requires."""
    out = []
    for name in names():
        s = BUILTIN.get(name)
        label, text = LABELS.get(name, (s.label, s.description) if s else (name, ""))
        out.append({"name": name, "label": label, "description": text,
                    "requires": list(s.requires) if s else [],
                    "kind": "data" if s else "engine"})
    return out


__all__ = ["BUILTIN", "DEFAULT", "STRATEGIES", "SeatView", "Strategy", "StrategyError",
           "bot_answer", "default_answer", "describe", "names", "parse", "seat_player",
           "strategy_player"]
