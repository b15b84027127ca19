"""The social endpoints of the API: chat, mutes, rematch, undo, leaderboard, profiles."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.api import services as api_services
from games.models import Game
from games.social import chat, ratings
from games.social.models import ChatMessage, Pool, Rating, Undo
from tests.social.conftest import first_seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_for(db):
    def make(user) -> APIClient:
        _, raw = api_services.token_create(user=user, name="tests")
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
        return client

    return make


def test_chat_is_posted_and_read_as_plain_text(running_game, alice, bob, client_for):
    url = f"/api/v1/games/{running_game.pk}/chat/"
    said = client_for(alice).post(url, {"body": "<script>x</script> hi"}, format="json")
    assert said.status_code == 201
    assert said.json()["body"] == "<script>x</script> hi" and said.json()["seat"] == 0
    read = client_for(bob).get(url)
    assert read.status_code == 200
    assert [m["body"] for m in read.json()["messages"]] == ["<script>x</script> hi"]
    later = client_for(bob).get(url, {"after": said.json()["id"]})
    assert later.json()["messages"] == []


def test_chat_refusals_have_codes_and_change_nothing(running_game, alice, client_for,
                                                     settings):
    client = client_for(alice)
    url = f"/api/v1/games/{running_game.pk}/chat/"
    empty = client.post(url, {"body": "  "}, format="json")
    assert (empty.status_code, empty.json()["code"]) == (400, "invalid_message")
    missing = client.post(url, {}, format="json")
    assert (missing.status_code, missing.json()["code"]) == (400, "invalid_request")
    settings.SOCIAL_CHAT_RATE = (1, 60)
    assert client.post(url, {"body": "one"}, format="json").status_code == 201
    limited = client.post(url, {"body": "two"}, format="json")
    assert (limited.status_code, limited.json()["code"]) == (429, "throttled")
    assert int(limited.headers["Retry-After"]) >= 1
    assert ChatMessage.objects.count() == 1
    bad = client.get(url, {"after": "x"})
    assert (bad.status_code, bad.json()["code"]) == (400, "invalid_parameter")
    assert client.get("/api/v1/games/999999/chat/").status_code == 404


def test_mutes_hide_a_players_chat_from_the_muter(running_game, alice, bob, client_for):
    chat.chat_post(game=running_game, user=bob, body="spam")
    client = client_for(alice)
    muted = client.post("/api/v1/mutes/", {"username": "bob"}, format="json")
    assert muted.status_code == 200 and muted.json() == {"muted": ["bob"]}
    assert client.get("/api/v1/mutes/").json() == {"muted": ["bob"]}
    read = client.get(f"/api/v1/games/{running_game.pk}/chat/")
    assert read.json()["messages"] == []
    nobody = client.post("/api/v1/mutes/", {"username": "nobody"}, format="json")
    assert nobody.status_code == 404
    me = client.post("/api/v1/mutes/", {"username": "alice"}, format="json")
    assert me.status_code == 400
    client.post("/api/v1/mutes/", {"username": "bob", "muted": False}, format="json")
    assert len(client.get(f"/api/v1/games/{running_game.pk}/chat/").json()["messages"]) == 1


def test_the_creator_sets_the_spectator_chat_option(running_game, alice, bob, client_for):
    url = f"/api/v1/games/{running_game.pk}/chat/options/"
    refused = client_for(bob).post(url, {"spectator_chat_hidden": True}, format="json")
    assert refused.status_code == 403
    done = client_for(alice).post(url, {"spectator_chat_hidden": True}, format="json")
    assert done.json() == {"spectator_chat_hidden": True}
    read = client_for(bob).get(f"/api/v1/games/{running_game.pk}/chat/")
    assert read.json()["spectator_chat_hidden"] is True


def test_undo_through_the_api(running_game, answer, client_for):
    seat = first_seat(running_game)
    game = answer(running_game, seat, {"play": "all"})
    user = game.seats.get(position=seat).user
    client = client_for(user)
    url = f"/api/v1/games/{game.pk}/undo/"
    state = client.get(url).json()
    assert state["options"] == [{"to_step": 0, "count": 1, "free": True}]
    stale = client.post(url, {"to_step": 0, "step": 5}, format="json")
    assert (stale.status_code, stale.json()["code"], stale.json()["current_step"]) == (
        409, "conflict", 1)
    done = client.post(url, {"to_step": 0, "step": 1}, format="json")
    assert done.status_code == 200 and done.json()["status"] == "applied"
    game.refresh_from_db()
    assert game.step == 0
    history = client.get(url).json()["history"]
    assert [(h["from_step"], h["to_step"], h["kind"]) for h in history] == [(1, 0, "free")]


def test_an_undo_request_is_answered_through_the_api(running_game, answer, client_for):
    seat = first_seat(running_game)
    game = answer(running_game, seat, {"play": "all"})
    game = answer(game, seat, {"buy": "Copper"})
    me = client_for(game.seats.get(position=seat).user)
    other = client_for(game.seats.get(position=1 - seat).user)
    asked = me.post(f"/api/v1/games/{game.pk}/undo/", {"to_step": 1, "step": 2}, format="json")
    assert asked.status_code == 200 and asked.json()["status"] == "pending"
    assert asked.json()["votes"] == {str(1 - seat): "pending"}
    url = f"/api/v1/games/{game.pk}/undo/answer/"
    not_mine = me.post(url, {"request": asked.json()["id"], "accept": True}, format="json")
    assert not_mine.status_code == 403
    done = other.post(url, {"request": asked.json()["id"], "accept": True}, format="json")
    assert done.status_code == 200 and done.json()["status"] == "applied"
    assert Undo.objects.get().status == "applied"


def test_rematch_through_the_api(running_game, finish, alice, bob, client_for):
    game = finish(running_game)
    url = f"/api/v1/games/{game.pk}/rematch/"
    assert client_for(bob).get(url).json() == {"rematch": None}
    offered = client_for(alice).post(url, {"first_player_rule": "1e"}, format="json")
    assert offered.status_code == 201 and offered.json()["status"] == "pending"
    again = client_for(alice).post(url, {}, format="json")
    assert again.status_code == 409
    accepted = client_for(bob).post(f"{url}answer/", {"accept": True}, format="json")
    assert accepted.status_code == 200 and accepted.json()["status"] == "accepted"
    assert client_for(alice).get(url).json()["rematch"]["new_game"] == accepted.json()[
        "new_game"]


def test_leaderboard_and_profile(alice, bob, client_for):
    Rating.objects.create(user=alice, pool=Pool.DUEL, rating=1712.34, deviation=60, games=11,
                          wins=8)
    client = client_for(bob)
    board = client.get("/api/v1/leaderboard/", {"pool": "duel"}).json()
    assert board["entries"] == [{"rank": 1, "username": "alice", "name": "alice",
                                 "rating": 1712.3, "deviation": 60.0, "games": 11, "wins": 8,
                                 "provisional": False}]
    assert client.get("/api/v1/leaderboard/", {"pool": "solo"}).status_code == 400
    profile = client.get("/api/v1/players/alice/").json()
    assert profile["ratings"][0] == {"pool": "duel", "rating": 1712.3, "deviation": 60.0,
                                     "games": 11, "wins": 8, "provisional": False}
    assert profile["ratings"][1]["rating"] is None
    assert client.get("/api/v1/players/nobody/").status_code == 404


def test_the_event_stream_carries_chat_to_players_who_may_read_it(running_game, alice, bob,
                                                                   committed, monkeypatch):
    sent = []
    monkeypatch.setattr("games.broadcast.group_send", lambda group, msg: sent.append(
        (group, msg)))
    chat.mute_set(user=bob, other=alice, muted=True)
    with committed():
        chat.chat_post(game=running_game, user=alice, body="hello")
    streams = {group: msg for group, msg in sent if group.startswith("user-")}
    assert set(streams) == {f"user-{alice.pk}"}
    event = streams[f"user-{alice.pk}"]["events"][0]
    assert (event["type"], event["game"], event["message"]["body"]) == (
        "chat_message", running_game.pk, "hello")
    assert (f"social-{running_game.pk}", {"type": "social.chat", "game": running_game.pk,
                                          "id": event["message"]["id"]}) in sent


def test_a_username_with_a_nul_byte_is_no_player(alice, client_for):
    client = client_for(alice)
    assert client.get("/api/v1/players/al%00ice/").status_code == 400  # (no path has NUL)
    muted = client.post("/api/v1/mutes/", {"username": "b\x00b"}, format="json")
    assert muted.status_code in (400, 404)


def test_a_private_game_shows_in_a_profile_only_to_its_players(running_game, finish, alice,
                                                               bob, carol, client_for):
    """A private game's id, date, result and opponent stay with its players: the profile's
    history lists it to them only (its totals count it for everyone)."""
    Game.objects.filter(pk=running_game.pk).update(listed=False)
    game = finish(Game.objects.get(pk=running_game.pk))
    ratings.game_finished_record(game_id=game.pk)
    for viewer, sees in ((alice, True), (bob, True), (carol, False)):
        for name in ("alice", "bob"):
            found = client_for(viewer).get(f"/api/v1/players/{name}/").json()
            assert [h["game"] for h in found["history"]] == ([game.pk] if sees else [])
            assert found["games"] == 1
            browser = Client()
            browser.force_login(viewer)
            page = browser.get(f"/players/{name}/").content.decode()
            assert (f"/games/{game.pk}/" in page) is sees
    anonymous = Client().get("/players/alice/").content.decode()
    assert f"/games/{game.pk}/" not in anonymous
    Game.objects.filter(pk=game.pk).update(listed=True)
    found = client_for(carol).get("/api/v1/players/alice/").json()
    assert [h["game"] for h in found["history"]] == [game.pk]


def test_the_social_routes_answer_a_private_game_as_a_missing_one(running_game, carol,
                                                                   client_for):
    Game.objects.filter(pk=running_game.pk).update(listed=False)
    client = client_for(carol)
    for method, route in (("get", "chat/"), ("post", "chat/options/"), ("get", "rematch/"),
                          ("post", "rematch/answer/"), ("get", "undo/"),
                          ("post", "undo/answer/")):
        private = getattr(client, method)(f"/api/v1/games/{running_game.pk}/{route}",
                                          format="json")
        missing = getattr(client, method)(f"/api/v1/games/999999/{route}", format="json")
        assert (private.status_code, private.json()) == (missing.status_code, missing.json())
        assert private.status_code == 404


@pytest.fixture
def games_against_a_bot(catalog, alice, base_kingdom, finish):
    """Two finished games of alice against a bot: a rematch of one is dealt at once."""
    from games import services

    def finished() -> Game:
        game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom)
        return finish(services.game_start(game=game, user=alice))

    return [finished(), finished()]


def test_a_rematch_offer_counts_in_the_quota_for_creating_games(games_against_a_bot, alice,
                                                                client_for, settings):
    # A rematch against bots is dealt at once: resigning and offering again made a game every
    # few seconds, past the 30 an hour every other way of creating one is held to.
    from django.core.cache import cache

    cache.clear()
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "create_game": "1/hour"}}
    first, second = games_against_a_bot
    client = client_for(alice)
    dealt = client.post(f"/api/v1/games/{first.pk}/rematch/", {}, format="json")
    assert dealt.status_code == 201 and dealt.json()["new_game"]
    assert dealt.headers["RateLimit-Policy"].count("create_game") == 1
    refused = client.post(f"/api/v1/games/{second.pk}/rematch/", {}, format="json")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 60
    assert not second.rematch_offers.exists()
    assert client.get(f"/api/v1/games/{second.pk}/rematch/").status_code == 200  # a read


def test_a_refused_rematch_offer_does_not_use_up_the_quota(games_against_a_bot, alice,
                                                           client_for, settings):
    from django.core.cache import cache

    cache.clear()
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "create_game": "1/hour"}}
    first, second = games_against_a_bot
    client = client_for(alice)
    bad_rule = client.post(f"/api/v1/games/{first.pk}/rematch/", {"first_player_rule": "3e"},
                           format="json")
    assert bad_rule.status_code == 400
    assert '"create_game";r=1;' in bad_rule["RateLimit"]

    dealt = client.post(f"/api/v1/games/{first.pk}/rematch/", {}, format="json")
    assert dealt.status_code == 201 and dealt.json()["new_game"]
    assert '"create_game";r=0;' in dealt["RateLimit"]
    again = client.post(f"/api/v1/games/{first.pk}/rematch/", {}, format="json")
    assert again.status_code == 409  # already offered: refused before the quota
    assert client.post(f"/api/v1/games/{second.pk}/rematch/", {},
                       format="json").status_code == 429
