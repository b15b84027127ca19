"""Every page and API read that lists seats, with a seat whose account was deleted (no user):
a running game the bot plays on for it, a finished one (rated), a replay, a record, the lobby,
my games, the leaderboard and profiles; games the deleted accounts created (no creator).
None may answer 5xx."""

from __future__ import annotations

import pytest
from django.test import Client

from games import services
from games.models import Game
from tests.web.conftest import BASE_KINGDOM

pytestmark = pytest.mark.django_db


@pytest.fixture
def games_with_a_departed_player(catalog, alice, bob, make_user, play_to_end):
    carol = make_user("carol")
    dave = make_user("dave")
    running = services.game_create(creator=carol, seats=["me", "open", "open"],
                                   kingdom=BASE_KINGDOM)
    services.seat_join(game=running, user=bob)
    services.seat_join(game=running, user=alice)
    running = services.game_start(game=running, user=carol)
    finished = services.game_create(creator=dave, seats=["me", "open"], kingdom=BASE_KINGDOM)
    services.seat_join(game=finished, user=alice)
    finished = play_to_end(services.game_start(game=finished, user=dave))
    two = services.game_create(creator=alice, seats=["me", "open"], kingdom=BASE_KINGDOM)
    services.seat_join(game=two, user=carol)
    two = services.game_start(game=two, user=alice)
    carol.delete()
    dave.delete()
    return [Game.objects.get(pk=g.pk) for g in (running, finished, two)]


def test_no_page_or_api_read_fails_on_a_seat_with_no_user(games_with_a_departed_player,
                                                          alice, bob, client_for):
    running, finished, two = games_with_a_departed_player
    assert running.status == "running" and two.status == "finished"
    assert finished.seats.filter(user__isnull=True).exists()
    pages = ["/", "/games/mine/", "/leaderboard/", "/players/alice/", "/api/v1/games/",
             "/api/v1/games/?filter=mine", "/api/v1/games/?filter=waiting",
             "/api/v1/games/?status=finished", "/api/v1/leaderboard/",
             "/api/v1/players/alice/", "/api/v1/challenges/"]
    for game in (running, finished, two):
        pages += [f"/games/{game.pk}/", f"/games/{game.pk}/play/",
                  f"/games/{game.pk}/play/live/", f"/games/{game.pk}/replay/",
                  f"/games/{game.pk}/social/", f"/api/v1/games/{game.pk}/",
                  f"/api/v1/games/{game.pk}/view/", f"/api/v1/games/{game.pk}/log/",
                  f"/api/v1/games/{game.pk}/decisions/", f"/api/v1/games/{game.pk}/record/",
                  f"/api/v1/games/{game.pk}/chat/", f"/api/v1/games/{game.pk}/undo/",
                  f"/api/v1/games/{game.pk}/rematch/"]
    browsers = {"alice": Client(), "anon": Client()}
    browsers["alice"].force_login(alice)
    api = {"alice": client_for(alice), "anon": Client()}
    failed = []
    for who in ("alice", "anon"):
        for url in pages:
            client = api[who] if url.startswith("/api/") else browsers[who]
            response = client.get(url)
            if response.status_code >= 500:
                failed.append((who, url, response.status_code))
    assert failed == []
