"""/api/v1/games/: list with filters, create (the lobby's options), join, leave, start."""

from __future__ import annotations

import pytest

from games import services
from games.models import Game, GameStatus, Kingdom

pytestmark = pytest.mark.django_db


def _ids(response) -> list[int]:
    assert response.status_code == 200, response.json()
    return [game["id"] for game in response.json()["results"]]


def test_create_against_a_bot_with_a_random_kingdom(catalog, as_alice):
    response = as_alice.post("/api/v1/games/", {"seats": ["me", "bmu"]}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["status"] == "open" and body["my_seat"] == 0 and body["creator"] == "alice"
    assert len(body["kingdom"]) == 10
    assert [seat["kind"] for seat in body["seats"]] == ["user", "bot"]


def test_create_with_every_lobby_option(catalog, as_alice, base_kingdom):
    response = as_alice.post("/api/v1/games/", {
        "seats": ["open", "me", "smithy"], "kingdom": base_kingdom, "edition": 1,
        "shelters": False, "time_limit_days": 7, "listed": False, "vp_counter": True},
        format="json")
    assert response.status_code == 201, response.json()
    game = Game.objects.get(pk=response.json()["id"])
    assert game.setup["edition"] == 1 and game.setup["shelters"] is False
    assert game.time_limit_days == 7 and not game.listed
    assert game.vp_counter and response.json()["vp_counter"] is True
    assert response.json()["invite_token"] == game.invite_token


def test_create_from_a_recommended_kingdom(catalog, as_alice):
    kingdom = Kingdom.objects.filter(playable=True, recommended=True).first()
    response = as_alice.post("/api/v1/games/", {"seats": ["me", "bmu"], "kingdom_id": kingdom.pk},
                             format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["kingdom"] == kingdom.cards


def test_create_refuses_a_bad_kingdom_with_the_services_reason(catalog, as_alice, base_kingdom):
    response = as_alice.post("/api/v1/games/", {
        "seats": ["me", "bmu"], "kingdom": [*base_kingdom[:9], "Cellar"]}, format="json")
    assert response.status_code == 400
    assert response.json() == {"code": "invalid_setup", "detail": "Cellar appears more than once"}
    assert not Game.objects.exists()


@pytest.mark.parametrize("body, field", [
    ({"seats": ["me"]}, "seats"),
    ({"seats": ["me", "bmu"], "edition": 3}, "edition"),
    ({"seats": ["me", "bmu"], "kingdom_id": 999999}, "kingdom_id"),
    ({}, "seats"),
])
def test_create_names_the_bad_field(catalog, as_alice, body, field):
    response = as_alice.post("/api/v1/games/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_request"
    assert field in response.json()["errors"]


def test_create_refuses_an_unknown_bot(catalog, as_alice):
    response = as_alice.post("/api/v1/games/", {"seats": ["me", "skynet"]}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_setup"


def test_list_filters(catalog, alice, bob, as_alice, base_kingdom, committed, play_to_end):
    mine_open = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    lobby = services.game_create(creator=bob, seats=["me", "open"], kingdom=base_kingdom)
    running = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    services.seat_join(game=running, user=bob)
    with committed():
        services.game_start(game=running, user=alice)
    finished = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    services.seat_join(game=finished, user=bob)
    services.game_start(game=finished, user=alice)
    play_to_end(finished)
    running.refresh_from_db()
    waiting = [running.pk] if running.seats.get(position=0).waiting_since else []

    assert sorted(_ids(as_alice.get("/api/v1/games/"))) == sorted(
        [mine_open.pk, running.pk, finished.pk])
    assert _ids(as_alice.get("/api/v1/games/?filter=mine")) == _ids(as_alice.get("/api/v1/games/"))
    assert _ids(as_alice.get("/api/v1/games/?filter=open")) == [lobby.pk, mine_open.pk]
    assert _ids(as_alice.get("/api/v1/games/?filter=finished")) == [finished.pk]
    assert _ids(as_alice.get("/api/v1/games/?filter=waiting")) == waiting


def test_list_is_paginated(catalog, alice, as_alice, base_kingdom):
    for _ in range(3):
        services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    body = as_alice.get("/api/v1/games/?limit=2").json()
    assert body["count"] == 3 and len(body["results"]) == 2 and body["next"]


def test_an_unknown_filter_is_400(as_alice):
    response = as_alice.get("/api/v1/games/?filter=everything")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_filter"


def test_join_leave_start(open_game, as_alice, as_bob):
    url = f"/api/v1/games/{open_game.pk}"
    joined = as_bob.post(f"{url}/join/", {}, format="json")
    assert joined.status_code == 200 and joined.json()["my_seat"] == 1
    assert as_bob.post(f"{url}/leave/").json()["my_seat"] is None
    as_bob.post(f"{url}/join/")
    started = as_alice.post(f"{url}/start/")
    assert started.status_code == 200, started.json()
    assert started.json()["status"] == "running"


def test_join_errors(open_game, as_alice, as_bob, client_for, make_user):
    url = f"/api/v1/games/{open_game.pk}/join/"
    assert as_alice.post(url).json()["code"] == "seat_unavailable"
    as_bob.post(url)
    full = client_for(make_user("carol")).post(url)
    assert full.status_code == 409 and full.json()["code"] == "seat_unavailable"


def test_a_private_game_needs_its_invite_token(catalog, alice, as_bob, base_kingdom):
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom,
                                listed=False)
    url = f"/api/v1/games/{game.pk}/join/"
    refused = as_bob.post(url, {"invite_token": "wrong"}, format="json")
    missing = as_bob.post("/api/v1/games/999999/join/", {"invite_token": "wrong"}, format="json")
    assert refused.status_code == missing.status_code == 404  # no hint that the game exists
    assert refused.json() == missing.json() == {"code": "not_found", "detail": "no such game"}
    assert as_bob.get(f"/api/v1/games/{game.pk}/").status_code == 404
    joined = as_bob.post(url, {"invite_token": game.invite_token}, format="json")
    assert joined.status_code == 200


def test_only_the_creator_starts_and_only_once(open_game, as_alice, as_bob):
    url = f"/api/v1/games/{open_game.pk}"
    early = as_alice.post(f"{url}/start/")
    assert early.status_code == 409 and early.json()["code"] == "seat_unavailable"
    as_bob.post(f"{url}/join/")
    not_creator = as_bob.post(f"{url}/start/")
    assert not_creator.status_code == 403 and not_creator.json()["code"] == "not_allowed"
    as_alice.post(f"{url}/start/")
    again = as_alice.post(f"{url}/start/")
    assert again.status_code == 409 and again.json()["code"] == "wrong_status"


def test_leaving_after_the_start_is_409(running_game, as_bob):
    response = as_bob.post(f"/api/v1/games/{running_game.pk}/leave/")
    assert response.status_code == 409
    assert response.json()["code"] == "wrong_status"
    assert running_game.seats.get(position=1).user is not None


def test_the_last_human_leaving_abandons_the_game(catalog, alice, as_alice, base_kingdom):
    game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom)
    response = as_alice.post(f"/api/v1/games/{game.pk}/leave/")
    assert response.json()["status"] == GameStatus.ABANDONED


def test_a_game_summary_never_shows_the_seed(running_game, as_alice):
    body = as_alice.get(f"/api/v1/games/{running_game.pk}/")
    assert body.status_code == 200
    assert running_game.seed not in body.content.decode()
    assert body.json()["invite_token"] is None
