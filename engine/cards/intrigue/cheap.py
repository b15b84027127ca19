"""Intrigue Kingdom cards costing $2 to $4."""
from __future__ import annotations

from ...cardbase import ACTION, ATTACK, REACTION, TREASURE, VICTORY
from ...decisions import ChooseCards, ChooseOption
from ..naming import name_then_reveal
from .common import (
    FIRST,
    SECOND,
    choose_from_hand,
    choose_pile,
    hand_of,
    kingdom,
    of_type,
    put_back,
    trash_from_supply,
)


# ----- $2 -------------------------------------------------------------------------------
def _courtyard(g, p, me):
    chosen = yield from choose_from_hand(g, p, 1, "Put a card from your hand onto your deck",
                                         "Courtyard")
    if chosen:
        g.topdeck(p, chosen[0])


kingdom("Courtyard", 2, ACTION, plus_cards=3, effect=_courtyard,
        text="+3 Cards. Put a card from your hand onto your deck.",
        text1="+3 Cards. Put a card from your hand on top of your deck.")


def _lurker(g, p, me):
    ans = yield ChooseOption(p, ["trash", "gain"], ["Trash an Action card from the Supply",
                                                    "Gain an Action card from the trash"],
                             "Choose one", source="Lurker")
    if ans == "trash":
        pile = yield from choose_pile(g, p, "Trash an Action card from the Supply",
                                      lambda n, c: g.card_is(n, ACTION), source="Lurker")
        if pile:
            yield from trash_from_supply(g, p, pile)
        return
    actions = of_type(g, g.trash_pile, ACTION)
    if actions:
        chosen = yield ChooseCards(p, actions, 1, 1, "Gain an Action card from the trash",
                                   zone="trash", source="Lurker")
        yield from g.gain_from(p, chosen[0], g.trash_pile)


kingdom("Lurker", 2, ACTION, editions=SECOND, plus_actions=1, effect=_lurker,
        text="+1 Action. Choose one: Trash an Action card from the Supply; or gain an Action "
             "card from the trash.")


def _pawn(g, p, me):
    picked = yield ChooseOption(p, ["card", "action", "buy", "coin"],
                                ["+1 Card", "+1 Action", "+1 Buy", "+$1"],
                                "Choose two (different)", source="Pawn", min=2, max=2)
    if "card" in picked:
        g.draw(p, 1)
    g.actions += "action" in picked
    g.buys += "buy" in picked
    g.coins += "coin" in picked


kingdom("Pawn", 2, ACTION, effect=_pawn,
        text="Choose two: +1 Card; +1 Action; +1 Buy; +$1. The choices must be different.")


def _secret_chamber(g, p, me):
    hand = hand_of(g, p)
    if not hand:
        return
    chosen = yield ChooseCards(p, list(hand), 0, len(hand),
                               "Discard any number of cards, +$1 per card discarded",
                               source="Secret Chamber")
    g.coins += g.discard(p, chosen)


def _secret_chamber_reaction(g, v, c, attacker):
    g.draw(v, 2)
    hand = hand_of(g, v)
    n = min(2, len(hand))
    if n:
        chosen = yield ChooseCards(v, list(hand), n, n,
                                   "Put 2 cards from your hand onto your deck (first = top)",
                                   source="Secret Chamber")
        for cid in reversed(chosen):
            g.topdeck(v, cid)
    return False


kingdom("Secret Chamber", 2, ACTION | REACTION, editions=FIRST, effect=_secret_chamber,
        reaction=_secret_chamber_reaction,
        text="Discard any number of cards. +$1 per card discarded. When another player plays an "
             "Attack card, you may reveal this from your hand. If you do, +2 Cards, then put 2 "
             "cards from your hand on top of your deck.")


# ----- $3 -------------------------------------------------------------------------------
kingdom("Great Hall", 3, ACTION | VICTORY, editions=FIRST, plus_cards=1, plus_actions=1, vp=1,
        text="+1 Card, +1 Action. 1VP")


def _masquerade(g, p, me, edition: int = 2):
    players = g.players
    n = len(players)
    holders = [v for v in (*range(p, n), *range(p)) if players[v].hand]  # from p, in order
    if edition == 1:
        passing = [(v, (v + 1) % n) for v in holders]
    else:  # each player with cards passes to the next such player to their left
        passing = [(v, holders[(i + 1) % len(holders)]) for i, v in enumerate(holders)]
    if len(holders) > 1 or edition == 1:
        chosen = yield from g.together([_choose_pass(g, v) for v, _ in passing])
        for (v, _), cid in zip(passing, chosen, strict=True):
            g.players[v].hand.remove(cid)
        for (v, to), cid in zip(passing, chosen, strict=True):
            g.players[to].hand.append(cid)
            if g.logging:  # (a quiet simulation builds no entry)
                g.note("pass", v, {"to": to}, {"card": g.names[cid]}, seen_by=[v, to])
    hand = hand_of(g, p)
    if hand:
        chosen = yield ChooseCards(p, list(hand), 0, 1, "You may trash a card from your hand",
                                   source="Masquerade")
        yield from g.trash(p, chosen)


