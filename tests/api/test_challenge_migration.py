"""Challenges left pending by a game that moved on before the fixes that settle them
(games/api/migrations/0005_challenges_of_ended_games.py): a game called off before it was
dealt cancels its challenge, a game dealt accepts it, as games/api/challenges.py does now."""

from __future__ import annotations

import importlib
from datetime import timedelta
from typing import Any

import pytest
from django.apps import apps
from django.utils import timezone

from games.api import challenges
from games.api.models import Challenge
from games.models import Game, GameStatus
from tests.web.conftest import BASE_KINGDOM

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("games.api.migrations.0005_challenges_of_ended_games")


def _settle() -> dict[str, int]:
    return MIGRATION.settle_challenges_of_ended_games(apps, None)


def _challenge(challenger, invited, answer: str = Challenge.PENDING,
               **game_fields: Any) -> Challenge:
    """A challenge whose game then moves on as it could before the fixes: through update(),
    which no receiver hears, so the challenge keeps `answer`."""
    made = challenges.challenge_create(challenger=challenger, invited=invited,
                                       game_options={"kingdom": list(BASE_KINGDOM)})
    Game.objects.filter(pk=made.game_id).update(**game_fields)
    Challenge.objects.filter(pk=made.pk).update(status=answer)
    return made


def _state(challenge: Challenge) -> tuple[str, Any]:
    challenge.refresh_from_db()
    return challenge.status, challenge.answered_at


def test_stuck_challenges_are_settled_as_the_fixes_settle_them(catalog, alice, bob, make_user):
    carol = make_user("carol")
    long_ago = timezone.now() - timedelta(days=40)
    ended = long_ago + timedelta(days=10)
    called_off = _challenge(alice, bob, status=GameStatus.ABANDONED, finished_at=ended)
    swept_open = _challenge(carol, None, status=GameStatus.ABANDONED, finished_at=ended)
    running = _challenge(bob, None, status=GameStatus.RUNNING, started_at=long_ago)
    finished = _challenge(carol, alice, status=GameStatus.FINISHED, started_at=long_ago,
                          finished_at=ended)
    dealt_then_abandoned = _challenge(alice, carol, status=GameStatus.ABANDONED,
                                      started_at=long_ago, finished_at=ended)
    still_open = _challenge(bob, carol)
    declined = _challenge(carol, bob, answer=Challenge.DECLINED,
                          status=GameStatus.ABANDONED, finished_at=ended)

    assert _settle() == {"cancelled": 2, "accepted": 3}

    assert _state(called_off) == (Challenge.CANCELLED, ended)
    assert _state(swept_open) == (Challenge.CANCELLED, ended)
    assert _state(running) == (Challenge.ACCEPTED, long_ago)
    assert _state(finished) == (Challenge.ACCEPTED, long_ago)
    assert _state(dealt_then_abandoned) == (Challenge.ACCEPTED, long_ago)
    assert _state(still_open) == (Challenge.PENDING, None)
    assert _state(declined) == (Challenge.DECLINED, None)
    assert _settle() == {"cancelled": 0, "accepted": 0}  # a second run changes nothing


def test_a_settled_challenge_is_answered_as_closed(catalog, alice, bob, client_for):
    """Before: "this challenge is pending, no longer open"; after: what became of it."""
    stuck = _challenge(alice, bob, status=GameStatus.ABANDONED, finished_at=timezone.now())
    _settle()
    refused = client_for(bob).post(f"/api/v1/challenges/{stuck.pk}/accept/")
    assert refused.status_code == 409
    assert refused.json()["detail"] == "this challenge is cancelled, no longer open"


def test_going_back_changes_nothing():
    assert MIGRATION.Migration.operations[0].reverse_code is not None
    assert MIGRATION.Migration.operations[0].reversible
