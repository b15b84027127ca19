"""The last turns of a two-player game, looked ahead: which Victory card (or none) to buy
when only a few Provinces are left.

The buy rules alone race for Provinces; near the end that loses close games. Buying the
second-to-last Province while behind by less than a Province hands the other player the game
on their next $8 (the penultimate Province rule); a Duchy instead of a Gold when the lead is
thin wins more often. This module weighs those choices: the game from now on is a race in
which each turn a player makes $8 or more, $5-7, $2-4 or less with a probability read from
their deck (every card anyone owns is public; for my next hand, my draw pile), and buys a
Province, a Duchy, an Estate or nothing. Each Victory card bought also goes into its
owner's deck as a dead card. Both players are assumed to play the race as well as they can
(my best is their worst); a few turns ahead, the lead decides.
"""
from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache

from ..cardbase import ACTION, TREASURE
from ..cards import CARDS
from ..decisions import Decision
from .common import SeatView

# Turns looked ahead (both players'), and when the look-ahead starts: a Province pile this
# low, or as many gains from the end.
PLIES = 4
PROVINCES_AT = 4
HAND = 5
GREENS = ("Province", "Duchy", "Estate")
VP = {"Province": 6, "Duchy": 3, "Estate": 1}
COST = {"Province": 8, "Duchy": 5, "Estate": 2}
# coins a hand makes, in bands: <2, 2-4, 5-7, 8+ (what it buys)
_BAND_OF = [0, 0, 1, 1, 1, 2, 2, 2, 3]


def in_window(view: SeatView, counts: dict[str, int]) -> bool:
    """Whether the look-ahead applies: two players, and the end is a few Provinces away."""
    return view.players == 2 and 0 < counts.get("Province", 0) <= PROVINCES_AT


def _card_value(name: str, draw_value: float) -> int:
    c = CARDS[name]
    if c.type_bits & TREASURE:
        return max(0, min(8, c.coins))
    if c.type_bits & ACTION:
        return max(0, min(8, round(c.plus_coins + c.plus_cards * draw_value)))
    return 0


def _classes(cards: Counter) -> tuple[tuple[int, int], ...]:
    """The deck as (coins a card makes, how many) classes; drawing cards count as the
    average Treasure they draw."""
    treasure = [(CARDS[n].coins, k) for n, k in cards.items()
                if k > 0 and CARDS[n].type_bits & TREASURE]
    size = sum(k for k in cards.values() if k > 0)
    draw_value = sum(v * k for v, k in treasure) / max(size, 1)
    out: Counter = Counter()
    for n, k in cards.items():
        if k > 0:
            out[_card_value(n, draw_value)] += k
    return tuple(sorted(out.items()))


@lru_cache(maxsize=4096)
def bands(classes: tuple[tuple[int, int], ...], dead: int = 0) -> tuple[float, ...]:
    """The chances that a hand of 5 drawn from `classes` (plus `dead` cards making nothing)
    makes <$2, $2-4, $5-7 and $8+: exact, by counting the hands."""
    counts = dict(classes)
    counts[0] = counts.get(0, 0) + dead
    total = sum(counts.values())
    if total <= HAND:
        coins = min(8, sum(v * k for v, k in counts.items()))
        out = [0.0] * 4
        out[_BAND_OF[coins]] = 1.0
        return tuple(out)
    # ways[k][s]: hands of k cards making s coins (capped at 8), weighted by how many
    ways = [[0] * 9 for _ in range(HAND + 1)]
    ways[0][0] = 1
    for value, n in counts.items():
        new = [row[:] for row in ways]
        for k in range(HAND + 1):
            for s in range(9):
                w = ways[k][s]
                if not w:
                    continue
                for j in range(1, min(n, HAND - k) + 1):
                    new[k + j][min(8, s + j * value)] += w * math.comb(n, j)
        ways = new
    hands = math.comb(total, HAND)
    out = [0.0] * 4
    for s in range(9):
        out[_BAND_OF[s]] += ways[HAND][s] / hands
    return tuple(out)


