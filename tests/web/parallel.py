"""A turn of attacks for the parallel-decision tests: Militia, Masquerade, Torturer and Witch
played into Moats, in a 3- or 4-player game built from an exact position.

Player 0 plays four Villages, then the four attacks; the others hold Moats (seats 1 and 3) or
not. Every decision the turn opens is answered by `policy` (a function of the decision's
content, never of its id, so the same turn can be played in any order of answers). `drive`
plays the turn in rounds: all decisions open at the start of a round are answered together
(threads, each with the step it saw) or one by one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import engine
from engine.positions import build
from games import history, services
from games.models import Game, Seat
from tests.at_once import at_once

KINGDOM = ["Militia", "Witch", "Masquerade", "Torturer", "Moat", "Village", "Smithy", "Market",
           "Cellar", "Workshop"]
ATTACKS = ["Militia", "Masquerade", "Torturer", "Witch"]


def _player(seat: int) -> dict:
    if seat == 0:
        return {"hand": ["Village"] * 4 + ATTACKS, "deck": ["Copper", "Silver", "Estate"] * 4}
    hand = ["Moat", "Copper", "Copper", "Estate", "Silver"] if seat % 2 else \
        ["Copper", "Copper", "Copper", "Estate", "Estate"]
    return {"hand": hand, "deck": ["Copper", "Estate", "Silver"] * 3}


def position_game(creator, others: list) -> Game:
    """A running site game whose table is the attack turn above (player 0 to act)."""
    game = services.game_create(creator=creator, seats=["me"] + ["open"] * len(others),
                                kingdom=KINGDOM)
    for user in others:
        services.seat_join(game=game, user=user)
    game = services.game_start(game=game, user=creator)
    table = build({"kingdom": KINGDOM, "players": [_player(s) for s in range(len(others) + 1)],
                   "seed": "parallel-decisions"})
    decisions = [{**d.to_dict(), "opened_step": 0, "opened_by": None} for d in table.pending()]
    Game.objects.filter(pk=game.pk).update(decisions=decisions, **history.installed(table))
    Seat.objects.filter(game=game).exclude(position=0).update(waiting_since=None)
    game.refresh_from_db()
    return game


def policy(d: dict) -> Any:
    """The answer to any decision of the turn, from its content alone."""
    kind, names = d["kind"], [c["name"] for c in d.get("cards", [])]
    if kind == "PlayAction":
        for wanted in ["Village", *ATTACKS]:
            if wanted in names:
                return [d["cards"][names.index(wanted)]["id"]]
        return []
    if kind == "BuyPhase":
        return {"end": True}
    if kind == "Reveal":  # seat 1 blocks with its Moat, seat 3 lets the attacks in
        return [d["cards"][0]["id"]] if d["seat"] == 1 and d["cards"] else []
    if kind == "ChooseOption":  # Torturer
        return "curse" if d["seat"] == 2 else "discard"
    if kind == "ChooseCards":
        return [c["id"] for c in d["cards"][: d["min"]]]
    raise AssertionError(f"no policy for {kind}")


Submit = Callable[[dict, Any, int], Any]


def drive(game: Game, submit: Submit, together: bool) -> list[int]:
    """Play player 0's turn to its end; returns the size of each round answered together."""
    rounds = []
    while True:
        game.refresh_from_db()
        opened = sorted(game.decisions, key=lambda d: d["seat"])
        if not opened or engine.loads(game.snapshot).active != 0:
            return rounds  # the next player's turn: player 0's is over
        if together and len(opened) > 1:
            outcomes = race([(d, policy(d), game.step) for d in opened], submit)
            refused = [o for o in outcomes if isinstance(o, Exception)]
            assert refused == [], refused
            rounds.append(len(opened))
            continue
        for d in opened:
            game.refresh_from_db()
            outcome = submit(d, policy(d), game.step)
            assert not isinstance(outcome, Exception), outcome


def race(jobs: list[tuple[dict, Any, int]], submit: Submit) -> list:
    """Submit every job at once, each in its own thread; results or exceptions, in job order."""
    return at_once([lambda job=job: submit(*job) for job in jobs])


def outcome(game: Game) -> list[dict]:
    """Every seat's view, the log as a multiset: answers in another order log in another order."""
    game.refresh_from_db()
    table = history.whole_table(game)  # the snapshot has no log: games/history.py
    views = []
    for seat in [None, *range(game.player_count)]:
        view = table.view(seat)
        view["log"] = sorted(json.dumps(e, sort_keys=True) for e in view["log"])
        views.append(view)
    return views
