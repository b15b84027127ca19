"""Keeping score at the end of the game: never end it losing when that can be avoided, and end
it when that wins.

Every gain and trash is public, so a player can keep everyone's score (`SeatView.scores`).
The game ends at the end of a turn once the Provinces or three Supply piles are gone; a buy
that makes that happen is a "game-ending buy", and what it gives is known at once: the buyer's
score with the card (and the best Victory cards the rest of the turn can still buy) against
everyone else's score, ties going to whoever had fewer turns.
"""
from __future__ import annotations

from collections import _count_elements  # type: ignore[attr-defined]

from ..cards import CARDS
from ..decisions import Decision
from .common import SeatView, view_top

WIN, TIE, LOSE = "win", "tie", "lose"


def score_of(names: list[str]) -> int:
    """The score of a player owning `names` (Gardens and the like count the whole deck)."""
    total = 0
    counts: dict[str, int] = {}
    _count_elements(counts, names)  # (in C)
    for n, k in counts.items():  # by name: a deck has a few kinds of card
        c = CARDS[n]
        total += c.vp * k
        if c.score is not None:
            total += k * c.score(names)
    return total


def my_names(view: SeatView, memo: dict | None = None) -> list[str]:
    """My cards' names, one per card (the same list, not to be changed, for every use of
    `memo`: the figures of one answer, which nothing changes meanwhile)."""
    if memo is None:
        return list(view.cards_of(view.seat).elements())
    names = memo.get("names")
    if names is None:
        names = memo["names"] = list(view.cards_of(view.seat).elements())
    return names


def verdict(view: SeatView, gains: list[str], memo: dict | None = None) -> str:
    """How the game stands for me if it ended now and I had gained `gains` first (`memo`:
    see `my_names`)."""
    names = my_names(view, memo) + gains
    mine = score_of(names)
    scores = None if memo is None else memo.get("scores")
    if scores is None:
        scores = view.scores()
        if memo is not None:
            memo["scores"] = scores
    turns = view.turns()
    me = view.seat
    others = [p for p in range(len(scores)) if p != me]
    best = max(scores[p] for p in others)
    if mine != best:
        return WIN if mine > best else LOSE
    tied = [p for p in others if scores[p] == mine]
    fewest = min(turns[p] for p in tied)
    if turns[me] < fewest:
        return WIN
    return TIE if turns[me] == fewest else LOSE


def _vp_gain(view: SeatView, names: list[str], card: str) -> int:
    return score_of([*names, card]) - score_of(names)


def best_extra(view: SeatView, coins: int, buys: int, taken: dict[str, int],
               memo: dict | None = None) -> list[str]:
    """The Victory cards worth most VP that `buys` more buys with `coins` can still get."""
    if buys <= 0:
        return []
    names = my_names(view, memo)
    options = []
    for pile, left in view.supply_counts().items():
        left -= taken.get(pile, 0)
        top = view_top(view, pile)
        if left > 0 and CARDS[top].vp + (CARDS[top].score is not None) > 0:
            options.append((view.cost(top), top, left))
    best: list[str] = []
    best_vp = 0

    def search(coins: int, buys: int, start: int, chosen: list[str]) -> None:
        nonlocal best, best_vp
        vp = score_of(names + chosen) - score_of(names)
        if vp > best_vp:
            best, best_vp = list(chosen), vp
        if buys == 0:
            return
        for i in range(start, len(options)):
            cost, top, left = options[i]
            if cost <= coins and chosen.count(top) < left:
                chosen.append(top)
                search(coins - cost, buys - 1, i, chosen)
                chosen.pop()

    search(coins, min(buys, 4), 0, [])
    return best


