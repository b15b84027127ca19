"""Bots on the looters group's cards: the heuristic's sensible choices, and bot games on
kingdoms with Cultist, Death Cart, Marauder, Pillage, Bandit Camp and Urchin that end without
an illegal answer and with every card accounted for."""
from __future__ import annotations

import random

from engine.bots import bot_answer
from tests.engine.helpers import decision, play, position, seat

K = ["Cultist", "Death Cart", "Marauder", "Pillage", "Bandit Camp", "Urchin", "Moat",
     "Throne Room", "Workshop", "Swindler"]


def test_random_bot_trashes_zero_or_two_cards_with_mercenary():
    """ChooseCards.sizes: only the allowed counts (the random bot used to pick any count)."""
    for i in range(30):
        g = position(seat(hand=["Mercenary", "Estate", "Curse", "Copper", "Silver"]), seat(),
                     kingdom=K)
        play(g, "Mercenary")
        chosen = bot_answer("random", g, 0, decision(g, 0), random.Random(i))
        assert len(chosen) in (0, 2)
        g.answer(0, decision(g, 0).id, chosen)
