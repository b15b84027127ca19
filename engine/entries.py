"""Log entries that are the same every time: "seat 1 plays Copper", "seat 0 buys Silver".

Entries never change once logged, so one list serves every time; looking it up costs less
than building it, and a turn logs several.
"""
from __future__ import annotations


class Entries(dict):
    """card name -> the entry [kind, seat, {"card": name, **extra}, None, None]."""

    __slots__ = ("kind", "seat", "extra")

    def __missing__(self, name: str) -> list:
        entry = self[name] = [self.kind, self.seat, {"card": name, **self.extra}, None, None]
        return entry


def entries(kind: str, seat: int, **extra: str) -> Entries:
    e = Entries()
    e.kind, e.seat, e.extra = kind, seat, extra
    return e
