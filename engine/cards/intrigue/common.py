"""Shared helpers for the Intrigue cards: card definition, choosing from hand, putting back,
and Attacks whose player acts between the Reactions and the victims."""
from __future__ import annotations

from ...cardbase import INTRIGUE, card
from ...cardbase import REGISTRY as CARDS
from ...decisions import ChooseCards, OrderCards

BOTH, FIRST, SECOND = (1, 2), (1,), (2,)


def kingdom(name: str, cost: int, types: int, editions=BOTH, **kw):
    return card(name, cost, types, INTRIGUE, editions=editions, **kw)


def hand_of(g, p) -> list[int]:
    return g.players[p].hand


def of_type(g, cids, bits) -> list[int]:
    return [c for c in cids if g.is_type(c, bits)]


def choose_from_hand(g, p, n: int, prompt: str, source: str):
    """Exactly `n` cards from hand (all of them, unasked, when there is no real choice)."""
    hand = hand_of(g, p)
    n = min(n, len(hand))
    if n == 0:
        return []
    if n == len(hand) or len({g.names[c] for c in hand}) == 1:
        return list(hand[:n])
    return (yield ChooseCards(p, list(hand), n, n, prompt, source=source))


def put_back(g, p, cids: list[int], src: list[int], source: str):
    """Put cards back on top of the deck in the order the player chooses (first = top)."""
    order = list(cids)
    if len({g.names[c] for c in order}) > 1:
        order = yield OrderCards(p, order, "Put these back on your deck (first = top)",
                                 zone="revealed", source=source)
    for c in reversed(order):
        g.move(c, src, g.players[p].deck)
    if order:
        g.note("topdeck", p, {"count": len(order)}, {"cards": g.names_of(order)})


def attack_then(g, p, me, own, hit):
    """An Attack whose player acts after the Reactions and before anyone is hit.

    `own()` is the player's part (Minion's choice, Replace's trash and gain); its result is
    passed to `hit(victim, result)`. Victims are hit one at a time in turn order.
    """
    done: list = []

    def each(v):
        if not done:
            done.append((yield from own()))
        yield from hit(v, done[0])

    yield from g.attack(p, me, each)
    if not done:
        done.append((yield from own()))
    return done[0]


def trash_from_supply(g, p, pile: str):
    """Player `p` trashes the top card of a Supply pile; its "when you trash this" fires."""
    cid = g.piles[pile][-1]
    g.move(cid, g.piles[pile], g.trash_pile)
    g.note("trash", p, {"cards": [g.names[cid]], "from": "supply"})
    trig = CARDS[g.names[cid]].triggers.get("trash")
    if trig is not None:
        yield from trig(g, p, cid)


def choose_pile(g, p, prompt: str, test, source: str, optional: bool = False):
    """A Supply pile whose top card passes `test(name, cost)`; None, unasked, if there is none."""
    return (yield from g.choose_pile(p, prompt, test, optional=optional, source=source))
