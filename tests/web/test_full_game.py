"""A whole game through the services: create, join, start, then every answer via decision_submit."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from games import selectors, services
from games.models import GameStatus, GameStep, Seat


def test_humans_play_a_full_game_through_decision_submit(running_game, play_to_end):
    game = play_to_end(running_game)

    assert game.status == GameStatus.FINISHED
    assert game.finished_at is not None
    assert set(game.result["winners"]) <= {0, 1}
    assert game.decisions == []
    assert GameStep.objects.filter(game=game).count() == game.step
    assert not Seat.objects.filter(game=game, waiting_since__isnull=False).exists()


def test_a_finished_game_replays_from_setup_seed_and_log(running_game, play_to_end):
    game = play_to_end(running_game)

    assert selectors.game_replays_identically(game)


def test_bots_alone_play_to_the_end_through_their_tasks(catalog, alice, base_kingdom, committed):
    game = services.game_create(creator=alice, seats=["bmu", "smithy"], kingdom=base_kingdom)

    with committed():
        services.game_start(game=game, user=alice)

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert set(game.steps.values_list("actor", flat=True)) == {"bot"}
    assert game.steps.count() == game.step


def test_bots_answer_at_once_and_stop_when_a_human_must_decide(
    catalog, alice, play_one, base_kingdom, committed
):
    seats = ["me", "bmu", "smithy"]
    game = services.game_create(creator=alice, seats=seats, kingdom=base_kingdom)
    with committed():
        services.game_start(game=game, user=alice)
    game.refresh_from_db()

    for _ in range(20):
        assert {d["seat"] for d in game.decisions} == {0}, "bots never leave a decision open"
        assert game.seats.get(position=0).waiting_since is not None
        game = play_one(game)
        if game.status != GameStatus.RUNNING:
            break
    assert game.steps.filter(actor="bot").exists()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_bot_through_the_site_replays_identically(catalog, alice, committed, seed):
    kingdom = selectors.kingdom_random(rng=random.Random(seed))
    seats = ["random", "heuristic", "bmu"]
    game = services.game_create(creator=alice, seats=seats, kingdom=kingdom)

    with committed():
        services.game_start(game=game, user=alice)

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED, kingdom
    assert selectors.game_replays_identically(game), kingdom


def test_the_summary_of_a_finished_game_shows_scores_and_winner(client, running_game, play_to_end):
    game = play_to_end(running_game)
    client.force_login(game.creator)

    response = client.get(reverse("games:detail", args=[game.pk]))

    html = response.content.decode()
    assert response.status_code == 200
    assert "Finished" in html and "Winner" in html
    for score in game.result["scores"]:
        assert f"<td>{score}</td>" in html
