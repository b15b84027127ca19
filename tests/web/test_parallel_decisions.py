"""Independent decisions never refuse each other: every open decision of a step, answered at
once (threads, each with the step it saw), is applied, and the game ends up exactly as if they
had been answered one by one. A decision already closed still gets a clean conflict.

Needs real transactions, as tests/web/test_concurrency.py.
"""

from __future__ import annotations

import pytest

from games import services
from games.exceptions import DecisionClosed, StaleStep
from games.models import GameStep
from tests.web.parallel import drive, outcome, policy, position_game

pytestmark = pytest.mark.django_db(transaction=True)


def _submit(game_id: int):
    def submit(decision: dict, answer, step: int):
        return services.decision_submit(game_id=game_id, seat=decision["seat"],
                                        decision_id=decision["id"], answer=answer, step=step)

    return submit


@pytest.mark.parametrize("players", [3, 4])
def test_all_open_decisions_answered_at_once_are_all_applied(catalog, make_user, players):
    users = [make_user(f"player{i}") for i in range(players)]
    together = position_game(users[0], users[1:])
    one_by_one = position_game(users[0], users[1:])

    rounds = drive(together, _submit(together.pk), together=True)
    drive(one_by_one, _submit(one_by_one.pk), together=False)

    # Moats and Militia discards together, then every player's Masquerade pass together.
    assert len(rounds) >= 2 and max(rounds) == players, rounds
    assert outcome(together) == outcome(one_by_one)
    assert together.step == one_by_one.step
    log = outcome(together)[0]["log"]
    assert any('"type": "pass"' in e for e in log) and any('"Curse"' in e for e in log)


def test_a_closed_decision_is_still_refused_and_changes_nothing(catalog, make_user):
    users = [make_user(f"player{i}") for i in range(3)]
    game = position_game(users[0], users[1:])
    drive(game, _submit(game.pk), together=True)
    answered = GameStep.objects.filter(game=game).exclude(seat=0).order_by("number").first()
    game.refresh_from_db()
    before = (game.step, game.snapshot, game.decisions)

    with pytest.raises(DecisionClosed):
        services.decision_submit(game_id=game.pk, seat=answered.seat,
                                 decision_id=answered.decision_id, answer=answered.answer,
                                 step=game.step)
    game.refresh_from_db()
    assert (game.step, game.snapshot, game.decisions) == before


def test_step_checks_only_the_seats_own_picture(catalog, make_user):
    """A step older than the game's is fine while the seat's own decisions stayed the same;
    once they changed (a decision of its own opened since), the answer is stale."""
    users = [make_user(f"player{i}") for i in range(3)]
    game = position_game(users[0], users[1:])
    submit = _submit(game.pk)
    while len(game.decisions) < 2:  # player 0 plays Villages, then Militia
        submit(game.decisions[0], policy(game.decisions[0]), game.step)
        game.refresh_from_db()
    first, second = sorted(game.decisions, key=lambda d: d["seat"])
    seen = game.step
    submit(first, policy(first), seen)  # seat 1 reveals its Moat: seat 2 is untouched

    submit(second, policy(second), seen)  # seat 2 answers with the step it saw: applied
    game.refresh_from_db()
    mine = [d for d in game.decisions if d["seat"] == 0]
    assert mine and mine[0]["opened_step"] == game.step
    with pytest.raises(StaleStep):  # seat 0's picture of `seen` is out of date
        submit(mine[0], policy(mine[0]), seen)
    submit(mine[0], policy(mine[0]), None)  # no step: only "is it still open?" is asked
