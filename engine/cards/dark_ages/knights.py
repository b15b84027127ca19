"""The Knights: one Kingdom pile of ten different Knights, shuffled face down with only the top
card showing (only it can be bought or gained). Each Knight has an ability of its own and the
same attack, [K] below.

Rulings (004, cards.md 4a): [K] resolves in turn order from the attacker's left; a victim
chooses only when both revealed cards cost $3-$6 (costs as they are now: Bridge counts); the
played Knight is trashed after every victim has resolved, if any Knight was trashed, and not
at all if it already left play (Lose Track). The pile is not a Victory pile, even with Dame
Josephine on top: 10 cards for any number of players. Sir Vander's Gold goes to the player
who had him, on anyone's turn.
"""
from __future__ import annotations

from collections.abc import Iterator

from ...cardbase import ACTION, ATTACK, KNIGHT, VICTORY
from ...decisions import ChooseCards
from .common import extra, hand_of, kingdom, reveal_two_trash_one

KNIGHT_NAMES = ("Dame Anna", "Dame Josephine", "Dame Molly", "Dame Natalie", "Dame Sylvia",
                "Sir Bailey", "Sir Destry", "Sir Martin", "Sir Michael", "Sir Vander")
KNIGHT_TYPES = ACTION | ATTACK | KNIGHT
K_TEXT = ("Each other player reveals the top 2 cards of their deck, trashes one of them "
          "costing from $3 to $6, and discards the rest. If a Knight is trashed by this, "
          "trash this.")


def knights_attack(g, p: int, me: int, targets: list[int]) -> Iterator:
    """[K] on the players the Attack hits (their Reactions already done), from the left."""
    knight_trashed = False
    source = g.names[me]
    for v in targets:
        c = yield from reveal_two_trash_one(g, v, source)
        if c is not None and g.is_type(c, KNIGHT):
            knight_trashed = True
    if knight_trashed:
        yield from g.trash(p, [me], "play")  # nothing if it is no longer in play


def knight(own=None):
    """A Knight's effect: Reactions first (it is an Attack), then its own text, then [K]."""
    def effect(g, p: int, me: int) -> Iterator:
        targets = yield from g.attack(p, me, None)
        if own is not None:
            yield from own(g, p, me, targets)
        yield from knights_attack(g, p, me, targets)
    return effect


def _dame_anna(g, p, me, targets):
    """Trash 0, 1 or 2 cards: the player's choice, even with cards in hand."""
    hand = hand_of(g, p)
    if not hand:
        return
    chosen = yield ChooseCards(p, list(hand), 0, min(2, len(hand)),
                               "You may trash up to 2 cards from your hand", source="Dame Anna")
    if chosen:
        yield from g.trash(p, chosen)


def _dame_natalie(g, p, me, targets):
    pile = yield from g.choose_pile(p, "You may gain a card costing up to $3",
                                    lambda name, cost: cost <= 3, optional=True,
                                    source="Dame Natalie")
    if pile:
        yield from g.gain(p, pile)


def _sir_michael(g, p, me, targets):
    """The discard comes before the trashing (the text top to bottom); victims decide at once."""
    def discard_down(v):
        hand = hand_of(g, v)
        excess = len(hand) - 3
        if excess > 0:
            chosen = yield ChooseCards(v, list(hand), excess, excess,
                                       f"Discard {excess} card(s), down to 3",
                                       source="Sir Michael")
            g.discard(v, chosen)

    yield from g.together([discard_down(v) for v in targets])


def _sir_vander_trashed(g, p, me):
    """`p` is the player told to trash him: the one who had him, whoever's card it was."""
    yield from g.gain(p, "Gold")


K = dict(in_supply=True)

extra("Dame Anna", 5, KNIGHT_TYPES, effect=knight(_dame_anna),
      text=f"You may trash up to 2 cards from your hand. {K_TEXT}", **K)
extra("Dame Josephine", 5, KNIGHT_TYPES | VICTORY, vp=2, effect=knight(),
      text=f"{K_TEXT} 2VP", **K)
extra("Dame Molly", 5, KNIGHT_TYPES, plus_actions=2, effect=knight(),
      text=f"+2 Actions. {K_TEXT}", **K)
extra("Dame Natalie", 5, KNIGHT_TYPES, effect=knight(_dame_natalie),
      text=f"You may gain a card costing up to $3. {K_TEXT}", **K)
extra("Dame Sylvia", 5, KNIGHT_TYPES, plus_coins=2, effect=knight(),
      text=f"+$2. {K_TEXT}", **K)
extra("Sir Bailey", 5, KNIGHT_TYPES, plus_cards=1, plus_actions=1, effect=knight(),
      text=f"+1 Card, +1 Action. {K_TEXT}", **K)
extra("Sir Destry", 5, KNIGHT_TYPES, plus_cards=2, effect=knight(),
      text=f"+2 Cards. {K_TEXT}", **K)
extra("Sir Martin", 4, KNIGHT_TYPES, plus_buys=2, effect=knight(),
      text=f"+2 Buys. {K_TEXT}", **K)
extra("Sir Michael", 5, KNIGHT_TYPES, effect=knight(_sir_michael),
      text=f"Each other player discards down to 3 cards in hand. {K_TEXT}", **K)
extra("Sir Vander", 5, KNIGHT_TYPES, effect=knight(), triggers={"trash": _sir_vander_trashed},
      text=f"{K_TEXT} When you trash this, gain a Gold.", **K)

# The Kingdom pile: not a card itself, it names its members; only its top card can be taken.
kingdom("Knights", 5, KNIGHT_TYPES, members=KNIGHT_NAMES, pile_size=10,
        text="Shuffle the Knights pile before each game with it. Keep it face down except for "
             "the top card, which is the only one that can be bought or gained.")
