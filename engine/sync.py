"""The scheduler's building blocks: threads of card effects, and what an effect may yield
besides a Decision: `Parallel` (run several generators side by side) and `Park` (wait at a
`Gate` until the rules let this player go on)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any


class Parallel:
    """Yielded by an effect to run generators side by side; resumes with their return values."""

    __slots__ = ("gens",)

    def __init__(self, gens: list[Iterator]) -> None:
        self.gens = gens


class Park:
    """Yielded by an effect to wait, without a decision, until `gate` lets `seat` through."""

    __slots__ = ("gate", "seat")

    def __init__(self, gate: Gate, seat: int) -> None:
        self.gate = gate
        self.seat = seat


class Gate:
    """Lets players' threads through one at a time in turn order (an ordered section).

    Reactions of different players to one Attack are chosen at the same time, but what they
    do happens in turn order from the attacker's left, whatever order the answers came in:
    a player who reacts waits here until every earlier player is `done`.
    """

    __slots__ = ("game", "order", "finished", "parked")

    def __init__(self, game: Any, order: list[int]) -> None:
        self.game = game
        self.order = order
        self.finished: set[int] = set()
        self.parked: dict[int, _Thread] = {}

    def first_waiting(self) -> int | None:
        for seat in self.order:
            if seat not in self.finished:
                return seat
        return None

    def wait(self, seat: int) -> Iterator:
        """Generator: return at once if it is `seat`'s turn, else park until it is."""
        if self.first_waiting() != seat:
            yield Park(self, seat)

    def done(self, seat: int) -> None:
        """`seat` is through; wake the next player if they are already waiting."""
        self.finished.add(seat)
        nxt = self.first_waiting()
        th = self.parked.pop(nxt, None) if nxt is not None else None
        if th is not None:
            self.game._runnable.append(th)


class _Thread:
    __slots__ = ("gen", "parent", "index", "left", "results")

    def __init__(self, gen: Iterator, parent: _Thread | None, index: int) -> None:
        self.gen = gen
        self.parent = parent
        self.index = index
        self.left = 0
        self.results: list[Any] = []
