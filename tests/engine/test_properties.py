"""Property tests: random legal games on random kingdoms keep the engine's invariants.

- no exception, and every answer a random legal player gives is accepted;
- the number of cards never changes;
- some seat always has a decision until the game is over;
- loads(dumps(g)) is the same game at any step, even in the middle of a card;
- no view holds another player's hand, any deck's order, or the secret seed.
"""
from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import CARDS, loads, new_game, replay
from engine.bots import bot_answer
from tests.card_refs import hidden_in

KINGDOM_CARDS = sorted(n for n, c in CARDS.items() if c.is_kingdom)
MAX_STEPS = 600


def random_setup(rng: random.Random) -> dict:
    """A random kingdom from every implemented set, either edition mixed, any Shelters rule."""
    n = rng.randint(2, 6)
    editions = {name: rng.choice([1, 2]) for name in rng.sample(KINGDOM_CARDS, 5)}
    return {"players": n, "kingdom": rng.sample(KINGDOM_CARDS, 10),
            "edition": rng.choice([1, 2]), "card_editions": editions,
            "shelters": rng.choice([True, False, "auto"])}


def card_total(g) -> int:
    return (sum(len(p.all_cards()) for p in g.players) + len(g.trash_pile)
            + sum(len(v) for v in g.piles.values()))


def ids_in(obj) -> set[int]:
    found: set[int] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "id" and isinstance(v, int):
                found.add(v)
            else:
                found |= ids_in(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= ids_in(v)
    return found


def check_views(g) -> None:
    for seat in [None, *range(len(g.players))]:
        v = g.view(seat)
        text = json.dumps(v)
        assert g.secret not in text
        if g.over:
            continue
        log = v.pop("log")
        # cards a decision shows as revealed (Pillage: the victim's revealed hand) are public
        revealed = ids_in([d for d in v["pending"] if d.get("zone") == "revealed"])
        assert not (ids_in(v) - revealed) & hidden_in(g, seat)
        for e in log:
            if e["type"] in ("draw", "look") and e["seat"] != seat:
                assert "cards" not in e, e
        for p in v["players"]:
            assert "hand" not in p and "deck" not in p


def play_random(seed: int, save_every: int = 9, view_every: int = 60) -> tuple:
    rng = random.Random(seed)
    setup = random_setup(rng)
    g = new_game(setup, f"prop-{seed}")
    total = card_total(g)
    answers = []
    for step in range(MAX_STEPS):
        if g.over:
            break
        pending = g.pending()
        assert pending, "no seat has a decision but the game is not over"
        d = rng.choice(pending)
        r = rng.random()
        strategy = "random" if r < 0.7 else "heuristic" if r < 0.9 else "bmu"
        a = bot_answer(strategy, g, d.seat, d, rng)
        answers.append([d.seat, d.id, a])
        g.answer(d.seat, d.id, a)
        assert card_total(g) == total
        if step % save_every == 0:
            again = loads(g.dumps())
            assert again.state_dict() == g.state_dict()
            assert [x.to_dict() for x in again.pending()] == [x.to_dict() for x in g.pending()]
        if step % view_every == 0:
            check_views(g)
    return g, setup, answers


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32))
def test_random_games_keep_every_invariant(seed):
    g, setup, answers = play_random(seed)
    check_views(g)
    # the whole game replays to the identical state from setup, seed and answers
    again = replay({"setup": setup, "seed": f"prop-{seed}", "answers": answers})
    assert again.state_dict() == g.state_dict()


def test_thousands_of_bot_games_end_and_conserve_cards():
    """Mixed random/money bots: every game ends, no card is created or lost."""
    ended = 0
    for seed in range(2000):
        rng = random.Random(seed)
        setup = random_setup(rng)
        setup["players"] = rng.randint(2, 4)
        g = new_game(setup, f"bulk-{seed}")
        total = card_total(g)
        bots = [rng.choice(["bmu", "smithy", "random"]) for _ in range(setup["players"])]
        for _ in range(4000):
            if g.over:
                break
            d = g.pending()[0]
            g.apply(d.seat, d.id, bot_answer(bots[d.seat], g, d.seat, d, rng))
        assert card_total(g) == total
        ended += g.over
    assert ended >= 1990


CAMPAIGN = os.environ.get("DOMINION_CAMPAIGN") == "full"


@pytest.mark.slow
def test_campaign_of_random_games_keeps_every_invariant():
    """The long campaign: 5,000 random legal games with DOMINION_CAMPAIGN=full (a few hundred
    otherwise), each checked for conservation, save/load and an exact replay."""
    games = 5000 if CAMPAIGN else 200
    for seed in range(10**6, 10**6 + games):
        g, setup, answers = play_random(seed, save_every=23, view_every=200)
        again = replay({"setup": setup, "seed": f"prop-{seed}", "answers": answers})
        assert again.state_dict() == g.state_dict()
