"""The condition language of strategies: a small, safe subset of Python expressions.

`total_money > 15 and count('Witch') < 2` is parsed with `ast`, checked against the names
and functions below, and compiled once into plain closures over a `Context`, so evaluating a
condition costs a few function calls and nothing is ever `eval`ed.
"""
from __future__ import annotations

import ast
import difflib
import operator
from collections import Counter
from collections.abc import Callable
from typing import Any

from ..cardbase import ACTION, TREASURE, TYPE_NAMES, canonical
from ..cards import CARDS
from .common import SeatView

Compiled = Callable[["Context"], Any]


class ExprError(ValueError):
    """A condition that cannot be used; the message says what is wrong and where."""


def _terminal(name: str) -> bool:
    c = CARDS[name]
    return bool(c.type_bits & ACTION) and c.plus_actions == 0


class Context:
    """What a condition may read while one decision is answered: the seat's view, the
    decision, and cards already picked (a trasher's earlier picks count as gone)."""

    __slots__ = ("view", "d", "_memo", "removed")

    def __init__(self, view: SeatView, d: Any) -> None:
        self.view = view
        self.d = d
        self._memo: dict[str, Any] = {}
        self.removed: Counter = Counter()

    def get(self, name: str) -> Any:
        memo = self._memo
        if name in memo:
            return memo[name]
        value = memo[name] = VARIABLES[name][0](self)
        return value

    def remove(self, card: str) -> None:
        """Count `card` as gone from my deck (picked to be trashed)."""
        self.removed[card] += 1
        self._memo.clear()

    def mine(self) -> Counter:
        memo = self._memo
        if "_mine" not in memo:
            owned = self.view.my_cards()
            if self.removed:
                owned.subtract(self.removed)
            memo["_mine"] = owned
        return memo["_mine"]

    def coins_now(self) -> int:
        d = self.d
        if d.kind == "BuyPhase":
            return d.coins
        if d.kind == "ChoosePile":
            return max(d.costs, default=0)
        return self.view.coins if self.view.my_turn else 0


def _scores(c: Context) -> list[int]:
    if "_scores" not in c._memo:
        c._memo["_scores"] = c.view.scores()
    return c._memo["_scores"]


def _opp_vp(c: Context) -> int:
    scores = _scores(c)
    return max(s for p, s in enumerate(scores) if p != c.view.seat)


def _total_money(c: Context) -> int:
    money = c.view.total_money()
    for name, k in c.removed.items():
        money -= CARDS[name].coins * k
    return money


def _economy(c: Context) -> int:
    """The Treasures' coins plus the +$ of non-terminal Actions (Festival, Market): what
    total_money misses in a deck paid partly by Actions (a terminal's +$ is not counted: its
    copies collide, and Big Money with it is measured by its Treasures)."""
    memo = c._memo
    if "_economy" not in memo:
        extra = sum(CARDS[n].plus_coins * k for n, k in c.mine().items()
                    if k > 0 and CARDS[n].plus_actions)
        memo["_economy"] = _total_money(c) + extra
    return memo["_economy"]


def _avg_hand(c: Context) -> float:
    return 5 * _economy(c) / max(sum(c.mine().values()), 1)


def _hand_money(c: Context) -> int:
    view = c.view
    coins = view.coins if view.my_turn else 0
    return coins + sum(CARDS[n].coins for n in view.hand() if CARDS[n].type_bits & TREASURE)


# name -> (getter, what it means): the documentation (docs/strategies.md) lists these.
VARIABLES: dict[str, tuple[Callable[[Context], Any], str]] = {
    "coins": (Context.coins_now, "coins to spend now (a gain: the dearest card offered)"),
    "buys": (lambda c: c.d.buys if c.d.kind == "BuyPhase" else c.view.buys, "buys left"),
    "actions": (lambda c: c.view.actions, "actions left"),
    "turn": (lambda c: c.view.turn, "my turn number (1 = my first turn)"),
    "players": (lambda c: c.view.players, "number of players"),
    "provinces_left": (lambda c: c.view.pile_count("Province"), "Provinces left in the Supply"),
    "gains_to_end": (lambda c: c.view.gains_to_end(),
                     "fewest gains that end the game (Provinces, or the 3 smallest piles)"),
    "empty_piles": (lambda c: c.view.empty_piles(), "empty Supply piles"),
    "deck_size": (lambda c: sum(c.mine().values()), "how many cards I own"),
    "total_money": (_total_money, "coins all my Treasures make together"),
    "money_density": (lambda c: _total_money(c) / max(sum(c.mine().values()), 1),
                      "total_money / deck_size"),
    "economy": (_economy, "total_money plus the +$ of my non-terminal Actions (Festival: 2)"),
    "avg_hand": (_avg_hand, "what an average hand of 5 makes: 5 * economy / deck_size"),
    "hand_money": (_hand_money, "coins in hand now (Treasures in hand plus coins made)"),
    "hand_size": (lambda c: len(c.view.hand()), "cards in my hand"),
    "terminals": (lambda c: sum(k for n, k in c.mine().items() if k > 0 and _terminal(n)),
                  "Action cards I own that give no +Action"),
    "my_vp": (lambda c: _scores(c)[c.view.seat], "my score now"),
    "opp_vp": (_opp_vp, "the best score among the other players"),
    "vp_lead": (lambda c: _scores(c)[c.view.seat] - _opp_vp(c), "my_vp - opp_vp"),
}

