"""A deleted account leaves its games as a player who walked away would
(games/api/account_removal.py): a running 2-player game was left waiting for ever on a seat
with no user and no clock (nobody could answer it, nor claim it), and an open game it had
created could be neither started nor aborted."""

from __future__ import annotations

import pytest

from games import services
from games.api.endings import resigned_positions
from games.models import Game, GameStatus
from tests.web.conftest import BASE_KINGDOM

pytestmark = pytest.mark.django_db


def test_a_running_two_player_game_is_won_by_the_one_left(running_game, bob, play_one):
    play_one(running_game)
    bob.delete()
    game = Game.objects.get(pk=running_game.pk)
    assert game.status == GameStatus.FINISHED
    assert game.result["winners"] == [0] and game.result["resigned"] == [1]
    assert game.decisions == []


def test_in_a_three_player_game_the_bot_plays_the_seat_on(catalog, alice, bob, make_user):
    carol = make_user("carol")
    game = services.game_create(creator=alice, seats=["me", "open", "open"],
                                kingdom=BASE_KINGDOM)
    services.seat_join(game=game, user=bob)
    services.seat_join(game=game, user=carol)
    game = services.game_start(game=game, user=alice)
    carol.delete()
    game.refresh_from_db()
    assert game.status == GameStatus.RUNNING
    assert resigned_positions(game.pk) == [2]
    seat = game.seats.get(position=2)
    assert seat.user_id is None and seat.bot_strategy  # the bot answers it, on time


def test_open_games_are_called_off_or_left(open_game, alice, bob, make_user):
    carol = make_user("carol")
    theirs = services.game_create(creator=carol, seats=["me", "open", "open"],
                                  kingdom=BASE_KINGDOM)
    services.seat_join(game=theirs, user=bob)
    services.seat_join(game=open_game, user=carol)
    carol.delete()
    theirs.refresh_from_db()
    open_game.refresh_from_db()
    assert theirs.status == GameStatus.ABANDONED  # nobody could start or abort it
    assert open_game.status == GameStatus.OPEN  # alice's game: the seat is open again
    assert open_game.seats.get(position=1).is_open


def test_finished_games_are_left_as_they_were(running_game, alice, bob, play_to_end):
    finished = play_to_end(running_game)
    result = dict(finished.result)
    bob.delete()
    finished.refresh_from_db()
    assert finished.status == GameStatus.FINISHED and finished.result == result
