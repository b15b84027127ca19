"""The heuristic's knowledge of Beggar, Catacombs, Feodum, Fortress, Hermit, Hunting Grounds,
Market Square, Rats and Squire: draw cards and villages for the Big Money plan, reactions
that are (nearly) always worth it, and trashing that counts what a card gives back when
trashed (Fortress comes straight back, Feodum brings Silvers)."""
from __future__ import annotations

from collections import Counter
from math import comb
from typing import Any

from ...cardbase import ACTION, RUINS, SHELTER, TREASURE
from ...cards import CARDS
from ...decisions import Decision
from ..common import view_top
from ..heuristic import (
    BUY_RULES,
    CANTRIPS,
    CARD_HANDLERS,
    DRAWERS,
    PLAY_VALUES,
    REVEAL_RULES,
    TERMINALS,
    VILLAGES,
    WORTH_RULES,
    Plan,
    hand_money,
    is_terminal,
    own_value,
    tier,
    worth,
)

TERMINALS.update({"Hunting Grounds": 52, "Catacombs": 38, "Hermit": 22, "Beggar": 9})
DRAWERS.update({"Hunting Grounds", "Catacombs"})
VILLAGES["Fortress"] = 23
CANTRIPS["Market Square"] = 13


def trash_cost(plan: Plan, name: str) -> float:
    """How much trashing one `name` costs the bot (negative: it gains by it), counting what
    its "when you trash this" gives back; Fortress comes straight back: it costs nothing.
    Junk is Curses, Ruins, Shelters and early Estates, never a good Action card."""
    if name == "Fortress":
        return 0
    value = own_value(plan, name)
    bits = CARDS[name].type_bits
    if bits & ACTION and not bits & (RUINS | SHELTER):
        value = max(value, 5)  # a surplus Action card is still no junk
    return value - _trash_bonus(plan, name)


def _trash_bonus(plan: Plan, name: str) -> float:
    if name == "Feodum":
        return 3 * worth(plan, "Silver")
    if name == "Hunting Grounds":
        return max(worth(plan, "Duchy"), 0)
    if name in ("Catacombs", "Squire"):
        return 15
    return 8 if name in ("Rats", "Overgrown Estate") else 0


# ----- worth ----------------------------------------------------------------------------
def _feodum_worth(plan: Plan) -> float:
    """Its VP count the Silvers (round down); a dead card until the game nears its end."""
    vp = plan.mine["Silver"] // 3
    gte = plan.gte
    if vp >= 3:
        return 91 if gte <= 4 else 49 if gte <= 6 else -5
    if vp == 2:
        return 86 if gte <= 3 else -5
    return 84 if vp == 1 and gte <= 2 else -10


def _junk_count(plan: Plan) -> int:
    return sum(k for n, k in plan.mine.items() if own_value(plan, n) < 0)


def _rats_worth(plan: Plan) -> float:
    """One Rats, early, to thin a deck with junk in it: it breeds more by itself."""
    return 12 if not plan.mine["Rats"] and plan.gte > 8 and _junk_count(plan) >= 3 else -8


def _squire_worth(plan: Plan) -> float:
    return 12 if plan.gte > 6 else 2


def _hunting_grounds_worth(plan: Plan) -> float:
    """Better than a Gold as the first draw card, but at $6 a second one only collides."""
    return TERMINALS["Hunting Grounds"] if plan.wanted_terminals() > plan.terminals else -3


WORTH_RULES.update({"Feodum": _feodum_worth, "Rats": _rats_worth, "Squire": _squire_worth,
                    "Hunting Grounds": _hunting_grounds_worth})


# ----- playing --------------------------------------------------------------------------
def _rats_play(plan: Plan, name: str, others: list[str]) -> float | None:
    """Worth playing when it has junk to trash (or only Rats to reveal): trading a Copper
    for one more Rats each play only breeds Rats."""
    fodder = [n for n in others if n != "Rats"]
    if not fodder:
        return 70
    return 78 if min(trash_cost(plan, n) for n in fodder) < 0 else None


def _squire_play(plan: Plan, name: str, others: list[str]) -> float | None:
    """Its +2 Actions first when a terminal waits for them; else with the last Action."""
    if plan.view.actions <= 1 and any(is_terminal(n) for n in others):
        return 89
    return 30


PLAY_VALUES.update({"Rats": _rats_play, "Squire": _squire_play})


# ----- decisions --------------------------------------------------------------------------
def _beggar_reveal(plan: Plan, d: Decision) -> bool:
    """Two Silvers for it, unless none are left or its $3 next turn reaches Gold or Province."""
    if not plan.view.pile_count("Silver"):
        return False
    m = hand_money(plan.view)
    return not (tier(m + 3) > tier(m) and tier(m + 3) >= 3)


REVEAL_RULES["Beggar"] = _beggar_reveal


def _market_square(plan: Plan, d: Decision) -> str:
    return "discard" if plan.view.pile_count("Gold") else "keep"


