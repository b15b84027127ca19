"""Dominion (base game), 1st and 2nd edition: the 7 basic cards and 32 Kingdom cards.

Each effect is `effect(g, p, me)`: the game, the player, and the id of the card being played.
"""
from __future__ import annotations

from ..cardbase import ACTION, ATTACK, BASE, CURSE, REACTION, TREASURE, VICTORY, card
from ..decisions import ChooseCards, ChooseOption, OrderCards


def _copper_bonus(g) -> int:
    return g.flags.get("copper", 0)


def _silver_bonus(g) -> int:
    """Merchant: +$1 each, the first time a Silver is played this turn."""
    if g.flags.get("silver_played"):
        return 0
    g.flags["silver_played"] = 1
    return g.flags.get("merchant", 0)


B = dict(sets=BASE, is_kingdom=False)
card("Copper", 0, TREASURE, coins=1, bonus=_copper_bonus, text="$1", **B)
card("Silver", 3, TREASURE, coins=2, bonus=_silver_bonus, text="$2", **B)
card("Gold", 6, TREASURE, coins=3, text="$3", **B)
card("Estate", 2, VICTORY, vp=1, text="1VP", **B)
card("Duchy", 5, VICTORY, vp=3, text="3VP", **B)
card("Province", 8, VICTORY, vp=6, text="6VP", **B)
card("Curse", 0, CURSE, vp=-1, text="-1VP", **B)

BOTH, FIRST, SECOND = (1, 2), (1,), (2,)


def kingdom(name: str, cost: int, types: int, editions=BOTH, **kw):
    return card(name, cost, types, BASE, editions=editions, **kw)


def hand_of(g, p) -> list[int]:
    return g.players[p].hand


def of_type(g, cids, bits) -> list[int]:
    return [c for c in cids if g.is_type(c, bits)]


def one_of_each_name(g, cids: list[int]) -> bool:
    return len({g.names[c] for c in cids}) <= 1


# ----- $2 -------------------------------------------------------------------------------
def _cellar(g, p, me):
    hand = hand_of(g, p)
    if not hand:
        return
    chosen = yield ChooseCards(p, list(hand), 0, len(hand),
                               "Discard any number of cards, then draw that many", source="Cellar")
    g.draw(p, g.discard(p, chosen))


kingdom("Cellar", 2, ACTION, plus_actions=1, effect=_cellar,
        text="+1 Action. Discard any number of cards, then draw that many.")


def _chapel(g, p, me):
    hand = hand_of(g, p)
    if not hand:
        return
    chosen = yield ChooseCards(p, list(hand), 0, min(4, len(hand)), "Trash up to 4 cards",
                               source="Chapel")
    yield from g.trash(p, chosen)


kingdom("Chapel", 2, ACTION, effect=_chapel, text="Trash up to 4 cards from your hand.")


def _moat_reaction(g, v, c, attacker):
    """Revealing Moat makes its owner unaffected by the Attack."""
    return True
    yield  # pragma: no cover - makes this a generator


kingdom("Moat", 2, ACTION | REACTION, plus_cards=2, reaction=_moat_reaction, reaction_once=True,
        text="+2 Cards. When another player plays an Attack card, you may first reveal this "
             "from your hand, to be unaffected by it.")


# ----- $3 -------------------------------------------------------------------------------
def _chancellor(g, p, me):
    deck = g.players[p].deck
    if not deck:
        return
    ans = yield ChooseOption(p, ["yes", "no"], ["Put your deck into your discard pile", "Don't"],
                             "Put your deck into your discard pile?", source="Chancellor")
    if ans == "yes":
        me_ = g.players[p]
        n = len(me_.deck)
        me_.discard.extend(reversed(me_.deck))
        me_.deck = []
        g.note("deck_discarded", p, {"count": n})


kingdom("Chancellor", 3, ACTION, editions=FIRST, plus_coins=2, effect=_chancellor,
        text="+$2. You may immediately put your deck into your discard pile.")


