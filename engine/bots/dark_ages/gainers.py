"""The heuristic's knowledge of Altar, Armory, Count, Counterfeit, Forager, Graverobber,
Ironmonger, Junk Dealer, Mystic and Poor House.

Trashers take junk first (Curses, Ruins, Shelters, early Estates; Coppers once the deck has
money); Count takes +$3, or a Duchy late, and trashes a hand only when it is all junk;
Counterfeit doubles a Spoils, or a Silver or Gold when that buys a better card, else trashes
a Copper; Mystic names the commonest card in the deck (its contents, never its order).
"""
from __future__ import annotations

from collections import Counter

from ...cardbase import ACTION, TREASURE, VICTORY
from ...cards import CARDS
from ..heuristic import (
    CANTRIPS,
    CARD_HANDLERS,
    PLAY_VALUES,
    TERMINALS,
    TREASURE_FIRST,
    WORTH_RULES,
    _best_gain,
    _topdeck_choice,
    hand_money,
    improve,
    keep_value,
    own_value,
    tier,
    worst,
    worth,
)

TERMINALS.update({"Count": 30, "Altar": 20, "Graverobber": 18, "Armory": 14, "Poor House": 6})
CANTRIPS.update({"Ironmonger": 22, "Mystic": 21, "Junk Dealer": 17, "Forager": 10})
TREASURE_FIRST["Counterfeit"] = 0
WORTH_RULES["Counterfeit"] = lambda plan: 24 if plan.gte > 8 and plan.mine["Copper"] >= 5 else 15


def _junk(plan, names: list[str]) -> list[str]:
    return [n for n in names if own_value(plan, n) < 0]


def _trashable(plan, names: list[str]) -> list[str]:
    """Junk, and Coppers once the deck has money enough (own value below a Silver's)."""
    return [n for n in names if own_value(plan, n) < 5]


def _trash_least(plan, d):
    """A mandatory trash from hand: the card the bot minds losing least."""
    if d.kind != "ChooseCards" or d.zone != "hand" or not d.cards:
        return None
    return sorted(d.cards, key=lambda c: (own_value(plan, d.names[c]), d.names[c]))[:d.min or 1]


# ----- playing ------------------------------------------------------------------------------
def _poor_house_play(plan, name, others):
    """+$4 less $1 per Treasure in hand: worth a terminal only with few Treasures."""
    net = 4 - sum(1 for n in others if CARDS[n].type_bits & TREASURE)
    return 10 + 10 * net if net > 0 else None


def _trasher_play(value: float):
    def play_value(plan, name, others):
        return value if _trashable(plan, others) else None
    return play_value


def _altar_play(plan, name, others):
    return 30 if _trashable(plan, others) or not others else 12


def _graverobber_play(plan, name, others):
    return 35 if _graverobber_choice(plan, others)[1] > 0 else None


PLAY_VALUES.update({"Poor House": _poor_house_play, "Forager": _trasher_play(82),
                    "Junk Dealer": _trasher_play(84), "Altar": _altar_play,
                    "Graverobber": _graverobber_play})


# ----- Count ----------------------------------------------------------------------------------
def _trash_hand(plan, names: list[str]) -> bool:
    """Trash the whole hand only when every card is junk, before the game's end is near."""
    return bool(names) and plan.gte > 4 and len(_junk(plan, names)) == len(names)


def _count_first(plan, hand: list[str]) -> str:
    """Two junk cards to discard cost nothing; else a Treasure goes on the deck only when this
    turn, with Count's +$3, buys as well without it; else a Copper (measured on a Count board,
    400 games against Big Money Ultimate: topdecking a needed card by default made 59-62 %,
    a Copper instead 72-73 %)."""
    good = [n for n in hand if own_value(plan, n) >= 0]
    if plan.gte > 4 and len(hand) - len(good) >= 2 and len(good) <= 2:
        # save the good cards, then trash the junk
        return {0: "copper", 1: "topdeck", 2: "discard"}[len(good)]
    if plan.view.actions == 0 and any(CARDS[n].type_bits & ACTION for n in hand):
        return "topdeck"  # a dead Action for next turn
    if len([n for n in hand if keep_value(n) <= 0]) >= 2 or not hand:
        return "discard"  # loses nothing
    return "topdeck" if _spare_treasure(plan, hand) else "copper"


def _spare_treasure(plan, hand: list[str]) -> str | None:
    """The best Treasure this turn can put back and still buy as well after Count's +$3."""
    m = hand_money(plan.view) + 3
    spare = [n for n in hand if CARDS[n].type_bits & TREASURE
             and tier(m - CARDS[n].coins) == tier(m)]
    return max(spare, key=lambda n: CARDS[n].coins, default=None)


