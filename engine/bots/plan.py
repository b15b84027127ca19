"""What the heuristic bot knows about cards and about its deck when it answers: the tables of
cards it plays ("Big Money + X"), `Plan` (figures about the deck and the game, each worked out
on first use) and `worth_bound` (the most `heuristic.worth` can say of a card, so that the Buy
phase need not weigh every pile).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cardbase import ACTION, VICTORY
from ..cards import CARDS
from .common import SeatView

# Terminal Action cards as the X of "Big Money + X": how much one is worth buying (Silver is
# 20, Gold 50); 0 or less means Silver is better.
TERMINALS = {
    "Witch": 60, "Torturer": 56, "Courtier": 42, "Bandit": 40, "Militia": 40, "Patrol": 40,
    "Masquerade": 38, "Courtyard": 38, "Smithy": 38, "Library": 37, "Council Room": 34,
    "Nobles": 35, "Moneylender": 28, "Tribute": 27, "Steward": 26, "Bureaucrat": 25,
    "Swindler": 24, "Artisan": 24, "Baron": 23, "Replace": 22, "Moat": 22, "Coppersmith": 21,
    "Chancellor": 18, "Vassal": 16, "Bridge": 16, "Mine": 14, "Secret Chamber": 12,
    "Saboteur": 12, "Trading Post": 12, "Ironworks": 12, "Conspirator": 12, "Diplomat": 10,
    "Woodcutter": 10, "Adventurer": 8, "Remodel": 6, "Workshop": 4, "Feast": 2, "Chapel": -1,
    "Thief": -10,
}
# Non-terminal cards: a fixed worth, whatever the deck holds.
CANTRIPS = {
    "Laboratory": 32, "Minion": 30, "Market": 24, "Sentry": 18, "Merchant": 19, "Poacher": 18,
    "Upgrade": 15, "Harbinger": 14, "Secret Passage": 14, "Wishing Well": 11, "Spy": 7,
    "Cellar": 5, "Pawn": 4, "Lurker": 3, "Throne Room": 2, "Scout": -1,
}
VILLAGES = {"Village": 24, "Mining Village": 25, "Shanty Town": 22, "Festival": 26}
# Attacks that hand out Curses: the Curse split decides the game, so two are bought.
CURSERS = {"Witch", "Cultist"}
DRAWERS = {"Smithy", "Courtyard", "Library", "Council Room", "Moat", "Witch", "Torturer",
           "Patrol", "Masquerade", "Nobles", "Diplomat"}


# card -> fn(plan) giving its worth (engine/bots/dark_ages/ fills it at import).
WORTH_RULES: dict[str, Callable[[Plan], float]] = {}


def is_terminal(name: str) -> bool:
    return _TERMINAL[name]


def _is_terminal(name: str) -> bool:
    c = CARDS[name]
    return bool(c.type_bits & ACTION) and c.plus_actions == 0 and name not in (
        "Nobles", "Pawn", "Throne Room", "Diplomat")


_TERMINAL = {name: _is_terminal(name) for name in CARDS}  # asked many times a decision
TERMINAL_NAMES = frozenset(name for name, terminal in _TERMINAL.items() if terminal)


class _Figure:
    """A Plan figure worked out on first use: the value then sits on the instance, which
    Python reads before this (non-data) descriptor, so later reads cost nothing. It is set
    as an attribute (not through `__dict__`, which would make the instance build a dict)."""

    __slots__ = ("name", "work")

    def __init__(self, work: Callable[[Plan], Any]) -> None:
        self.work = work

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, plan: Plan | None, owner: type) -> Any:
        if plan is None:
            return self
        value = self.work(plan)
        setattr(plan, self.name, value)  # (an instance attribute: read before this)
        return value


class _JointFigure(_Figure):
    """One of several figures its `work` fills in together, in one pass."""

    __slots__ = ()

    def __get__(self, plan: Plan | None, owner: type) -> Any:
        if plan is None:
            return self
        self.work(plan)
        return getattr(plan, self.name)


class _ViewFigure(_Figure):
    """A figure that is one SeatView method's answer: `work` is called on the view itself
    (no lambda between), since every decision asks a few of these."""

    __slots__ = ()

    def __get__(self, plan: Plan | None, owner: type) -> Any:
        if plan is None:
            return self
        value = self.work(plan.view)
        setattr(plan, self.name, value)
        return value


def _count_deck(plan: Plan) -> None:
    """size, terminals (Nobles is mostly played for +3 Cards: a terminal, for buying
    purposes), villages and top_terminal (the best TERMINALS value among the terminals
    owned; 0 without any), from one pass over `plan.mine`."""
    size = terminals = villages = 0
    top = None
    info = _DECK_INFO
    for n, k in plan.mine.items():
        size += k
        row = info.get(n)
        if row is None:
            row = info[n] = _deck_info(n)
        terminal, village, value = row
        if terminal:
            terminals += k
            if value is not None and (top is None or value > top):
                top = value
        if village:
            villages += k
    plan.size, plan.terminals, plan.villages = size, terminals, villages
    plan.top_terminal = 0 if top is None else top


def _deck_info(name: str) -> tuple[bool, bool, int | None]:
    """What `_count_deck` needs of a card: whether it counts as a terminal, whether it is a
    village, and its TERMINALS value when it is a true terminal (None otherwise). Worked out
    once per card, from the tables filled at import."""
    if _TERMINAL[name]:
        return True, name in VILLAGES, TERMINALS.get(name, 0)
    return name == "Nobles", name in VILLAGES, None


_DECK_INFO: dict[str, tuple[bool, bool, int | None]] = {}


def _end_state(plan: Plan) -> None:
    """gte and near, from one pass over the Supply."""
    plan.gte, plan.near = plan.view.end_state()


def _strong_terminal(plan: Plan) -> bool:
    """A terminal worth more than 40 is in the Supply: the same all game, so kept with the
    view's other per-game facts."""
    memo = plan.view.memo
    known = memo.get("strong_terminal")
    if known is None:
        known = memo["strong_terminal"] = any(TERMINALS.get(k, 0) > 40 for k in plan.supply)
    return known


