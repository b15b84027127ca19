"""Dark Ages cards that gain, trash from hand or make money in a twist: Altar, Armory, Count,
Counterfeit, Forager, Graverobber, Ironmonger, Junk Dealer, Mystic and Poor House.

Rulings are from the Dark Ages rulebook's card descriptions (seed 004) and cards.md section 4.
Every gain here is from the Supply (`choose_pile`), so non-Supply cards (Spoils, Madman,
Mercenary, Shelters) can never be taken, and of a mixed pile (Knights, Ruins) only the top card.
"""
from __future__ import annotations

from ...cardbase import ACTION, TREASURE, VICTORY
from ...decisions import ChooseCards, ChooseOption
from ..intrigue.common import choose_from_hand
from ..naming import name_then_reveal
from .common import costs_3_to_6, hand_of, kingdom, of_type


def pick_one(g, p, cids: list[int], prompt: str, source: str, zone: str = "hand"):
    """One of `cids` (the first, unasked, when they all have one name); None if there are none."""
    if not cids:
        return None
    if len({g.names[c] for c in cids}) == 1:
        return cids[0]
    return (yield ChooseCards(p, list(cids), 1, 1, prompt, zone=zone, source=source))[0]


def trash_from_hand(g, p, source: str):
    """"Trash a card from your hand": mandatory when the hand has any card."""
    chosen = yield from choose_from_hand(g, p, 1, "Trash a card from your hand", source)
    return (yield from g.trash(p, chosen))


def gain_up_to(g, p, limit: int, source: str, to: str = "discard"):
    """Gain a card from the Supply costing up to $`limit` (nothing if none qualifies)."""
    pile = yield from g.choose_pile(p, f"Gain a card costing up to ${limit}",
                                    lambda n, c: c <= limit, source=source)
    if pile:
        return (yield from g.gain(p, pile, to=to))
    return None


# ----- $1 -------------------------------------------------------------------------------
def _poor_house(g, p, me):
    """The -$1s may eat coins from earlier cards too, but never below $0."""
    hand = hand_of(g, p)
    if hand:
        g.reveal(p, list(hand), "hand")
    g.coins = max(0, g.coins - len(of_type(g, hand, TREASURE)))
    return
    yield  # pragma: no cover


kingdom("Poor House", 1, ACTION, plus_coins=4, effect=_poor_house,
        text="+$4. Reveal your hand. -$1 per Treasure card in your hand. (You can't go below "
             "$0.)")


# ----- $3 -------------------------------------------------------------------------------
def _forager(g, p, me):
    """Trash if you can; the coins come either way, counted after the trashing."""
    yield from trash_from_hand(g, p, "Forager")
    g.coins += len({g.names[c] for c in g.trash_pile if g.is_type(c, TREASURE)})


kingdom("Forager", 3, ACTION, plus_actions=1, plus_buys=1, effect=_forager,
        text="+1 Action, +1 Buy. Trash a card from your hand, then +$1 per differently named "
             "Treasure in the trash.")


# ----- $4 -------------------------------------------------------------------------------
def _armory(g, p, me):
    yield from gain_up_to(g, p, 4, "Armory", to="deck")


kingdom("Armory", 4, ACTION, effect=_armory, text="Gain a card onto your deck costing up to $4.")


def _ironmonger(g, p, me):
    """Draw first, then reveal; the bonuses follow the revealed card's types, kept or not."""
    top = g.top(p, 1)
    if not top:
        return
    c = top[0]
    name = g.names[c]
    g.reveal(p, [c], "top of deck")
    ans = yield ChooseOption(p, ["discard", "keep"], [f"Discard {name}", "Put it back"],
                             f"You revealed {name}: discard it?", source="Ironmonger")
    if ans == "discard":
        g.discard(p, [c], "deck", public=True)
    if g.card_is(name, ACTION):
        g.actions += 1
    if g.card_is(name, TREASURE):
        g.coins += 1
    if g.card_is(name, VICTORY):
        g.draw(p, 1)


kingdom("Ironmonger", 4, ACTION, plus_cards=1, plus_actions=1, effect=_ironmonger,
        text="+1 Card, +1 Action. Reveal the top card of your deck; you may discard it. Either "
             "way, if it is an... Action card, +1 Action; Treasure card, +$1; Victory card, "
             "+1 Card.")


# ----- $5 -------------------------------------------------------------------------------
_COUNT_FIRST = (["discard", "topdeck", "copper"],
                ["Discard 2 cards", "Put a card from your hand onto your deck", "Gain a Copper"])
_COUNT_SECOND = (["coins", "trash", "duchy"], ["+$3", "Trash your hand", "Gain a Duchy"])


