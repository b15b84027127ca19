"""Dominion rules engine: pure Python, no Django, no clock, no global randomness.

The public face of the engine lives here and nowhere else.
"""
from __future__ import annotations

from .cardbase import canonical
from .cards import CARDS
from .decisions import (
    BuyPhase,
    ChooseCards,
    ChooseOption,
    ChoosePile,
    Decision,
    IllegalAnswer,
    NameCard,
    OrderCards,
    PlayAction,
    Reveal,
)
from .game import ENGINE_VERSION, Game, loads, replay, replayable
from .history import attach_log, log_entries, log_events
from .setup import new_game
from .setup import normalise as check_setup

__all__ = [
    "CARDS", "ENGINE_VERSION", "BuyPhase", "ChooseCards", "ChooseOption", "ChoosePile",
    "Decision", "Game", "IllegalAnswer", "NameCard", "OrderCards", "PlayAction", "Reveal",
    "attach_log", "canonical", "check_setup", "loads", "log_entries", "log_events", "new_game",
    "replay", "replayable",
]