def _harbinger(g, p, me):
    disc = g.players[p].discard
    if not disc:
        return
    chosen = yield ChooseCards(p, list(disc), 0, 1,
                               "You may put a card from your discard pile onto your deck",
                               zone="discard", source="Harbinger")
    if chosen:
        g.topdeck(p, chosen[0], "discard")


kingdom("Harbinger", 3, ACTION, editions=SECOND, plus_cards=1, plus_actions=1,
        effect=_harbinger, text="+1 Card, +1 Action. Look through your discard pile. You may "
                                "put a card from it onto your deck.")


def _merchant(g, p, me):
    g.flags["merchant"] = g.flags.get("merchant", 0) + 1
    return
    yield  # pragma: no cover


kingdom("Merchant", 3, ACTION, editions=SECOND, plus_cards=1, plus_actions=1, effect=_merchant,
        text="+1 Card, +1 Action. The first time you play a Silver this turn, +$1.")


def _vassal(g, p, me):
    top = g.top(p, 1)
    if not top:
        return
    c = top[0]
    g.discard(p, [c], "deck", public=True)
    if g.is_type(c, ACTION):
        ans = yield ChooseOption(p, ["play", "no"], [f"Play {g.names[c]}", "Don't"],
                                 f"Play the discarded {g.names[c]}?", source="Vassal")
        if ans == "play":
            yield from g.play(p, c, "discard")


kingdom("Vassal", 3, ACTION, editions=SECOND, plus_coins=2, effect=_vassal,
        text="+$2. Discard the top card of your deck. If it's an Action card, you may play it.")

kingdom("Village", 3, ACTION, plus_cards=1, plus_actions=2, text="+1 Card, +2 Actions.")
kingdom("Woodcutter", 3, ACTION, editions=FIRST, plus_buys=1, plus_coins=2,
        text="+1 Buy, +$2.")


def _workshop(g, p, me):
    pile = yield from g.choose_pile(p, "Gain a card costing up to $4", lambda n, c: c <= 4,
                               source="Workshop")
    if pile:
        yield from g.gain(p, pile)


kingdom("Workshop", 3, ACTION, effect=_workshop, text="Gain a card costing up to $4.")


# ----- $4 -------------------------------------------------------------------------------
def _bureaucrat(g, p, me):
    """Every Reaction first ("before the Attack does anything": a Beggar takes its Silvers
    before the Bureaucrat's, even when another victim has nothing to reveal), then the
    Silver, then the victims, who choose at the same time."""
    def hit(v):
        hand = hand_of(g, v)
        victory = of_type(g, hand, VICTORY)
        if not victory:
            g.reveal(v, list(hand), "a hand with no Victory cards")
            return
        c = victory[0]
        if not one_of_each_name(g, victory):
            c = (yield ChooseCards(v, victory, 1, 1, "Put a Victory card onto your deck",
                                   source="Bureaucrat"))[0]
        g.reveal(v, [c])
        g.topdeck(v, c, public=True)

    targets = yield from g.attack(p, me, None)
    yield from g.gain(p, "Silver", to="deck")
    yield from g.together([hit(v) for v in targets])


kingdom("Bureaucrat", 4, ACTION | ATTACK, effect=_bureaucrat,
        text="Gain a Silver onto your deck. Each other player reveals a Victory card from their "
             "hand and puts it onto their deck (or reveals a hand with no Victory cards).")


def _feast(g, p, me):
    yield from g.trash(p, [me], "play")
    pile = yield from g.choose_pile(p, "Gain a card costing up to $5", lambda n, c: c <= 5,
                               source="Feast")
    if pile:
        yield from g.gain(p, pile)


kingdom("Feast", 4, ACTION, editions=FIRST, effect=_feast,
        text="Trash this card. Gain a card costing up to $5.")

kingdom("Gardens", 4, VICTORY, score=lambda names: len(names) // 10,
        text="Worth 1VP per 10 cards you have (round down).")


def _militia(g, p, me):
    def hit(v):
        hand = hand_of(g, v)
        excess = len(hand) - 3
        if excess > 0:
            chosen = yield ChooseCards(v, list(hand), excess, excess,
                                       f"Discard {excess} card(s), down to 3", source="Militia")
            g.discard(v, chosen)

    yield from g.attack(p, me, hit, parallel=True)


