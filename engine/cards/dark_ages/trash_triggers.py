"""Dark Ages cards that care about being trashed (and their neighbours): Beggar, Catacombs,
Feodum, Fortress, Hermit, Hunting Grounds, Market Square, Rats and Squire.

"When you trash this" abilities are `triggers={"trash": ...}`: `g.trash` runs them for the
player told to trash the card, on any turn, whoever's card did the trashing; several trashed
at once are all trashed first, then their owner orders the abilities (004, Additional Rules).
Rulings are from the card descriptions of seed 004 and cards.md section 4.
"""
from __future__ import annotations

from ...cardbase import ACTION, ATTACK, REACTION, TREASURE, VICTORY
from ...decisions import ChooseCards, ChooseOption
from .common import hand_of, kingdom


def _gain_up_to(g, p, pile: str, n: int, to: str = "discard"):
    """Gain `n` cards from `pile`: as many as are left."""
    for _ in range(n):
        if (yield from g.gain(p, pile, to=to)) is None:
            return


# ----- Beggar -----------------------------------------------------------------------------
def _beggar(g, p, me):
    yield from _gain_up_to(g, p, "Copper", 3, to="hand")


def _beggar_reaction(g, v, me, attacker):
    """Discard it to gain 2 Silvers, the first onto the deck (so a lone Silver goes there).

    The Silvers are gained in turn order among players reacting to the same Attack: the
    engine's Gate holds a later player's reaction until the earlier ones are done."""
    if g.discard(v, [me], public=True):
        yield from _gain_up_to(g, v, "Silver", 1, to="deck")
        yield from _gain_up_to(g, v, "Silver", 1)
    return False


kingdom("Beggar", 2, ACTION | REACTION, effect=_beggar, reaction=_beggar_reaction,
        text="Gain 3 Coppers to your hand. When another player plays an Attack card, you may "
             "first discard this to gain 2 Silvers, putting one onto your deck.")


# ----- Catacombs --------------------------------------------------------------------------
def _catacombs(g, p, me):
    """The 3 cards are looked at privately; when they are discarded, a shuffle for the
    +3 Cards takes them in (they are in the discard pile by then)."""
    top = g.top(p, 3)
    if not top:
        return
    g.set_aside(p, top, "deck", public=False)
    g.note("look", p, {"count": len(top)}, {"cards": g.names_of(top)})
    ans = yield ChooseOption(p, ["hand", "discard"],
                             ["Put them into your hand", "Discard them and +3 Cards"],
                             "Put the cards you looked at into your hand, or discard them "
                             "and draw 3?", source="Catacombs")
    looking = g.players[p].looking
    kept = [c for c in top if c in looking]
    if ans == "hand":
        for c in kept:
            g.to_hand(p, c, "looking")
        g.note("to_hand", p, {"count": len(kept)}, {"cards": g.names_of(kept)})
        return
    g.discard(p, kept, "looking")
    g.draw(p, 3)


def _catacombs_trashed(g, p, me):
    limit = g.cost("Catacombs")  # its cost now (Bridge-like reductions count)
    pile = yield from g.choose_pile(p, f"Gain a card costing less than ${limit}",
                                    lambda n, c: c < limit, source="Catacombs")
    if pile:
        yield from g.gain(p, pile)


kingdom("Catacombs", 5, ACTION, effect=_catacombs, triggers={"trash": _catacombs_trashed},
        text="Look at the top 3 cards of your deck. Choose one: Put them into your hand; or "
             "discard them and +3 Cards. When you trash this, gain a cheaper card.")


# ----- Feodum -----------------------------------------------------------------------------
def _feodum_score(names: list[str]) -> int:
    return names.count("Silver") // 3


def _feodum_trashed(g, p, me):
    yield from _gain_up_to(g, p, "Silver", 3)


kingdom("Feodum", 4, VICTORY, score=_feodum_score, triggers={"trash": _feodum_trashed},
        text="Worth 1VP per 3 Silvers you have (round down). When you trash this, gain 3 "
             "Silvers.")


# ----- Fortress ---------------------------------------------------------------------------
def _fortress_trashed(g, p, me):
    """Mandatory; it was still trashed. Gone from the trash already: Lose Track."""
    if g.move(me, g.trash_pile, hand_of(g, p)):
        g.note("to_hand", p, {"card": g.names[me], "from": "trash"})
    return
    yield  # pragma: no cover - makes this a generator


kingdom("Fortress", 4, ACTION, plus_cards=1, plus_actions=2,
        triggers={"trash": _fortress_trashed},
        text="+1 Card. +2 Actions. When you trash this, put it into your hand.")


