"""Strategies as data: buy rules with conditions and play/trash priorities, checked and
compiled once, then answering decisions like any bot.

The format (docs/strategies.md) is in the spirit of Geronimoo's buy rules and Dominiate's
priority lists: ordered lists of cards, each with an optional condition, the first that
applies wins. What the lists do not cover is answered by the heuristic bot (or, with
`"others": "basic"`, by the plain default answers), so any strategy is legal on any kingdom.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from ..cardbase import ACTION
from ..cards import CARDS
from ..decisions import Decision
from . import heuristic
from .common import SeatView, default_answer
from .endgame import near_end, safe_to_buy, safe_to_gain, winning_buy
from .expr import Compiled, Context, ExprError, card_name, compile_condition
from .expr import _count as count
from .race import GREENS, NO_GREEN, gain_choice, race_buy
from .race import in_window as race_window

NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
KEYS = {"name", "label", "description", "requires", "buy", "play", "trash", "discard",
        "endgame", "others"}
RULE_KEYS = {"card", "if", "max"}
ENDGAME = ("guard", "race", "plain")
# Options of a card that gain a Victory card or give coins, weighed by the look-ahead with
# `endgame: race`: option -> (the card it gains, the coins it adds)
OPTION_GAINS: dict[str, dict[str, tuple[str | None, int]]] = {
    "Count": {"duchy": ("Duchy", 0), "coins": (None, 3)},
}
OTHERS = ("heuristic", "basic")
MAX_RULES = 60
# Bounds on what a definition may hold, so nothing it carries is too big to show or store
# (a `max` past 4,300 digits would not even load back from JSON).
MAX_COPIES = 1000
MAX_TEXT = {"label": 80, "description": 2000}
# Decisions the trash list answers: choosing cards to trash for no other purpose.
TRASHERS = {"Chapel", "Steward", "Trading Post", "Masquerade", "Junk Dealer", "Forager",
            "Rats", "Altar", "Sentry", "Mercenary", "Dame Anna", "Hovel"}
# Trashers that trash from the hand: how many cards the trash list must pick for one to be
# worth playing (Steward and Trading Post trash two), and its play value then (a cantrip
# before other cantrips, a terminal after the villages).
HAND_TRASHERS = {"Chapel": (1, 50), "Steward": (2, 50), "Trading Post": (2, 50),
                 "Forager": (1, 82), "Junk Dealer": (1, 84), "Rats": (1, 81)}
# Gains the buy rules choose: a card for nothing (not an upgrade of a trashed card, which the
# general rules choose together with the card to trash).
GAINERS = {"Workshop", "Feast", "Ironworks", "Armory", "Artisan", "Altar", "Hermit",
           "Catacombs", "Dame Natalie", "Squire"}


class StrategyError(ValueError):
    """A strategy definition that cannot be used; `problems` says what is wrong, each with
    where (`buy[2].if: unknown name 'provinces' (did you mean 'provinces_left'?)`)."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True, slots=True)
class Rule:
    card: str
    test: Compiled | None
    max: int | None

    def applies(self, ctx: Context) -> bool:
        if self.max is not None and count(ctx, self.card) >= self.max:
            return False
        return self.test is None or bool(self.test(ctx))


