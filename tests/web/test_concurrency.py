"""Twenty requests answer the same decision at once: exactly one is applied.

Needs real transactions: on PostgreSQL the Game row lock (select_for_update) serializes them;
on SQLite the IMMEDIATE transaction mode takes the database write lock at BEGIN instead.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from games import selectors, services
from games.exceptions import GameConflict
from games.models import Game, GameStep

THREADS = 20


@pytest.mark.django_db(transaction=True)
def test_twenty_identical_answers_apply_exactly_once(catalog, alice, base_kingdom):
    game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom)
    services.game_start(game=game, user=alice)
    game.refresh_from_db()
    decision = game.decisions[0]
    seat = game.seats.get(position=0)
    seat.bot_strategy = "bmu"
    answer = selectors.bot_answer_for(game, seat, decision["id"])
    step = game.step

    outcomes = _race(lambda: services.decision_submit(
        game_id=game.pk, seat=0, decision_id=decision["id"], answer=answer, step=step
    ))

    applied = [o for o in outcomes if not isinstance(o, Exception)]
    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert len(applied) == 1
    assert len(refused) == THREADS - 1
    assert all(isinstance(exc, GameConflict) for exc in refused), refused
    assert GameStep.objects.filter(game=game, decision_id=decision["id"]).count() == 1
    assert GameStep.objects.filter(game=game, number=step + 1, actor="player").count() == 1


def _race(action) -> list:
    """Run `action` in THREADS threads released together; collect results or exceptions."""
    barrier = threading.Barrier(THREADS)
    outcomes: list = []
    lock = threading.Lock()

    def run() -> None:
        try:
            barrier.wait()
            result = action()
        except Exception as exc:  # collected and asserted on by the test
            result = exc
        finally:
            connection.close()
        with lock:
            outcomes.append(result)

    threads = [threading.Thread(target=run) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert len(outcomes) == THREADS, "a thread hung"
    return outcomes


@pytest.mark.django_db(transaction=True)
def test_the_row_lock_is_taken_on_databases_that_have_one(catalog, alice, base_kingdom):
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    from django.db import transaction
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries, transaction.atomic():
        Game.objects.select_for_update().get(pk=game.pk)
    sql = " ".join(q["sql"] for q in queries.captured_queries)
    if connection.features.has_select_for_update:
        assert "FOR UPDATE" in sql
    else:
        assert connection.vendor == "sqlite"
