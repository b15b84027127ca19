"""What a replay page costs: the game's record is replayed at most once per request."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

import engine
from games.models import GameStatus


@pytest.fixture
def replays(monkeypatch) -> list[int]:
    """One entry per replay started (every replay deals the game again with new_game)."""
    started: list[int] = []
    deal = engine.new_game
    monkeypatch.setattr(engine, "new_game", lambda *a, **k: started.append(1) or deal(*a, **k))
    return started


def test_a_replay_page_replays_the_game_once(client, running_game, play_to_end, make_user,
                                             replays):
    game = play_to_end(running_game)
    assert game.status == GameStatus.FINISHED
    client.force_login(make_user("carol"))
    replays.clear()  # (the game's end checks its record)
    response = client.get(reverse("games:replay", args=[game.pk]), {"step": 7})
    assert response.status_code == 200
    assert response.context["turns"] and response.context["chart"]  # all three from one pass
    assert len(replays) == 1


def test_a_running_game_replays_once_too(client, running_game, play_one, replays):
    game = running_game
    for _ in range(6):
        game = play_one(game)
    client.force_login(game.seats.get(position=0).user)
    replays.clear()
    url = reverse("games:replay", args=[game.pk])
    assert client.get(url, {"step": 3}).status_code == 200
    assert len(replays) == 1
    assert client.get(url, {"step": 4}).status_code == 200
    assert len(replays) == 2  # the turns and the chart's rows of this state are cached


def test_a_finished_game_replayed_again_costs_no_replay(client, running_game, play_to_end,
                                                        make_user, replays):
    game = play_to_end(running_game)
    client.force_login(make_user("carol"))
    url = reverse("games:replay", args=[game.pk])
    first = client.get(url, {"step": 9})
    replays.clear()
    again = client.get(url, {"step": 9})
    assert len(replays) == 0  # the frame, the turns and the chart's rows all cached
    for key in ("view", "players", "hand", "log", "turns", "nav", "chart"):
        assert again.context[key] == first.context[key], key
    assert client.get(url, {"step": 9, "seat": 1}).status_code == 200
    assert len(replays) == 1  # another seat's view: one replay, cached in its turn
    assert client.get(url, {"step": 9, "seat": 1}).status_code == 200
    assert len(replays) == 1


def _hand_ids(context) -> list[int]:
    return sorted(c["id"] for group in context["hand"] or () for c in group["copies"])


def test_a_spectator_after_a_seat_never_gets_the_seats_hand(client, running_game, play_one,
                                                           make_user):
    game = running_game
    for _ in range(5):
        game = play_one(game)
    url = reverse("games:replay", args=[game.pk])
    client.force_login(game.seats.get(position=0).user)
    as_seat = client.get(url, {"step": 4}).context
    assert as_seat["me"] == 0 and _hand_ids(as_seat)  # alice's own hand, as she saw it
    client.force_login(make_user("carol"))
    as_spectator = client.get(url, {"step": 4}).context
    assert as_spectator["me"] is None and as_spectator["hand"] is None
    assert all("hand_cards" not in p for p in as_spectator["players"])
    assert "hand_title" not in as_spectator


def test_a_finished_games_cached_frames_keep_each_seats_view(client, running_game, play_to_end,
                                                            make_user):
    """Frames are cached per seat shown: whoever asks next gets the seat they asked for."""
    game = play_to_end(running_game)
    url = reverse("games:replay", args=[game.pk])
    client.force_login(make_user("carol"))
    fresh = {seat: _hand_ids(client.get(url, {"step": 8, "seat": seat}).context)
             for seat in (0, 1)}
    playing = client.get(url, {"step": 8}).context
    client.force_login(game.seats.get(position=0).user)
    mine = client.get(url, {"step": 8}).context
    assert mine["me"] == 0 and _hand_ids(mine) == fresh[0]
    assert _hand_ids(client.get(url, {"step": 8, "seat": 1}).context) == fresh[1]
    assert _hand_ids(playing) == fresh[playing["me"]]


def _replay_rate(settings, rate: str) -> None:
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "replay": rate}}


def test_replay_pages_are_rate_limited_per_account(client, running_game, make_user, settings,
                                                   replays):
    _replay_rate(settings, "3/min")
    url = reverse("games:replay", args=[running_game.pk])
    client.force_login(make_user("carol"))
    assert [client.get(url, {"step": n}).status_code for n in range(3)] == [200] * 3
    replays.clear()

    over = client.get(url, {"step": 3})

    assert over.status_code == 429 and int(over["Retry-After"]) >= 1
    assert "try again in 1 minute" in over.content.decode()
    assert replays == []  # refused before any replay
    client.force_login(make_user("dave"))  # another account has its own quota
    assert client.get(url).status_code == 200


def test_visitors_are_rate_limited_per_address(client, running_game, settings):
    _replay_rate(settings, "2/min")
    url = reverse("games:replay", args=[running_game.pk])  # a listed game: visitors may look
    assert [client.get(url).status_code for _ in range(3)] == [200, 200, 429]
    assert client.get(url, REMOTE_ADDR="192.0.2.7").status_code == 200



def test_replay_pages_say_where_their_quota_stands_as_the_api_does(client, running_game,
                                                                  make_user, settings):
    """The `replay` quota's figures in the API's rate-limit fields, on each replay page and
    its 429 (only Retry-After said anything, and only once refused)."""
    _replay_rate(settings, "2/min")
    url = reverse("games:replay", args=[running_game.pk])
    client.force_login(make_user("carol"))

    first, second, over = (client.get(url) for _ in range(3))

    assert first["RateLimit-Policy"] == '"replay";q=2;w=60'
    assert first["RateLimit"].startswith('"replay";r=1;t=')
    assert (first["X-RateLimit-Limit"], first["X-RateLimit-Remaining"],
            first["X-RateLimit-Scope"]) == ("2", "1", "replay")
    assert 1 <= int(first["X-RateLimit-Reset"]) <= 60
    assert second["X-RateLimit-Remaining"] == "0"
    assert over.status_code == 429
    assert over["X-RateLimit-Remaining"] == "0" and over["RateLimit-Policy"] == '"replay";q=2;w=60'
    assert abs(int(over["X-RateLimit-Reset"]) - int(over["Retry-After"])) <= 1
    visitor = Client().get(url, REMOTE_ADDR="192.0.2.9")  # a visitor: counted by address
    assert visitor["X-RateLimit-Remaining"] == "1"
    assert "RateLimit" not in client.get(reverse("games:detail", args=[running_game.pk]))


def test_a_links_numbers_are_ascii_digits_or_the_default(client, running_game, play_to_end):
    """"١" (an Arabic-Indic one) was read as step 1; only ASCII digits name a step."""
    game = play_to_end(running_game)
    url = reverse("games:replay", args=[game.pk])
    assert client.get(url, {"step": "3"}).context["step"] == 3
    for odd in ("١", " 3", "3_0", "-0", "x"):
        assert client.get(url, {"step": odd}).context["step"] == game.step, odd
    assert client.get(url, {"step": "99999999999999999999"}).context["step"] == game.step