def _choose_pass(g, v):
    return (yield from choose_from_hand(g, v, 1, "Pass a card to the player on your left",
                                        "Masquerade"))[0]


def _masquerade1(g, p, me):
    return (yield from _masquerade(g, p, me, edition=1))


kingdom("Masquerade", 3, ACTION, plus_cards=2, effect=_masquerade, effect1=_masquerade1,
        text="+2 Cards. Each player with any cards in hand passes one to the next such player to "
             "their left, at once. Then you may trash a card from your hand.",
        text1="+2 Cards. Each player passes a card from his hand to the left at once. Then you "
              "may trash a card from your hand.")


def _shanty_town(g, p, me):
    hand = hand_of(g, p)
    g.reveal(p, list(hand), "hand")
    if not of_type(g, hand, ACTION):
        g.draw(p, 2)
    return
    yield  # pragma: no cover


kingdom("Shanty Town", 3, ACTION, plus_actions=2, effect=_shanty_town,
        text="+2 Actions. Reveal your hand. If you have no Action cards in hand, +2 Cards.")


def _steward(g, p, me):
    ans = yield ChooseOption(p, ["cards", "coins", "trash"],
                             ["+2 Cards", "+$2", "Trash 2 cards from your hand"],
                             "Choose one", source="Steward")
    if ans == "cards":
        g.draw(p, 2)
    elif ans == "coins":
        g.coins += 2
    else:
        chosen = yield from choose_from_hand(g, p, 2, "Trash 2 cards", "Steward")
        yield from g.trash(p, chosen)


kingdom("Steward", 3, ACTION, effect=_steward,
        text="Choose one: +2 Cards; or +$2; or trash 2 cards from your hand.")


def _swindler(g, p, me):
    def hit(v):
        top = g.top(v, 1)
        if not top:
            return
        c = top[0]
        g.reveal(v, [c], "top of deck")
        cost = g.cost_of(c)
        yield from g.trash(v, [c], "deck")
        pile = yield from choose_pile(g, p, f"{g.players[v].name} gains a card costing ${cost}",
                                      lambda n, k: k == cost, source="Swindler")
        if pile:
            yield from g.gain(v, pile)

    yield from g.attack(p, me, hit)


kingdom("Swindler", 3, ACTION | ATTACK, plus_coins=2, effect=_swindler,
        text="+$2. Each other player trashes the top card of their deck and gains a card with "
             "the same cost that you choose.",
        text1="+$2. Each other player trashes the top card of his deck and gains a card with the "
              "same cost that you choose.")


def _wishing_well(g, p, me):
    yield from name_then_reveal(g, p, "Wishing Well")


kingdom("Wishing Well", 3, ACTION, plus_cards=1, plus_actions=1, effect=_wishing_well,
        text="+1 Card, +1 Action. Name a card, then reveal the top card of your deck. If you "
             "named it, put it into your hand.",
        text1="+1 Card, +1 Action. Name a card, then reveal the top card of your deck. If it is "
              "the named card, put it in your hand.")


# ----- $4 -------------------------------------------------------------------------------
def _baron(g, p, me):
    estates = [c for c in hand_of(g, p) if g.names[c] == "Estate"]
    chosen = []
    if estates:
        chosen = yield ChooseCards(p, estates[:1], 0, 1, "You may discard an Estate for +$4",
                                   source="Baron")
    if chosen and g.discard(p, chosen, public=True):
        g.coins += 4
    else:
        yield from g.gain(p, "Estate")


kingdom("Baron", 4, ACTION, plus_buys=1, effect=_baron,
        text="+1 Buy. You may discard an Estate for +$4. If you don't, gain an Estate.",
        text1="+1 Buy. You may discard an Estate card. If you do, +$4. Otherwise, gain an "
              "Estate card.")


def _bridge(g, p, me):
    g.cost_reduction += 1
    return
    yield  # pragma: no cover


kingdom("Bridge", 4, ACTION, plus_buys=1, plus_coins=1, effect=_bridge,
        text="+1 Buy, +$1. This turn, cards (everywhere) cost $1 less.",
        text1="+1 Buy, +$1. All cards (including cards in players' hands) cost $1 less this "
              "turn, but not less than $0.")


def _conspirator(g, p, me):
    if g.actions_played >= 3:
        g.draw(p, 1)
        g.actions += 1
    return
    yield  # pragma: no cover


kingdom("Conspirator", 4, ACTION, plus_coins=2, effect=_conspirator,
        text="+$2. If you've played 3 or more Actions this turn (counting this), +1 Card and "
             "+1 Action.",
        text1="+$2. If you've played 3 or more Actions this turn (counting this): +1 Card, "
              "+1 Action.")


def _coppersmith(g, p, me):
    g.flags["copper"] = g.flags.get("copper", 0) + 1
    return
    yield  # pragma: no cover