class Race:
    """The race from one Buy decision of mine: `value(greens)` is my chance to win (a tie
    counting half) if I buy `greens` now and both players then race as well as they can."""

    def __init__(self, view: SeatView, counts: dict[str, int]) -> None:
        me = view.seat
        opp = 1 - me
        scores, turns = view.scores(), view.turns()
        self.lead0 = scores[me] - scores[opp]
        self.first = turns[me] > turns[opp]  # I started the game: ties on my turn are lost
        self.piles0 = tuple(counts.get(g, 0) for g in GREENS)
        self.empty0 = sum(1 for p, n in counts.items() if n == 0 and p not in GREENS)
        self.mine = _classes(view.my_cards())
        draw = view.deck_counts()
        self.next_hand = _classes(draw) if sum(draw.values()) >= HAND else self.mine
        self.theirs = _classes(view.cards_of(opp))
        self.memo: dict[tuple, float] = {}

    def value(self, greens: tuple[str, ...]) -> float:
        lead = self.lead0 + sum(VP[g] for g in greens)
        piles = list(self.piles0)
        for g in greens:
            piles[GREENS.index(g)] -= 1
        state = (lead, *piles)
        if self._ended(piles):
            return self._final(lead, ender_me=True)
        return self._turn(False, state, len(greens), 0, True, PLIES)

    def _ended(self, piles: list[int] | tuple[int, ...]) -> bool:
        return piles[0] <= 0 or self.empty0 + (piles[1] <= 0) + (piles[2] <= 0) >= 3

    def _final(self, lead: int, ender_me: bool) -> float:
        if lead:
            return 1.0 if lead > 0 else 0.0
        if ender_me:
            return 0.0 if self.first else 0.5
        return 0.5 if self.first else 1.0

    def _turn(self, mine: bool, state: tuple, dm: int, do: int, fresh: bool,
              depth: int) -> float:
        """My chance to win when the player to move (`mine`: me) starts a turn."""
        key = (mine, state, min(dm, 4), min(do, 4), fresh, depth)
        known = self.memo.get(key)
        if known is not None:
            return known
        lead, *piles = state
        if depth == 0:
            out = self._leaf(lead, piles[0], min(dm, 4), min(do, 4))
        else:
            if mine:
                odds = bands(self.next_hand) if fresh else bands(self.mine, min(dm, 4))
            else:
                odds = bands(self.theirs, min(do, 4))
            out = 0.0
            for band, p in enumerate(odds):
                if p > 0:
                    out += p * self._best(mine, lead, piles, band, dm, do, fresh, depth)
        self.memo[key] = out
        return out

    def _leaf(self, lead: int, provinces: int, dm: int, do: int) -> float:
        """Past the look-ahead: each player scores at their hands' rate until the Provinces
        run out, and the lead at the end is roughly normal around that."""
        mine, theirs = bands(self.mine, dm), bands(self.theirs, do)
        rounds = provinces / max(mine[3] + theirs[3], 0.2)
        drift = rounds * (_rate(mine) - _rate(theirs))
        spread = 3 + 4 * math.sqrt(rounds)
        return 0.5 + 0.5 * math.tanh(0.8 * (lead + drift) / spread)

    def _best(self, mine: bool, lead: int, piles: list[int], band: int, dm: int, do: int,
              fresh: bool, depth: int) -> float:
        best = None
        sign = 1 if mine else -1
        for i in range(-1, 3):
            if i >= 0 and (piles[i] <= 0 or band < 3 - i):
                continue  # Province needs band 3, Duchy 2, Estate 1
            after = list(piles)
            new_lead = lead
            if i >= 0:
                after[i] -= 1
                new_lead += sign * VP[GREENS[i]]
            if self._ended(after):
                v = self._final(new_lead, ender_me=mine)
            else:
                green = i >= 0
                v = self._turn(not mine, (new_lead, *after), dm + (green and mine),
                               do + (green and not mine), fresh and not mine, depth - 1)
            if best is None or (v > best if mine else v < best):
                best = v
        return best


def _rate(odds: tuple[float, ...]) -> float:
    """VP a turn when every hand buys the best Victory card it can."""
    return 6 * odds[3] + 3 * odds[2] + odds[1]


# How much better (in chance to win) a Victory card must look than the buy rules' choice.
MARGIN = 0.02


def options(view: SeatView, d: Decision) -> list[tuple[str, ...]]:
    """The Victory cards (Province, Duchy, Estate; up to two) this Buy phase can still get."""
    out: list[tuple[str, ...]] = [()]
    coins = d.coins
    afford = [g for g in GREENS if d.can_buy(g) and view.cost(g) <= coins]
    for g in afford:
        out.append((g,))
        if d.buys >= 2:
            for h in afford[afford.index(g):]:
                if view.cost(g) + view.cost(h) <= coins and (g != h or view.pile_count(g) >= 2):
                    out.append((g, h))
    return out


NO_GREEN = "-"  # race_buy's answer: no Victory card this time (the rules' next buy)


def race_buy(view: SeatView, d: Decision, choice: str | None,
             counts: dict[str, int]) -> str | None:
    """What to buy instead of the buy rules' `choice` (None: end the turn): a Victory card,
    NO_GREEN when buying none wins clearly more often than the rules' Victory card, or
    `choice` itself when the race finds nothing clearly better."""
    if choice is not None and choice not in GREENS and CARDS[choice].vp:
        return choice  # another Victory card (Nobles, Harem...): the rules know it
    planned: tuple[str, ...] = (choice,) if choice in GREENS else ()
    race = Race(view, counts)
    base = race.value(planned)
    best, best_value = planned, base
    for option in options(view, d):
        if option != planned:
            v = race.value(option)
            if v > best_value:
                best, best_value = option, v
    if best_value <= base + MARGIN:
        return choice
    return best[0] if best else NO_GREEN
