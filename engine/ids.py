"""Tests on a few card ids against the game's per-id tables (`Game.is_treasure` and the like).

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
