"""Shared helpers for the Dark Ages cards: definitions, Ruins for victims, revealing from the
deck until a card qualifies, the Knights' (and Rogue's) "reveal 2, trash one $3-$6", and the
card names that "name a card" (Mystic, Rebuild) may give."""
from __future__ import annotations

from collections.abc import Callable

from ...cardbase import DARK_AGES, card
from ...decisions import ChooseCards


def kingdom(name: str, cost: int, types: int, **kw):
    """A Dark Ages Kingdom card (one printing, usable with either edition of the base game)."""
    return card(name, cost, types, DARK_AGES, **kw)


def extra(name: str, cost: int, types: int, in_supply: bool = False, **kw):
    """A card that is not a Kingdom card: Ruins, Shelters, Spoils, Madman, Mercenary."""
    return card(name, cost, types, DARK_AGES, is_kingdom=False, in_supply=in_supply, **kw)


def hand_of(g, p) -> list[int]:
    return g.players[p].hand


def of_type(g, cids, bits) -> list[int]:
    return [c for c in cids if g.is_type(c, bits)]


def gain_ruins(g, p):
    """Gain the top Ruins, if the game has a Ruins pile and it is not empty."""
    if "Ruins" in g.piles:
        return (yield from g.gain(p, "Ruins"))
    return None


def reveal_until(g, p, wanted: Callable[[int], bool], what: str = "") -> int | None:
    """Reveal cards from the top of `p`'s deck until one is `wanted`; returns its id or None.

    Revealed cards are set aside face up, so a shuffle in the middle (when the deck runs out)
    shuffles only the discard pile, never the revealed cards. The caller moves the found card
    and discards the rest (`discard_revealed`).
    """
    revealed = []
    found = None
    while True:
        top = g.top(p, 1)
        if not top:
            break
        c = top[0]
        g.set_aside(p, [c], "deck")
        revealed.append(c)
        if wanted(c):
            found = c
            break
    if revealed:
        g.reveal(p, revealed, what or "revealed from deck")
    return found


def discard_revealed(g, p) -> None:
    """Discard every card `p` has set aside face up (the rest of a reveal)."""
    aside = g.players[p].aside
    if aside:
        g.discard(p, list(aside), "aside", public=True)


def costs_3_to_6(g, cid: int) -> bool:
    return 3 <= g.cost_of(cid) <= 6


def reveal_two_trash_one(g, v, source: str):
    """Victim `v` reveals the top 2 cards of their deck, trashes one costing $3-$6 (their
    choice, asked only when both qualify and differ), and discards the rest.

    Returns the trashed card's id, or None.
    """
    top = g.top(v, 2)
    if not top:
        return None
    g.set_aside(v, top, "deck")
    g.reveal(v, top, "top of deck")
    eligible = [c for c in top if costs_3_to_6(g, c)]
    trashed = None
    if eligible:
        c = eligible[0]
        if len(eligible) > 1 and g.names[eligible[0]] != g.names[eligible[1]]:
            c = (yield ChooseCards(v, eligible, 1, 1, "Trash one of these (costing $3 to $6)",
                                   zone="revealed", source=source))[0]
        done = yield from g.trash(v, [c], "aside")
        trashed = done[0] if done else None
    discard_revealed(g, v)
    return trashed
