"""The heuristic's knowledge of Band of Misfits, Procession, Rebuild, Rogue, Sage, Scavenger,
Storeroom, Vagrant and Wandering Minstrel.

Band of Misfits is played as the best cheaper Action for the hand at hand (a village when
terminals wait, else the best terminal); Procession goes on the card whose double play and
upgrade are worth most; Rebuild names Province, turning Estates into Duchies and Duchies
into Provinces (Estate once the Duchies are gone); Storeroom discards what it cannot use,
for cards and then for coins.
"""
from __future__ import annotations

from ...cardbase import ACTION, TREASURE, VICTORY
from ...cards import CARDS
from ..common import view_top
from ..endgame import safe_to_gain
from ..heuristic import (
    CANTRIPS,
    CARD_HANDLERS,
    PLAY_VALUES,
    TERMINALS,
    VILLAGES,
    WORTH_RULES,
    keep_value,
    own_value,
    play_value,
    worth,
)

MISFITS = "Band of Misfits"

TERMINALS.update({"Rogue": 34, "Scavenger": 20, "Storeroom": 12})
CANTRIPS.update({"Sage": 10, "Vagrant": 9, "Procession": 4})
VILLAGES["Wandering Minstrel"] = 23


def _is_action(name: str) -> bool:
    return bool(CARDS[name].type_bits & ACTION)


# ----- Band of Misfits ----------------------------------------------------------------------
def _misfit_options(plan) -> list[str]:
    """The cards a Band of Misfits could be played as now: cheaper Actions on top of piles."""
    view = plan.view
    limit = view.cost(MISFITS)
    out = []
    for pile, n in plan.kingdom.items():
        if n:
            top = view_top(view, pile)
            if _is_action(top) and view.cost(top) < limit:
                out.append(top)
    return out


def _as_value(plan, name: str, others: list[str]) -> float | None:
    """How good playing `name` is with `others` left in hand: a village's Actions are worth
    nothing with no other Action to play, so then it ranks below a good terminal."""
    value = play_value(plan, name, [*others, name])
    if value is not None and CARDS[name].plus_actions >= 2 and not any(
            _is_action(n) for n in others):
        return min(value, 40)
    return value


def _misfits_play(plan, name, others):
    values = [v for v in (_as_value(plan, top, others) for top in _misfit_options(plan))
              if v is not None]
    return max(values, default=None)


def _misfits_choose(plan, d):
    """The cheaper card that is best to play with this hand (its worth breaks ties)."""
    if d.kind != "ChoosePile" or not d.piles:
        return None
    hand = plan.view.hand()
    best, best_key = None, None
    for pile in d.piles:
        top = view_top(plan.view, pile)
        value = _as_value(plan, top, hand)
        key = (-1 if value is None else value, worth(plan, top))
        if best_key is None or key > best_key:
            best, best_key = pile, key
    return best


_VALUING: list[bool] = []  # set while valuing Band of Misfits: a card valued by what it
# can become must not be valued again through another card's worth (Rats counts the deck)


def _misfits_worth(plan) -> float:
    """A little less than the best cheaper Action it can be (it costs $5 to be that)."""
    if _VALUING:
        return 10
    _VALUING.append(True)
    try:
        return max((worth(plan, top) for top in _misfit_options(plan)), default=0) - 3
    finally:
        _VALUING.pop()


# ----- Procession ---------------------------------------------------------------------------
def _exact_gain(plan, cost: int) -> float:
    """Worth of the best Action costing exactly `cost`; 0 if none (the gain fails)."""
    best = 0.0
    for pile, n in plan.kingdom.items():
        if n:
            top = view_top(plan.view, pile)
            if _is_action(top) and plan.view.cost(top) == cost:
                best = max(best, worth(plan, top))
    return best


def _procession_score(plan, name: str) -> float:
    """Two plays and an upgrade, less what the card is worth to keep."""
    if name == "Procession":
        return -1  # Procession on Procession is rarely better than on a real card
    if name == "Madman":
        return 40  # it returns itself anyway: only the big draw counts
    return 10 + _exact_gain(plan, plan.view.cost(name) + 1) - own_value(plan, name)


def _procession_target(plan, names: list[str]) -> tuple[float, str | None]:
    scored = [(_procession_score(plan, n), n) for n in names if _is_action(n)]
    return max(scored, default=(0.0, None))


