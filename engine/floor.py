"""The CPython floor: a rule-less Big Money mirror written as plainly as Python allows.

No rules engine, no decisions, no log: decks as lists of names, shuffles by random.Random,
both players buying Province, Gold or Silver by their coins, on First Game's Supply. What
the engine does per game on top of this (rules, saves, bots reading a view) is what its speed
is measured against: `python -m engine bench` reports engine games per CPU second as a
fraction of this loop's (`floor_game` over and over), in the same run.
"""
from __future__ import annotations

from random import Random

COINS = {"Copper": 1, "Silver": 2, "Gold": 3}
VP = {"Estate": 1, "Duchy": 3, "Province": 6}
BUYS = (("Province", 8), ("Gold", 6), ("Silver", 3))
SUPPLY = {"Copper": 46, "Silver": 40, "Gold": 30, "Estate": 8, "Duchy": 8, "Province": 8,
          "Curse": 10, **{k: 10 for k in ("Cellar", "Market", "Merchant", "Militia", "Mine",
                                          "Moat", "Remodel", "Smithy", "Village", "Workshop")}}


class Seat:
    __slots__ = ("deck", "hand", "discard", "play", "turns")

    def __init__(self, rng: Random) -> None:
        self.deck = ["Copper"] * 7 + ["Estate"] * 3
        rng.shuffle(self.deck)
        self.hand: list[str] = []
        self.discard: list[str] = []
        self.play: list[str] = []
        self.turns = 0

    def draw(self, n: int, rng: Random) -> None:
        for _ in range(n):
            if not self.deck:
                if not self.discard:
                    return
                self.deck, self.discard = self.discard, []
                rng.shuffle(self.deck)
            self.hand.append(self.deck.pop())


def floor_game(rng: Random) -> tuple[list[int], list[int]]:
    """One game: (scores, winners)."""
    supply = dict(SUPPLY)
    seats = [Seat(rng), Seat(rng)]
    for s in seats:
        s.draw(5, rng)
    p = rng.randrange(2)
    while True:
        s = seats[p]
        s.turns += 1
        coins, rest = 0, []
        for card in s.hand:
            if card in COINS:
                coins += COINS[card]
                s.play.append(card)
            else:
                rest.append(card)
        s.hand = rest
        for pile, cost in BUYS:
            if coins >= cost and supply[pile]:
                supply[pile] -= 1
                s.discard.append(pile)
                break
        s.discard += s.play
        s.discard += s.hand
        s.play.clear()
        s.hand.clear()
        s.draw(5, rng)
        if not supply["Province"] or sum(1 for v in supply.values() if not v) >= 3:
            break
        p = 1 - p
    scores = [sum(VP.get(c, 0) for c in s.deck + s.hand + s.discard) for s in seats]
    tied = [i for i, v in enumerate(scores) if v == max(scores)]
    fewest = min(seats[i].turns for i in tied)
    return scores, [i for i in tied if seats[i].turns == fewest]

