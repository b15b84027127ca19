"""The social panel on the game page, its forms (with and without JavaScript), and the pages."""

from __future__ import annotations

import pytest
from django.test import Client

from games.social import chat
from games.social.models import ChatMessage, Mute, Pool, Rating, SocialPreferences
from tests.social.conftest import first_seat

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_game_page_shows_the_chat_escaped(running_game, alice, bob):
    chat.chat_post(game=running_game, user=bob, body="<img src=x onerror=alert(1)> gg")
    page = _client(alice).get(f"/games/{running_game.pk}/play/").content.decode()
    assert 'id="social"' in page and 'id="chat-form"' in page
    assert "&lt;img src=x onerror=alert(1)&gt; gg" in page
    assert "<img src=x" not in page


def test_a_chat_line_is_isolated_from_what_follows_it(running_game, alice, bob):
    # A right-to-left override in a line reversed the rest of its row on the page (the mute
    # button after it): the author and the line are each in a <bdi>, as the script makes them.
    chat.chat_post(game=running_game, user=bob, body="gg \u202etxet")
    page = _client(alice).get(f"/games/{running_game.pk}/play/").content.decode()
    assert '<bdi class="chat-author">bob</bdi>' in page
    assert '<bdi class="chat-body">gg \u202etxet</bdi>' in page


def test_posting_chat_without_and_with_javascript(running_game, alice):
    client = _client(alice)
    url = f"/games/{running_game.pk}/chat/"
    plain = client.post(url, {"body": "hello"})
    assert plain.status_code == 302 and plain["Location"].endswith(
        f"/games/{running_game.pk}/play/#social")
    fetched = client.post(url, {"body": "again"}, HTTP_X_REQUESTED_WITH="fetch")
    assert fetched.status_code == 200 and fetched.json()["message"]["body"] == "again"
    empty = client.post(url, {"body": ""}, HTTP_X_REQUESTED_WITH="fetch")
    assert empty.status_code == 400 and empty.json()["ok"] is False
    assert ChatMessage.objects.count() == 2


def test_a_spectator_can_talk_but_strangers_cannot_post_anonymously(running_game, carol):
    url = f"/games/{running_game.pk}/chat/"
    assert Client().post(url, {"body": "hi"}).status_code == 302  # to the login page
    assert _client(carol).post(url, {"body": "hi"}).status_code == 302
    assert ChatMessage.objects.get().position is None


def test_undo_from_the_page(running_game, answer):
    seat = first_seat(running_game)
    game = answer(running_game, seat, {"play": "all"})
    client = _client(game.seats.get(position=seat).user)
    page = client.get(f"/games/{game.pk}/play/").content.decode()
    assert "Undo my last answer" in page
    done = client.post(f"/games/{game.pk}/undo/", {"to_step": 0, "step": 1}, follow=True)
    game.refresh_from_db()
    assert game.step == 0 and "Taken back." in done.content.decode()
    assert "took back 1 answer" in done.content.decode()


def test_an_undo_request_is_answered_from_the_page(running_game, answer):
    seat = first_seat(running_game)
    game = answer(answer(running_game, seat, {"play": "all"}), seat, {"buy": "Copper"})
    me = _client(game.seats.get(position=seat).user)
    other = _client(game.seats.get(position=1 - seat).user)
    assert "Ask to undo my last answer" in me.get(f"/games/{game.pk}/play/").content.decode()
    me.post(f"/games/{game.pk}/undo/", {"to_step": 1, "step": 2})
    page = other.get(f"/games/{game.pk}/play/").content.decode()
    assert "asks to take back 1 answer" in page and 'id="undo-allow"' in page
    request_id = game.undos.get().pk
    other.post(f"/games/{game.pk}/undo/{request_id}/answer/", {"accept": "1"})
    game.refresh_from_db()
    assert game.step == 1


@pytest.mark.parametrize("sent", [{}, {"accept": "yes"}, {"accept": "\u0661"}],
                         ids=["missing", "word", "arabic-one"])
def test_an_undo_answer_that_is_neither_1_nor_0_is_a_400_and_declines_nothing(
        running_game, answer, sent):
    seat = first_seat(running_game)
    game = answer(answer(running_game, seat, {"play": "all"}), seat, {"buy": "Copper"})
    _client(game.seats.get(position=seat).user).post(f"/games/{game.pk}/undo/",
                                                     {"to_step": 1, "step": 2})
    asked = game.undos.get()
    other = _client(game.seats.get(position=1 - seat).user)
    reply = other.post(f"/games/{game.pk}/undo/{asked.pk}/answer/", sent,
                       HTTP_X_REQUESTED_WITH="fetch")
    assert reply.status_code == 400 and "accept is 1 or 0" in reply.json()["error"]
    asked.refresh_from_db()
    assert asked.status == "pending" and asked.votes[str(1 - seat)] == "pending"


def test_a_rematch_answer_that_is_neither_1_nor_0_declines_nothing(running_game, finish,
                                                                    alice, bob):
    game = finish(running_game)
    _client(alice).post(f"/games/{game.pk}/rematch/", {"first_player_rule": "2e"})
    reply = _client(bob).post(f"/games/{game.pk}/rematch/answer/", {"accept": "on"},
                              follow=True)
    assert "accept is 1 or 0" in reply.content.decode()
    offer = game.rematch_offers.get()
    assert offer.status == "pending" and "declined" not in offer.answers.values()