def _count(g, p, me):
    """Two choices, one after the other; an option may be chosen even if it does nothing."""
    first = yield ChooseOption(p, *_COUNT_FIRST, "Count, first choice: choose one",
                               source="Count")
    if first == "discard":
        g.discard(p, (yield from choose_from_hand(g, p, 2, "Discard 2 cards", "Count")))
    elif first == "topdeck":
        chosen = yield from choose_from_hand(g, p, 1, "Put a card from your hand onto your deck",
                                             "Count")
        if chosen:
            g.topdeck(p, chosen[0])
    else:
        yield from g.gain(p, "Copper")
    second = yield ChooseOption(p, *_COUNT_SECOND, "Count, second choice: choose one",
                                source="Count")
    if second == "coins":
        g.coins += 3
    elif second == "trash":  # all at once; then their owner orders any "when trashed"
        yield from g.trash(p, list(hand_of(g, p)))
    else:
        yield from g.gain(p, "Duchy")


kingdom("Count", 5, ACTION, effect=_count,
        text="Choose one: Discard 2 cards; or put a card from your hand onto your deck; or gain "
             "a Copper. Choose one: +$3; or trash your hand; or gain a Duchy.")


def _counterfeit(g, p, me):
    """The Treasure is played twice, then trashed if it is still in play (Spoils is not:
    it went back to its pile). Its coins from both plays stay."""
    treasures = of_type(g, hand_of(g, p), TREASURE)
    if not treasures:
        return
    chosen = yield ChooseCards(p, treasures, 0, 1,
                               "You may play a Treasure from your hand twice, then trash it",
                               source="Counterfeit")
    if not chosen:
        return
    c = chosen[0]
    yield from g.play(p, c)
    yield from g.play(p, c, None, again=True)
    yield from g.trash(p, [c], "play")


kingdom("Counterfeit", 5, TREASURE, coins=1, plus_buys=1, effect=_counterfeit,
        text="$1, +1 Buy. When you play this, you may play a Treasure from your hand twice. If "
             "you do, trash that Treasure.")


def _graverobber(g, p, me):
    ans = yield ChooseOption(p, ["gain", "upgrade"],
                             ["Gain a card from the trash costing from $3 to $6, onto your deck",
                              "Trash an Action card from your hand and gain a card costing up "
                              "to $3 more than it"],
                             "Choose one", source="Graverobber")
    if ans == "gain":
        found = [c for c in g.trash_pile if costs_3_to_6(g, c)]
        c = yield from pick_one(g, p, found, "Gain a card from the trash onto your deck",
                                "Graverobber", zone="trash")
        if c is not None:
            yield from g.gain_from(p, c, g.trash_pile, to="deck")
        return
    c = yield from pick_one(g, p, of_type(g, hand_of(g, p), ACTION),
                            "Trash an Action card from your hand", "Graverobber")
    if c is None:
        return
    limit = g.cost_of(c) + 3
    yield from g.trash(p, [c])  # its "when trashed" (Cultist's +3 Cards) comes before the gain
    yield from gain_up_to(g, p, limit, "Graverobber")


kingdom("Graverobber", 5, ACTION, effect=_graverobber,
        text="Choose one: Gain a card from the trash costing from $3 to $6, onto your deck; or "
             "trash an Action card from your hand and gain a card costing up to $3 more than "
             "it.")


def _junk_dealer(g, p, me):
    """Draw (the +1 Card) before trashing; the trash is mandatory if the hand has a card."""
    yield from trash_from_hand(g, p, "Junk Dealer")


kingdom("Junk Dealer", 5, ACTION, plus_cards=1, plus_actions=1, plus_coins=1,
        effect=_junk_dealer, text="+1 Card, +1 Action, +$1. Trash a card from your hand.")


def _mystic(g, p, me):
    """Any card name may be named (not a type); only an exact name match takes the card."""
    yield from name_then_reveal(g, p, "Mystic")


kingdom("Mystic", 5, ACTION, plus_actions=1, plus_coins=2, effect=_mystic,
        text="+1 Action, +$2. Name a card, then reveal the top card of your deck. If you named "
             "it, put it into your hand.")


# ----- $6 -------------------------------------------------------------------------------
def _altar(g, p, me):
    """Trash if you can; gain whether or not you did (an Overgrown Estate draws in between)."""
    yield from trash_from_hand(g, p, "Altar")
    yield from gain_up_to(g, p, 5, "Altar")


kingdom("Altar", 6, ACTION, effect=_altar,
        text="Trash a card from your hand. Gain a card costing up to $5.")
