"""Refused answers leave the game exactly as it was."""

from __future__ import annotations

import pytest

from games import services
from games.exceptions import DecisionClosed, IllegalMove, StaleStep, WrongStatus
from games.models import GameStep


def _state(game):
    game.refresh_from_db()
    return (game.step, game.snapshot, game.decisions, game.status, GameStep.objects.count(),
            list(game.seats.values_list("waiting_since", flat=True)))


def test_a_stale_step_is_refused_and_the_game_is_unchanged(running_game, play_one):
    game = play_one(running_game)
    decision = game.decisions[0]
    before = _state(game)

    with pytest.raises(StaleStep) as refused:
        services.decision_submit(
            game_id=game.pk, seat=decision["seat"], decision_id=decision["id"], answer=None,
            step=game.step - 1,
        )

    assert refused.value.current == game.step
    assert refused.value.code == "stale_step"
    assert _state(game) == before


def test_an_illegal_answer_is_refused_with_the_engines_reason(running_game):
    game = running_game
    decision = game.decisions[0]
    before = _state(game)

    with pytest.raises(IllegalMove) as refused:
        services.decision_submit(
            game_id=game.pk, seat=decision["seat"], decision_id=decision["id"],
            answer={"nonsense": True}, step=game.step,
        )

    assert refused.value.detail
    assert _state(game) == before


def test_answering_another_seats_decision_is_refused(running_game):
    game = running_game
    decision = game.decisions[0]
    other = 1 - decision["seat"]
    before = _state(game)

    with pytest.raises(DecisionClosed):
        services.decision_submit(
            game_id=game.pk, seat=other, decision_id=decision["id"], answer=None, step=game.step
        )
    assert _state(game) == before


def test_no_move_is_accepted_before_the_start(open_game):
    with pytest.raises(WrongStatus):
        services.decision_submit(
            game_id=open_game.pk, seat=0, decision_id="d1", answer=None, step=0
        )
