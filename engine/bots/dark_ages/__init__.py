"""How the heuristic bot plays the Dark Ages cards: one module per group of cards, each
filling the heuristic's tables (`CARD_HANDLERS`, `PLAY_VALUES`, `WORTH_RULES`...)."""
from __future__ import annotations

from . import (  # noqa: F401  (fills the heuristic's tables)
    gainers,
    knights,
    looters,
    revealers,
    specials,
    trash_triggers,
)