TYPES = {name: bit for bit, name in TYPE_NAMES}


def _count(c: Context, card: str) -> int:
    members = CARDS[card].members
    mine = c.mine()
    if members:
        return sum(mine[m] for m in members)
    return mine[card]


def _count_type(c: Context, type_name: str) -> int:
    bit = TYPES[type_name]
    return sum(k for n, k in c.mine().items() if k > 0 and CARDS[n].type_bits & bit)


def _opp_count(c: Context, card: str) -> int:
    view = c.view
    names = CARDS[card].members or (card,)
    return max(sum(view.cards_of(p)[n] for n in names)
               for p in range(view.players) if p != view.seat)


def _in_supply(c: Context, card: str) -> bool:
    return card in c.view.supply_counts()


# name -> (fn(context, arg), argument kind, what it means)
FUNCTIONS: dict[str, tuple[Callable[[Context, str], Any], str, str]] = {
    "count": (_count, "card", "how many of a card I own"),
    "count_type": (_count_type, "type", "how many cards of a type I own ('Action', ...)"),
    "in_hand": (lambda c, n: c.view.hand().count(n), "card", "how many of a card are in my hand"),
    "in_play": (lambda c, n: c.view.in_play().count(n), "card",
                "how many of a card I have in play"),
    "in_deck": (lambda c, n: c.view.deck_counts()[n], "card",
                "how many of a card are in my draw pile"),
    "pile": (lambda c, n: c.view.pile_count(n), "card", "cards left in a pile"),
    "in_supply": (_in_supply, "card", "whether a pile is in this game's Supply"),
    "opp_count": (_opp_count, "card", "the most of a card any other player owns"),
    "cost": (lambda c, n: c.view.cost(n), "card", "what a card costs now"),
    "bought": (lambda c, n: c.view.bought().count(n), "card", "how many I bought this turn"),
}

_COMPARE = {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt,
            ast.GtE: operator.ge, ast.Eq: operator.eq, ast.NotEq: operator.ne}


def _div(a: float, b: float) -> float:
    return a / b if b else 0


_ARITH = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
          ast.Div: _div, ast.FloorDiv: lambda a, b: a // b if b else 0,
          ast.Mod: lambda a, b: a % b if b else 0}

# A condition is checked when it is saved and evaluated deep inside a game, so anything that
# could raise there (an integer too big for a float, a stack overflow) is bounded here.
MAX_DEPTH = 40  # operators nested in one another; real conditions use fewer than ten
BIG_INT = 2 ** 53  # past this an integer result becomes a float, so `/` never overflows


def _number(value: Any) -> Any:
    """An integer result too large to be exact as a float is kept as a float: products of
    large constants would otherwise grow to integers that `/` cannot convert (OverflowError)."""
    if type(value) is int and not -BIG_INT <= value <= BIG_INT:
        return float(value)
    return value


