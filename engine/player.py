"""A player's zones. Lists hold card ids; the top of the deck and discard pile is the end."""
from __future__ import annotations


class Player:
    __slots__ = ("name", "deck", "hand", "discard", "play", "aside", "looking", "turns")

    def __init__(self, name: str) -> None:
        self.name = name
        self.deck: list[int] = []
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.play: list[int] = []
        self.aside: list[int] = []     # set aside or revealed, face up
        self.looking: list[int] = []   # looked at by the owner only, face down to others
        self.turns = 0

    ZONES = ("deck", "hand", "discard", "play", "aside", "looking")

    def all_cards(self) -> list[int]:
        return self.deck + self.hand + self.discard + self.play + self.aside + self.looking

    def to_dict(self) -> dict:
        d = {z: list(getattr(self, z)) for z in self.ZONES}
        d["name"] = self.name
        d["turns"] = self.turns
        return d

    @classmethod
    def from_dict(cls, d: dict) -> Player:
        p = cls(d["name"])
        for z in cls.ZONES:
            setattr(p, z, list(d[z]))
        p.turns = d["turns"]
        return p