class Plan:
    """What the bot knows about its deck and the game when it answers one decision.

    Each figure is worked out the first time it is asked for (most decisions need few of
    them), then kept: nothing changes while the bot answers.
    """

    def __init__(self, view: SeatView) -> None:
        self.view = view

    mine = _ViewFigure(SeatView.my_cards)
    money = _ViewFigure(SeatView.total_money)
    # gains_to_end(): alone when that is all an answer needs (a Masquerade pass), else with
    # near (endgame.near_end(): one gain could end the game) from one sort of the Supply
    gte = _ViewFigure(SeatView.gains_to_end)
    near = _JointFigure(_end_state)
    kingdom = _ViewFigure(SeatView.supply_counts)
    supply = _ViewFigure(SeatView.supply_names)  # for "is X in the Supply"
    size = _JointFigure(_count_deck)
    terminals = _JointFigure(_count_deck)
    villages = _JointFigure(_count_deck)
    top_terminal = _JointFigure(_count_deck)
    wanted = _Figure(lambda plan: 1 + (plan.size >= 16) + plan.villages)
    attack_missing = _Figure(lambda plan: _strong_attack_missing(plan))
    strong_terminal = _Figure(_strong_terminal)

    @property
    def density(self) -> float:
        return self.money / max(self.size, 1)

    def best_terminal(self) -> int:
        return self.top_terminal

    def wanted_terminals(self) -> int:
        return self.wanted


def _strong_attack_missing(plan: Plan) -> bool:
    """A strong attack is in the Supply and the bot has none yet."""
    supply, view = plan.supply, plan.view
    return any(k in supply and view.pile_count(k) and not plan.mine.get(k) for k in CURSERS)


# The cards _victory_worth has a rule for (for any other card it says None), with the most
# it can say for each (Duke's worth grows with the Duchies owned: no bound).
_INF = float("inf")
_VICTORY_BOUNDS = {"Province": 100, "Duchy": 90, "Duke": _INF, "Estate": 85, "Harem": 51,
                   "Nobles": 55, "Great Hall": 86, "Mill": 86, "Gardens": 80}
_VICTORY_RULED = frozenset(_VICTORY_BOUNDS)
_BASIC_WORTH = {"Gold": 50, "Silver": 20, "Copper": -2, "Curse": -100}


def worth_bound(name: str) -> float:
    """The most `worth(plan, name)` can be, whatever the plan (inf: no bound known), so that
    the Buy phase need not weigh a pile that cannot beat the best so far. Worked out once per
    card, from the tables filled at import."""
    bound = _BOUNDS.get(name)
    if bound is None:
        bound = _BOUNDS[name] = _bound(name)
    return bound


def _bound(name: str) -> float:
    if name in WORTH_RULES:
        return _INF
    victory = _VICTORY_BOUNDS.get(name)
    if victory is not None and name != "Nobles":  # (Nobles may fall through, as a terminal)
        return victory
    if name in _BASIC_WORTH:
        rest = _BASIC_WORTH[name]
    elif name in VILLAGES:
        rest = max(VILLAGES[name], 2)
    elif name in CANTRIPS:
        rest = CANTRIPS[name]
    elif name in TERMINALS:
        rest = max(TERMINALS[name], 10 if name == "Masquerade" else 0, 0)
    else:
        rest = 80 if CARDS[name].type_bits & VICTORY else -1
    return rest if victory is None else max(victory, rest)


_BOUNDS: dict[str, float] = {}


# The least `heuristic.worth` can say of each card _victory_worth rules (-inf: no floor, or
# Nobles, which may fall through to the rule for terminals).
_VICTORY_FLOORS = {"Province": 45, "Duchy": -5, "Duke": -_INF, "Estate": -5, "Harem": 40,
                   "Nobles": -_INF, "Great Hall": 10, "Mill": 11, "Gardens": -5}
assert set(_VICTORY_FLOORS) == _VICTORY_RULED


def never_junk(name: str) -> bool:
    """Whether `heuristic.own_value(plan, name)` is 0 or more whatever the plan: then no rule
    that trashes junk (a card it minds losing less than nothing) can pick it, and its value
    need not be worked out. Worked out once per card, from the tables filled at import."""
    known = _NEVER_JUNK.get(name)
    if known is None:
        known = _NEVER_JUNK[name] = _floor(name) >= 0
    return known


def _floor(name: str) -> float:
    """The least `own_value` can be for `name` (-inf: no floor known)."""
    if name == "Copper":  # own_value's own rule for these two
        return 3
    if name == "Estate":
        return -5
    if name in WORTH_RULES:
        return -_INF
    victory = _VICTORY_FLOORS.get(name)
    if victory is not None:
        return victory
    if name in _BASIC_WORTH:
        return _BASIC_WORTH[name]
    if name in VILLAGES:
        return min(VILLAGES[name], 2)
    if name in CANTRIPS:
        return CANTRIPS[name] - (10 if name == "Sentry" else 0)
    return -_INF  # terminals (worth less than nothing once there are enough) and the rest


_NEVER_JUNK: dict[str, bool] = {}
