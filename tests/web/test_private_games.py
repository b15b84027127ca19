"""A private game is indistinguishable from a missing one for anyone without a seat: the same
404, the same body, on every page and API endpoint; its invite link still lets people in."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games import services
from games.api import services as api_services
from games.models import Game, GameStatus

MISSING = 999_999


@pytest.fixture
def private_open(catalog, alice, base_kingdom) -> Game:
    return services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom,
                                listed=False)


@pytest.fixture
def private_running(catalog, alice, bob, base_kingdom) -> Game:
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom,
                                listed=False)
    services.seat_join(game=game, user=bob, invite_token=game.invite_token)
    return services.game_start(game=game, user=alice)


@pytest.fixture
def stranger(make_user):
    return make_user("mallory")


PAGE_POSTS = ["games:join", "games:leave", "games:start", "games:decide", "play:game_orders",
              "play:take_back", "play:presence"]
PAGE_GETS = ["games:detail", "games:play", "games:play_live"]


@pytest.mark.parametrize("game_fixture", ["private_open", "private_running"])
def test_pages_answer_a_private_game_exactly_as_a_missing_one(request, game_fixture, stranger):
    game = request.getfixturevalue(game_fixture)
    client = Client()
    client.force_login(stranger)

    for name in PAGE_GETS + PAGE_POSTS:
        send = client.post if name in PAGE_POSTS else client.get
        data = {"invite_token": "wrong", "step": "0", "decision": "d1"}
        private = send(reverse(name, args=[game.pk]), data)
        missing = send(reverse(name, args=[MISSING]), data)

        assert private.status_code == missing.status_code == 404, name
        assert private.content == missing.content, name
    game.refresh_from_db()
    assert not game.seats.filter(user=stranger).exists()


def _api(user) -> APIClient:
    _, raw = api_services.token_create(user=user, name="tests")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    return client


API_CALLS = [("get", ""), ("get", "view/"), ("get", "decisions/"), ("get", "log/"),
             ("get", "record/"), ("post", "join/"), ("post", "leave/"), ("post", "start/"),
             ("post", "answer/")]


@pytest.mark.parametrize("game_fixture", ["private_open", "private_running"])
def test_the_api_answers_a_private_game_exactly_as_a_missing_one(request, game_fixture,
                                                                  stranger):
    game = request.getfixturevalue(game_fixture)
    client = _api(stranger)
    body = {"invite_token": "wrong", "step": 0, "decision": "d1", "answer": []}

    for method, tail in API_CALLS:
        send = getattr(client, method)
        private = send(f"/api/v1/games/{game.pk}/{tail}", body, format="json")
        missing = send(f"/api/v1/games/{MISSING}/{tail}", body, format="json")

        assert private.status_code == missing.status_code == 404, tail
        assert private.json() == missing.json() == {"code": "not_found",
                                                    "detail": "no such game"}, tail


def test_the_invite_link_still_seats_whoever_holds_it(private_open, stranger):
    client = Client()
    client.force_login(stranger)

    assert client.get(reverse("games:invite", args=[private_open.invite_token])).status_code \
        == 200
    response = client.post(reverse("games:join", args=[private_open.pk]),
                           {"invite_token": private_open.invite_token})

    assert response.status_code == 302
    assert private_open.seats.filter(user=stranger).exists()
    assert client.get(reverse("games:detail", args=[private_open.pk])).status_code == 200


def test_the_api_join_takes_the_invite_token(private_open, stranger):
    joined = _api(stranger).post(f"/api/v1/games/{private_open.pk}/join/",
                                 {"invite_token": private_open.invite_token}, format="json")

    assert joined.status_code == 200 and joined.json()["my_seat"] == 1


def test_players_still_get_their_own_refusals(private_running, bob):
    """Once seated, a player sees the game's real answers (no reason to hide it from them)."""
    client = Client()
    client.force_login(bob)

    response = client.post(reverse("games:start", args=[private_running.pk]), follow=True)

    assert response.status_code == 200
    private_running.refresh_from_db()
    assert private_running.status == GameStatus.RUNNING
