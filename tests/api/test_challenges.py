"""Challenges (a named player or anyone) and bot accounts."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.test import Client

from games.api.events import user_group
from games.api.models import Challenge
from games.models import Game, GameStatus, Seat

pytestmark = pytest.mark.django_db


def _challenge(client, **body):
    return client.post("/api/v1/challenges/", {"seats": ["me", "open"], **body}, format="json")


def test_a_named_challenge_is_private_and_accepting_deals_the_game(as_alice, as_bob, bob,
                                                                   client_for, make_user,
                                                                   catalog, committed):
    with committed():
        made = _challenge(as_alice, username="bob")
    assert made.status_code == 201, made.json()
    challenge = made.json()
    assert (challenge["invited"], challenge["status"]) == ("bob", "pending")
    game = Game.objects.get(pk=challenge["game"])
    assert game.listed is False and game.status == GameStatus.OPEN
    assert as_bob.get("/api/v1/challenges/").json()["incoming"][0]["id"] == challenge["id"]
    stranger = client_for(make_user("carol"))
    refused = stranger.post(f"/api/v1/challenges/{challenge['id']}/accept/")
    assert refused.status_code == 404  # a named challenge is invisible to others
    with committed():
        accepted = as_bob.post(f"/api/v1/challenges/{challenge['id']}/accept/")
    assert accepted.json()["status"] == "accepted"
    game.refresh_from_db()
    assert game.status == GameStatus.RUNNING
    again = as_bob.post(f"/api/v1/challenges/{challenge['id']}/accept/")
    assert (again.status_code, again.json()["code"]) == (409, "challenge_closed")


def test_a_named_challenges_seat_is_kept_for_the_invited_player(as_alice, as_bob, client_for,
                                                                 make_user, catalog):
    """The challenger sees the game's invite token (it is their game): passed on, it must not
    seat anyone but the invited player, through the API or the invite link."""
    challenge = _challenge(as_alice, username="bob").json()
    token = as_alice.get(f"/api/v1/games/{challenge['game']}/").json()["invite_token"]
    assert token
    carol = make_user("carol")
    refused = client_for(carol).post(f"/api/v1/games/{challenge['game']}/join/",
                                     {"invite_token": token}, format="json")
    assert refused.status_code == 403 and "kept for the player" in refused.json()["detail"]
    browser = Client()
    browser.force_login(carol)
    assert browser.get(f"/invite/{token}/").status_code == 200
    joined = browser.post(f"/games/{challenge['game']}/join/", {"invite_token": token},
                          follow=True)
    assert b"kept for the player" in joined.content
    game = Game.objects.get(pk=challenge["game"])
    assert not game.seats.filter(user=carol).exists()
    accepted = as_bob.post(f"/api/v1/challenges/{challenge['id']}/accept/")
    assert accepted.json()["status"] == "accepted"


def test_declining_calls_the_game_off(as_alice, as_bob, catalog, committed):
    challenge = _challenge(as_alice, username="bob").json()
    with committed():
        declined = as_bob.post(f"/api/v1/challenges/{challenge['id']}/decline/")
    assert declined.json()["status"] == "declined"
    assert Game.objects.get(pk=challenge["game"]).status == GameStatus.ABANDONED


def test_the_challenger_can_cancel(as_alice, bob, catalog):
    challenge = _challenge(as_alice, username="bob").json()
    cancelled = as_alice.post(f"/api/v1/challenges/{challenge['id']}/decline/")
    assert cancelled.json()["status"] == "cancelled"


def test_an_open_challenge_is_accepted_by_anyone(as_alice, client_for, make_user, catalog):
    challenge = _challenge(as_alice).json()
    assert challenge["invited"] is None
    carol = client_for(make_user("carol"))
    assert carol.get("/api/v1/challenges/").json()["open"][0]["id"] == challenge["id"]
    assert carol.post(f"/api/v1/challenges/{challenge['id']}/accept/").json()[
        "status"] == "accepted"


def test_an_open_challenge_joined_from_the_lobby_is_answered_as_accepted(
        as_alice, client_for, make_user, catalog):
    """Its game is listed, so the lobby's join takes its seats too: the last one deals the
    game and accepts the challenge (it stayed pending, listed as open though full)."""
    challenge = _challenge(as_alice, seats=["me", "open", "open"]).json()
    game = challenge["game"]
    carol, dave = (client_for(make_user(name)) for name in ("carol", "dave"))

    assert carol.post(f"/api/v1/games/{game}/join/").status_code == 200
    assert Challenge.objects.get(pk=challenge["id"]).status == Challenge.PENDING
    assert Game.objects.get(pk=game).status == GameStatus.OPEN

    assert dave.post(f"/api/v1/games/{game}/join/").status_code == 200
    assert Challenge.objects.get(pk=challenge["id"]).status == Challenge.ACCEPTED
    assert Game.objects.get(pk=game).status == GameStatus.RUNNING
    assert carol.get("/api/v1/challenges/").json()["open"] == []


@pytest.mark.parametrize("body, status, code", [
    ({"username": "nobody"}, 404, "not_found"),
    ({"username": "alice"}, 403, "not_allowed"),
    ({"username": "bob", "seats": ["me", "bmu"]}, 403, "not_allowed"),
    ({"username": "bob", "colour": "red"}, 400, "invalid_request"),
    # a second open seat could never be taken: the game would wait for ever
    ({"username": "bob", "seats": ["me", "open", "open"]}, 403, "not_allowed"),
])
def test_bad_challenges_are_refused(as_alice, bob, catalog, body, status, code):
    response = _challenge(as_alice, **body)
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert not Game.objects.exists()


def test_the_invited_player_gets_a_challenge_event(as_alice, bob, catalog, committed):
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(user_group(bob.pk), channel)
    with committed():
        challenge = _challenge(as_alice, username="bob").json()
    message = async_to_sync(layer.receive)(channel)
    event = message["events"][0]
    assert event["type"] == "challenge" and event["challenge"]["id"] == challenge["id"]
    assert event["game"] == challenge["game"] and event["v"] == 1


def test_a_bot_account_is_marked_and_shown(as_alice, alice, bob, as_bob, catalog):
    marked = as_bob.post("/api/v1/me/bot-account/", {"bot": True, "description": "BM"},
                         format="json")
    assert marked.json() == {"bot": True, "description": "BM"}
    assert as_bob.get("/api/v1/me/").json()["bot_account"] is True
    game = as_bob.post("/api/v1/games/", {"seats": ["me", "open"]}, format="json").json()
    assert game["seats"][0]["bot_account"] is True and game["seats"][0]["username"] == "bob"
    listed = as_alice.get("/api/v1/games/?filter=open").json()["results"][0]
    assert listed["seats"][0]["bot_account"] is True
    lobby = Client().get("/").content.decode()
    assert "bot-account" in lobby
    as_bob.post("/api/v1/me/bot-account/", {"bot": False}, format="json")
    assert as_bob.get("/api/v1/me/").json()["bot_account"] is False


def test_a_bot_accounts_description_may_not_hide_characters(as_bob, bob, catalog):
    refused = as_bob.post("/api/v1/me/bot-account/",
                          {"bot": True, "description": "plays \u202eMB"}, format="json")
    assert refused.status_code == 400 and "U+202E" in str(refused.json())
    assert as_bob.get("/api/v1/me/").json()["bot_account"] is False


def test_a_player_who_muted_you_does_not_get_your_challenges(as_alice, alice, bob, catalog):
    from games.api.models import Challenge
    from games.social.models import Mute

    Mute.objects.create(user=bob, muted=alice)
    refused = _challenge(as_alice, username="bob")
    assert refused.status_code in (403, 409, 422)
    assert "does not take challenges from you" in refused.json()["detail"]
    assert not Challenge.objects.exists()
    Mute.objects.all().delete()
    assert _challenge(as_alice, username="bob").status_code == 201


# --- a challenge whose game is called off ends with it ----------------------------------------


def _listening(user):
    """Listen to `user`'s account stream: a function giving the `challenge` events sent since."""
    import asyncio

    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(user_group(user.pk), channel)

    async def drain() -> list[dict]:
        events = []
        while True:
            try:
                message = await asyncio.wait_for(layer.receive(channel), 0.2)
            except TimeoutError:
                return [e for e in events if e["type"] == "challenge"]
            events.extend(message["events"])

    return async_to_sync(drain)


