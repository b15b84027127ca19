"""Decisions as data: what a seat must answer, with everything needed to check an answer.

An effect yields one of these; the game registers it (giving it an id) and resumes the effect
with the *validated, normalised* answer, so card code never sees a malformed answer.
"""
from __future__ import annotations

from typing import Any

from .cardbase import canonical


class IllegalAnswer(ValueError):
    """The answer breaks the decision's constraints; the game has not changed."""


class Decision:
    kind = "Decision"
    __slots__ = ("seat", "id", "prompt", "source", "names")

    def __init__(self, seat: int, prompt: str, source: str | None = None) -> None:
        self.seat = seat
        self.prompt = prompt
        self.source = source
        self.id = ""
        self.names: list[str] = []

    def validate(self, answer: Any) -> Any:  # pragma: no cover - overridden
        raise IllegalAnswer("this decision takes no answer")

    def constraints(self) -> dict:
        return {}

    def to_dict(self) -> dict:
        d = {"id": self.id, "seat": self.seat, "kind": self.kind, "prompt": self.prompt}
        if self.source:
            d["card"] = self.source
        d.update(self.constraints())
        return d

    def __repr__(self) -> str:
        return f"<{self.kind} {self.id} seat={self.seat} {self.prompt!r}>"


def _card_list(names: list[str], ids: list[int]) -> list[dict]:
    return [{"id": i, "name": names[i]} for i in ids]


class ChooseCards(Decision):
    """Pick between `min` and `max` cards among `cards` (ids). Answer: ids or names."""

    kind = "ChooseCards"
    __slots__ = ("cards", "min", "max", "zone", "sizes")

    def __init__(self, seat: int, cards: list[int], min: int = 0, max: int = 1,
                 prompt: str = "", zone: str = "hand", source: str | None = None,
                 sizes: tuple[int, ...] | None = None) -> None:
        # Decision.__init__, written out (decisions are made many times a simulated game)
        self.seat, self.prompt, self.source, self.id, self.names = seat, prompt, source, "", []
        self.cards = cards
        self.min = min
        self.max = max
        self.zone = zone
        # The only counts allowed between min and max (Mercenary: "trash 2 cards" or none).
        self.sizes = sizes

    def constraints(self) -> dict:
        d = {"zone": self.zone, "cards": _card_list(self.names, self.cards),
             "min": self.min, "max": self.max}
        if self.sizes is not None:
            d["sizes"] = list(self.sizes)
        return d

    def validate(self, answer: Any) -> list[int]:
        if type(answer) is list:  # the commonest answer, ids of cards that can be chosen
            cards = self.cards
            for a in answer:
                if type(a) is not int or a not in cards:
                    break
            else:
                n = len(answer)
                if (self.min <= n <= self.max and (self.sizes is None or n in self.sizes)
                        and (n < 2 or len(set(answer)) == n)):
                    return list(answer)
        if answer is None:
            answer = []
        if isinstance(answer, (int, str)) and not isinstance(answer, bool):
            answer = [answer]
        if not isinstance(answer, list):
            raise IllegalAnswer("expected a list of card ids or names")
        chosen: list[int] = []
        for a in answer:
            chosen.append(self._resolve(a, chosen))
        if not self.min <= len(chosen) <= self.max:
            raise IllegalAnswer(
                f"choose between {self.min} and {self.max} cards, not {len(chosen)}")
        if self.sizes is not None and len(chosen) not in self.sizes:
            allowed = " or ".join(map(str, self.sizes))
            raise IllegalAnswer(f"choose {allowed} cards, not {len(chosen)}")
        return chosen

    def _resolve(self, a: Any, taken: list[int]) -> int:
        if isinstance(a, bool) or not isinstance(a, (int, str)):
            raise IllegalAnswer(f"{a!r} is not a card id or name")
        if isinstance(a, int):
            if a not in self.cards:
                raise IllegalAnswer(f"card {a} cannot be chosen here")
            if a in taken:
                raise IllegalAnswer(f"card {a} chosen twice")
            return a
        a = canonical(a)
        for c in self.cards:
            if self.names[c] == a and c not in taken:
                return c
        raise IllegalAnswer(f"no (more) {a!r} to choose from {self.zone}")


