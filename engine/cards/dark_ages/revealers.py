"""Dark Ages cards that reveal, rearrange or become other cards: Band of Misfits, Procession,
Rebuild, Rogue, Sage, Scavenger, Storeroom, Vagrant and Wandering Minstrel.

Rulings are from the Dark Ages rulebook's card descriptions (seed 004) and cards.md section 4;
the 2017 printed texts are used, not the later errata.
"""
from __future__ import annotations

from ...cardbase import ACTION, ATTACK, CURSE, RUINS, SHELTER, VICTORY
from ...decisions import ChooseCards, ChooseOption
from ..intrigue.common import put_back
from ..naming import name_a_card
from .common import (
    costs_3_to_6,
    discard_revealed,
    hand_of,
    kingdom,
    of_type,
    reveal_two_trash_one,
    reveal_until,
)

MISFITS = "Band of Misfits"


# ----- Band of Misfits ----------------------------------------------------------------------
def _band_of_misfits(g, p, me):
    """Choose the card on the first play only: a further play (Throne Room, Procession) finds
    the card already that card, or, if it left play meanwhile (as Feast trashing itself), is
    played as the same card again."""
    memo = g.flags.get("misfits", {})
    if str(me) in memo and me not in g.players[p].play:
        name = memo[str(me)]
        g.note("play_as", p, {"card": g.names[me], "as": name})
        yield from _as_attack(g, p, me, name)
        yield from g.resolve(p, me, name)
        return
    limit = g.cost_of(me)
    pile = yield from g.choose_pile(
        p, f"Play Band of Misfits as an Action card costing less than ${limit}",
        lambda n, c: c < limit and g.card_is(n, ACTION), source=MISFITS)
    if pile is None:  # nothing cheaper to be: it does nothing
        return
    name = g.pile_top(pile)
    g.disguise(me, name)
    g.note("play_as", p, {"card": MISFITS, "as": name})
    g.flags.setdefault("misfits", {})[str(me)] = name
    yield from _as_attack(g, p, me, name)
    yield from g.resolve(p, me)
    if me in g.players[p].play:  # still that card: a further play reads it off the card
        _forget(g, me)


def _as_attack(g, p, me, name):
    """Played as an Attack, it is an Attack being played (Urchin notices)."""
    if g.card_is(name, ATTACK) and g.tables.attack_watchers:
        yield from g._attack_played(p, me)


def _forget(g, me) -> None:
    """Drop the remembered choice (an empty `flags` keeps the turn's fast paths open)."""
    memo = g.flags.get("misfits", {})
    memo.pop(str(me), None)
    if not memo:
        g.flags.pop("misfits", None)


kingdom(MISFITS, 5, ACTION, effect=_band_of_misfits,
        text="Play this as if it were a cheaper Action card in the Supply. This is that card "
             "until it leaves play.")


# ----- Procession ---------------------------------------------------------------------------
def _procession(g, p, me):
    """Play twice, trash, gain: the gain happens even if the card was lost track of, and is
    priced by what the card is once trashed (a Band of Misfits is itself again: $5)."""
    actions = of_type(g, hand_of(g, p), ACTION)
    if not actions:
        return
    chosen = yield ChooseCards(p, actions, 0, 1,
                               "You may play an Action card twice, then trash it and gain an "
                               "Action card costing exactly $1 more", source="Procession")
    if not chosen:
        return
    c = chosen[0]
    yield from g.play(p, c)
    yield from g.play(p, c, None, again=True)
    yield from g.trash(p, [c], "play")
    cost = g.cost_of(c) + 1
    pile = yield from g.choose_pile(p, f"Gain an Action card costing exactly ${cost}",
                                    lambda n, k: k == cost and g.card_is(n, ACTION),
                                    source="Procession")
    if pile:
        yield from g.gain(p, pile)


kingdom("Procession", 4, ACTION, effect=_procession,
        text="You may play an Action card from your hand twice. Trash it. Gain an Action card "
             "costing exactly $1 more than it.")


# ----- Rebuild ------------------------------------------------------------------------------
def _rebuild(g, p, me):
    named = yield from name_a_card(g, p, "Rebuild")
    found = reveal_until(g, p, lambda c: g.is_type(c, VICTORY) and g.names[c] != named,
                         "Rebuild")
    if found is None:  # out of cards: discard everything revealed, nothing more
        discard_revealed(g, p)
        return
    aside = g.players[p].aside
    g.discard(p, [c for c in aside if c != found], "aside", public=True)
    limit = g.cost_of(found) + 3
    yield from g.trash(p, [found], "aside")
    pile = yield from g.choose_pile(p, f"Gain a Victory card costing up to ${limit}",
                                    lambda n, c: c <= limit and g.card_is(n, VICTORY),
                                    source="Rebuild")
    if pile:
        yield from g.gain(p, pile)


kingdom("Rebuild", 5, ACTION, plus_actions=1, effect=_rebuild,
        text="+1 Action. Name a card. Reveal cards from your deck until you reveal a Victory "
             "card you did not name. Discard the rest, trash the Victory card, and gain a "
             "Victory card costing up to $3 more than it.")