kingdom("Militia", 4, ACTION | ATTACK, plus_coins=2, effect=_militia,
        text="+$2. Each other player discards down to 3 cards in hand.")


def _moneylender(g, p, me, must=False):
    coppers = [c for c in hand_of(g, p) if g.names[c] == "Copper"]
    if not coppers:
        return
    chosen = yield ChooseCards(p, coppers, 1 if must else 0, 1, "Trash a Copper for +$3",
                               source="Moneylender")
    if chosen and (yield from g.trash(p, chosen)):
        g.coins += 3


def _moneylender1(g, p, me):
    return (yield from _moneylender(g, p, me, must=True))


kingdom("Moneylender", 4, ACTION, effect=_moneylender, effect1=_moneylender1,
        text="You may trash a Copper from your hand for +$3.",
        text1="Trash a Copper card from your hand. If you do, +$3.")


def _poacher(g, p, me):
    hand = hand_of(g, p)
    n = min(g.empty_supply_piles(), len(hand))
    if n == 0:
        return
    if n == len(hand):
        g.discard(p, list(hand))
        return
    chosen = yield ChooseCards(p, list(hand), n, n, f"Discard {n} card(s)", source="Poacher")
    g.discard(p, chosen)


kingdom("Poacher", 4, ACTION, editions=SECOND, plus_cards=1, plus_actions=1, plus_coins=1,
        effect=_poacher, text="+1 Card, +1 Action, +$1. Discard a card per empty Supply pile.")


def _remodel(g, p, me):
    hand = hand_of(g, p)
    if not hand:
        return
    chosen = yield ChooseCards(p, list(hand), 1, 1, "Trash a card", source="Remodel")
    limit = g.cost_of(chosen[0]) + 2
    yield from g.trash(p, chosen)
    pile = yield from g.choose_pile(p, f"Gain a card costing up to ${limit}",
                               lambda n, c: c <= limit, source="Remodel")
    if pile:
        yield from g.gain(p, pile)


kingdom("Remodel", 4, ACTION, effect=_remodel,
        text="Trash a card from your hand. Gain a card costing up to $2 more than it.")

kingdom("Smithy", 4, ACTION, plus_cards=3, text="+3 Cards.")


def _spy(g, p, me):
    def hit(v):
        top = g.top(v, 1)
        if not top:
            return
        c = top[0]
        g.reveal(v, [c], "top of deck")
        whose = "your" if v == p else f"{g.players[v].name}'s"
        ans = yield ChooseOption(p, ["discard", "keep"], ["Discard it", "Put it back"],
                                 f"{g.names[c]} on top of {whose} deck", source="Spy")
        if ans == "discard":
            g.discard(v, [c], "deck", public=True)

    yield from g.attack(p, me, hit, include_self=True)


kingdom("Spy", 4, ACTION | ATTACK, editions=FIRST, plus_cards=1, plus_actions=1, effect=_spy,
        text="+1 Card, +1 Action. Each player (including you) reveals the top card of their "
             "deck and either discards it or puts it back, your choice.")


def _thief(g, p, me):
    stolen: list[int] = []

    def hit(v):
        top = g.top(v, 2)
        g.set_aside(v, top, "deck")
        g.reveal(v, top, "top of deck")
        treasures = of_type(g, top, TREASURE)
        if treasures:
            c = treasures[0]
            if not one_of_each_name(g, treasures):
                c = (yield ChooseCards(p, treasures, 1, 1, "Trash which Treasure?",
                                       zone="revealed", source="Thief"))[0]
            stolen.extend((yield from g.trash(v, [c], "aside")))
        g.discard(v, list(g.players[v].aside), "aside", public=True)

    yield from g.attack(p, me, hit)
    if stolen:
        chosen = yield ChooseCards(p, stolen, 0, len(stolen), "Gain any of the trashed Treasures",
                                   zone="trash", source="Thief")
        for c in chosen:
            yield from g.gain_from(p, c, g.trash_pile)


