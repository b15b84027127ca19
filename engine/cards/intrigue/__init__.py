"""Dominion: Intrigue, 1st edition and the 2nd-edition additions: 32 Kingdom cards.

Each effect is `effect(g, p, me)`: the game, the player, and the id of the card being played.
Rulings are from the Intrigue rulebook's card descriptions (seed 002); the seven 2nd-edition
cards follow their printed text (cards.md section 3).
"""
from __future__ import annotations

from . import cheap, dear  # noqa: F401  (registers the cards)
