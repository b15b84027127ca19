"""Dominion: Dark Ages (2017 printing): 35 Kingdom piles (the Knights pile is one of them),
the 10 Knights, 5 Ruins, 3 Shelters, Spoils, Madman and Mercenary.

Each effect is `effect(g, p, me)`: the game, the player, and the id of the card being played.
Rulings are from the Dark Ages rulebook's card descriptions (seed 004) and cards.md section 4.
"""
from __future__ import annotations

from . import (  # noqa: F401  (registers the cards)
    gainers,
    knights,
    looters,
    revealers,
    specials,
    trash_triggers,
)