def _count_topdeck(plan, d) -> int:
    """A dead Action, else the spare Treasure, else what `_topdeck_choice` picks."""
    names = d.names
    if plan.view.actions == 0 and any(CARDS[names[c]].type_bits & ACTION for c in d.cards):
        return _topdeck_choice(plan, d)
    spare = _spare_treasure(plan, [names[c] for c in d.cards])
    if spare is None:
        return _topdeck_choice(plan, d)
    return next(c for c in d.cards if names[c] == spare)


def _count_second(plan, hand: list[str]) -> str:
    if _trash_hand(plan, hand):
        return "trash"
    m = hand_money(plan.view)
    late = worth(plan, "Duchy") >= 48 and plan.view.pile_count("Duchy")
    if late and (m >= 8 or m + 3 < 8):
        return "duchy"
    return "coins"


def _count(plan, d):
    hand = plan.view.hand()
    if d.kind == "ChooseOption":
        return _count_first(plan, hand) if "copper" in d.options else _count_second(plan, hand)
    names = d.names
    best = sorted(d.cards, key=lambda c: -own_value(plan, names[c]))
    if d.min == 2:  # discard 2: the two good ones when the rest is junk to trash
        rest = [names[c] for c in best[2:]]
        return best[:2] if _trash_hand(plan, rest) else worst(d.cards, names, 2)
    if _trash_hand(plan, [names[c] for c in best[1:]]):
        return best[:1]
    return [_count_topdeck(plan, d)]


# ----- Counterfeit --------------------------------------------------------------------------
def _counterfeit(plan, d):
    """Spoils always (+$6, it goes back anyway); a Silver or Gold when the extra coins buy a
    better card and the game is late or a Province is reached; else a Copper to trash."""
    names = d.names
    for c in d.cards:
        if names[c] == "Spoils":
            return [c]
    m = hand_money(plan.view)
    late = plan.gte <= 6
    for c in sorted(d.cards, key=lambda c: -CARDS[names[c]].coins):
        c_def = CARDS[names[c]]
        if c_def.effect or c_def.type_bits & VICTORY or c_def.coins < 2:
            continue  # another Counterfeit, a Harem (its VP): keep them
        extra = c_def.coins
        if tier(m + extra) > tier(m) and (late or m + extra >= 8):
            return [c]
    coppers = [c for c in d.cards if names[c] == "Copper"]
    return coppers[:1] if coppers and (plan.money > 6 or late) else []


# ----- Graverobber ----------------------------------------------------------------------------
def _graverobber_choice(plan, hand: list[str]) -> tuple[str, float]:
    """("gain" or "upgrade", how good it is): the better option; when both are bad, one
    that does nothing if there is one (an option may be chosen that cannot be carried out)."""
    view = plan.view
    options: dict[str, float] = {}
    found = [n for n in view.trash() if 3 <= view.cost(n) <= 6]
    if found:
        options["gain"] = max(worth(plan, n) for n in found)
    for n in hand:
        if CARDS[n].type_bits & ACTION:
            delta = _best_gain(plan, view.cost(n) + 3, False)[0] - own_value(plan, n)
            options["upgrade"] = max(delta, options.get("upgrade", delta))
    best = max(options, key=options.__getitem__, default="gain")
    if options.get(best, 0) > 0:
        return best, options[best]
    for idle in ("gain", "upgrade"):
        if idle not in options:
            return idle, 0
    return best, options[best]


def _graverobber(plan, d):
    names = d.names
    if d.kind == "ChooseOption":
        return _graverobber_choice(plan, plan.view.hand())[0]
    if d.kind == "ChooseCards" and d.zone == "trash":
        return [max(d.cards, key=lambda c: worth(plan, names[c]))]
    if d.kind == "ChooseCards":
        return improve(plan, d, 3, only=ACTION)
    return None


# ----- Ironmonger and Mystic ------------------------------------------------------------------
def _ironmonger(plan, d):
    """Discard junk (a kept Victory card would be the card its +1 Card draws); keep the rest."""
    name = d.labels[0].removeprefix("Discard ")
    if name not in CARDS:
        return "keep"
    return "discard" if keep_value(name) < 10 else "keep"


def _mystic(plan, d):
    """The commonest card left in the deck (the discard pile's, when the deck is empty and
    will be shuffled); ties go to the card better to hold."""
    view = plan.view
    left = view.deck_counts() or view.discard_counts()
    if not left:
        left = Counter(view.my_cards())
    choices = set(d.choices)
    ranked = sorted((n for n in left if n in choices), key=lambda n: (-left[n], -keep_value(n), n))
    return ranked[0] if ranked else d.choices[0]


CARD_HANDLERS.update({
    "Altar": _trash_least, "Forager": _trash_least, "Junk Dealer": _trash_least,
    "Count": _count, "Counterfeit": _counterfeit, "Graverobber": _graverobber,
    "Ironmonger": _ironmonger, "Mystic": _mystic,
})