def test_a_broken_undo_form_is_a_400(running_game, alice):
    reply = _client(alice).post(f"/games/{running_game.pk}/undo/", {"to_step": "x"},
                                HTTP_X_REQUESTED_WITH="fetch")
    assert reply.status_code == 400


@pytest.mark.parametrize("to_step", ["\u0660", " 0", "0_0", "-0", "9" * 19],
                         ids=["arabic-zero", "space", "underscore", "minus", "huge"])
def test_an_undo_step_that_is_not_ascii_digits_is_a_400(running_game, answer, to_step):
    seat = first_seat(running_game)
    game = answer(running_game, seat, {"play": "all"})
    client = _client(game.seats.get(position=seat).user)
    reply = client.post(f"/games/{game.pk}/undo/", {"to_step": to_step, "step": 1},
                        HTTP_X_REQUESTED_WITH="fetch")
    game.refresh_from_db()
    assert reply.status_code == 400 and game.step == 1 and not game.undos.exists()


def test_rematch_from_the_page(running_game, finish, alice, bob):
    game = finish(running_game)
    page = _client(alice).get(f"/games/{game.pk}/play/").content.decode()
    assert 'id="rematch-offer"' in page
    _client(alice).post(f"/games/{game.pk}/rematch/", {"first_player_rule": "2e"})
    assert 'id="rematch-accept"' in _client(bob).get(f"/games/{game.pk}/play/").content.decode()
    reply = _client(bob).post(f"/games/{game.pk}/rematch/answer/", {"accept": "1"})
    new_game = game.rematch_offers.get().new_game_id
    assert reply.status_code == 302 and reply["Location"] == f"/games/{new_game}/play/"


def test_the_panel_fragment_is_served_alone(running_game, carol):
    fragment = _client(carol).get(f"/games/{running_game.pk}/social/").content.decode()
    assert fragment.startswith('<section id="social"') and "Undo" not in fragment


def test_leaderboard_profile_mute_and_settings_pages(alice, bob):
    Rating.objects.create(user=alice, pool=Pool.DUEL, rating=1650, games=10, wins=6)
    board = Client().get("/leaderboard/").content.decode()
    assert 'href="/players/alice/"' in board and "1650" in board
    profile = _client(bob).get("/players/alice/").content.decode()
    assert "1650" in profile and "Mute their chat" in profile
    _client(bob).post("/players/alice/mute/", {"muted": "1"})
    assert Mute.objects.filter(user=bob, muted=alice).exists()
    assert Client().get("/players/nobody/").status_code == 404
    settings_page = _client(bob).get("/social/settings/").content.decode()
    assert "alice" in settings_page
    _client(bob).post("/social/settings/", {})
    assert SocialPreferences.objects.get(user=bob).notify_chat is False


def test_a_mute_redirect_stays_on_this_site(alice, bob):
    reply = _client(bob).post("/players/alice/mute/", {"muted": "1",
                                                       "next": "https://evil.example/"})
    assert reply["Location"] == "/players/alice/"


@pytest.mark.parametrize("target", ["true", "1e309", "games:lobby", "x" * 300, "?a=1"],
                         ids=["word", "number", "view-name", "long", "query"])
def test_a_mute_redirect_to_something_not_a_path_goes_to_the_profile(alice, bob, target):
    # A bare word was read by redirect() as a view's name: a 500, after the mute was saved.
    reply = _client(bob).post("/players/alice/mute/", {"muted": "1", "next": target})
    assert reply.status_code == 302 and reply["Location"] == "/players/alice/"
    assert Mute.objects.filter(user=bob, muted=alice).exists()


def test_the_rematch_form_counts_in_the_quota_for_creating_games(catalog, alice, base_kingdom,
                                                                 finish, settings):
    """A rematch against bots is dealt at once, so the form is no way around create_game."""
    from django.core.cache import cache

    from games import services

    cache.clear()
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "create_game": "1/hour"}}
    games = []
    for _ in range(2):
        game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom)
        games.append(finish(services.game_start(game=game, user=alice)))
    client = _client(alice)
    assert client.post(f"/games/{games[0].pk}/rematch/", {}).status_code == 302
    assert games[0].rematch_offers.get().new_game_id
    refused = client.post(f"/games/{games[1].pk}/rematch/", {},
                          HTTP_X_REQUESTED_WITH="fetch")
    assert refused.status_code == 429
    assert "as often as you may" in refused.json()["error"]
    assert not games[1].rematch_offers.exists()


def test_a_refused_rematch_offer_does_not_use_up_the_quota(catalog, alice, base_kingdom,
                                                           finish, settings):
    """Only an offer made counts in create_game: offers refused (a game not over, an unknown
    rule) leave the quota whole."""
    from games import services

    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "create_game": "1/hour"}}
    running = services.game_start(game=services.game_create(
        creator=alice, seats=["me", "bmu"], kingdom=base_kingdom), user=alice)
    done = finish(services.game_start(game=services.game_create(
        creator=alice, seats=["me", "bmu"], kingdom=base_kingdom), user=alice))
    client = _client(alice)
    fetch = {"HTTP_X_REQUESTED_WITH": "fetch"}
    assert client.post(f"/games/{running.pk}/rematch/", {}, **fetch).status_code == 409
    assert client.post(f"/games/{done.pk}/rematch/", {"first_player_rule": "3e"},
                       **fetch).status_code == 400

    dealt = client.post(f"/games/{done.pk}/rematch/", {}, **fetch)

    assert dealt.status_code == 200 and dealt.json()["new_game"]
