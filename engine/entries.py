"""Log entries that are the same every time: "seat 1 plays Copper", "seat 0 buys Silver".

Entries never change once logged, so one list serves every time (and every game); looking it
up costs less than building it, and a turn logs several.
"""
from __future__ import annotations

from collections import deque


class Entries(dict):
    """card name -> the entry [kind, seat, {"card": name, **extra}, None, None]."""

    __slots__ = ("kind", "seat", "extra")

    def __missing__(self, name: str) -> list:
        entry = self[name] = [self.kind, self.seat, {"card": name, **self.extra}, None, None]
        return entry


_SHARED: dict[tuple, Entries] = {}


def entries(kind: str, seat: int, **extra: str) -> Entries:
    """The entries of one kind for one seat, shared by every game (they never change)."""
    key = (kind, seat, *sorted(extra.items()))
    e = _SHARED.get(key)
    if e is None:
        e = _SHARED[key] = Entries()
        e.kind, e.seat, e.extra = kind, seat, extra
    return e


_SEATS: dict[int, tuple] = {}


def seat_entries(players: int) -> tuple[tuple[Entries, ...], ...]:
    """Per seat: the play, buy and gain-to-discard entries (made once per player count)."""
    out = _SEATS.get(players)
    if out is None:
        seats = range(players)
        out = _SEATS[players] = (tuple(entries("play", p) for p in seats),
                                 tuple(entries("buy", p) for p in seats),
                                 tuple(entries("gain", p, to="discard") for p in seats))
    return out


def no_log() -> deque:
    """The log of a quiet game (simulations): whatever is appended is dropped at once, so the
    rare paths need no test; the hot ones skip building their entries (`Game.logging`)."""
    return deque(maxlen=0)
