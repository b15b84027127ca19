"""What I see: /view/ (exactly game.view(seat)), /decisions/ (mine) and /log/ (redacted)."""

from __future__ import annotations

import pytest

from games import history, selectors

pytestmark = pytest.mark.django_db


ADDED = ("opened_step", "opened_by", "deadline")


def _whole(game):
    """The stored game with its whole log (the snapshot keeps none: games/history.py)."""
    game.refresh_from_db()
    return history.whole_table(game)


def _engine_view(game, seat):
    """The engine's view of the seat, its log cut where the API's recent log starts."""
    game.refresh_from_db()
    view = _whole(game).view(seat)
    first = selectors.game_view(game, seat)["log_from"]
    return {**view, "log": view["log"][first:], "log_from": first}


def _as_engine(view: dict) -> dict:
    """The API's view less what it adds (clocks, and each decision's origin and deadline)."""
    pending = [{k: v for k, v in d.items() if k not in ADDED} for d in view["pending"]]
    return {**{k: v for k, v in view.items() if k != "clocks"}, "pending": pending}


def test_my_view_is_exactly_the_engines_view_for_my_seat(running_game, as_alice, as_bob,
                                                           play_one):
    play_one(running_game)
    for client, seat in ((as_alice, 0), (as_bob, 1)):
        response = client.get(f"/api/v1/games/{running_game.pk}/view/")
        assert response.status_code == 200
        assert _as_engine(response.json()) == _engine_view(running_game, seat)


def test_a_spectator_gets_the_spectators_view(running_game, client_for, make_user):
    response = client_for(make_user("carol")).get(f"/api/v1/games/{running_game.pk}/view/")
    assert _as_engine(response.json()) == _engine_view(running_game, None)
    assert "hand" not in response.json()


def test_no_view_before_the_start(open_game, as_alice):
    response = as_alice.get(f"/api/v1/games/{open_game.pk}/view/")
    assert response.status_code == 409
    assert response.json()["code"] == "not_started"


def test_decisions_lists_only_mine(running_game, as_alice, as_bob):
    running_game.refresh_from_db()
    waiting = running_game.decisions[0]["seat"]
    for client, seat in ((as_alice, 0), (as_bob, 1)):
        body = client.get(f"/api/v1/games/{running_game.pk}/decisions/").json()
        assert body["seat"] == seat and body["step"] == running_game.step
        expected = [d for d in running_game.decisions if d["seat"] == seat]
        assert [{k: v for k, v in d.items() if k != "deadline"}
                for d in body["decisions"]] == expected
        assert all(d["deadline"] for d in body["decisions"])
        assert bool(expected) == (seat == waiting)


def test_a_spectator_has_no_decisions(running_game, client_for, make_user):
    body = client_for(make_user("carol")).get(f"/api/v1/games/{running_game.pk}/decisions/")
    assert body.json()["seat"] is None and body.json()["decisions"] == []


def test_the_log_is_redacted_for_me_and_full_after_the_end(running_game, as_alice, play_one,
                                                            play_to_end):
    for _ in range(6):
        play_one(running_game)
    body = as_alice.get(f"/api/v1/games/{running_game.pk}/log/").json()
    assert body["over"] is False
    assert body["events"] == _whole(running_game).view(0)["log"]
    play_to_end(running_game)
    body = as_alice.get(f"/api/v1/games/{running_game.pk}/log/?limit=1000").json()
    table = _whole(running_game)
    assert body["over"] is True
    assert body["events"] == table.log_for(None) == table.log_for(1)


def test_the_log_since(running_game, as_alice, play_one):
    for _ in range(3):
        play_one(running_game)
    full = as_alice.get(f"/api/v1/games/{running_game.pk}/log/").json()["events"]
    tail = as_alice.get(f"/api/v1/games/{running_game.pk}/log/?since=2").json()
    assert tail["since"] == 2 and tail["events"] == full[2:]
    bad = as_alice.get(f"/api/v1/games/{running_game.pk}/log/?since=-1")
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_parameter"


def test_a_private_game_is_404_to_strangers(catalog, alice, client_for, make_user, base_kingdom):
    from games import services

    game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom,
                                listed=False)
    services.game_start(game=game, user=alice)
    stranger = client_for(make_user("carol"))
    for part in ("", "view/", "decisions/", "log/", "record/"):
        response = stranger.get(f"/api/v1/games/{game.pk}/{part}")
        assert response.status_code == 404, part
        assert response.json()["code"] == "not_found"


@pytest.mark.parametrize("read", ["view", "decisions", "log"])
def test_a_polled_read_is_a_304_until_the_game_moves(running_game, as_alice, play_one, read):
    url = f"/api/v1/games/{running_game.pk}/{read}/"
    first = as_alice.get(url)
    tag = first["ETag"]
    assert first.status_code == 200 and tag

    again = as_alice.get(url, HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == tag
    assert "X-RateLimit-Remaining" in again  # a 304 is still a counted request

    play_one(running_game)
    moved = as_alice.get(url, HTTP_IF_NONE_MATCH=tag)
    assert moved.status_code == 200 and moved["ETag"] != tag
