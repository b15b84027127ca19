"""Resign, abort, claim a win: the table's rules as docs/api.md states them."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import jsonschema
import pytest

from games import services
from games.api.models import GameEnding, Resignation
from games.models import Game, GameStatus
from games.social.ratings import pair_score

pytestmark = pytest.mark.django_db

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "game-record.schema.json").read_text())


def _url(game: Game, what: str) -> str:
    return f"/api/v1/games/{game.pk}/{what}/"


def test_resigning_a_duel_gives_the_other_player_the_win(running_game, as_bob, as_alice,
                                                        committed):
    with committed():
        response = as_bob.post(_url(running_game, "resign"), format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["status"] == "finished"
    assert body["ending"] == {"reason": "resigned", "seat": 1}
    assert body["seats"][1]["resigned"] is True and body["seats"][0]["resigned"] is False
    running_game.refresh_from_db()
    assert running_game.result["winners"] == [0]
    assert running_game.result["resigned"] == [1]
    assert running_game.decisions == []
    # The engine still has a turn open, but nobody may answer it: no view offers it.
    for seat in (as_alice, as_bob):
        assert seat.get(_url(running_game, "view")).json()["pending"] == []
        assert seat.get(_url(running_game, "decisions")).json()["decisions"] == []
    record = as_alice.get(_url(running_game, "record")).json()
    jsonschema.Draft202012Validator(SCHEMA).validate(record)
    assert record["ending"] == {"reason": "resigned", "seat": 1}
    assert record["final_state"]["over"] is False
    assert record["final_state"]["pending"] == []


def test_a_resigned_seat_loses_its_ratings_pair():
    result = {"scores": [3, 30], "turns": [10, 10], "winners": [0], "resigned": [1]}
    assert pair_score(result, 0, 1) == 1.0 and pair_score(result, 1, 0) == 0.0


def test_in_three_players_the_bot_plays_a_resigned_seat_and_it_cannot_win(
        catalog, alice, bob, make_user, base_kingdom, client_for, play_to_end, committed):
    carol = make_user("carol")
    game = services.game_create(creator=alice, seats=["me", "open", "open"],
                                kingdom=base_kingdom)
    services.seat_join(game=game, user=bob)
    services.seat_join(game=game, user=carol)
    services.game_start(game=game, user=alice)
    with committed():
        response = client_for(carol).post(_url(game, "resign"), format="json")
    assert response.json()["status"] == "running"
    seat = response.json()["seats"][2]
    assert seat["resigned"] and seat["kind"] == "bot"
    again = client_for(carol).post(_url(game, "resign"), format="json")
    assert (again.status_code, again.json()["code"]) == (409, "already_resigned")
    with committed():
        play_to_end(game)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert 2 not in game.result["winners"] and game.result["resigned"] == [2]
    best = max((game.result["scores"][p], -game.result["turns"][p]) for p in (0, 1))
    assert all((game.result["scores"][p], -game.result["turns"][p]) == best
               for p in game.result["winners"])


def test_resign_refusals(running_game, client_for, make_user, play_to_end, as_alice, untouched):
    stranger = client_for(make_user("dave"))
    with untouched(running_game):
        response = stranger.post(_url(running_game, "resign"), format="json")
    assert (response.status_code, response.json()["code"]) == (403, "not_in_game")
    play_to_end(running_game)
    late = as_alice.post(_url(running_game, "resign"), format="json")
    assert (late.status_code, late.json()["code"]) == (409, "wrong_status")


def test_abort_before_the_first_move_abandons_the_game(running_game, as_bob, committed):
    with committed():
        response = as_bob.post(_url(running_game, "abort"), format="json")
    assert response.status_code == 200
    assert response.json()["status"] == "abandoned"
    assert response.json()["ending"] == {"reason": "aborted", "seat": 1}


def test_no_abort_after_a_person_moved(running_game, as_alice, play_one, untouched):
    play_one(running_game)
    with untouched(running_game):
        response = as_alice.post(_url(running_game, "abort"), format="json")
    assert (response.status_code, response.json()["code"]) == (409, "too_late")


def test_a_resigned_player_cannot_abort(catalog, alice, bob, make_user, base_kingdom,
                                         client_for, untouched, committed):
    """Before anyone has moved, a player who resigned (the bot plays their seat on) could
    still call the game off for the others."""
    carol = make_user("carol")
    game = services.game_create(creator=alice, seats=["me", "open", "open"],
                                kingdom=base_kingdom)
    services.seat_join(game=game, user=bob)
    services.seat_join(game=game, user=carol)
    services.game_start(game=game, user=alice)
    with committed():
        assert client_for(carol).post(_url(game, "resign"), format="json").status_code == 200

    with untouched(game):
        refused = client_for(carol).post(_url(game, "abort"), format="json")

    assert refused.status_code == 403
    assert refused.json() == {"code": "resigned",
                              "detail": "you have resigned from this game: the others decide "
                                        "whether it is called off"}
    assert not GameEnding.objects.filter(game=game).exists()
    with committed():
        aborted = client_for(bob).post(_url(game, "abort"), format="json")
    assert aborted.json()["ending"] == {"reason": "aborted", "seat": 1}


def test_an_open_game_is_aborted_by_its_creator_only(open_game, as_alice, client_for, bob):
    services.seat_join(game=open_game, user=bob)
    refused = client_for(bob).post(_url(open_game, "abort"), format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "not_allowed")
    assert as_alice.post(_url(open_game, "abort"), format="json").json()["status"] == "abandoned"


def _waiting_seat(game: Game) -> int:
    game.refresh_from_db()
    return game.decisions[0]["seat"]


def test_claim_needs_an_expired_clock(running_game, client_for, alice, bob, untouched,
                                      committed):
    late = _waiting_seat(running_game)
    claimant = client_for(bob if late == 0 else alice)
    with untouched(running_game):
        early = claimant.post(_url(running_game, "claim-win"), format="json")
    assert (early.status_code, early.json()["code"]) == (409, "nothing_to_claim")
    seat = running_game.seats.get(position=late)
    seat.waiting_since -= timedelta(days=running_game.time_limit_days, seconds=1)
    seat.save()
    with committed():
        won = claimant.post(_url(running_game, "claim-win"), format="json")
    assert won.status_code == 200, won.json()
    assert won.json()["status"] == "finished"
    assert won.json()["ending"] == {"reason": "claimed", "seat": 1 - late}
    running_game.refresh_from_db()
    assert running_game.result["winners"] == [1 - late]
    assert Resignation.objects.get(game=running_game).reason == "timeout"


def test_the_game_summary_has_clocks_and_deadlines(running_game, as_alice):
    body = as_alice.get(_url(running_game, "")[:-1]).json()
    waiting = _waiting_seat(running_game)
    assert body["seats"][waiting]["clock"]["deadline"]
    view = as_alice.get(_url(running_game, "view")).json()
    assert view["clocks"][waiting]["deadline"] == body["seats"][waiting]["clock"]["deadline"]