@dataclass(frozen=True)
class Strategy:
    name: str
    label: str
    description: str
    requires: tuple[str, ...]
    buy: tuple[Rule, ...]
    play: tuple[Rule, ...]
    trash: tuple[Rule, ...]
    discard: tuple[Rule, ...]
    guard: bool
    race: bool
    basic: bool
    definition: dict = field(compare=False)

    def fits(self, kingdom: list[str]) -> bool:
        """Whether every card it requires is in `kingdom`."""
        return all(r in kingdom for r in self.requires)

    def answer(self, view: SeatView, d: Decision) -> Any:
        kind = d.kind
        if kind == "BuyPhase":
            if d.treasures:
                return {"play": "all" if self.basic else heuristic._treasure_order(d)}
            return self._buy(view, d)
        if kind == "PlayAction" and (self.play or self.basic or self.trash):
            return self._play(view, d)
        if kind == "ChooseOption" and d.source == "Steward" and self.trash and (
                "trash" in d.options and self.trash_count(view, d, view.hand()) >= 2):
            return "trash"
        if kind == "ChoosePile" and self.buy and _is_my_gain(view, d):
            pile = self._gain(view, d)
            if pile is not None:
                return pile
        if kind == "ChooseCards" and self.trash and _is_trash(d):
            picked = self._pick(view, d, self.trash)
            if picked is not None:
                return picked
        if kind == "ChooseCards" and self.discard and _is_discard(view, d):
            picked = self._pick(view, d, self.discard, fill=True)
            if picked is not None:
                return picked
        if self.basic:
            return default_answer(view, d)
        answer = heuristic.heuristic_answer(view, d)
        if self.race and kind == "ChooseOption" and d.source in OPTION_GAINS:
            answer = self._race_option(view, d, answer)
        return answer

    def _race_option(self, view: SeatView, d: Decision, answer: Any) -> Any:
        """An option that gains a Victory card against one that gives coins (Count), weighed
        by the look-ahead of the last turns when the heuristic chose one of them."""
        choices = OPTION_GAINS[d.source]
        if answer not in choices or not all(o in d.options for o in choices):
            return answer
        counts = view.supply_counts()
        if not race_window(view, counts):
            return answer
        coins = heuristic.hand_money(view)
        return gain_choice(view, counts, {
            o: (green if counts.get(green, 0) else None, coins + extra)  # an empty pile: none
            for o, (green, extra) in choices.items()}, answer)

    # ----- buying and gaining -------------------------------------------------------------
    def _buy(self, view: SeatView, d: Decision) -> Any:
        # Most turns no single gain can end the game: then no buy needs the endgame's scoring
        # (winning_buy finds none, every buy is safe).
        guard = self.guard and near_end(view, view.supply_counts())
        if guard:
            win = winning_buy(view, d)
            if win is not None:
                return {"buy": win}
        counts = view.supply_counts() if self.race else None
        race = self.race and race_window(view, counts)
        choice = self._rules_buy(view, d, guard, skip_greens=False)
        if race:
            choice = race_buy(view, d, choice, counts)
            if choice == NO_GREEN:
                choice = self._rules_buy(view, d, guard, skip_greens=True)
        return {"buy": choice} if choice is not None else {"end": True}

    def _rules_buy(self, view: SeatView, d: Decision, guard: bool,
                   skip_greens: bool) -> str | None:
        """The first buy rule that applies (with `skip_greens`, the first that is not a
        Province, Duchy or Estate); None: end the turn."""
        ctx = Context(view, d)
        can_buy = d.can_buy
        for rule in self.buy:
            card = rule.card
            if skip_greens and card in GREENS:
                continue
            if can_buy(card) and rule.applies(ctx) and (not guard or safe_to_buy(view, d, card)):
                return card
        return None

    def _gain(self, view: SeatView, d: Decision) -> str | None:
        ctx = Context(view, d)
        for rule in self.buy:
            if rule.card in d.piles and rule.applies(ctx) and (
                    not self.guard or safe_to_gain(view, rule.card)):
                return rule.card
        return None

    # ----- playing ----------------------------------------------------------------------
    def _play(self, view: SeatView, d: Decision) -> list[int]:
        names = d.names
        ctx = Context(view, d)
        listed = set()
        for rule in self.play:
            listed.add(rule.card)
            for c in d.cards:
                if names[c] == rule.card and rule.applies(ctx):
                    return [c]
        if self.basic:
            return []
        plan = heuristic.Plan(view)
        hand = view.hand()
        best, best_value = None, None
        for c in d.cards:
            if names[c] in listed:
                continue
            v = heuristic.play_value(plan, names[c], hand)
            if names[c] in HAND_TRASHERS and self.trash:
                v = self._trasher_value(view, d, names[c], hand, v)
            if v is not None and (best_value is None or v > best_value):
                best, best_value = c, v
        return [best] if best is not None else []

    def _trasher_value(self, view: SeatView, d: Decision, name: str, hand: list[str],
                       value: float | None) -> float | None:
        """A trasher's play value by the trash list (a plan that trashes Coppers plays its
        Chapel on Coppers, which the heuristic alone would keep): worth playing when the
        list picks enough of the rest of the hand."""
        others = list(hand)
        others.remove(name)
        least, play = HAND_TRASHERS[name]
        if self.trash_count(view, d, others) >= least:
            return max(value or 0, play)
        return value if name != "Chapel" else None

    def trash_count(self, view: SeatView, d: Decision, hand: list[str]) -> int:
        """How many of `hand` the trash list would pick (at most 4), as `_pick` picks them."""
        ctx = Context(view, d)
        left = list(hand)
        picked = 0
        progress = True
        while progress and picked < 4:
            progress = False
            for rule in self.trash:
                if rule.card in left and rule.applies(ctx):
                    left.remove(rule.card)
                    ctx.remove(rule.card)
                    picked += 1
                    progress = True
                    break
        return picked

    # ----- trashing and discarding ------------------------------------------------------
    def _pick(self, view: SeatView, d: Decision, rules: tuple[Rule, ...],
              fill: bool = False) -> list[int] | None:
        """Cards picked one at a time by the first rule that applies (a picked card counts
        as gone for the next conditions). Short of the decision's minimum: None (the general
        rules choose), or with `fill`, the cards least worth keeping make up the number."""
        names = d.names
        ctx = Context(view, d)
        left = list(d.cards)
        picked: list[int] = []
        progress = True
        while progress and len(picked) < d.max:
            progress = False
            for rule in rules:
                c = next((c for c in left if names[c] == rule.card), None)
                if c is not None and rule.applies(ctx):
                    picked.append(c)
                    left.remove(c)
                    ctx.remove(rule.card)
                    progress = True
                    break
        if len(picked) < d.min:
            if not fill:
                return None
            picked += heuristic.worst(left, names, d.min - len(picked))
        if d.sizes is not None and len(picked) not in d.sizes:
            return None
        return picked


