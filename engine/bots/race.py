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
(my best is their worst); a few turns ahead, the lead decides. The same race weighs Count's
second choice (a Duchy now, or +$3 for the Buy phase).
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
_VPS = tuple(VP[g] for g in GREENS)
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
    out = [0.0] * 4
    if total <= HAND:
        out[_BAND_OF[min(8, sum(v * k for v, k in counts.items()))]] = 1.0
        return tuple(out)
    ways = _ways(classes)
    # hands of 5 with j of the dead cards: the other 5 - j cards from `classes`
    hand = [sum(math.comb(dead, j) * ways[HAND - j][s] for j in range(min(dead, HAND) + 1))
            for s in range(9)]
    hands = math.comb(total, HAND)
    for s in range(9):
        out[_BAND_OF[s]] += hand[s] / hands
    return tuple(out)


@lru_cache(maxsize=1024)
def _ways(classes: tuple[tuple[int, int], ...]) -> list[list[int]]:
    """ways[k][s]: the hands of k cards from `classes` making s coins (capped at 8)."""
    ways = [[0] * 9 for _ in range(HAND + 1)]
    ways[0][0] = 1
    for value, n in classes:
        new = [row[:] for row in ways]
        for k in range(HAND + 1):
            for s in range(9):
                w = ways[k][s]
                if not w:
                    continue
                for j in range(1, min(n, HAND - k) + 1):
                    new[k + j][min(8, s + j * value)] += w * math.comb(n, j)
        ways = new
    return ways


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
        self.leaves: dict[tuple, float] = {}

    def value(self, greens: tuple[str, ...]) -> float:
        lead = self.lead0 + sum(VP[g] for g in greens)
        piles = list(self.piles0)
        for g in greens:
            piles[GREENS.index(g)] -= 1
        if self._ended(piles):
            return self._final(lead, ender_me=True)
        return self._turn(False, (lead, *piles), min(len(greens), 4), 0, True, PLIES)

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
        """My chance to win when the player to move (`mine`: me) starts a turn in `state`
        (lead, Provinces, Duchies, Estates left; not over), with `dm` and `do` (at most 4)
        Victory cards bought by me and them since the look-ahead began."""
        key = (mine, state, dm, do, fresh, depth)
        known = self.memo.get(key)
        if known is not None:
            return known
        if depth == 0:
            out = self._leaf(state[0], state[1], dm, do)
        else:
            if mine:
                odds = bands(self.next_hand) if fresh else bands(self.mine, dm)
            else:
                odds = bands(self.theirs, do)
            out = 0.0
            for band, p in enumerate(odds):
                if p > 0:
                    out += p * self._best(mine, state, band, dm, do, fresh, depth)
        self.memo[key] = out
        return out

    def _leaf(self, lead: int, provinces: int, dm: int, do: int) -> float:
        """Past the look-ahead: each player scores at their hands' rate until the Provinces
        run out, and the lead at the end is roughly normal around that."""
        key = (lead, provinces, dm, do)
        known = self.leaves.get(key)
        if known is None:
            mine, theirs = bands(self.mine, dm), bands(self.theirs, do)
            rounds = provinces / max(mine[3] + theirs[3], 0.2)
            drift = rounds * (_rate(mine) - _rate(theirs))
            spread = 3 + 4 * math.sqrt(rounds)
            known = self.leaves[key] = 0.5 + 0.5 * math.tanh(0.8 * (lead + drift) / spread)
        return known

    def _best(self, mine: bool, state: tuple, band: int, dm: int, do: int, fresh: bool,
              depth: int) -> float:
        """The value of the mover's best buy with a hand in `band` (<$2, $2-4, $5-7, $8+):
        nothing, or a Province, Duchy or Estate (band 3, 2, 1 at least)."""
        lead, p0, p1, p2 = state
        turn = self._turn
        depth -= 1
        fresh = fresh and not mine
        # buying nothing (the state is not over: that was checked before this turn)
        best = turn(not mine, state, dm, do, fresh, depth)
        sign = 1 if mine else -1
        dm2, do2 = (min(dm + 1, 4), do) if mine else (dm, min(do + 1, 4))
        empty0 = self.empty0
        for i in (0, 1, 2):
            if band < 3 - i or state[i + 1] <= 0:
                continue
            after = [p0, p1, p2]
            after[i] -= 1
            new_lead = lead + sign * _VPS[i]
            if after[0] <= 0 or empty0 + (after[1] <= 0) + (after[2] <= 0) >= 3:
                v = self._final(new_lead, ender_me=mine)
            else:
                v = turn(not mine, (new_lead, *after), dm2, do2, fresh, depth)
            if v > best if mine else v < best:
                best = v
        return best


