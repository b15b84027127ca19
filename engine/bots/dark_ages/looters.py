"""The heuristic's knowledge of the looters group: Cultist, Marauder and Urchin are Attacks
worth buying, Pillage a one-shot Attack for Spoils, Bandit Camp a village that pays, Death
Cart $5 for a junk Action (a Ruins) or for itself when the $5 buys something better.

Ruins are never bought (engine/bots/dark_ages/specials.py gives them a negative worth).
"""
from __future__ import annotations

from ...cardbase import ACTION
from ...cards import CARDS
from ..heuristic import (
    CANTRIPS,
    CARD_HANDLERS,
    DRAWERS,
    PLAY_VALUES,
    TERMINALS,
    VILLAGES,
    WORTH_RULES,
    hand_money,
    keep_value,
    own_value,
    tier,
)

TERMINALS.update({"Cultist": 50, "Marauder": 36, "Pillage": 30, "Death Cart": 26})
CANTRIPS["Urchin"] = 17
VILLAGES["Bandit Camp"] = 28
DRAWERS.add("Cultist")


def _bandit_camp_worth(plan) -> float:
    """A village when terminals need one; otherwise still a cantrip that brings a Spoils."""
    enough = plan.terminals - plan.villages >= 2 and plan.villages < 3
    return VILLAGES["Bandit Camp"] if enough else 21


def _urchin_worth(plan) -> float:
    """A cantrip Attack that becomes a Mercenary: two of them beat a Silver, more do not."""
    return 22 if plan.mine["Urchin"] + plan.mine["Mercenary"] < 2 else CANTRIPS["Urchin"]


WORTH_RULES.update({"Bandit Camp": _bandit_camp_worth, "Urchin": _urchin_worth})


def is_junk_action(name: str) -> bool:
    """An Action card hardly worth holding: the Ruins and Necropolis (a Kingdom Action,
    even a $2 one, is held at 16 or more)."""
    return bool(CARDS[name].type_bits & ACTION) and keep_value(name) < 14


def _death_cart_play(plan, name: str, others: list[str]) -> float | None:
    """With a junk Action to trash: a good terminal. Otherwise it trashes itself, which is
    only worth it when the $5 reaches a better buy, or the game is nearly over."""
    if any(is_junk_action(n) for n in others):
        return 48  # after Ruined Village (50), which may leave another Ruins to trash
    m = hand_money(plan.view)
    if tier(m + 5) > tier(m) or plan.gte <= 4:
        return 30
    return None


PLAY_VALUES["Death Cart"] = _death_cart_play


def _death_cart(plan, d):
    """The worst junk Action in hand; with none, Death Cart trashes itself."""
    names = d.names
    junk = [c for c in d.cards if is_junk_action(names[c])]
    return sorted(junk, key=lambda c: (keep_value(names[c]), names[c]))[:1]


def _cultist(plan, d):
    """Another Cultist costs no Action: always play it."""
    return d.cards[:1]


def _pillage(plan, d):
    """Make the victim discard the card they would most like to keep."""
    return [max(d.cards, key=lambda c: (keep_value(d.names[c]), d.names[c]))]


def _urchin(plan, d):
    """Trade Urchin for a Mercenary while the deck has junk for Mercenary to trash and the
    game is not nearly over; the victim's discard goes to the general rules."""
    if d.kind != "ChooseOption":
        return None
    junk = sum(k for n, k in plan.mine.items() if own_value(plan, n) < 0)
    mercenaries = plan.view.pile_count("Mercenary")
    return "trash" if mercenaries and junk >= 3 and plan.gte > 6 else "keep"


CARD_HANDLERS.update({"Death Cart": _death_cart, "Cultist": _cultist, "Pillage": _pillage,
                      "Urchin": _urchin})