def _is_my_gain(view: SeatView, d: Decision) -> bool:
    return d.source in GAINERS and view.my_turn


def _is_discard(view: SeatView, d: Decision) -> bool:
    """Discarding from my own hand (Militia, Cellar, Minion...)."""
    return d.zone == "hand" and "discard" in d.prompt.lower()


def _is_trash(d: Decision) -> bool:
    return d.source in TRASHERS and "trash" in d.prompt.lower() and d.zone in ("hand", "looking")


# ----- reading a definition ---------------------------------------------------------------
def parse(data: dict | str) -> Strategy:
    """Check a definition (a dict or JSON text) and compile it; StrategyError lists every
    problem found."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as e:
            raise StrategyError(
                [f"not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})"]) from None
        except (ValueError, RecursionError) as e:  # a 5,000-digit number, deep nesting
            raise StrategyError([f"not valid JSON: {type(e).__name__}"]) from None
    problems: list[str] = []
    if not isinstance(data, dict):
        raise StrategyError(["a strategy is a JSON object"])
    for key in sorted(set(data) - KEYS):
        problems.append(f"{key}: unknown field (fields: {', '.join(sorted(KEYS))})")
    name = data.get("name")
    if not isinstance(name, str) or not NAME_RE.match(name):
        problems.append("name: required, 1-40 characters: lowercase letters, digits, - and _")
    texts = {k: data.get(k, "") for k in ("label", "description")}
    for key, value in texts.items():
        if not isinstance(value, str):
            problems.append(f"{key}: must be a string")
        elif len(value) > MAX_TEXT[key]:
            problems.append(f"{key}: at most {MAX_TEXT[key]} characters")
    requires = _cards(data.get("requires", []), "requires", problems)
    lists = {k: _rules(data.get(k, []), k, problems)
             for k in ("buy", "play", "trash", "discard")}
    if not data.get("buy"):
        problems.append("buy: required, a list of at least one rule")
    for rule in lists["play"]:
        if not CARDS[rule.card].type_bits & ACTION:
            problems.append(f"play: {rule.card} is not an Action card")
    endgame, others = data.get("endgame", "guard"), data.get("others", "heuristic")
    if endgame not in ENDGAME:
        problems.append(f"endgame: one of {', '.join(ENDGAME)}, not {endgame!r}")
    if others not in OTHERS:
        problems.append(f"others: one of {', '.join(OTHERS)}, not {others!r}")
    if problems:
        raise StrategyError(problems)
    return Strategy(name=name, label=texts["label"] or name, description=texts["description"],
                    requires=tuple(requires), buy=tuple(lists["buy"]),
                    play=tuple(lists["play"]), trash=tuple(lists["trash"]),
                    discard=tuple(lists["discard"]),
                    guard=endgame in ("guard", "race"), race=endgame == "race",
                    basic=others == "basic", definition=data)


def validate(data: dict | str) -> list[str]:
    """Every problem with a definition; an empty list when it is fine."""
    try:
        parse(data)
    except StrategyError as e:
        return e.problems
    return []


def _cards(value: Any, where: str, problems: list[str]) -> list[str]:
    if not isinstance(value, list):
        problems.append(f"{where}: must be a list of card names")
        return []
    if len(value) > MAX_RULES:
        problems.append(f"{where}: at most {MAX_RULES} cards")
        return []
    out = []
    for i, name in enumerate(value):
        try:
            out.append(card_name(name))
        except ExprError as e:
            problems.append(f"{where}[{i}]: {e}")
    return out


def _rules(value: Any, where: str, problems: list[str]) -> list[Rule]:
    if not isinstance(value, list):
        problems.append(f"{where}: must be a list of rules")
        return []
    if len(value) > MAX_RULES:
        problems.append(f"{where}: at most {MAX_RULES} rules")
        return []
    out = []
    for i, item in enumerate(value):
        rule = _rule(item, f"{where}[{i}]", problems)
        if rule is not None:
            out.append(rule)
    return out


def _rule(item: Any, where: str, problems: list[str]) -> Rule | None:
    if isinstance(item, str):
        item = {"card": item}
    if not isinstance(item, dict):
        problems.append(f"{where}: a rule is a card name or an object with \"card\"")
        return None
    bad = len(problems)
    for key in sorted(set(item) - RULE_KEYS):
        problems.append(f"{where}.{key}: unknown field (fields: card, if, max)")
    card = test = cap = None
    try:
        card = card_name(item.get("card"))
    except ExprError as e:
        problems.append(f"{where}.card: {e}")
    if "if" in item:
        try:
            test = compile_condition(item["if"])
        except ExprError as e:
            problems.append(f"{where}.if: {e}")
    if "max" in item:
        cap = item["max"]
        if isinstance(cap, bool) or not isinstance(cap, int) or not 0 <= cap <= MAX_COPIES:
            problems.append(f"{where}.max: a whole number from 0 to {MAX_COPIES}")
    if len(problems) > bad:
        return None
    return Rule(card=card, test=test, max=cap)