# ----- Hermit -----------------------------------------------------------------------------
def _hermit(g, p, me):
    """The discard pile is shown to its owner only (a secret log entry and the decision)."""
    me_ = g.players[p]
    g.note("look", p, {"zone": "discard", "count": len(me_.discard)},
           {"cards": g.names_of(me_.discard)})
    choices = [c for c in me_.discard + me_.hand if not g.is_type(c, TREASURE)]
    if choices:
        chosen = yield ChooseCards(p, choices, 0, 1,
                                   "You may trash a non-Treasure card from your discard pile "
                                   "or hand", zone="discard or hand", source="Hermit")
        if chosen:
            c = chosen[0]
            yield from g.trash(p, [c], "discard" if c in me_.discard else "hand")
    pile = yield from g.choose_pile(p, "Gain a card costing up to $3", lambda n, c: c <= 3,
                                    source="Hermit")
    if pile:
        yield from g.gain(p, pile)


def _hermit_discarded(g, p, me):
    """Buying is what counts, not gaining; not discarded from play: this never happens."""
    if g.bought:
        return
    yield from g.trash(p, [me], "discard")
    yield from g.gain(p, "Madman")


kingdom("Hermit", 3, ACTION, effect=_hermit, needs=("Madman",),
        triggers={"discard_from_play": _hermit_discarded},
        text="Look through your discard pile. You may trash a non-Treasure card from your "
             "discard pile or hand. Gain a card costing up to $3. When you discard this from "
             "play, if you didn't buy any cards this turn, trash this and gain a Madman from "
             "the Madman pile.")


# ----- Hunting Grounds --------------------------------------------------------------------
def _hunting_grounds_trashed(g, p, me):
    if not g.piles.get("Duchy") and not g.piles.get("Estate"):
        return
    ans = yield ChooseOption(p, ["duchy", "estates"], ["Gain a Duchy", "Gain 3 Estates"],
                             "Hunting Grounds was trashed: gain a Duchy or 3 Estates?",
                             source="Hunting Grounds")
    if ans == "duchy":
        yield from g.gain(p, "Duchy")
    else:
        yield from _gain_up_to(g, p, "Estate", 3)


kingdom("Hunting Grounds", 6, ACTION, plus_cards=4,
        triggers={"trash": _hunting_grounds_trashed},
        text="+4 Cards. When you trash this, gain a Duchy or 3 Estates.")


# ----- Market Square ----------------------------------------------------------------------
def _market_square(g, p, me, trashed):
    """Once per trashing of the owner's cards, each Market Square in hand may go for a Gold
    (nothing if the Gold pile is empty)."""
    if me not in hand_of(g, p):
        return
    what = ", ".join(g.names_of(trashed))
    ans = yield ChooseOption(p, ["discard", "keep"],
                             ["Discard Market Square to gain a Gold", "Keep it"],
                             f"{what} trashed: discard Market Square to gain a Gold?",
                             source="Market Square")
    if ans == "discard" and g.discard(p, [me], public=True):
        yield from g.gain(p, "Gold")


kingdom("Market Square", 3, ACTION | REACTION, plus_cards=1, plus_actions=1, plus_buys=1,
        triggers={"hand_trash": _market_square},
        text="+1 Card. +1 Action. +1 Buy. When one of your cards is trashed, you may discard "
             "this from your hand to gain a Gold.")


# ----- Rats -------------------------------------------------------------------------------
def _rats(g, p, me):
    yield from g.gain(p, "Rats")
    hand = hand_of(g, p)
    others = [c for c in hand if g.names[c] != "Rats"]
    if not others:
        if hand:
            g.reveal(p, list(hand), "a hand of all Rats")
        return
    c = others[0]
    if len({g.names[x] for x in others}) > 1:
        c = (yield ChooseCards(p, others, 1, 1, "Trash a card from your hand other than a Rats",
                               source="Rats"))[0]
    yield from g.trash(p, [c])


def _rats_trashed(g, p, me):
    g.draw(p, 1)
    return
    yield  # pragma: no cover


kingdom("Rats", 4, ACTION, plus_cards=1, plus_actions=1, pile_size=20, effect=_rats,
        triggers={"trash": _rats_trashed},
        text="+1 Card. +1 Action. Gain a Rats. Trash a card from your hand other than a Rats "
             "(or reveal a hand of all Rats). When you trash this, +1 Card.")


# ----- Squire -----------------------------------------------------------------------------
def _squire(g, p, me):
    ans = yield ChooseOption(p, ["actions", "buys", "silver"],
                             ["+2 Actions", "+2 Buys", "Gain a Silver"], "Choose one",
                             source="Squire")
    if ans == "actions":
        g.actions += 2
    elif ans == "buys":
        g.buys += 2
    else:
        yield from g.gain(p, "Silver")


def _squire_trashed(g, p, me):
    """Any Attack card on top of a Supply pile (a Knight, when one shows); none: nothing."""
    pile = yield from g.choose_pile(p, "Gain an Attack card",
                                    lambda n, c: g.card_is(n, ATTACK), source="Squire")
    if pile:
        yield from g.gain(p, pile)


kingdom("Squire", 2, ACTION, plus_coins=1, effect=_squire, triggers={"trash": _squire_trashed},
        text="+$1. Choose one: +2 Actions; or +2 Buys; or gain a Silver. When you trash this, "
             "gain an Attack card.")
