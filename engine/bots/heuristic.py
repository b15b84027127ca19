"""A heuristic bot that plays every base and Intrigue card sensibly, not only legally.

It plays "Big Money + X": money, the best one or two terminal cards the kingdom offers (more
with villages), good non-terminal cards, then Provinces, Duchies and Estates by the
gains-to-end rule. Every gain, buy or trash decision is scored by one function (`worth`), so
Workshop, Remodel, Swindler and the Buy phase agree with each other.

Pure: it reads only the SeatView and the decision, and keeps no state between answers.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cardbase import ACTION, CURSE, TREASURE, VICTORY
from ..cards import CARDS
from ..decisions import Decision
from .common import SeatView, default_answer, view_top
from .endgame import ending_piles, safe_to_buy, safe_to_gain, winning_buy
from .plan import (
    _VICTORY_RULED,
    CANTRIPS,
    CURSERS,
    DRAWERS,
    TERMINAL_NAMES,
    TERMINALS,
    VILLAGES,
    WORTH_RULES,
    Plan,
    is_terminal,  # (the plug-ins import it from here too)
    never_junk,
    worth_bound,
)
from .values import (  # (the plug-ins in engine/bots/dark_ages/ import these from here)
    KEEP_VALUES,  # noqa: F401
    hand_money,
    keep_value,
    pass_cost,
    tier,
    worst,
)

# Knowledge of more cards plugs in here (engine/bots/dark_ages/ fills these at import):
# CARD_HANDLERS: decision source -> fn(plan, decision) giving an answer, or None to fall back
# to the general rules below; PLAY_VALUES: card -> fn(plan, name, other names in hand) giving
# a play priority (None: don't play); WORTH_RULES (plan.py): card -> fn(plan) giving its worth;
# KEEP_VALUES: card -> how much it is worth holding in hand; REVEAL_ORDER: Reactions, lowest
# revealed first; REVEAL_RULES: Reaction -> fn(plan, decision), False to keep it hidden
# (a Reaction without a rule is always revealed); BUY_RULES: fns(plan, decision) tried at the
# start of a Buy phase's choice (Treasures played), the first answer that is not None wins.
CARD_HANDLERS: dict[str, Callable[[Plan, Decision], Any]] = {}
PLAY_VALUES: dict[str, Callable[[Plan, str, list[str]], float | None]] = {}
REVEAL_ORDER: dict[str, int] = {"Secret Chamber": 0, "Moat": 1, "Diplomat": 3}
# Treasures that choose something when played (Counterfeit): played before the other
# Treasures, lowest first, so that their choice still has every Treasure in hand.
TREASURE_FIRST: dict[str, int] = {}
REVEAL_RULES: dict[str, Callable[[Plan, Decision], bool]] = {}
BUY_RULES: list[Callable[[Plan, Decision], Any]] = []
# Terminals worth their TERMINALS figure only with Estates in the deck to use (tuning.py).
ESTATE_USERS: set[str] = set()


def worth(plan: Plan, name: str) -> float:
    """How much the bot wants to gain one `name` now (Silver 20, Gold 50, Province 100)."""
    rule = WORTH_RULES.get(name)
    if rule is not None:
        return rule(plan)
    victory = _VICTORY_WORTH.get(name)
    if victory is not None:
        fixed = victory(plan)
        if fixed is not None:
            return fixed
    if name == "Gold":
        return 50
    if name == "Silver":
        return 20
    if name == "Copper":
        return -2
    if name == "Curse":
        return -100
    if name in VILLAGES:
        enough = plan.terminals - plan.villages >= 2 and plan.villages < 2
        return VILLAGES[name] if enough else 2
    if name in CANTRIPS:
        return CANTRIPS[name] - (10 if name == "Sentry" and plan.size > 20 else 0)
    if name in TERMINALS:
        value = TERMINALS[name]
        if name in ESTATE_USERS and plan.mine.get("Estate", 0) < 2:
            value = -1  # nothing to discard (Shelters, or trashed): a dead card in hand
        if name == "Masquerade" and ("Witch" in plan.supply or "Torturer" in plan.supply):
            value = 10  # the Curses we give would be passed back to us
        if (name in CURSERS and plan.mine.get(name, 0) < 2 and plan.terminals - plan.villages <= 1
                and plan.view.pile_count("Curse") > 3):
            return value  # two cursers win the Curse split
        if value < 30 and plan.attack_missing:
            return 0  # a Silver keeps the deck ready for the attack it is saving up for
        room = plan.wanted - plan.terminals
        # one more than planned is fine for a much better terminal than any owned yet
        if room > 0 or room == 0 and value >= plan.top_terminal + 15:
            return value
        return min(value, 0) - 3
    c = CARDS[name]
    if c.type_bits & VICTORY and plan.gte <= 3:
        return 80
    return -1  # a card this bot does not know: leave it alone


def _province(plan: Plan) -> float:
    return 100 if plan.money > 15 or plan.gte <= 6 else 45


def _duchy(plan: Plan) -> float:
    gte = plan.gte
    duke = "Duke" in plan.supply and gte <= 7
    return 90 if gte <= 4 else 48 if gte <= 6 or duke else -5


def _duke(plan: Plan) -> float:
    gte, count = plan.gte, plan.mine.get  # (get: no Counter.__missing__ call for a 0)
    better = count("Duchy", 0) - 3 - count("Duke", 0)
    return (90 if gte <= 4 else 48 if gte <= 7 else -5) + better


def _nobles(plan: Plan) -> float | None:
    if plan.gte <= 5:  # without a strong attack, the first one beats a Gold
        return 55
    return 52 if not plan.mine.get("Nobles") and not plan.strong_terminal else None


def _great_hall(plan: Plan) -> float:
    gte = plan.gte
    return 86 if gte <= 2 else 21 if gte <= 5 else 10


def _mill(plan: Plan) -> float:
    gte = plan.gte
    return 86 if gte <= 2 else 21 if gte <= 5 else 11


# The Victory cards whose worth follows the game's end (None: as any other card), by name:
# one look-up rather than a chain of names, since every Buy phase asks several.
_VICTORY_WORTH: dict[str, Callable[[Plan], float | None]] = {
    "Province": _province, "Duchy": _duchy, "Duke": _duke,
    "Estate": lambda plan: 85 if plan.gte <= 2 else -5,
    "Harem": lambda plan: 51 if plan.gte <= 5 else 40,
    "Nobles": _nobles, "Great Hall": _great_hall, "Mill": _mill,
    "Gardens": lambda plan: 80 if plan.gte <= 3 else -5,
}
assert set(_VICTORY_WORTH) == _VICTORY_RULED  # (plan.py bounds each)


def own_value(plan: Plan, name: str) -> float:
    """How much the bot minds losing one `name` it owns (trashing it)."""
    if name == "Copper":
        return 3 if plan.money > 7 and plan.gte > 6 else 12
    if name == "Estate":
        return -5 if plan.gte > 6 else 60
    value = worth(plan, name)
    if value < 0 and name in TERMINALS and plan.mine.get(name):
        return _kept_terminal_worth(plan, name, value)
    return value


def _kept_terminal_worth(plan: Plan, name: str, value: float) -> float:
    """An owned terminal is surplus (worth less than nothing: it collides) only when the deck
    holds as many terminals as it wants without it: its other copies and the better ones.
    `worth` counts every terminal, the card itself too, so without this a trasher (Hermit,
    Trading Post, Count's trash) took a deck's best terminal, say a Hunting Grounds beside a
    Hermit, for the worse one's sake."""
    own = TERMINALS[name]
    better = plan.mine[name] - 1
    for n, k in plan.mine.items():
        if n != name and (is_terminal(n) or n == "Nobles") and TERMINALS.get(n, 0) > own:
            better += k
    if better >= plan.terminals - 1:
        return value  # every other terminal is at least as good: this one is the surplus
    saved = plan.terminals
    plan.terminals = better  # as if only those were owned (worth's room test)
    try:
        return worth(plan, name)
    finally:
        plan.terminals = saved


# ----- the Action phase -----------------------------------------------------------------
_IS_ACTION = {name: bool(c.type_bits & ACTION) for name, c in CARDS.items()}
ACTION_NAMES = frozenset(name for name, action in _IS_ACTION.items() if action)


def play_value(plan: Plan, name: str, hand: list[str]) -> float | None:
    """Higher is played first; None: better not played now."""
    others = list(hand)
    others.remove(name)
    special = PLAY_VALUES.get(name)
    if special is not None:
        return special(plan, name, others)
    # (a terminal is an Action: no need to list the other Actions first; sets, in C)
    terminal_waiting = not TERMINAL_NAMES.isdisjoint(others)
    if name == "Throne Room":  # only with a card worth playing twice
        worth_doubling = any(n != name and _IS_ACTION[n] and play_value(plan, n, others)
                             is not None for n in others)
        return 95 if worth_doubling else None
    if name == "Shanty Town":
        return 75 if ACTION_NAMES.isdisjoint(others) else 90 if terminal_waiting else 60
    if name in VILLAGES or CARDS[name].plus_actions >= 2:
        return 90 if terminal_waiting else 70
    if name == "Nobles":
        return 88 if terminal_waiting and plan.view.actions <= 1 else 55
    if name == "Diplomat" and len(hand) <= 4:
        return 78
    if name == "Conspirator" and plan.view.actions_played >= 2:
        return 83
    if name == "Minion":
        return 65
    if name in CANTRIPS or CARDS[name].plus_actions == 1:
        return _cantrip_value(plan, name, others)
    return _terminal_value(plan, name, others)


def _cantrip_value(plan: Plan, name: str, others: list[str]) -> float | None:
    if name in ("Upgrade", "Cellar") and not _junk(plan, others):
        return 60 if name == "Upgrade" else None
    return 85 if name == "Laboratory" else 80


def _junk(plan: Plan, names: list[str]) -> list[str]:
    return [n for n in names if own_value(plan, n) < 0 or CARDS[n].type_bits & CURSE]


def _terminal_value(plan: Plan, name: str, others: list[str]) -> float | None:
    if name == "Chapel":
        return 50 if _junk(plan, others) else None
    if name == "Trading Post":
        return 45 if len(_junk(plan, others)) >= 2 else None
    if name == "Moneylender":
        return 45 if "Copper" in others else None
    if name == "Mine":
        return 40 if any(CARDS[n].type_bits & TREASURE for n in others) else None
    if name in ("Remodel", "Replace"):
        return 35 if others else None
    if name == "Coppersmith":
        return 20 + 8 * others.count("Copper") if "Copper" in others else None
    if name == "Secret Chamber":
        return 20 + 5 * len(_junk(plan, others))
    value = TERMINALS.get(name, 20) + 10
    if name in DRAWERS and plan.view.actions > 1:
        value += 20  # draw first while Actions remain: it may find more to play
    return value


def choose_action(plan: Plan, d: Decision) -> list[int]:
    hand = plan.view.hand()
    names = d.names
    best, best_value = None, None
    seen = set()  # a second card of a name has the same value: it cannot be chosen
    for c in d.cards:
        name = names[c]
        if name in seen:
            continue
        seen.add(name)
        v = play_value(plan, name, hand)
        if v is not None and (best_value is None or v > best_value):
            best, best_value = c, v
    return [best] if best is not None else []


# ----- the Buy phase and gains ----------------------------------------------------------
def choose_buy(plan: Plan, d: Decision) -> Any:
    if d.treasures:
        return {"play": _treasure_order(d)}
    view = plan.view
    # Most turns no single gain can end the game: then no buy needs the endgame's scoring.
    # (gte and near from the view at once, rather than through the Plan's figures)
    plan.gte, endgame = view.end_state()
    plan.near = endgame
    ending = memo = None
    if endgame:  # (memo: each pile's outcome and the scores, worked out once)
        ending, memo = ending_piles(view), {}
        win = winning_buy(view, d, ending, memo)
        if win is not None:
            return {"buy": win}
    for rule in _buy_rules(view):
        answer = rule(plan, d)
        if answer is not None and ("buy" not in answer or not endgame
                                   or safe_to_buy(view, d, answer["buy"], ending, memo)):
            return answer
    # The first pile in Supply order with the highest worth above 0. The piles come by
    # worth_bound, highest first: once a pile's bound cannot beat (or, earlier in Supply
    # order, tie) the best so far, neither can any pile after it.
    best, best_worth, best_at = None, 0.0, 0
    limit = d.limit
    for at, pile, cards, top, bound, cost in _buy_rows(view):
        if top is None:  # a pile of different cards (Knights, first): as it is now
            if not d.can_buy(pile):
                continue
            top = d.names[cards[-1]]
            if worth_bound(top) <= best_worth:
                continue
        elif bound < best_worth or bound == best_worth and (best is None or at > best_at):
            break
        elif not cards or cost > limit:
            continue
        if endgame and not safe_to_buy(view, d, pile, ending, memo):
            continue
        w = worth(plan, top)
        if w > best_worth or w == best_worth and best is not None and at < best_at:
            best, best_worth, best_at = pile, w, at
    return {"buy": best} if best else {"end": True}


def _buy_rules(view: SeatView) -> list[Callable[[Plan, Decision], Any]]:
    """The BUY_RULES this game's Supply can use (a rule with a `needs` attribute is only for a
    game whose Supply has that pile), chosen once per game."""
    made = view.memo.get("buy_rules")
    if made is None or made[0] != len(BUY_RULES):
        supply = view.supply_names()
        made = view.memo["buy_rules"] = (len(BUY_RULES), [
            rule for rule in BUY_RULES if getattr(rule, "needs", None) in (None, *supply)])
    return made[1]


def _buy_rows(view: SeatView) -> list[tuple[int, str, list[int], str | None, float, int]]:
    """`SeatView.pile_rows` with each pile's place in Supply order and worth_bound, leaving
    out the piles of one card whose worth can never be above 0 (Copper, Curse), the piles of
    different cards first, then by bound, highest first (Supply order among equals): what
    choose_buy weighs, made once per game."""
    rows = view.pile_rows()
    made = view.memo.get("buy_rows")
    if made is None or made[0] is not rows:
        weighed = [(at, pile, cards, name, worth_bound(name) if name else 0.0, cost)
                   for at, (pile, cards, name, cost) in enumerate(rows)
                   if name is None or worth_bound(name) > 0]
        weighed.sort(key=lambda row: (row[3] is not None, -row[4], row[0]))
        made = view.memo["buy_rows"] = (rows, weighed)
    return made[1]


def _treasure_order(d: Decision) -> Any:
    """"all", or every Treasure with those in TREASURE_FIRST first."""
    names = d.names
    first = [c for c in d.treasures if names[c] in TREASURE_FIRST] if TREASURE_FIRST else []
    if not first:
        return "all"
    first.sort(key=lambda c: TREASURE_FIRST[names[c]])
    return first + [c for c in d.treasures if c not in first]


def choose_pile(plan: Plan, d: Decision) -> str | None:
    if not d.piles:
        return None
    scored = sorted((worth(plan, view_top(plan.view, p)), p) for p in d.piles)
    if d.source == "Swindler" or d.source == "Lurker":
        return scored[0][1]  # the worst card for the victim; Lurker trashes the least wanted
    safe = [wp for wp in scored if safe_to_gain(plan.view, wp[1])]
    w, pile = (safe or scored)[-1]
    if d.optional and w < 0:
        return None
    return pile


def _best_gain(plan: Plan, limit: int, exact: bool) -> tuple[float, int]:
    """(worth, VP) of the best card costing up to (or exactly) `limit`; (0, 0) if none."""
    best = (0.0, 0)
    for pile, n in plan.kingdom.items():
        if n:
            top = view_top(plan.view, pile)
            cost = plan.view.cost(top)
            if cost == limit or not exact and cost < limit:
                best = max(best, (worth(plan, top), CARDS[top].vp))
    return best


def improve(plan: Plan, d: Decision, extra: int, exact: bool = False,
            only: int = 0) -> list[int]:
    """Which card to trash for a gain costing up to (or exactly) `extra` more.

    Late in the game the VP gained count first (Remodel: Gold into Province).
    """
    best, best_key = None, None
    late = plan.gte <= 4
    for c in d.cards:
        name = d.names[c]
        if only and not CARDS[name].type_bits & only:
            continue
        limit = plan.view.cost(name) + extra
        gain, vp = _best_gain(plan, limit, exact)
        delta = gain - own_value(plan, name)
        key = (vp - CARDS[name].vp if late else 0, delta)
        if best_key is None or key > best_key:
            best, best_key = c, key
    if best is None or (d.min == 0 and best_key[1] <= 0):
        return []
    return [best]


# ----- choosing cards ---------------------------------------------------------------------
def choose_cards(plan: Plan, d: Decision) -> list[int]:
    src, names = d.source, d.names
    if src == "Masquerade":  # (the commonest: two passes and a trash per play)
        if d.min == 0:
            return _trash_junk(plan, d)
        # the first card of the name costing least to pass (the name breaks ties)
        best = best_cost = None
        for c in d.cards:
            name = names[c]
            if name != best:
                cost = pass_cost(plan, name)
                if best is None or cost < best_cost or cost == best_cost and name < best:
                    best, best_cost, chosen = name, cost, c
        return [chosen]
    if src in ("Remodel", "Replace"):
        return improve(plan, d, 2)
    if src == "Upgrade":
        return improve(plan, d, 1, exact=True)
    if src == "Mine":
        return improve(plan, d, 3, only=TREASURE)
    if src in ("Chapel", "Steward", "Trading Post"):
        return _trash_junk(plan, d)
    if src in ("Moneylender", "Baron"):
        return d.cards[:1]  # a Copper for +$3, an Estate for +$4: always
    if src == "Courtier":
        return [max(d.cards, key=lambda c: len(CARDS[names[c]].types))]
    if src == "Throne Room":
        return throne_target(plan, d)
    if src == "Thief":
        if d.zone == "trash":
            return [c for c in d.cards if names[c] != "Copper"]
        return [max(d.cards, key=lambda c: CARDS[names[c]].coins)]
    if src == "Harbinger":  # the card best to draw next turn, if it beats a Silver
        best = max(d.cards, key=lambda c: (keep_value(names[c]), names[c]))
        return [best] if keep_value(names[best]) >= 20 else d.cards[:d.min]
    if src == "Lurker":
        best = max(d.cards, key=lambda c: worth(plan, names[c]))
        return [best] if worth(plan, names[best]) >= 20 else d.cards[:d.min]
    if src == "Cellar":
        return [c for c in d.cards if keep_value(names[c]) < 0]
    if src == "Secret Chamber" and d.min == 0:
        dead = plan.view.actions == 0
        return [c for c in d.cards if keep_value(names[c]) < 0
                or dead and CARDS[names[c]].type_bits & ACTION]
    if src == "Sentry":
        if d.prompt.startswith("Trash"):
            return [c for c in d.cards if own_value(plan, names[c]) < 0]
        return [c for c in d.cards if keep_value(names[c]) <= 10]
    if src in ("Courtyard", "Artisan") and d.min == 1 and plan.view.my_turn:
        return [_topdeck_choice(plan, d)]
    if d.min == d.max == 0:
        return []
    return worst(d.cards, names, max(d.min, 0))


def throne_target(plan: Plan, d: Decision) -> list[int]:
    """The card best played twice: the one best played now. None worth playing (a Chapel
    with nothing to trash, a Moneylender without Copper): none, when that is allowed."""
    hand, names = plan.view.hand(), d.names
    scored = [(v, names[c], c) for c in d.cards
              if (v := play_value(plan, names[c], hand)) is not None]
    if scored:
        return [max(scored)[2]]
    return [] if d.min == 0 else [max(d.cards, key=lambda c: keep_value(names[c]))]


def _trash_junk(plan: Plan, d: Decision) -> list[int]:
    """Curses and early Estates; Coppers too while the deck keeps $6 of Treasure."""
    names = d.names
    if d.source != "Chapel":  # only what may be junk is weighed (the same choice)
        value: dict[str, float] = {}
        junk = []  # (value, place, card): lowest first, in hand order among equals
        for c in d.cards:
            name = names[c]
            if never_junk(name):
                continue
            v = value.get(name)
            if v is None:
                v = value[name] = own_value(plan, name)
            if v < 0:
                junk.append((v, len(junk), c))
        junk.sort()
        chosen = [c for _, _, c in junk[:max(d.max, 0)]]
    else:
        chosen = _chapel_junk(plan, d)
    if len(chosen) < d.min:
        chosen += worst([c for c in d.cards if c not in chosen], names, d.min - len(chosen))
    return chosen


def _chapel_junk(plan: Plan, d: Decision) -> list[int]:
    names = d.names
    money = plan.money
    chosen: list[int] = []
    value = {n: own_value(plan, n) for n in {names[c] for c in d.cards}}  # once a name
    for c in sorted(d.cards, key=lambda c: value[names[c]]):
        if len(chosen) == d.max:
            break
        if value[names[c]] < 0:
            chosen.append(c)
        elif names[c] == "Copper" and money > 6 and plan.gte > 6:
            chosen.append(c)
            money -= 1
    return chosen


def _topdeck_choice(plan: Plan, d: Decision) -> int:
    names = d.names
    actions = [c for c in d.cards if CARDS[names[c]].type_bits & ACTION]
    if actions and plan.view.actions == 0:
        return max(actions, key=lambda c: keep_value(names[c]))
    m = hand_money(plan.view)
    treasures = sorted((c for c in d.cards if CARDS[names[c]].type_bits & TREASURE),
                       key=lambda c: -CARDS[names[c]].coins)
    for c in treasures:
        if tier(m - CARDS[names[c]].coins) == tier(m):
            return c
    return treasures[-1] if treasures else worst(d.cards, names, 1)[0]


# ----- choosing options -------------------------------------------------------------------
def choose_option(plan: Plan, d: Decision) -> Any:
    view, src = plan.view, d.source
    hand = view.hand()
    if src == "Pawn":
        if view.actions == 0 and not ACTION_NAMES.isdisjoint(hand):
            return ["card", "action"]
        return ["card", "coin"]
    if src == "Nobles":
        acts = not ACTION_NAMES.isdisjoint(hand)
        return "actions" if view.actions == 0 and acts else "cards"
    m = hand_money(view)  # (the commonest choices above do without it)
    if src == "Steward":
        if len(_junk(plan, hand)) >= 2 and plan.gte > 6:
            return "trash"
        return "coins" if tier(m + 2) > tier(m) or plan.density < 1.2 else "cards"
    if src == "Minion":
        acts = [n for n in hand if CARDS[n].type_bits & ACTION]
        held = sum(CARDS[n].coins for n in hand)
        if acts or tier(m + 2) >= 3 or held + 2 >= 4 * plan.density + 1:
            return "coins"
        return "attack"
    if src == "Torturer":
        return "curse" if not view.pile_count("Curse") else "discard"
    if src == "Mining Village":  # a village is worth keeping: only for a Province, or late
        late = plan.gte <= 4 and tier(m + 2) > tier(m)
        return "trash" if late or m < 8 <= m + 2 else "keep"
    if src == "Mill":
        two = sorted(hand, key=keep_value)[:2]
        loss = sum(CARDS[n].coins for n in two if CARDS[n].type_bits & TREASURE)
        return "discard" if len(two) == 2 and loss < 2 else "no"
    if src == "Lurker":
        return "gain" if _best_trashed_action(plan) >= 20 else "trash"
    if src == "Courtier":
        order = ["coins", "gold"] if tier(m + 3) > tier(m) or plan.gte <= 6 else ["gold", "coins"]
        return (order + ["buy", "action"])[: d.min]
    if src == "Library":
        return "keep" if view.actions > 0 else "skip"
    if src == "Spy":
        return _spy(plan, d)
    if src == "Secret Passage":
        return d.options[-1]
    if src in ("Chancellor", "Vassal"):
        return d.options[0]
    return default_answer(view, d)


def _best_trashed_action(plan: Plan) -> float:
    names = [n for n in plan.view.trash() if CARDS[n].type_bits & ACTION]
    return max((worth(plan, n) for n in names), default=0)


def _spy(plan: Plan, d: Decision) -> str:
    """Discard my bad cards and the others' good ones."""
    shown = d.prompt.split(" on top of ")[0]
    if shown not in CARDS:
        return d.options[0]
    good = keep_value(shown) > 10
    mine = d.prompt.endswith("your deck")
    return "keep" if good == mine else "discard"


# ----- the bot ----------------------------------------------------------------------------
def heuristic_answer(view: SeatView, d: Decision) -> Any:
    kind = d.kind
    if kind == "Reveal":  # Secret Chamber first (it may draw a Moat), Diplomat last
        return _reveal(view, d)
    plan = Plan(view)
    handler = CARD_HANDLERS.get(d.source) if d.source else None
    if handler is not None:
        answer = handler(plan, d)
        if answer is not None:
            return answer
    if kind == "BuyPhase":
        return choose_buy(plan, d)
    if kind == "PlayAction":
        return choose_action(plan, d)
    if kind == "ChoosePile":
        return choose_pile(plan, d)
    if kind == "ChooseCards":
        return choose_cards(plan, d)
    if kind == "ChooseOption":
        return choose_option(plan, d)
    if kind == "OrderCards":
        return sorted(d.cards, key=lambda c: -keep_value(d.names[c]))
    if kind == "NameCard" and d.source == "Wishing Well":
        return _wish(view, d)
    return default_answer(view, d)


def _reveal(view: SeatView, d: Decision) -> list[int]:
    """The first Reaction worth revealing; all are, unless a rule says otherwise."""
    names = d.names
    cards = sorted(d.cards, key=lambda c: REVEAL_ORDER.get(names[c], 2))
    if any(names[c] in REVEAL_RULES for c in cards):
        plan = Plan(view)
        cards = [c for c in cards
                 if names[c] not in REVEAL_RULES or REVEAL_RULES[names[c]](plan, d)]
    return cards[:1]


def _wish(view: SeatView, d: Decision) -> str:
    """Name the card most likely on top: the commonest in my draw pile (I know what is left in
    it), or in my discard pile when the draw pile is empty (a shuffle makes it the deck)."""
    left = view.deck_counts() or view.discard_counts()
    for name, _ in left.most_common():
        if name in d.choices:
            return name
    return d.choices[0]
