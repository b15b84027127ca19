"""A scan of the planner's games for the errors the heuristic used to make: passing its own
Duchies and Provinces to Masquerade, and ending the game while behind when it could have
played on. The checks read only the games' outcomes, never the bot's own reasoning.

The default run scans a few dozen games on kingdoms with Masquerade and on random ones, with
a small planning tournament; DOMINION_CAMPAIGN=full scans 1,000 games with the real planner.
"""
from __future__ import annotations

import os
import random

import pytest

from engine import CARDS, new_game
from engine.bots import planner, seat_player
from engine.kingdoms import random_kingdom

FULL = os.environ.get("DOMINION_CAMPAIGN") == "full"
VICTORY = ("Province", "Duchy")


def _ended(g) -> bool:
    """The end condition, worked out from the piles (not by asking the bots)."""
    piles = g.piles
    if "Province" in piles and not piles["Province"]:
        return True
    return sum(1 for name in g.supply if not piles[name]) >= (4 if len(g.players) >= 5 else 3)


def scan_game(kingdom: list[str], seed: str, hero: int, against: str,
              seen: dict | None = None) -> list[str]:
    """Play one game, the planner in seat `hero`; the errors it made (`seen` counts the
    passes and game-ending buys checked)."""
    seen = seen if seen is not None else {}
    g = new_game({"players": 2, "kingdom": kingdom, "shelters": "auto"}, seed)
    players = [seat_player("planner" if p == hero else against, g, p) for p in range(2)]
    errors, ending_buys = [], []
    while not g.over:
        d = g.pending()[0]
        ans = players[d.seat](d)
        if d.seat == hero and d.source == "Masquerade" and d.kind == "ChooseCards" and d.min:
            errors += _bad_pass(g, d, ans)
            seen["passes"] = seen.get("passes", 0) + 1
        was_ended = _ended(g)
        g.answer(d.seat, d.id, ans)
        if d.seat == hero and d.kind == "BuyPhase" and "buy" in ans and not was_ended \
                and _ended(g):
            ending_buys.append(ans["buy"])
    res = g.result
    seen["ending_buys"] = seen.get("ending_buys", 0) + bool(ending_buys)
    if ending_buys and hero not in res["winners"]:
        errors.append(f"ended the game buying {ending_buys[0]} and lost {res['scores']}")
    return errors


def _bad_pass(g, d, ans) -> list[str]:
    names = [g.names[c] for c in d.cards]
    passed = g.names[ans[0]]
    if passed in VICTORY and any(n not in VICTORY for n in names):
        return [f"passed {passed} holding {names}"]
    if passed == "Province" and "Duchy" in names:
        return [f"passed a Province holding a Duchy: {names}"]
    return []


@pytest.fixture
def scan_planner(monkeypatch):
    if not FULL:
        monkeypatch.setattr(planner, "ROUNDS", ((3, 3), (6, 1)))
        monkeypatch.setattr(planner, "FINAL_HEAD_TO_HEAD", 2)
    monkeypatch.setattr(planner, "_PLANS", type(planner._PLANS)())


def _kingdoms(count: int, seed: int) -> list[list[str]]:
    """Half with Masquerade (where passes happen), half at random from every set."""
    rng = random.Random(f"scan:{seed}")
    out = []
    for i in range(count):
        if i % 2 == 0:
            out.append(["Masquerade", *random_kingdom(rng, CARDS.values(), count=9,
                                                       exclude=["Masquerade"])])
        else:
            out.append(random_kingdom(rng, CARDS.values()))
    return out


def _scan(kingdoms: int, games_each: int) -> tuple[int, list[str], dict]:
    errors, played, seen = [], 0, {}
    for k, kingdom in enumerate(_kingdoms(kingdoms, 1)):
        for i in range(games_each):
            against = ("heuristic", "bmu", "double-witch")[i % 3]
            errors += scan_game(kingdom, f"scan:{k}:{i}", i % 2, against, seen)
            played += 1
    return played, errors, seen


def test_the_planner_makes_none_of_the_old_errors(scan_planner):
    played, errors, seen = _scan(4, 6)
    assert played == 24 and errors == []
    assert seen["passes"] > 0 and seen["ending_buys"] > 0  # the checks had work to do


@pytest.mark.slow
def test_a_scan_of_a_thousand_planner_games_finds_no_error(scan_planner):
    played, errors, seen = _scan(40, 25) if FULL else _scan(6, 10)
    assert errors == [], errors[:10]
    assert played == (1000 if FULL else 60) and seen["passes"] > 0
