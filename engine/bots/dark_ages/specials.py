"""The heuristic's knowledge of Ruins, Shelters, Spoils, Madman and Mercenary: Ruins and
Shelters are junk to trash or play for what little they give; Madman is played big."""
from __future__ import annotations

from ..heuristic import (
    CARD_HANDLERS,
    KEEP_VALUES,
    PLAY_VALUES,
    WORTH_RULES,
    keep_value,
    own_value,
)

RUINS = ("Abandoned Mine", "Ruined Library", "Ruined Market", "Ruined Village", "Survivors")

for _name in RUINS:
    WORTH_RULES[_name] = lambda plan: -30  # never buy or gain one
KEEP_VALUES.update({"Abandoned Mine": 8, "Ruined Library": 9, "Ruined Market": 3,
                    "Ruined Village": 4, "Survivors": 3, "Hovel": -6,
                    "Overgrown Estate": -6, "Necropolis": 12})
WORTH_RULES.update({"Hovel": lambda plan: -5, "Overgrown Estate": lambda plan: -5,
                    "Necropolis": lambda plan: 5, "Spoils": lambda plan: 25,
                    "Madman": lambda plan: 30, "Mercenary": lambda plan: 20})


def _ruins_play(plan, name, others):
    """Free to play once nothing better wants the Action; the village one goes first."""
    return {"Ruined Village": 50, "Ruined Library": 14, "Abandoned Mine": 12,
            "Ruined Market": 8, "Survivors": 6}[name]


def _madman_play(plan, name, others):
    return 86 + len(others)


for _name in RUINS:
    PLAY_VALUES[_name] = _ruins_play
PLAY_VALUES["Madman"] = _madman_play


def _hovel(plan, d):
    return "trash"


def _survivors(plan, d):
    """Discard the two cards looked at when both are poor; else put the better one on top
    (the order question goes to the general rules)."""
    if d.kind != "ChooseOption":
        return None
    looking = plan.view.looking()
    return "discard" if sum(keep_value(n) for n in looking) < 12 else "back"


def _mercenary(plan, d):
    """Trash two cards only when two are junk (Curses, Ruins, Shelters, early Estates); a
    victim's discard (no `sizes`) goes to the general rules."""
    if d.sizes is None:
        return None
    names = d.names
    junk = sorted((c for c in d.cards if own_value(plan, names[c]) < 0),
                  key=lambda c: own_value(plan, names[c]))
    return junk[:2] if len(junk) >= 2 and 2 in d.sizes else []


CARD_HANDLERS.update({"Hovel": _hovel, "Survivors": _survivors, "Mercenary": _mercenary})
