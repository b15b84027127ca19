"""Bots: pure functions of what one seat may see, answering that seat's open decision.

`bot_answer(strategy, game, seat, decision)` is the one entry point; bots read the game only
through `SeatView`, which exposes nothing the seat could not see at the table.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from random import Random
from typing import Any

from ..decisions import Decision
from . import dark_ages  # noqa: F401  (teaches the heuristic the Dark Ages cards)
from .common import SeatView, default_answer
from .heuristic import heuristic_answer
from .money import big_money_ultimate, smithy_big_money
from .randombot import random_answer

Bot = Callable[[SeatView, Decision], Any]

STRATEGIES: dict[str, Bot] = {
    "bmu": big_money_ultimate,
    "smithy": smithy_big_money,
    "heuristic": heuristic_answer,
}
RANDOM = "random"


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
    try:
        bot = STRATEGIES[strategy]
    except KeyError:
        raise ValueError(f"unknown bot strategy {strategy!r}; known: {names()}") from None
    return partial(bot, view)


def names() -> list[str]:
    return [*STRATEGIES, RANDOM]


__all__ = ["STRATEGIES", "SeatView", "bot_answer", "default_answer", "names", "seat_player"]
