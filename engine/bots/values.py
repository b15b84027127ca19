"""How much the heuristic bot minds holding, passing or losing a card in hand: the values that
sort a hand (discard or pass the lowest first), and the hand's money tiers. Worked out once
per card from the tables filled at import (engine/bots/dark_ages/ adds to KEEP_VALUES).
"""
from __future__ import annotations

from ..cardbase import ACTION, CURSE, TREASURE
from ..cards import CARDS
from .common import SeatView
from .plan import Plan

# card -> how much it is worth holding in hand (for cards the general rule gets wrong)
KEEP_VALUES: dict[str, float] = {}


def keep_value(name: str) -> float:
    """How much a card is worth holding in hand: discard or pass the lowest first. Worked out
    once per card (from the tables filled at import), since hands are sorted by it."""
    value = _KEPT.get(name)
    if value is None:
        value = _KEPT[name] = _keep_value(name)
    return value


_KEPT: dict[str, float] = {}


def _keep_value(name: str) -> float:
    if name in KEEP_VALUES:
        return KEEP_VALUES[name]
    c = CARDS[name]
    if c.type_bits & CURSE:
        return -10
    if c.type_bits & TREASURE:
        return 10 * c.coins
    if c.type_bits & ACTION:
        return 14 + c.cost
    return -5  # Victory only


def pass_cost(plan: Plan, name: str) -> float:
    """How much passing one `name` to the next player costs me (Masquerade): what I lose
    holding it, plus its VP twice over (I lose them, they get them). Early, an Estate is
    junk worth passing; a Duchy or Province is never passed while anything else is in hand."""
    row = _PASSED.get(name)
    if row is None:
        row = _PASSED[name] = _pass_row(name)
    fixed, kept, vp = row
    if fixed is not None:
        return fixed
    weight = 20 if plan.gte <= 5 else 4 if vp == 1 else 12
    return kept + 2 * vp * weight


def _pass_row(name: str) -> tuple[float | None, float, int]:
    """(the cost of passing `name` when it does not depend on the game, else None; what is
    lost holding it; its VP), worked out once per card."""
    c = CARDS[name]
    if c.type_bits & CURSE:
        return -100, 0, 0
    if c.vp <= 0:
        return keep_value(name), 0, 0
    return None, max(keep_value(name), 0), c.vp


_PASSED: dict[str, tuple[float | None, float, int]] = {}


def tier(m: int) -> int:
    return 4 if m >= 8 else 3 if m >= 6 else 2 if m >= 5 else 1 if m >= 3 else 0


def hand_money(view: SeatView) -> int:
    return sum(CARDS[n].coins for n in view.hand() if CARDS[n].type_bits & TREASURE) + (
        view.coins if view.my_turn else 0)


def worst(cards: list[int], names: list[str], n: int) -> list[int]:
    kept = _KEPT
    for c in cards:  # (every value known: the sort key below reads the table directly)
        if names[c] not in kept:
            keep_value(names[c])
    return sorted(cards, key=lambda c: (kept[names[c]], names[c]))[:n]
