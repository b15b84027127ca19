"""The heuristic's knowledge of the Knights: each is bought as a strong attack (a good terminal;
Dame Molly and Sir Bailey are non-terminal), Dame Anna trashes junk only, Dame Natalie gains
the best card up to $3, and a victim trashes the revealed card it will miss least."""
from __future__ import annotations

from ...cardbase import KNIGHT
from ...cards import CARDS
from ...cards.dark_ages.knights import KNIGHT_NAMES
from ..heuristic import CANTRIPS, CARD_HANDLERS, DRAWERS, TERMINALS, VILLAGES, own_value

# The attack thins the others' Silvers and Golds, or trades Knight for Knight: about a Militia,
# plus each one's own part.
TERMINALS.update({"Sir Michael": 44, "Sir Destry": 42, "Dame Sylvia": 40, "Sir Vander": 40,
                  "Dame Josephine": 38, "Dame Anna": 36, "Dame Natalie": 34, "Sir Martin": 30})
CANTRIPS.update({"Sir Bailey": 34, "Dame Molly": 30})
DRAWERS.add("Sir Destry")

# Trashing a Knight of mine also trashes the attacking Knight: that makes up for part of it.
KNIGHT_SWAP = 8


def loss(plan, name: str) -> float:
    """How much losing one `name` I own hurts: its worth to me, at least its worth as a card
    (a terminal is still a good card when I already hold enough of them)."""
    value = own_value(plan, name)
    printed = TERMINALS.get(name, CANTRIPS.get(name, VILLAGES.get(name)))
    if printed is not None:
        value = max(value, printed)
    if CARDS[name].type_bits & KNIGHT:
        value -= KNIGHT_SWAP
    return value


def victim_trash(plan, d) -> list[int]:
    """Of the two revealed cards costing $3-$6, trash the one I will miss least (the cheaper one
    on a tie)."""
    names, view = d.names, plan.view
    return [min(d.cards, key=lambda c: (loss(plan, names[c]), view.cost(names[c]), names[c]))]


def dame_anna(plan, d) -> list[int]:
    """Junk only (Curses, early Estates, Ruins, Shelters), the worst first; never money."""
    names = d.names
    junk = sorted((c for c in d.cards if own_value(plan, names[c]) < 0),
                  key=lambda c: (own_value(plan, names[c]), names[c]))
    return junk[:d.max]


def _handler(own=None):
    """A Knight's decisions: the victim's choice (revealed cards), else the Knight's own part
    (None falls back to the heuristic's general rules: Dame Natalie's gain, Sir Michael's
    discard)."""
    def handle(plan, d):
        if d.kind == "ChooseCards" and d.zone == "revealed":
            return victim_trash(plan, d)
        return own(plan, d) if own is not None else None
    return handle


for _name in KNIGHT_NAMES:
    CARD_HANDLERS[_name] = _handler(dame_anna if _name == "Dame Anna" else None)