def _suggest(word: str, known: list[str]) -> str:
    close = difflib.get_close_matches(word, known, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def card_name(name: Any) -> str:
    """The registry name of a card or pile, or ExprError."""
    if not isinstance(name, str):
        raise ExprError(f"expected a card name, not {name!r}")
    n = canonical(name)
    if n not in CARDS:
        raise ExprError(f"unknown card {name!r}{_suggest(name, list(CARDS))}")
    return n


class _Compiler:
    def __init__(self, source: str) -> None:
        self.source = source
        self.depth = 0

    def fail(self, node: ast.AST, message: str) -> ExprError:
        col = getattr(node, "col_offset", None)
        where = f" at column {col + 1}" if col is not None else ""
        return ExprError(f"{message}{where}")

    def compile(self, node: ast.AST) -> Compiled:
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:
            raise self.fail(node, f"{type(node).__name__.lower()} is not allowed in a condition")
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise self.fail(node, f"a condition nests at most {MAX_DEPTH} operations deep")
            return method(node)
        finally:
            self.depth -= 1

    def _Expression(self, node: ast.Expression) -> Compiled:
        return self.compile(node.body)

    def _Constant(self, node: ast.Constant) -> Compiled:
        value = node.value
        if isinstance(value, str) or value is None:
            raise self.fail(node, f"{value!r} can only be the argument of a function")
        if type(value) not in (int, float, bool):  # 1j, b'..', ...: they fail mid-game
            raise self.fail(node, f"{value!r} is not a number")
        if type(value) is int and abs(value) > BIG_INT:
            raise self.fail(node, f"a number is at most {BIG_INT} (2**53)")
        return lambda c: value

    def _Name(self, node: ast.Name) -> Compiled:
        name = node.id
        if name in ("true", "false"):
            value = name == "true"
            return lambda c: value
        if name not in VARIABLES:
            hint = _suggest(name, list(VARIABLES) + list(FUNCTIONS))
            raise self.fail(node, f"unknown name {name!r}{hint}")
        return lambda c: c.get(name)

    def _BoolOp(self, node: ast.BoolOp) -> Compiled:
        parts = [self.compile(v) for v in node.values]
        if isinstance(node.op, ast.And):
            return lambda c: all(p(c) for p in parts)
        return lambda c: any(p(c) for p in parts)

    def _UnaryOp(self, node: ast.UnaryOp) -> Compiled:
        if not isinstance(node.op, (ast.Not, ast.USub)):
            raise self.fail(node, "only 'not' and '-' may come before a value")
        inner = self.compile(node.operand)
        if isinstance(node.op, ast.Not):
            return lambda c: not inner(c)
        if isinstance(node.op, ast.USub):
            return lambda c: -inner(c)
        raise self.fail(node, "only 'not' and '-' may come before a value")

    def _BinOp(self, node: ast.BinOp) -> Compiled:
        fn = _ARITH.get(type(node.op))
        if fn is None:
            raise self.fail(node, "only + - * / // % are allowed")
        left, right = self.compile(node.left), self.compile(node.right)
        return lambda c: _number(fn(left(c), right(c)))

    def _Compare(self, node: ast.Compare) -> Compiled:
        fns = []
        for op in node.ops:
            fn = _COMPARE.get(type(op))
            if fn is None:
                raise self.fail(node, "only < <= > >= == != compare values")
            fns.append(fn)
        parts = [self.compile(node.left)] + [self.compile(x) for x in node.comparators]
        if len(fns) == 1:
            fn, a, b = fns[0], parts[0], parts[1]
            return lambda c: fn(a(c), b(c))

        def chain(c: Context) -> bool:
            values = [p(c) for p in parts]
            return all(f(values[i], values[i + 1]) for i, f in enumerate(fns))
        return chain

    def _Call(self, node: ast.Call) -> Compiled:
        if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
            name = getattr(node.func, "id", "?")
            raise self.fail(node, f"unknown function {name!r}"
                                  f"{_suggest(name, list(FUNCTIONS))}")
        fname = node.func.id
        fn, kind, _ = FUNCTIONS[fname]
        if node.keywords or len(node.args) != 1 or not isinstance(node.args[0], ast.Constant):
            raise self.fail(node, f"{fname}() takes one quoted {kind} name, e.g. "
                                  f"{fname}('{'Action' if kind == 'type' else 'Gold'}')")
        arg = node.args[0].value
        if kind == "type":
            if arg not in TYPES:
                raise self.fail(node, f"unknown card type {arg!r}{_suggest(str(arg), list(TYPES))}")
        else:
            try:
                arg = card_name(arg)
            except ExprError as e:
                raise self.fail(node, str(e)) from None
        return lambda c: fn(c, arg)


def compile_condition(source: str) -> Compiled:
    """A condition's text compiled to a function of a Context; ExprError if it is not valid."""
    if not isinstance(source, str) or not source.strip():
        raise ExprError("a condition must be a non-empty string")
    if len(source) > 500:
        raise ExprError("a condition is at most 500 characters")
    try:
        tree = ast.parse(source.strip(), mode="eval")
    except SyntaxError as e:
        raise ExprError(f"syntax error at column {e.offset or 0}: {e.msg}") from None
    except (ValueError, RecursionError, MemoryError):  # the parser's own limits
        raise ExprError("a condition too complex to read") from None
    return _Compiler(source).compile(tree)