def _catacombs(plan: Plan, d: Decision) -> Any:
    """Keep the three looked at unless three cards drawn in their place buy better on average:
    the hand's coins with the three, against the odds of three more from my draw pile (I know
    what is left in it; when it runs short, the shuffle takes in my discard pile and the three
    discarded). Only this turn differs: the cards not drawn now come in later turns either way,
    so a deck whose draw pile is rich discards three Coppers, one whose best cards were drawn
    already keeps them."""
    if d.kind != "ChooseOption":
        return None
    view = plan.view
    looked = view.looking()
    coins = hand_money(view)
    top = max(worth(plan, "Province"), 50)  # (a Gold's while the deck is too poor to green)
    kept = _buy_value(coins + sum(_coins(n) for n in looked), top)
    pool = view.deck_counts()
    if sum(pool.values()) < len(looked):
        pool = pool + view.discard_counts() + Counter(looked)
    return "hand" if kept >= _expected_buy(coins, pool, len(looked), top) else "discard"


# What a hand's coins buy, worth as the heuristic counts (Silver 20, Gold 50, Province 100).
_BUY_VALUE = (0, 0, 0, 20, 20, 30, 50, 50, 100)


def _buy_value(coins: int, top: float = 100) -> float:
    return top if coins >= 8 else _BUY_VALUE[coins]


def _coins(name: str) -> int:
    """What a card drawn now adds to the Buy: its coins if a Treasure (an Action counts
    nothing: in a money deck Catacombs used the turn's last Action)."""
    card = CARDS[name]
    return card.coins if card.type_bits & TREASURE else 0


def _expected_buy(coins: int, pool: Counter, n: int, top: float) -> float:
    """The mean `_buy_value` of `coins` plus `n` cards drawn from `pool` (exact: the draws
    grouped by their coins, then by the hypergeometric odds)."""
    by_coins: Counter = Counter()
    for name, k in pool.items():
        by_coins[_coins(name)] += k
    total = sum(by_coins.values())
    n = min(n, total)
    if n == 0:
        return _buy_value(coins, top)
    values = sorted(by_coins)
    out = 0.0
    ways_all = comb(total, n)

    def walk(i: int, left: int, money: int, ways: int) -> None:
        nonlocal out
        if left == 0:
            out += ways * _buy_value(money, top)
            return
        if i == len(values):
            return
        v, k = values[i], by_coins[values[i]]
        for take in range(min(k, left) + 1):
            walk(i + 1, left - take, money + v * take, ways * comb(k, take))

    walk(0, n, coins, 1)
    return out / ways_all


def _hermit(plan: Plan, d: Decision) -> Any:
    """Trash the worst junk (Curses, Ruins, Shelters, early Estates) from discard or hand."""
    if d.kind != "ChooseCards":
        return None
    names = d.names
    best = min(d.cards, key=lambda c: trash_cost(plan, names[c]))
    return [best] if trash_cost(plan, names[best]) < 0 else []


def _rats(plan: Plan, d: Decision) -> list[int]:
    names = d.names
    return [min(d.cards, key=lambda c: (trash_cost(plan, names[c]), names[c]))]


def _hunting_grounds(plan: Plan, d: Decision) -> str:
    """A Duchy (one dead card, not three) unless none is left, or Gardens counts cards."""
    view = plan.view
    if not view.pile_count("Duchy"):
        return "estates"
    if "Gardens" in plan.kingdom and view.pile_count("Estate") >= 3:
        return "estates"
    return "duchy"


def _squire(plan: Plan, d: Decision) -> Any:
    if d.kind != "ChooseOption":
        return None
    view = plan.view
    hand = view.hand()
    if view.actions == 0 and any(CARDS[n].type_bits & ACTION for n in hand):
        return "actions"
    m = hand_money(view)
    if m >= 11 or plan.gte <= 4 and m >= 7:
        return "buys"
    return "silver"


CARD_HANDLERS.update({"Market Square": _market_square, "Catacombs": _catacombs,
                      "Hermit": _hermit, "Rats": _rats, "Hunting Grounds": _hunting_grounds,
                      "Squire": _squire})


def _hermit_to_madman(plan: Plan, d: Decision) -> Any:
    """With Hermits in play and nothing better than a Madman each to buy, buy nothing."""
    if "Hermit" not in plan.supply:  # (a Band of Misfits is only ever a Supply card)
        return None
    view = plan.view
    hermits = view.in_play().count("Hermit")
    if not hermits or view.bought() or not view.pile_count("Madman") or plan.gte <= 4:
        return None
    best = max((worth(plan, view_top(view, p)) for p in plan.kingdom if d.can_buy(p)), default=0)
    return {"end": True} if best < 30 + 10 * (hermits - 1) else None


_hermit_to_madman.needs = "Hermit"  # type: ignore[attr-defined]  (choose_buy skips it else)
BUY_RULES.append(_hermit_to_madman)