def test_an_open_challenge_whose_game_the_sweep_called_off_is_cancelled(
        as_alice, alice, client_for, make_user, catalog, committed):
    """The sweep calls off open games nobody joined: the challenge stayed pending, and
    accepting it said "this challenge is pending, no longer open"."""
    from datetime import timedelta

    from django.utils import timezone

    from games.play import sweep

    challenge = _challenge(as_alice).json()
    Game.objects.filter(pk=challenge["game"]).update(
        created_at=timezone.now() - timedelta(days=15))
    Seat.objects.filter(game_id=challenge["game"]).update(
        joined_at=timezone.now() - timedelta(days=15))
    told = _listening(alice)

    with committed():
        assert sweep.sweep()["open_games_called_off"] == 1

    row = Challenge.objects.get(pk=challenge["id"])
    assert row.status == Challenge.CANCELLED and row.answered_at is not None
    assert [e["challenge"]["status"] for e in told()] == ["cancelled"]
    refused = client_for(make_user("carol")).post(f"/api/v1/challenges/{challenge['id']}/accept/")
    assert (refused.status_code, refused.json()["code"]) == (409, "challenge_closed")
    assert "cancelled" in refused.json()["detail"]


def test_a_challenge_whose_game_is_aborted_is_cancelled_and_the_invited_player_told(
        as_alice, as_bob, bob, catalog, committed):
    challenge = _challenge(as_alice, username="bob").json()
    told = _listening(bob)
    with committed():
        assert as_alice.post(f"/api/v1/games/{challenge['game']}/abort/").status_code == 200

    assert Challenge.objects.get(pk=challenge["id"]).status == Challenge.CANCELLED
    assert [e["challenge"]["status"] for e in told()] == ["cancelled"]
    assert as_bob.post(f"/api/v1/challenges/{challenge['id']}/accept/").status_code == 409


