"""Shared by the tests of the Dark Ages "revealers": positions with extra piles, test-only
cards standing in for other groups' cards (Knights, Hermit, Cultist...), and finding a Band of
Misfits whatever it is being played as."""
from __future__ import annotations

import pytest

from engine.cardbase import ACTION, ATTACK, KNIGHT, REGISTRY, VICTORY, card
from engine.game import Game
from engine.positions import build
from tests.engine.helpers import spec

K = ["Band of Misfits", "Procession", "Rebuild", "Rogue", "Sage", "Scavenger", "Storeroom",
     "Vagrant", "Wandering Minstrel", "Village", "Smithy", "Market", "Moat", "Militia",
     "Gardens", "Festival"]


def game(*players, extra_piles=(), **kw) -> Game:
    """A position (seat 0 to play) with the extra non-Kingdom piles asked for."""
    kw.setdefault("kingdom", K)
    return build({**spec(*players, **kw), "extra_piles": list(extra_piles)})


@pytest.fixture
def make_card():
    """Register test-only cards for one test (stand-ins for other groups' cards)."""
    made = []

    def make(name, cost, types, **kw):
        made.append(name)
        return card(name, cost, types, "test", **kw)

    yield make
    for name in made:
        del REGISTRY[name]


@pytest.fixture
def knights(make_card):
    """A Knights-like split pile, "Paladins": Sir Cheap ($4, +2 Buys) and Dame Vera ($5, an
    Action-Attack-Knight-Victory worth 2VP, like Dame Josephine)."""
    make_card("Sir Cheap", 4, ACTION | ATTACK | KNIGHT, plus_buys=2, is_kingdom=False)
    make_card("Dame Vera", 5, ACTION | ATTACK | KNIGHT | VICTORY, vp=2, is_kingdom=False)
    make_card("Paladins", 5, ACTION | ATTACK | KNIGHT, members=("Sir Cheap", "Dame Vera"))


def bom(g: Game, p: int = 0) -> int:
    """The id of the (first) Band of Misfits seat p has, wherever it is or whatever it is."""
    pl = g.players[p]
    for c in pl.all_cards() + g.trash_pile:
        if g.disguised.get(str(c), g.names[c]) == "Band of Misfits":
            return c
    raise AssertionError("no Band of Misfits")
