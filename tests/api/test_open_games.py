"""Open games: a cap on those an account created that have not started, and the sweep calls
off those nobody joined. One account could create 30 games an hour, each with open seats,
that stayed in the lobby for ever: the lobby shows the newest 100, so it filled in hours."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import selectors, services
from games.api.models import Challenge
from games.exceptions import TooManyOpenGames
from games.models import Game, GameStatus
from games.play import sweep
from games.play.models import Notification
from tests.at_once import at_once

pytestmark = pytest.mark.django_db


@pytest.fixture
def cap_of_two(settings):
    settings.MAX_OPEN_GAMES_PER_USER = 2


def _open(user, kingdom, seats=("me", "open")) -> Game:
    return services.game_create(creator=user, seats=list(seats), kingdom=kingdom)


def test_an_account_at_the_cap_creates_no_more_open_games(catalog, alice, bob, base_kingdom,
                                                          cap_of_two):
    first, _ = _open(alice, base_kingdom), _open(alice, base_kingdom)
    with pytest.raises(TooManyOpenGames) as refused:
        _open(alice, base_kingdom, seats=["me", "bmu"])  # not yet started: open too
    assert refused.value.detail == (
        "you have 2 games that have not started, the most an account may have (2): start one "
        "or call one off (abort) before creating another")
    assert Game.objects.filter(creator=alice).count() == 2
    _open(bob, base_kingdom)  # each account has its own cap
    services.seat_join(game=first, user=bob)
    services.game_start(game=first, user=alice)  # a started game frees a place
    assert _open(alice, base_kingdom).status == GameStatus.OPEN


def test_the_api_refuses_a_game_over_the_cap_with_409(catalog, as_alice, alice, base_kingdom,
                                                      cap_of_two):
    for _ in range(2):
        _open(alice, base_kingdom)
    refused = as_alice.post("/api/v1/games/", {"seats": ["me", "open"], "kingdom": base_kingdom},
                            format="json")
    assert refused.status_code == 409
    assert refused.json()["code"] == "too_many_open_games"
    assert "the most an account may have (2)" in refused.json()["detail"]
    assert Game.objects.filter(creator=alice).count() == 2


def test_a_challenge_over_the_cap_is_refused_with_409(catalog, as_alice, alice, bob,
                                                      base_kingdom, cap_of_two):
    for _ in range(2):
        _open(alice, base_kingdom)
    for body in ({"seats": ["me", "open"]}, {"seats": ["me", "open"], "username": "bob"}):
        refused = as_alice.post("/api/v1/challenges/", body, format="json")
        assert (refused.status_code, refused.json()["code"]) == (409, "too_many_open_games")
    assert not Challenge.objects.exists()
    assert Game.objects.filter(creator=alice).count() == 2


@pytest.mark.django_db(transaction=True)
def test_games_created_at_once_cannot_pass_the_cap_together(catalog, alice, base_kingdom,
                                                            cap_of_two):
    outcomes = at_once([lambda: _open(alice, base_kingdom)] * 6)
    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert len(outcomes) == 6, outcomes
    assert all(isinstance(o, TooManyOpenGames) for o in refused), refused
    assert Game.objects.filter(creator=alice).count() == 2 == 6 - len(refused)


# --- the sweep calls off open games nobody joined ----------------------------------------------


def _age(game: Game, days: float) -> None:
    """Backdate the game and its seats' joins (created_at is auto_now_add: set by update)."""
    then = timezone.now() - timedelta(days=days)
    Game.objects.filter(pk=game.pk).update(created_at=then)
    game.seats.filter(joined_at__isnull=False).update(joined_at=then)


def test_the_sweep_calls_off_an_open_game_nobody_joined_for_two_weeks(
        catalog, alice, bob, base_kingdom, committed):
    old, young = _open(alice, base_kingdom), _open(alice, base_kingdom)
    _age(old, 14.1)
    _age(young, 13.9)
    with committed():
        done = sweep.sweep()
    assert done["open_games_called_off"] == 1
    old.refresh_from_db()
    young.refresh_from_db()
    assert (old.status, young.status) == (GameStatus.ABANDONED, GameStatus.OPEN)
    assert old.revision == 1 and old.finished_at is not None
    assert list(selectors.games_lobby()) == [young]
    notice = Notification.objects.get(user=alice, game=old)
    assert (notice.kind, notice.text) == (
        "called_off", f"Game #{old.pk} was called off: nobody joined it for 14 days.")
    assert sweep.sweep()["open_games_called_off"] == 0


def test_a_recent_join_or_the_start_keeps_a_game(catalog, alice, bob, make_user, base_kingdom,
                                                 committed):
    joined = _open(alice, base_kingdom, seats=["me", "open", "open"])
    _age(joined, 20)
    services.seat_join(game=joined, user=bob)  # yesterday's players are still waiting
    started = _open(alice, base_kingdom)
    services.seat_join(game=started, user=make_user("carol"))
    services.game_start(game=started, user=alice)
    _age(started, 20)
    with committed():
        assert sweep.sweep()["open_games_called_off"] == 0
    assert set(Game.objects.values_list("status", flat=True)) == {GameStatus.OPEN,
                                                                  GameStatus.RUNNING}


def test_a_game_joined_since_it_was_listed_is_not_called_off(catalog, alice, bob, base_kingdom):
    game = _open(alice, base_kingdom)
    _age(game, 15)
    listed = selectors.open_games_idle(now=timezone.now())
    services.seat_join(game=game, user=bob)  # between the sweep's list and its call
    assert listed == [game.pk]
    assert services.open_game_call_off(game_id=game.pk, now=timezone.now()) is None
    game.refresh_from_db()
    assert game.status == GameStatus.OPEN


def test_a_called_off_game_frees_a_place_under_the_cap(catalog, alice, base_kingdom,
                                                       cap_of_two, committed):
    stale = _open(alice, base_kingdom)
    _open(alice, base_kingdom)
    _age(stale, 15)
    with committed():
        sweep.sweep()
    assert _open(alice, base_kingdom).status == GameStatus.OPEN