def _procession_play(plan, name, others):
    score, target = _procession_target(plan, others)
    return 88 if target is not None and score > 0 else None


def _procession_choose(plan, d):
    """The card to play twice, or none; the gain afterwards is the general rule's."""
    if d.kind != "ChooseCards":
        return None
    names = d.names
    score, target = _procession_target(plan, [names[c] for c in d.cards])
    if target is None or score <= 0:
        return []
    return [next(c for c in d.cards if names[c] == target)]


# ----- Rebuild ------------------------------------------------------------------------------
def _rebuild_targets(plan) -> int:
    """Victory cards Rebuild would take (not Provinces), outside the hand."""
    left = plan.mine.copy()
    left.subtract(plan.view.hand())
    return sum(k for n, k in left.items()
               if k > 0 and CARDS[n].type_bits & VICTORY and n != "Province")


def _rebuild_play(plan, name, others):
    return 82 if _rebuild_targets(plan) else None


def _rebuild_worth(plan) -> float:
    if not plan.kingdom.get("Province") and not plan.kingdom.get("Duchy"):
        return -1
    return (32, 26, 10)[min(plan.mine["Rebuild"], 2)]


def _rebuild_name(plan, d):
    """Province: Estates become Duchies and Duchies Provinces. With the Duchies gone an Estate
    cannot improve, so name Estate and let Rebuild find a Duchy to turn into a Province."""
    if not plan.kingdom.get("Duchy") and plan.kingdom.get("Province"):
        return "Estate"
    return "Province"


def _rebuild_gain(plan, d):
    """The most VP: Estate into Duchy, Duchy into Province; never the last Province (or a
    third pile) when that ends the game with the bot behind, if another pile will do."""
    if not d.piles:
        return None
    safe = [p for p in d.piles if safe_to_gain(plan.view, p)] or d.piles
    return max(safe, key=lambda p: (CARDS[view_top(plan.view, p)].vp,
                                    worth(plan, view_top(plan.view, p))))


def _rebuild(plan, d):
    if d.kind == "NameCard":
        return _rebuild_name(plan, d)
    return _rebuild_gain(plan, d) if d.kind == "ChoosePile" else None


# ----- Rogue, Scavenger, Storeroom, Wandering Minstrel -------------------------------------
def _rogue(plan, d):
    """Take the best card from the trash; as a victim, lose the least wanted."""
    if d.kind != "ChooseCards":
        return None
    names = d.names
    if d.zone == "trash":
        return [max(d.cards, key=lambda c: (worth(plan, names[c]), names[c]))]
    return [min(d.cards, key=lambda c: (own_value(plan, names[c]), names[c]))]


def _scavenger(plan, d):
    """Put the deck away (the next shuffle comes sooner, with this turn's gains), then put
    the card best to hold on top."""
    if d.kind == "ChooseOption":
        return "yes"
    if d.kind != "ChooseCards":
        return None
    names = d.names
    return [max(d.cards, key=lambda c: (keep_value(names[c]), names[c]))]


def _useless(plan, name: str) -> bool:
    """A card in hand that does nothing more this turn."""
    c = CARDS[name]
    if c.type_bits & TREASURE:
        return False
    return not (c.type_bits & ACTION and plan.view.actions > 0)


def _storeroom(plan, d):
    """Cycle what cannot be used, then discard what still cannot be used for $1 each."""
    if d.kind != "ChooseCards":
        return None
    names = d.names
    return [c for c in d.cards if _useless(plan, names[c])]


def _minstrel_order(plan, d):
    """Villages on top, then cantrips, then the rest by how good they are to hold."""
    if d.kind != "OrderCards":
        return None
    names = d.names
    return sorted(d.cards, key=lambda c: (-CARDS[names[c]].plus_actions,
                                          -keep_value(names[c]), names[c]))


PLAY_VALUES.update({MISFITS: _misfits_play, "Procession": _procession_play,
                    "Rebuild": _rebuild_play})
WORTH_RULES.update({MISFITS: _misfits_worth, "Rebuild": _rebuild_worth})
CARD_HANDLERS.update({MISFITS: _misfits_choose, "Procession": _procession_choose,
                      "Rebuild": _rebuild, "Rogue": _rogue, "Scavenger": _scavenger,
                      "Storeroom": _storeroom, "Wandering Minstrel": _minstrel_order})