kingdom("Coppersmith", 4, ACTION, editions=FIRST, effect=_coppersmith,
        text="Copper produces an extra $1 this turn.")


def _diplomat(g, p, me):
    if len(hand_of(g, p)) <= 5:
        g.actions += 2
    return
    yield  # pragma: no cover


def _diplomat_ready(g, v, c) -> bool:
    return len(hand_of(g, v)) >= 5


def _diplomat_reaction(g, v, c, attacker):
    g.draw(v, 2)
    chosen = yield from choose_from_hand(g, v, 3, "Discard 3 cards", "Diplomat")
    g.discard(v, chosen)
    return False


kingdom("Diplomat", 4, ACTION | REACTION, editions=SECOND, plus_cards=2, effect=_diplomat,
        reaction=_diplomat_reaction, reaction_ready=_diplomat_ready, reaction_repeats=True,
        text="+2 Cards. If you have 5 or fewer cards in hand (after drawing), +2 Actions. When "
             "another player plays an Attack card, you may first reveal this from a hand of 5 "
             "or more cards, to draw 2 cards then discard 3.")


def _ironworks(g, p, me):
    pile = yield from choose_pile(g, p, "Gain a card costing up to $4", lambda n, c: c <= 4,
                                  source="Ironworks")
    if not pile:
        return
    cid = yield from g.gain(p, pile)
    if cid is None:
        return
    if g.is_type(cid, ACTION):
        g.actions += 1
    if g.is_type(cid, TREASURE):
        g.coins += 1
    if g.is_type(cid, VICTORY):
        g.draw(p, 1)


kingdom("Ironworks", 4, ACTION, effect=_ironworks,
        text="Gain a card costing up to $4. If the gained card is an... Action card, +1 Action; "
             "Treasure card, +$1; Victory card, +1 Card.",
        text1="Gain a card costing up to $4. If it is an... Action card, +1 Action. Treasure "
              "card, +$1. Victory card, +1 Card.")


def _mill(g, p, me):
    hand = hand_of(g, p)
    if not hand:
        return
    ans = yield ChooseOption(p, ["discard", "no"], ["Discard 2 cards for +$2", "Don't"],
                             "You may discard 2 cards, for +$2", source="Mill")
    if ans == "discard":
        chosen = yield from choose_from_hand(g, p, 2, "Discard 2 cards", "Mill")
        if g.discard(p, chosen) == 2:
            g.coins += 2


kingdom("Mill", 4, ACTION | VICTORY, editions=SECOND, plus_cards=1, plus_actions=1, vp=1,
        effect=_mill, text="+1 Card, +1 Action. You may discard 2 cards, for +$2. 1VP")


def _mining_village(g, p, me):
    if me not in g.players[p].play:
        return  # a second play by Throne Room: it cannot be trashed again
    ans = yield ChooseOption(p, ["trash", "keep"], ["Trash it for +$2", "Keep it"],
                             "You may trash this Mining Village for +$2",
                             source="Mining Village")
    if ans == "trash" and (yield from g.trash(p, [me], "play")):
        g.coins += 2


kingdom("Mining Village", 4, ACTION, plus_cards=1, plus_actions=2, effect=_mining_village,
        text="+1 Card, +2 Actions. You may trash this for +$2.",
        text1="+1 Card, +2 Actions. You may trash this card immediately. If you do, +$2.")


def _scout(g, p, me):
    top = g.top(p, 4)
    g.set_aside(p, top, "deck")
    g.reveal(p, top, "top of deck")
    for c in of_type(g, top, VICTORY):
        g.to_hand(p, c, "aside")
    rest = [c for c in top if c in g.players[p].aside]
    yield from put_back(g, p, rest, g.players[p].aside, "Scout")


kingdom("Scout", 4, ACTION, editions=FIRST, plus_actions=1, effect=_scout,
        text="+1 Action. Reveal the top 4 cards of your deck. Put the revealed Victory cards "
             "into your hand. Put the other cards on top of your deck in any order.")


def _secret_passage(g, p, me):
    chosen = yield from choose_from_hand(g, p, 1, "Put a card from your hand into your deck",
                                         "Secret Passage")
    if not chosen:
        return
    deck = g.players[p].deck
    where = 0
    if deck:
        keys = [str(i) for i in range(len(deck) + 1)]
        labels = (["on top"] + [f"under {i} card(s)" for i in range(1, len(deck))]
                  + ["at the bottom"])
        where = int((yield ChooseOption(p, keys, labels, "Where in your deck does it go?",
                                        source="Secret Passage")))
    cid = chosen[0]
    g.players[p].hand.remove(cid)
    deck.insert(len(deck) - where, cid)
    g.note("insert", p, {"position": where}, {"card": g.names[cid]})


kingdom("Secret Passage", 4, ACTION, editions=SECOND, plus_cards=2, plus_actions=1,
        effect=_secret_passage,
        text="+2 Cards, +1 Action. Take a card from your hand and put it anywhere in your deck.")