def _rate(odds: tuple[float, ...]) -> float:
    """VP a turn when every hand buys the best Victory card it can."""
    return 6 * odds[3] + 3 * odds[2] + odds[1]


# How much better (in chance to win) a Victory card must look than the buy rules' choice.
MARGIN = 0.02


def options(view: SeatView, d: Decision) -> list[tuple[str, ...]]:
    """The Victory cards (Province, Duchy, Estate; up to two) this Buy phase can still get."""
    return _options(view, d.coins, d.buys, d.can_buy)


def _options(view: SeatView, coins: int, buys: int, can_buy, taken: str | None = None
             ) -> list[tuple[str, ...]]:
    """`options` for `coins` and `buys`, `taken` (a Victory card gained first) gone from its
    pile."""
    def left(g: str) -> int:
        return view.pile_count(g) - (g == taken)

    out: list[tuple[str, ...]] = [()]
    afford = [g for g in GREENS if can_buy(g) and left(g) > 0 and view.cost(g) <= coins]
    for g in afford:
        out.append((g,))
        if buys >= 2:
            for h in afford[afford.index(g):]:
                if view.cost(g) + view.cost(h) <= coins and (g != h or left(g) >= 2):
                    out.append((g, h))
    return out


def gain_choice(view: SeatView, counts: dict[str, int],
                choices: dict[str, tuple[str | None, int]], default: str) -> str:
    """Which of `choices` to take in my Action phase when they differ in a Victory card
    gained now and in the coins left to buy with (Count: a Duchy, or +$3): each choice is
    (the Province, Duchy or Estate it gains, or None; the coins its Buy phase will have),
    weighed by the race with the best Victory cards that Buy phase can add. `default` (one
    of them) unless another wins at least MARGIN more often."""
    race = Race(view, counts)
    buys = max(view.buys, 1)

    def can_buy(g: str) -> bool:
        return counts.get(g, 0) > 0

    values = {}
    for name, (green, coins) in choices.items():
        first = (green,) if green else ()
        values[name] = max(race.value(first + o)
                           for o in _options(view, coins, buys, can_buy, green))
    best = max(values, key=values.get)
    return best if values[best] > values[default] + MARGIN else default


def province_is_safe(view: SeatView, d: Decision, counts: dict[str, int]) -> bool:
    """Whether the one Province this Buy phase can buy is clearly right: it does not end the
    game, and it leaves me further ahead than every Province left after it is worth (the
    other player would need them all and more). The look-ahead is skipped then."""
    left = counts.get("Province", 0) - 1
    if left < 1 or d.buys > 1:
        return False  # the game-ending buy, or two Victory cards to weigh: look ahead
    scores = view.scores()
    lead = scores[view.seat] - scores[1 - view.seat] + VP["Province"]
    return lead > VP["Province"] * left


NO_GREEN = "-"  # race_buy's answer: no Victory card this time (the rules' next buy)


def race_buy(view: SeatView, d: Decision, choice: str | None,
             counts: dict[str, int]) -> str | None:
    """What to buy instead of the buy rules' `choice` (None: end the turn): a Victory card,
    NO_GREEN when buying none wins clearly more often than the rules' Victory card, or
    `choice` itself when the race finds nothing clearly better."""
    if choice is not None and choice not in GREENS and CARDS[choice].vp:
        return choice  # another Victory card (Nobles, Harem...): the rules know it
    if choice == "Province" and province_is_safe(view, d, counts):
        return choice
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