class Reveal(ChooseCards):
    """Optionally reveal a Reaction (one at a time); an empty answer declines."""

    kind = "Reveal"
    __slots__ = ()


class PlayAction(ChooseCards):
    """Action phase: play an Action card from hand, or [] to go to the Buy phase."""

    kind = "PlayAction"
    __slots__ = ()


class OrderCards(ChooseCards):
    """Put `cards` in an order; the answer lists every card, first = top (or first done)."""

    kind = "OrderCards"
    __slots__ = ()

    def __init__(self, seat: int, cards: list[int], prompt: str = "", zone: str = "revealed",
                 source: str | None = None) -> None:
        super().__init__(seat, cards, len(cards), len(cards), prompt, zone, source)


class ChooseOption(Decision):
    """Pick `min`..`max` distinct options by key (or index)."""

    kind = "ChooseOption"
    __slots__ = ("options", "labels", "min", "max")

    def __init__(self, seat: int, options: list[str], labels: list[str] | None = None,
                 prompt: str = "", source: str | None = None, min: int = 1, max: int = 1) -> None:
        # Decision.__init__, written out (decisions are made many times a simulated game)
        self.seat, self.prompt, self.source, self.id, self.names = seat, prompt, source, "", []
        self.options = options
        self.labels = labels or options
        self.min = min
        self.max = max

    def constraints(self) -> dict:
        return {"options": [{"key": k, "label": lab} for k, lab in zip(self.options, self.labels)],
                "min": self.min, "max": self.max}

    def validate(self, answer: Any) -> Any:
        many = isinstance(answer, list)
        items = answer if many else [answer]
        keys = [self._key(a) for a in items]
        if len(set(keys)) != len(keys):
            raise IllegalAnswer("the choices must be different")
        if not self.min <= len(keys) <= self.max:
            raise IllegalAnswer(f"choose between {self.min} and {self.max} options")
        return keys if (many or self.max > 1) else keys[0]

    def _key(self, a: Any) -> str:
        if isinstance(a, str) and a in self.options:
            return a
        if isinstance(a, int) and not isinstance(a, bool) and 0 <= a < len(self.options):
            return self.options[a]
        raise IllegalAnswer(f"{a!r} is not one of {self.options}")


class ChoosePile(Decision):
    """Pick a pile by name among `piles`; None declines when `optional`."""

    kind = "ChoosePile"
    __slots__ = ("piles", "costs", "optional")

    def __init__(self, seat: int, piles: list[str], costs: list[int], optional: bool = False,
                 prompt: str = "", source: str | None = None) -> None:
        # Decision.__init__, written out (decisions are made many times a simulated game)
        self.seat, self.prompt, self.source, self.id, self.names = seat, prompt, source, "", []
        self.piles = piles
        self.costs = costs
        self.optional = optional

    def constraints(self) -> dict:
        return {"piles": [{"name": p, "cost": c} for p, c in zip(self.piles, self.costs)],
                "optional": self.optional}

    def validate(self, answer: Any) -> str | None:
        if answer is None or answer == []:
            if self.optional or not self.piles:
                return None
            raise IllegalAnswer("you must choose a pile")
        if isinstance(answer, list) and len(answer) == 1:
            answer = answer[0]
        if isinstance(answer, str):
            answer = canonical(answer)
        if answer not in self.piles:
            raise IllegalAnswer(f"{answer!r} cannot be chosen; legal piles: {self.piles}")
        return answer


class NameCard(Decision):
    """Name any card (by its printed name)."""

    kind = "NameCard"
    __slots__ = ("choices",)

    def __init__(self, seat: int, choices: list[str], prompt: str = "",
                 source: str | None = None) -> None:
        # Decision.__init__, written out (decisions are made many times a simulated game)
        self.seat, self.prompt, self.source, self.id, self.names = seat, prompt, source, "", []
        self.choices = choices

    def constraints(self) -> dict:
        return {"names": self.choices}

    def validate(self, answer: Any) -> str:
        if isinstance(answer, list) and len(answer) == 1:
            answer = answer[0]
        name = canonical(answer) if isinstance(answer, str) else answer
        if not isinstance(name, str) or name not in self.choices:
            raise IllegalAnswer(f"{answer!r} is not the name of a card that can be named here")
        return name


