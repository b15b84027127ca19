"""Big Money bots: the yardsticks every other strategy is measured against.

These are strategies/bmu.json and strategies/smithy.json written out in Python, kept because
benchmarks of the engine run them by the million; tests check both give the same answers.
"""
from __future__ import annotations

from typing import Any

from ..decisions import Decision
from .common import SeatView, default_answer

# The Buy phase of a bot above as data, for `Game.play_out` to answer it without asking the
# bot (engine/fast.py): rows of (pile, buy only if the seat's total money is above this,
# only if gains_to_end is at most this), None for no condition; the first affordable pile
# whose conditions hold is bought, none: end the turn. Used only when the bot's answer is
# its Buy rule: no Treasure left to play (autoplay played them) and no Action to play.
BMU_BUY_RULES = (("Province", 18, None), ("Duchy", None, 4), ("Estate", None, 2),
                 ("Gold", None, None), ("Duchy", None, 6), ("Silver", None, None))
DATA_BUY_RULES = {"bmu": BMU_BUY_RULES}


def _first(d: Decision, *names: str | None) -> Any:
    """Buy the first affordable pile named (None entries are conditions that failed)."""
    pile = d.first_buyable(names)
    return {"end": True} if pile is None else {"buy": pile}


def big_money_ultimate(view: SeatView, d: Decision) -> Any:
    """Big Money Ultimate: money, then Provinces once the deck has over $18 of treasure."""
    if d.kind != "BuyPhase":
        return default_answer(view, d)
    if d.treasures:
        return {"play": "all"}
    if d.can_buy("Province") and view.total_money() > 18:
        return {"buy": "Province"}
    gte = view.gains_to_end()
    if gte > 6:  # the commonest case: money only
        return _first(d, "Gold", "Silver")
    return _first(d, "Duchy" if gte <= 4 else None, "Estate" if gte <= 2 else None, "Gold",
                  "Duchy", "Silver")


def smithy_big_money(view: SeatView, d: Decision) -> Any:
    """Big Money with Smithies: one per eleven cards or so, played whenever possible (and no
    other Action: the same answers as strategies/smithy.json)."""
    if d.kind == "PlayAction":
        return [c for c in d.cards if d.names[c] == "Smithy"][:1]
    if d.kind != "BuyPhase":
        return default_answer(view, d)
    if d.treasures:
        return {"play": "all"}
    if d.can_buy("Province") and view.total_money() > 15:
        return {"buy": "Province"}
    gte = view.gains_to_end()
    mine = view.my_cards()
    want_smithy = mine["Smithy"] < 1 + sum(mine.values()) // 11 and mine["Smithy"] < 3
    return _first(d, "Duchy" if gte <= 4 else None, "Estate" if gte <= 2 else None, "Gold",
                  "Duchy" if gte <= 5 else None, "Smithy" if want_smithy else None, "Silver")
