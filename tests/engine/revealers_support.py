"""Shared by the tests of the Dark Ages "revealers": positions with extra piles, test-only
cards standing in for other groups' cards (Knights, Hermit, Cultist...), and finding a Band of
Misfits whatever it is being played as."""
from __future__ import annotations

import pytest

from engine.cardbase import ACTION, ATTACK, KNIGHT, VICTORY
from engine.game import Game
from engine.positions import build
from tests.engine.helpers import spec

K = ["Band of Misfits", "Procession", "Rebuild", "Rogue", "Sage", "Scavenger", "Storeroom",
     "Vagrant", "Wandering Minstrel", "Village", "Smithy", "Market", "Moat", "Militia",
     "Gardens", "Festival"]


def game(*players, **kw) -> Game:
    """A position (seat 0 to play) on the revealers' kingdom unless another is given."""
    kw.setdefault("kingdom", K)
    return build(spec(*players, **kw))


@pytest.fixture
def knights(test_cards):
    """A Knights-like split pile, "Paladins": Sir Cheap ($4, +2 Buys) and Dame Vera ($5, an
    Action-Attack-Knight-Victory worth 2VP, like Dame Josephine)."""
    test_cards("Sir Cheap", 4, ACTION | ATTACK | KNIGHT, plus_buys=2, is_kingdom=False)
    test_cards("Dame Vera", 5, ACTION | ATTACK | KNIGHT | VICTORY, vp=2, is_kingdom=False)
    test_cards("Paladins", 5, ACTION | ATTACK | KNIGHT, members=("Sir Cheap", "Dame Vera"))


def bom(g: Game, p: int = 0) -> int:
    """The id of the (first) Band of Misfits seat p has, wherever it is or whatever it is."""
    pl = g.players[p]
    for c in pl.all_cards() + g.trash_pile:
        if g.disguised.get(str(c), g.names[c]) == "Band of Misfits":
            return c
    raise AssertionError("no Band of Misfits")
