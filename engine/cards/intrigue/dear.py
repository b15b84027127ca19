"""Intrigue Kingdom cards costing $5 and $6."""
from __future__ import annotations

from ...cardbase import ACTION, ATTACK, CURSE, TREASURE, VICTORY
from ...cardbase import REGISTRY as CARDS
from ...decisions import ChooseOption
from .common import (
    FIRST,
    SECOND,
    attack_then,
    choose_from_hand,
    choose_pile,
    hand_of,
    kingdom,
    of_type,
    put_back,
)

# ----- $5 -------------------------------------------------------------------------------
_COURTIER_OPTIONS = ["action", "buy", "coins", "gold"]
_COURTIER_LABELS = ["+1 Action", "+1 Buy", "+$3", "Gain a Gold"]


def _courtier(g, p, me):
    chosen = yield from choose_from_hand(g, p, 1, "Reveal a card from your hand", "Courtier")
    if not chosen:
        return
    g.reveal(p, chosen)
    n = min(len(CARDS[g.names[chosen[0]]].types), len(_COURTIER_OPTIONS))
    picked = yield ChooseOption(p, _COURTIER_OPTIONS, _COURTIER_LABELS,
                                f"Choose {n} (different)", source="Courtier", min=n, max=n)
    g.actions += "action" in picked
    g.buys += "buy" in picked
    g.coins += 3 * ("coins" in picked)
    if "gold" in picked:
        yield from g.gain(p, "Gold")


kingdom("Courtier", 5, ACTION, editions=SECOND, effect=_courtier,
        text="Reveal a card from your hand. For each type it has (Action, Attack, etc.), choose "
             "one: +1 Action; or +1 Buy; or +$3; or gain a Gold. The choices must be different.")

kingdom("Duke", 5, VICTORY, score=lambda names: names.count("Duchy"),
        text="Worth 1VP per Duchy you have.")


def _minion(g, p, me):
    def own():
        ans = yield ChooseOption(p, ["coins", "attack"],
                                 ["+$2", "Discard your hand, +4 Cards; others with 5+ cards "
                                         "discard their hand and draw 4"],
                                 "Choose one", source="Minion")
        if ans == "coins":
            g.coins += 2
        else:
            g.discard(p, list(hand_of(g, p)))
            g.draw(p, 4)
        return ans

    def hit(v, ans):
        if ans == "attack" and len(hand_of(g, v)) >= 5:
            g.discard(v, list(hand_of(g, v)))
            g.draw(v, 4)
        return
        yield  # pragma: no cover

    yield from attack_then(g, p, me, own, hit)


kingdom("Minion", 5, ACTION | ATTACK, plus_actions=1, effect=_minion,
        text="+1 Action. Choose one: +$2; or discard your hand, +4 Cards, and each other player "
             "with at least 5 cards in hand discards their hand and draws 4 cards.",
        text1="+1 Action. Choose one: +$2; or discard your hand, +4 Cards, and each other player "
              "with at least 5 cards in hand discards his hand and draws 4 cards.")


def _patrol(g, p, me):
    top = g.top(p, 4)
    g.set_aside(p, top, "deck")
    g.reveal(p, top, "top of deck")
    for c in of_type(g, top, VICTORY | CURSE):
        g.to_hand(p, c, "aside")
    rest = [c for c in top if c in g.players[p].aside]
    yield from put_back(g, p, rest, g.players[p].aside, "Patrol")


kingdom("Patrol", 5, ACTION, editions=SECOND, plus_cards=3, effect=_patrol,
        text="+3 Cards. Reveal the top 4 cards of your deck. Put the Victory cards and Curses "
             "into your hand. Put the rest back in any order.")


def _replace(g, p, me):
    def own():
        chosen = yield from choose_from_hand(g, p, 1, "Trash a card", "Replace")
        if not chosen:
            return False
        limit = g.cost_of(chosen[0]) + 2
        yield from g.trash(p, chosen)
        pile = yield from choose_pile(g, p, f"Gain a card costing up to ${limit}",
                                      lambda n, c: c <= limit, source="Replace")
        cid = (yield from g.gain(p, pile)) if pile else None
        if cid is None:
            return False
        if g.is_type(cid, ACTION | TREASURE) and g.on_top(p, cid, "discard"):
            g.topdeck(p, cid, "discard", public=True)  # (not if its own gain covered it up)
        return g.is_type(cid, VICTORY)

    def hit(v, victory):
        if victory:
            yield from g.gain(v, "Curse")

    yield from attack_then(g, p, me, own, hit)


kingdom("Replace", 5, ACTION | ATTACK, editions=SECOND, effect=_replace,
        text="Trash a card from your hand. Gain a card costing up to $2 more than it. If the "
             "gained card is an Action or Treasure, put it onto your deck; if it's a Victory "
             "card, each other player gains a Curse.")