# ----- Rogue --------------------------------------------------------------------------------
def _rogue(g, p, me):
    """Reactions come when it is played; then a gain from the trash if there is a $3-$6 card
    (mandatory, public), else the attack in turn order, each victim choosing."""
    targets = yield from g.attack(p, me, None)
    loot = [c for c in g.trash_pile if costs_3_to_6(g, c)]
    if loot:
        c = loot[0]
        if len({g.names[x] for x in loot}) > 1:
            c = (yield ChooseCards(p, loot, 1, 1, "Gain a card costing $3 to $6 from the trash",
                                   zone="trash", source="Rogue"))[0]
        yield from g.gain_from(p, c, g.trash_pile)
        return
    for v in targets:
        yield from reveal_two_trash_one(g, v, "Rogue")


kingdom("Rogue", 5, ACTION | ATTACK, plus_coins=2, effect=_rogue,
        text="+$2. If there are any cards in the trash costing from $3 to $6, gain one of them. "
             "Otherwise, each other player reveals the top 2 cards of their deck, trashes one "
             "of them costing from $3 to $6, and discards the rest.")


# ----- Sage ---------------------------------------------------------------------------------
def _sage(g, p, me):
    found = reveal_until(g, p, lambda c: g.cost_of(c) >= 3, "Sage")
    if found is not None:
        g.to_hand(p, found, "aside")
    discard_revealed(g, p)
    return
    yield  # pragma: no cover - makes this a generator


kingdom("Sage", 3, ACTION, plus_actions=1, effect=_sage,
        text="+1 Action. Reveal cards from the top of your deck until you reveal one costing $3 "
             "or more. Put that card into your hand and discard the rest.")


# ----- Scavenger ----------------------------------------------------------------------------
def _scavenger(g, p, me):
    """Putting the deck away is optional; putting a card back is not (unless there is none)."""
    pl = g.players[p]
    if pl.deck:
        ans = yield ChooseOption(p, ["yes", "no"], ["Put your deck into your discard pile",
                                                    "Don't"],
                                 "Put your deck into your discard pile?", source="Scavenger")
        if ans == "yes":
            n = len(pl.deck)
            pl.discard.extend(reversed(pl.deck))
            pl.deck = []
            g.note("deck_discarded", p, {"count": n})
    if not pl.discard:
        return
    c = pl.discard[-1]
    if len({g.names[x] for x in pl.discard}) > 1:
        c = (yield ChooseCards(p, list(pl.discard), 1, 1,
                               "Put a card from your discard pile onto your deck",
                               zone="discard", source="Scavenger"))[0]
    g.topdeck(p, c, "discard")


kingdom("Scavenger", 4, ACTION, plus_coins=2, effect=_scavenger,
        text="+$2. You may put your deck into your discard pile. Look through your discard "
             "pile and put one card from it onto your deck.")


# ----- Storeroom ----------------------------------------------------------------------------
def _storeroom(g, p, me):
    """The second discard may include the cards just drawn."""
    hand = hand_of(g, p)
    if hand:
        chosen = yield ChooseCards(p, list(hand), 0, len(hand),
                                   "Discard any number of cards, then draw that many",
                                   source="Storeroom")
        g.draw(p, g.discard(p, chosen))
    hand = hand_of(g, p)
    if hand:
        chosen = yield ChooseCards(p, list(hand), 0, len(hand),
                                   "Discard any number of cards for +$1 each",
                                   source="Storeroom")
        g.coins += g.discard(p, chosen)


kingdom("Storeroom", 3, ACTION, plus_buys=1, effect=_storeroom,
        text="+1 Buy. Discard any number of cards, then draw that many. Then discard any "
             "number of cards for +$1 each.")


# ----- Vagrant ------------------------------------------------------------------------------
def _vagrant(g, p, me):
    """Drawn first (+1 Card); any other card stays on top."""
    top = g.top(p, 1)
    if not top:
        return
    c = top[0]
    g.reveal(p, [c], "top of deck")
    if g.is_type(c, CURSE | RUINS | SHELTER | VICTORY):
        g.to_hand(p, c, "deck")
    return
    yield  # pragma: no cover - makes this a generator


kingdom("Vagrant", 2, ACTION, plus_cards=1, plus_actions=1, effect=_vagrant,
        text="+1 Card, +1 Action. Reveal the top card of your deck. If it's a Curse, Ruins, "
             "Shelter, or Victory card, put it into your hand.")


# ----- Wandering Minstrel -------------------------------------------------------------------
def _wandering_minstrel(g, p, me):
    """Reveal what there is (shuffling if needed); order asked only when it matters."""
    top = g.top(p, 3)
    if not top:
        return
    g.set_aside(p, top, "deck")
    g.reveal(p, top, "top of deck")
    yield from put_back(g, p, of_type(g, top, ACTION), g.players[p].aside,
                        "Wandering Minstrel")
    discard_revealed(g, p)


kingdom("Wandering Minstrel", 4, ACTION, plus_cards=1, plus_actions=2,
        effect=_wandering_minstrel,
        text="+1 Card, +2 Actions. Reveal the top 3 cards of your deck. Put the Action cards "
             "back in any order and discard the rest.")
