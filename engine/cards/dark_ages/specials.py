"""The Dark Ages cards that are not Kingdom cards: the Ruins pile and its five Ruins, the three
Shelters, and the non-Supply Spoils, Madman and Mercenary.

Rulings are from the Dark Ages rulebook (seed 004) and cards.md section 4b.
"""
from __future__ import annotations

from ...cardbase import ACTION, ATTACK, REACTION, RUINS, SHELTER, TREASURE, VICTORY
from ...decisions import ChooseCards, ChooseOption
from ..base import put_back_in_order
from .common import extra, hand_of

# ----- Ruins: a Supply pile of 10 per player after the first, dealt from 10 of each -------
RUIN_NAMES = ("Abandoned Mine", "Ruined Library", "Ruined Market", "Ruined Village",
              "Survivors")
R = dict(in_supply=True)

extra("Abandoned Mine", 0, ACTION | RUINS, plus_coins=1, text="+$1", **R)
extra("Ruined Library", 0, ACTION | RUINS, plus_cards=1, text="+1 Card", **R)
extra("Ruined Market", 0, ACTION | RUINS, plus_buys=1, text="+1 Buy", **R)
extra("Ruined Village", 0, ACTION | RUINS, plus_actions=1, text="+1 Action", **R)


def _survivors(g, p, me):
    """Both cards are discarded or both go back (in any order): never just one."""
    top = g.top(p, 2)
    if not top:
        return
    g.set_aside(p, top, "deck", public=False)
    g.note("look", p, {"count": len(top)}, {"cards": g.names_of(top)})
    ans = yield ChooseOption(p, ["discard", "back"], ["Discard them", "Put them back"],
                             "Discard the cards you looked at, or put them back?",
                             source="Survivors")
    looking = g.players[p].looking
    if ans == "discard":
        g.discard(p, [c for c in top if c in looking], "looking")
        return
    yield from put_back_in_order(g, p, "Survivors")


extra("Survivors", 0, ACTION | RUINS, effect=_survivors,
      text="Look at the top 2 cards of your deck. Discard them or put them back in any order.",
      **R)

# The pile itself is not a card: it names its members (only the top one can be taken).
extra("Ruins", 0, ACTION | RUINS, members=RUIN_NAMES, in_supply=True,
      text="A face-down pile of Ruins; only the top card shows and can be bought or gained.")

# ----- Shelters: replace the starting Estates; never in the Supply ------------------------


def _hovel(g, p, me, bought):
    """When you buy a Victory card, you may trash this from your hand."""
    if me not in hand_of(g, p) or not g.is_type(bought, VICTORY):
        return
    ans = yield ChooseOption(p, ["trash", "keep"], ["Trash Hovel", "Keep it"],
                             f"You bought {g.names[bought]}: trash Hovel from your hand?",
                             source="Hovel")
    if ans == "trash":
        yield from g.trash(p, [me])


extra("Hovel", 1, REACTION | SHELTER, triggers={"hand_buy": _hovel},
      text="When you buy a Victory card, you may trash this from your hand.")
extra("Necropolis", 1, ACTION | SHELTER, plus_actions=2, text="+2 Actions")


def _overgrown_estate_trashed(g, p, me):
    g.draw(p, 1)
    return
    yield  # pragma: no cover - makes this a generator


extra("Overgrown Estate", 1, VICTORY | SHELTER, vp=0,
      triggers={"trash": _overgrown_estate_trashed},
      text="0VP. When you trash this, +1 Card.")

# ----- non-Supply piles -----------------------------------------------------------------


def _spoils(g, p, me):
    """+$3 (its coins), then back to the Spoils pile: only if it is still in play."""
    g.return_to_pile(p, me, "Spoils")
    return
    yield  # pragma: no cover


extra("Spoils", 0, TREASURE, coins=3, pile_size=15, effect=_spoils,
      text="$3. When you play this, return it to the Spoils pile. (This is not in the Supply.)")


def _madman(g, p, me):
    """Returning it is not optional; a second play (Throne Room) finds it gone: no cards."""
    if g.return_to_pile(p, me, "Madman"):
        g.draw(p, len(hand_of(g, p)))
    return
    yield  # pragma: no cover


extra("Madman", 0, ACTION, plus_actions=2, effect=_madman,
      text="+2 Actions. Return this to the Madman pile. If you do, +1 Card per card in your "
           "hand. (This is not in the Supply.)")


def _mercenary(g, p, me):
    """Reactions (Beggar...) come before the choice to trash; with one card in hand you may
    trash it, but "if you did" needs two."""
    targets = yield from g.attack(p, me, None)
    hand = hand_of(g, p)
    if not hand:
        return
    sizes = (0, 2) if len(hand) >= 2 else (0, 1)
    chosen = yield ChooseCards(p, list(hand), 0, max(sizes), "You may trash 2 cards",
                               source="Mercenary", sizes=sizes)
    trashed = yield from g.trash(p, chosen)
    if len(trashed) < 2:
        return
    g.draw(p, 2)
    g.coins += 2

    def hit(v):
        hand_v = hand_of(g, v)
        excess = len(hand_v) - 3
        if excess > 0:
            out = yield ChooseCards(v, list(hand_v), excess, excess,
                                    f"Discard {excess} card(s), down to 3", source="Mercenary")
            g.discard(v, out)

    yield from g.together([hit(v) for v in targets])


extra("Mercenary", 0, ACTION | ATTACK, effect=_mercenary,
      text="You may trash 2 cards from your hand. If you did, +2 Cards, +$2, and each other "
           "player discards down to 3 cards in hand. (This is not in the Supply.)")