def buy_outcome(view: SeatView, d: Decision, pile: str,
                ending: list[str] | None = None, memo: dict | None = None) -> str | None:
    """What buying `pile` now does: None when the game goes on, else WIN, TIE or LOSE with
    the best Victory cards the turn's other buys can add. `ending` is `ending_piles(view)`
    when the caller weighing several buys has it already; `memo` keeps what one answer
    works out (each pile's outcome, my cards, the scores) for its next questions."""
    if pile not in (ending_piles(view) if ending is None else ending):
        return None
    if memo is not None and ("outcome", pile) in memo:
        return memo["outcome", pile]
    top = view_top(view, pile)
    extra = best_extra(view, d.coins - view.cost(top), d.buys - 1, {pile: 1}, memo)
    outcome = verdict(view, [top, *extra], memo)
    if memo is not None:
        memo["outcome", pile] = outcome
    return outcome


def winning_buy(view: SeatView, d: Decision, ending: list[str] | None = None,
                memo: dict | None = None) -> str | None:
    """A buy that ends the game with me winning, if there is one: the one winning by most.
    `ending` is `ending_piles(view)` when the caller has it already (`memo`: `buy_outcome`).

    Once the game is ending anyway (a pile emptied earlier this turn), the buy worth most VP.
    """
    if view.ends_game_after({}):
        extra = best_extra(view, d.coins, d.buys, {}, memo)
        return _pile_of(view, extra[0]) if extra else None
    if ending is None:
        ending = ending_piles(view)
    best, best_margin = None, None
    for pile in ending:
        if not d.can_buy(pile) or buy_outcome(view, d, pile, ending, memo) != WIN:
            continue
        margin = _vp_gain(view, my_names(view, memo), view_top(view, pile))
        if best_margin is None or margin > best_margin:
            best, best_margin = pile, margin
    return best


def ending_piles(view: SeatView) -> list[str]:
    """The Supply piles one gain from which ends the game (quick: most turns, none)."""
    piles, sizes = view.supply_sizes()
    limit = 4 if view.players >= 5 else 3
    out = [p for p, n in zip(piles, sizes) if n == 1] if sizes.count(0) == limit - 1 else []
    if "Province" not in out and "Province" in piles and sizes[piles.index("Province")] == 1:
        out.append("Province")
    return out


def near_end(view: SeatView, counts: dict[str, int]) -> bool:
    """`bool(ending_piles(view)) or view.ends_game_after({})` from the Supply's `counts`
    (`view.supply_counts()`) in one pass: whether one gain could end the game, or it is
    ending already."""
    limit = 4 if view.players >= 5 else 3
    empty = ones = 0
    for n in counts.values():
        if n == 0:
            empty += 1
        elif n == 1:
            ones += 1
    provinces = counts.get("Province")
    if provinces is not None and provinces <= 1:
        return True
    return empty >= limit or (empty == limit - 1 and ones > 0)


def _pile_of(view: SeatView, card: str) -> str:
    for pile in view.supply_counts():
        if view_top(view, pile) == card:
            return pile
    return card


def safe_to_buy(view: SeatView, d: Decision, pile: str,
                ending: list[str] | None = None, memo: dict | None = None) -> bool:
    """False when buying `pile` would end the game with me losing (a shared win is no loss:
    going on instead loses more often than it wins)."""
    return buy_outcome(view, d, pile, ending, memo) != LOSE


def safe_to_gain(view: SeatView, pile: str) -> bool:
    """The same for a gain outside the Buy phase (nothing else is counted on)."""
    if not view.my_turn or view.ends_game_after({}) or not view.ends_game_after({pile: 1}):
        return True
    return verdict(view, [view_top(view, pile)]) != LOSE


def penultimate_risk(view: SeatView, pile: str) -> bool:
    """The penultimate Province rule: buying the second-to-last Province lets the next
    player end the game on the last one; True when that would beat me."""
    if pile != "Province" or view.pile_count("Province") != 2:
        return False
    mine = score_of([*view.cards_of(view.seat).elements(), "Province"])
    scores = view.scores()
    return any(scores[p] + 6 >= mine for p in range(len(scores)) if p != view.seat)