def _saboteur(g, p, me):
    def hit(v):
        aside = g.players[v].aside
        found = None
        while found is None:
            top = g.top(v, 1)
            if not top:
                break
            g.set_aside(v, top, "deck")
            g.reveal(v, top, "top of deck")
            if g.cost_of(top[0]) >= 3:
                found = top[0]
        if found is not None:
            limit = g.cost_of(found) - 2
            yield from g.trash(v, [found], "aside")
            pile = yield from choose_pile(g, v, f"You may gain a card costing up to ${limit}",
                                          lambda n, c: c <= limit, optional=True, source="Saboteur")
            if pile:
                yield from g.gain(v, pile)
        g.discard(v, list(aside), "aside", public=True)

    yield from g.attack(p, me, hit)


kingdom("Saboteur", 5, ACTION | ATTACK, editions=FIRST, effect=_saboteur,
        text="Each other player reveals cards from the top of his deck until revealing one "
             "costing $3 or more. He trashes that card and may gain a card costing at most $2 "
             "less than it. He discards the other revealed cards.")


def _torturer(g, p, me):
    def hit(v):
        ans = yield ChooseOption(v, ["discard", "curse"],
                                 ["Discard 2 cards", "Gain a Curse to your hand"],
                                 "Choose one", source="Torturer")
        if ans == "curse":
            yield from g.gain(v, "Curse", to="hand")
            return
        chosen = yield from choose_from_hand(g, v, 2, "Discard 2 cards", "Torturer")
        g.discard(v, chosen)

    yield from g.attack(p, me, hit)


kingdom("Torturer", 5, ACTION | ATTACK, plus_cards=3, effect=_torturer,
        text="+3 Cards. Each other player either discards 2 cards or gains a Curse to their "
             "hand, their choice. (They may pick an option they can't do.)",
        text1="+3 Cards. Each other player chooses one: he discards 2 cards; or he gains a Curse "
              "card, putting it in his hand.")


def _trading_post(g, p, me):
    chosen = yield from choose_from_hand(g, p, 2, "Trash 2 cards", "Trading Post")
    trashed = yield from g.trash(p, chosen)
    if len(trashed) == 2:
        yield from g.gain(p, "Silver", to="hand")


kingdom("Trading Post", 5, ACTION, effect=_trading_post,
        text="Trash 2 cards from your hand. If you did, gain a Silver to your hand.",
        text1="Trash 2 cards from your hand. If you do, gain a silver card; put it into your "
              "hand.")


def _tribute(g, p, me):
    left = (p + 1) % len(g.players)
    top = g.top(left, 2)
    g.reveal(left, top, "top of deck")
    g.discard(left, top, "deck", public=True)
    for name in dict.fromkeys(g.names_of(top)):
        bits = CARDS[name].type_bits
        if bits & ACTION:
            g.actions += 2
        if bits & TREASURE:
            g.coins += 2
        if bits & VICTORY:
            g.draw(p, 2)
    return
    yield  # pragma: no cover


kingdom("Tribute", 5, ACTION, editions=FIRST, effect=_tribute,
        text="The player to your left reveals then discards the top 2 cards of his deck. For "
             "each differently named card revealed, if it is an... Action Card, +2 Actions; "
             "Treasure Card, +$2; Victory Card, +2 Cards.")


def _upgrade(g, p, me):
    chosen = yield from choose_from_hand(g, p, 1, "Trash a card", "Upgrade")
    if not chosen:
        return
    want = g.cost_of(chosen[0]) + 1
    yield from g.trash(p, chosen)
    pile = yield from choose_pile(g, p, f"Gain a card costing exactly ${want}",
                                  lambda n, c: c == want, source="Upgrade")
    if pile:
        yield from g.gain(p, pile)


kingdom("Upgrade", 5, ACTION, plus_cards=1, plus_actions=1, effect=_upgrade,
        text="+1 Card, +1 Action. Trash a card from your hand. Gain a card costing exactly $1 "
             "more than it.")


# ----- $6 -------------------------------------------------------------------------------
kingdom("Harem", 6, TREASURE | VICTORY, coins=2, vp=2, text="$2. 2VP")


def _nobles(g, p, me):
    ans = yield ChooseOption(p, ["cards", "actions"], ["+3 Cards", "+2 Actions"], "Choose one",
                             source="Nobles")
    if ans == "cards":
        g.draw(p, 3)
    else:
        g.actions += 2


kingdom("Nobles", 6, ACTION | VICTORY, vp=2, effect=_nobles,
        text="Choose one: +3 Cards; or +2 Actions. 2VP")
