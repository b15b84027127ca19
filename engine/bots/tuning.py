"""Finer play of some base and Intrigue cards, measured against Big Money Ultimate: rules
the heuristic's tables take (`PLAY_VALUES`), kept apart from its general rules.

Baron without an Estate in hand only gains one (a dead card in a money deck): it is played
then only when the Estate's VP count, near the end, or when the deck holds fewer Estates than
Barons (Shelters): the Estate is then the fodder of its next plays (plans buying Barons on a
kingdom with Shelters, 1,000 games against Big Money Ultimate: two Barons 63.3 -> 65.1 %,
Baron and Poacher 70.3 -> 71.0 %). The heuristic does not buy it without Estates to discard
(Shelters replace them, or they were trashed): there it is a dead card that costs a Big
Money deck a third of its games against Big Money Ultimate.
"""
from __future__ import annotations

from .heuristic import ESTATE_USERS, PLAY_VALUES, TERMINALS
from .plan import Plan


def _baron(plan: Plan, name: str, others: list[str]) -> float | None:
    if "Estate" in others:
        return TERMINALS["Baron"] + 30
    if plan.gte <= 4:
        return 12
    # A deck with fewer Estates than Barons (Shelters, or a plan that bought Barons anyway)
    # plays it for the Estate it gains: the fodder of its next plays (+$4 each).
    mine = plan.mine
    return 12 if mine.get("Estate", 0) < mine.get("Baron", 0) else None


PLAY_VALUES["Baron"] = _baron
ESTATE_USERS.add("Baron")