kingdom("Thief", 4, ACTION | ATTACK, editions=FIRST, effect=_thief,
        text="Each other player reveals the top 2 cards of their deck. If they revealed any "
             "Treasure cards, they trash one of them that you choose. You may gain any or all "
             "of these trashed cards. They discard the other revealed cards.")


def _throne_room(g, p, me, must=False):
    actions = of_type(g, hand_of(g, p), ACTION)
    if not actions:
        return
    chosen = yield ChooseCards(p, actions, 1 if must else 0, 1, "Play an Action card twice",
                               source="Throne Room")
    if chosen:
        c = chosen[0]
        yield from g.play(p, c)
        yield from g.play(p, c, None, again=True)


def _throne_room1(g, p, me):
    return (yield from _throne_room(g, p, me, must=True))


kingdom("Throne Room", 4, ACTION, effect=_throne_room, effect1=_throne_room1,
        text="You may play an Action card from your hand twice.",
        text1="Choose an Action card in your hand. Play it twice.")


# ----- $5 -------------------------------------------------------------------------------
def _bandit(g, p, me):
    def hit(v):
        top = g.top(v, 2)
        g.set_aside(v, top, "deck")
        g.reveal(v, top, "top of deck")
        good = [c for c in of_type(g, top, TREASURE) if g.names[c] != "Copper"]
        if good:
            c = good[0]
            if not one_of_each_name(g, good):
                c = (yield ChooseCards(v, good, 1, 1, "Trash a revealed Treasure",
                                       zone="revealed", source="Bandit"))[0]
            yield from g.trash(v, [c], "aside")
        g.discard(v, list(g.players[v].aside), "aside", public=True)

    targets = yield from g.attack(p, me, None)  # the Reactions first, as for Bureaucrat
    yield from g.gain(p, "Gold")
    for v in targets:
        yield from hit(v)


kingdom("Bandit", 5, ACTION | ATTACK, editions=SECOND, effect=_bandit,
        text="Gain a Gold. Each other player reveals the top 2 cards of their deck, trashes a "
             "revealed Treasure other than Copper, and discards the rest.")


def _council_room(g, p, me):
    for v in g.others(p):
        g.draw(v, 1)
    return
    yield  # pragma: no cover


kingdom("Council Room", 5, ACTION, plus_cards=4, plus_buys=1, effect=_council_room,
        text="+4 Cards, +1 Buy. Each other player draws a card.")
kingdom("Festival", 5, ACTION, plus_actions=2, plus_buys=1, plus_coins=2,
        text="+2 Actions, +1 Buy, +$2.")
kingdom("Laboratory", 5, ACTION, plus_cards=2, plus_actions=1, text="+2 Cards, +1 Action.")


def _library(g, p, me):
    me_ = g.players[p]
    while len(me_.hand) < 7:
        drawn = g.draw(p, 1)
        if not drawn:
            break
        c = drawn[0]
        if g.is_type(c, ACTION):
            # The prompt names no card (it is shown to staff while the game runs); the
            # option does, to its player only.
            ans = yield ChooseOption(p, ["keep", "skip"], [f"Keep {g.names[c]}", "Set it aside"],
                                     "Keep the Action card you drew?", source="Library")
            if ans == "skip":
                g.set_aside(p, [c], "hand")
                g.note("set_aside", p, {"cards": [g.names[c]]})
    g.discard(p, list(me_.aside), "aside", public=True)


kingdom("Library", 5, ACTION, effect=_library,
        text="Draw until you have 7 cards in hand, skipping any Action cards you choose to; set "
             "those aside, discarding them afterwards.")
kingdom("Market", 5, ACTION, plus_cards=1, plus_actions=1, plus_buys=1, plus_coins=1,
        text="+1 Card, +1 Action, +1 Buy, +$1.")


