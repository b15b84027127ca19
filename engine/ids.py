"""Ids: tests on a few card ids against the game's per-id tables (`Game.is_treasure` and the
like), and decision ids.

Plain loops: for a hand of five they cost a third of `filter`/`all` over `table.__getitem__`,
and they run several times a turn.
"""
from __future__ import annotations

from collections.abc import Sequence


def having(table: Sequence, cids: list[int]) -> list[int]:
    """The ids whose entry in `table` is true, in order."""
    out = []
    for c in cids:
        if table[c]:
            out.append(c)
    return out


def all_have(table: Sequence, cids: list[int]) -> bool:
    for c in cids:
        if not table[c]:
            return False
    return True


# Decision ids, made once: formatting one is a measurable part of answering.
DECISION_IDS = tuple(f"d{n}" for n in range(2048))


def decision_id(n: int) -> str:
    """The id of the game's `n`-th decision."""
    return DECISION_IDS[n] if n < 2048 else f"d{n}"
