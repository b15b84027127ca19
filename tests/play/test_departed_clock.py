"""The after-move job read a game's seats, then the account of the seat it waits for was
deleted (a rematch dealt just before the deletion): the clock it started for that seat pointed
at no account, an IntegrityError the job logged (and the rest of its work for the game lost).
It starts no clock for an account gone meanwhile."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games import aftermove
from games.models import Game
from games.play import services as play
from games.play.models import DecisionClock, Notification

# (no test transaction: the job runs in autocommit, where a row's foreign key is checked as
# it is written, as in production)
pytestmark = pytest.mark.django_db(transaction=True)


def test_a_seat_whose_account_went_since_the_seats_were_read_gets_no_clock(start_game, alice,
                                                                           bob):
    game = start_game([alice, bob])
    waiting = game.decisions[0]["seat"]
    DecisionClock.objects.filter(game=game).delete()  # a wait no clock times yet (just dealt)
    job_game, seats = aftermove._game_and_seats(game.pk)  # what the job read
    leaving = next(s.user for s in seats if s.position == waiting)
    get_user_model().objects.filter(pk=leaving.pk).delete()  # (committed meanwhile)

    play.game_moved_handle(game_id=game.pk, step=game.step, status=game.status,
                           decisions=game.decisions, now=timezone.now(), seats=seats,
                           revision=job_game.revision, game=job_game)

    assert not DecisionClock.objects.filter(user_id=leaving.pk).exists()
    assert not Notification.objects.filter(user_id=leaving.pk).exists()
    assert Game.objects.filter(pk=game.pk).exists()


def test_a_seat_whose_account_is_still_here_gets_its_clock(start_game, alice, bob):
    game = start_game([alice, bob])
    DecisionClock.objects.filter(game=game).delete()
    job_game, seats = aftermove._game_and_seats(game.pk)
    play.game_moved_handle(game_id=game.pk, step=game.step, status=game.status,
                           decisions=game.decisions, now=timezone.now(), seats=seats,
                           revision=job_game.revision, game=job_game)
    assert DecisionClock.objects.filter(game=game).count() == 1