class BuyPhase(Decision):
    """Buy phase: {"play": [treasure ids]}, {"play": "all"}, {"buy": pile} or {"end": true}.

    The legal piles are worked out only when asked for (`piles`), since a bot usually just
    checks a few piles with `can_buy` and that keeps simulations fast. Nothing happens in
    the game while the decision is open, so what `can_buy` compares with is taken once.
    """

    kind = "BuyPhase"
    # the same for every Buy phase: class attributes, so that making one costs less
    prompt = "Play Treasures, buy a card, or end your turn"
    source = None
    __slots__ = ("treasures", "coins", "buys", "limit", "_game", "_piles", "_supply", "_costs")

    def __init__(self, seat: int, treasures: list[int], coins: int, buys: int, game) -> None:
        self.seat = seat
        self.id = ""
        self.treasures = treasures
        self.coins = coins
        self.buys = buys
        self._game = game
        self._piles: list[tuple[str, int]] | None = None
        self._supply = game.supply_piles
        self._costs = game.base_costs
        # cost_of(top) <= coins is base cost - reduction <= coins (coins are never negative):
        # a card whose printed cost is at most `limit` can be bought
        self.limit = coins + game.cost_reduction

    def can_buy(self, pile: str) -> bool:
        """Whether `pile` is a Supply pile with a card on top costing at most the coins."""
        cards = self._supply.get(pile)  # bots ask several times per decision: kept short
        return bool(cards) and self._costs[cards[-1]] <= self.limit

    def first_buyable(self, piles: tuple[str | None, ...]) -> str | None:
        """The first of `piles` that `can_buy` allows (None entries skipped), or None: a
        priority list checked in one call, as Big Money bots ask every Buy phase."""
        supply, costs, limit = self._supply, self._costs, self.limit
        for pile in piles:
            if pile is not None:
                cards = supply.get(pile)
                if cards and costs[cards[-1]] <= limit:
                    return pile
        return None

    def buyable(self) -> list[tuple[str, str]]:
        """(pile, the name of its top card) for each pile `can_buy` allows, in Supply order:
        what a bot weighing every buy asks, in one pass."""
        names, costs, limit = self._game.names, self._costs, self.limit
        return [(p, names[cards[-1]]) for p, cards in self._supply.items()
                if cards and costs[cards[-1]] <= limit]

    def _legal(self) -> list[tuple[str, int]]:
        if self._piles is None:
            g = self._game
            self._piles = [(p, g.cost_of(g.piles[p][-1])) for p in g.supply
                           if self.can_buy(p)]
        return self._piles

    @property
    def piles(self) -> list[str]:
        return [p for p, _ in self._legal()]

    @property
    def costs(self) -> list[int]:
        return [c for _, c in self._legal()]

    def constraints(self) -> dict:
        return {"treasures": _card_list(self.names, self.treasures),
                "piles": [{"name": p, "cost": c} for p, c in self._legal()],
                "coins": self.coins, "buys": self.buys}

    def validate(self, answer: Any) -> tuple[str, Any]:
        if type(answer) is dict and len(answer) == 1:  # the commonest answer, checked first
            arg = answer.get("buy")
            if type(arg) is str:  # `can_buy`, written out
                cards = self._supply.get(arg)
                if cards and self._costs[cards[-1]] <= self.limit:
                    return ("buy", arg)
        else:
            if answer == "end":
                return ("end", None)
            raise IllegalAnswer('answer {"play": [ids]|"all"}, {"buy": pile} or {"end": true}')
        (verb, arg), = answer.items()
        if verb == "buy":
            if type(arg) is str and arg not in self._game.piles:
                arg = canonical(arg)
            if type(arg) is not str or not self.can_buy(arg):
                raise IllegalAnswer(f"cannot buy {arg!r} now (legal: {self.piles})")
            return ("buy", arg)
        if verb == "end":
            return ("end", None)
        if verb == "play":
            if not self.treasures:
                raise IllegalAnswer("no Treasures can be played now")
            if arg == "all":
                return ("play", list(self.treasures))
            picker = ChooseCards(self.seat, self.treasures, 1, len(self.treasures), zone="hand")
            picker.names = self.names
            return ("play", picker.validate(arg))
        raise IllegalAnswer(f"unknown buy-phase verb {verb!r}")