def _mine(g, p, me, must=False):
    treasures = of_type(g, hand_of(g, p), TREASURE)
    if not treasures:
        return
    chosen = yield ChooseCards(p, treasures, 1 if must else 0, 1, "Trash a Treasure",
                               source="Mine")
    if not chosen:
        return
    limit = g.cost_of(chosen[0]) + 3
    yield from g.trash(p, chosen)
    pile = yield from g.choose_pile(p, f"Gain a Treasure to your hand costing up to ${limit}",
                               lambda n, c: c <= limit and g.card_is(n, TREASURE), source="Mine")
    if pile:
        yield from g.gain(p, pile, to="hand")


def _mine1(g, p, me):
    return (yield from _mine(g, p, me, must=True))


kingdom("Mine", 5, ACTION, effect=_mine, effect1=_mine1,
        text="You may trash a Treasure from your hand. Gain a Treasure to your hand costing up "
             "to $3 more than it.",
        text1="Trash a Treasure card from your hand. Gain a Treasure card costing up to $3 more; "
              "put it into your hand.")


def _sentry(g, p, me):
    top = g.top(p, 2)
    g.set_aside(p, top, "deck", public=False)
    looking = g.players[p].looking
    g.note("look", p, {"count": len(top)}, {"cards": g.names_of(top)})
    if not top:
        return
    chosen = yield ChooseCards(p, list(looking), 0, len(looking), "Trash any of these",
                               zone="looking", source="Sentry")
    yield from g.trash(p, chosen, "looking")
    if looking:
        chosen = yield ChooseCards(p, list(looking), 0, len(looking), "Discard any of these",
                                   zone="looking", source="Sentry")
        g.discard(p, chosen, "looking")
    yield from put_back_in_order(g, p, "Sentry")


def put_back_in_order(g, p, source: str):
    """Put the cards the player is looking at back on their deck, in the order they choose."""
    looking = g.players[p].looking
    order = list(looking)
    if len(set(g.names_of(order))) > 1:
        order = yield OrderCards(p, order, "Put these back on your deck (first = top)",
                                 zone="looking", source=source)
    for c in reversed(order):
        g.move(c, looking, g.players[p].deck)
    if order:
        g.note("topdeck", p, {"count": len(order)}, {"cards": g.names_of(order)})


kingdom("Sentry", 5, ACTION, editions=SECOND, plus_cards=1, plus_actions=1, effect=_sentry,
        text="+1 Card, +1 Action. Look at the top 2 cards of your deck. Trash and/or discard any "
             "number of them. Put the rest back on top in any order.")


def _witch(g, p, me):
    def hit(v):
        yield from g.gain(v, "Curse")

    yield from g.attack(p, me, hit)


kingdom("Witch", 5, ACTION | ATTACK, plus_cards=2, effect=_witch,
        text="+2 Cards. Each other player gains a Curse.")


# ----- $6 -------------------------------------------------------------------------------
def _adventurer(g, p, me):
    me_ = g.players[p]
    found: list[int] = []
    revealed: list[int] = []
    while len(found) < 2:
        top = g.top(p, 1)
        if not top:
            break
        c = top[0]
        g.set_aside(p, [c], "deck")
        revealed.append(c)
        if g.is_type(c, TREASURE):
            found.append(c)
    g.reveal(p, revealed, "revealed from deck")
    for c in found:
        g.to_hand(p, c, "aside")
    g.discard(p, list(me_.aside), "aside", public=True)
    return
    yield  # pragma: no cover


kingdom("Adventurer", 6, ACTION, editions=FIRST, effect=_adventurer,
        text="Reveal cards from your deck until you reveal 2 Treasure cards. Put those Treasure "
             "cards in your hand and discard the other revealed cards.")


def _artisan(g, p, me):
    pile = yield from g.choose_pile(p, "Gain a card to your hand costing up to $5",
                               lambda n, c: c <= 5, source="Artisan")
    if pile:
        yield from g.gain(p, pile, to="hand")
    hand = hand_of(g, p)
    if hand:
        chosen = yield ChooseCards(p, list(hand), 1, 1, "Put a card from your hand onto your deck",
                                   source="Artisan")
        g.topdeck(p, chosen[0])


kingdom("Artisan", 6, ACTION, editions=SECOND, effect=_artisan,
        text="Gain a card to your hand costing up to $5. Put a card from your hand onto your deck.")