def test_a_challenge_whose_challenger_left_its_game_is_cancelled(as_alice, bob, catalog,
                                                                committed):
    challenge = _challenge(as_alice, username="bob").json()
    with committed():
        assert as_alice.post(f"/api/v1/games/{challenge['game']}/leave/").status_code == 200
    assert Game.objects.get(pk=challenge["game"]).status == GameStatus.ABANDONED
    assert Challenge.objects.get(pk=challenge["id"]).status == Challenge.CANCELLED


def test_a_declined_challenge_stays_declined_and_is_told_once(as_alice, as_bob, alice, catalog,
                                                              committed):
    """The decline calls the game off itself: the challenger hears of it once, as declined."""
    challenge = _challenge(as_alice, username="bob").json()
    told = _listening(alice)
    with committed():
        as_bob.post(f"/api/v1/challenges/{challenge['id']}/decline/")
    assert Challenge.objects.get(pk=challenge["id"]).status == Challenge.DECLINED
    assert [e["challenge"]["status"] for e in told()] == ["declined"]


def test_accepting_before_the_cancel_is_recorded_names_the_called_off_game(
        as_alice, as_bob, bob, catalog):
    """Between the call-off's commit and its after-move job, the challenge is still pending:
    a 409 that says why, not "pending, no longer open"."""
    challenge = _challenge(as_alice, username="bob").json()
    assert as_alice.post(f"/api/v1/games/{challenge['game']}/abort/").status_code == 200
    refused = as_bob.post(f"/api/v1/challenges/{challenge['id']}/accept/")
    assert (refused.status_code, refused.json()["code"]) == (409, "challenge_closed")
    assert refused.json()["detail"] == ("this challenge's game is abandoned: the challenge is "
                                        "no longer open")
