"""Idempotency-Key: retries return the first response; races apply one answer only.

The race needs real transactions (transaction=True): on PostgreSQL the Game row lock
serializes the twenty requests, on SQLite the IMMEDIATE transaction mode does.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from games import services
from games.api.models import IdempotencyRecord
from games.exceptions import MAX_DETAIL
from games.models import GameStep
from tests.api.conftest import my_decision, simple_answer

THREADS = 20


def _answer_url(game) -> str:
    return f"/api/v1/games/{game.pk}/answer/"


# An answer to a decision that is not open: refused 409 (decision_closed), an outcome stored
# under its key (a 400, refused for its form, is not).
CLOSED = {"decision": "d999"}


def _body(game, seat: int = 0) -> dict:
    decision = my_decision(game, seat)
    return {"decision": decision["id"], "answer": simple_answer(decision), "step": game.step}


@pytest.fixture
def my_turn(catalog, alice, base_kingdom, committed):
    """Alice (seat 0) against a bot, her first decision open (the bot moved if it went first)."""
    game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom)
    with committed():
        services.game_start(game=game, user=alice)
    game.refresh_from_db()
    return game


@pytest.mark.django_db
def test_a_retry_with_the_same_key_returns_the_first_response(my_turn, as_alice, committed):
    body = _body(my_turn)
    with committed():
        first = as_alice.post(_answer_url(my_turn), body, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    steps = GameStep.objects.filter(game=my_turn).count()
    again = as_alice.post(_answer_url(my_turn), body, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json()
    assert GameStep.objects.filter(game=my_turn).count() == steps


@pytest.mark.django_db
def test_without_a_key_a_retry_finds_its_decision_closed(my_turn, as_alice, committed):
    body = _body(my_turn)
    with committed():
        as_alice.post(_answer_url(my_turn), body, format="json")
    again = as_alice.post(_answer_url(my_turn), body, format="json")
    assert again.status_code == 409
    assert again.json()["code"] == "decision_closed"


@pytest.mark.django_db
def test_the_same_key_with_another_body_is_422(my_turn, as_alice, untouched):
    body = _body(my_turn)
    as_alice.post(_answer_url(my_turn), {**body, **CLOSED}, format="json",
                  HTTP_IDEMPOTENCY_KEY="k2")
    with untouched(my_turn):
        response = as_alice.post(_answer_url(my_turn), body, format="json",
                                 HTTP_IDEMPOTENCY_KEY="k2")
    assert response.status_code == 422
    assert response.json()["code"] == "idempotency_key_reused"


@pytest.mark.django_db
def test_a_refusal_is_replayed_too(my_turn, as_alice, untouched):
    body = {**_body(my_turn), **CLOSED}
    with untouched(my_turn):
        first = as_alice.post(_answer_url(my_turn), body, format="json", HTTP_IDEMPOTENCY_KEY="k3")
        again = as_alice.post(_answer_url(my_turn), body, format="json", HTTP_IDEMPOTENCY_KEY="k3")
    assert first.status_code == again.status_code == 409
    assert again.json() == first.json()


@pytest.mark.django_db
def test_a_refusal_quoting_a_huge_answer_is_answered_and_stored_short(my_turn, as_alice,
                                                                       untouched):
    """The engine's reason quotes the answer ("cannot buy 'xxx...' now"): a 2 MB pile name
    made a 2 MB reply, stored for a day under its key (120 a minute: 240 MB a minute)."""
    decision = my_decision(my_turn, 0)
    huge = "x" * 2_000_000
    answer = {"buy": huge} if decision["kind"] == "BuyPhase" else huge
    body = {"decision": decision["id"], "answer": answer}
    with untouched(my_turn):
        refused = as_alice.post(_answer_url(my_turn), body, format="json",
                                HTTP_IDEMPOTENCY_KEY="huge")
    assert (refused.status_code, refused.json()["code"]) == (422, "illegal_answer")
    assert len(refused.json()["detail"]) <= MAX_DETAIL
    stored = IdempotencyRecord.objects.get(key="huge")
    assert len(str(stored.body)) < 1000


@pytest.mark.django_db
def test_a_body_refused_for_its_form_is_not_stored(my_turn, as_alice, committed):
    """As documented: a 400 is not kept, so the fixed body goes through with the same key
    (it was stored and replayed, and the fixed body was refused as the key reused)."""
    decision = my_decision(my_turn, 0)
    bad = {"decision": decision["id"], "answer": {"buy": ["not", "a", "name"]}}
    refused = as_alice.post(_answer_url(my_turn), bad, format="json", HTTP_IDEMPOTENCY_KEY="k4")
    assert (refused.status_code, refused.json()["code"]) == (400, "invalid_request")
    assert not IdempotencyRecord.objects.filter(key="k4").exists()
    with committed():
        fixed = as_alice.post(_answer_url(my_turn), _body(my_turn), format="json",
                              HTTP_IDEMPOTENCY_KEY="k4")
    assert fixed.status_code == 200, fixed.json()
    assert IdempotencyRecord.objects.get(key="k4").status_code == 200


@pytest.mark.django_db
def test_keys_belong_to_one_user(catalog, as_alice, as_bob, base_kingdom):
    body = {"seats": ["me", "bmu"], "kingdom": base_kingdom}
    first = as_alice.post("/api/v1/games/", body, format="json", HTTP_IDEMPOTENCY_KEY="same")
    second = as_bob.post("/api/v1/games/", body, format="json", HTTP_IDEMPOTENCY_KEY="same")
    assert first.status_code == second.status_code == 201
    assert first.json()["id"] != second.json()["id"]
    assert second.json()["creator"] == "bob"


@pytest.mark.django_db
def test_creating_a_game_twice_with_one_key_creates_one(catalog, as_alice, base_kingdom):
    body = {"seats": ["me", "bmu"], "kingdom": base_kingdom}
    first = as_alice.post("/api/v1/games/", body, format="json", HTTP_IDEMPOTENCY_KEY="g")
    again = as_alice.post("/api/v1/games/", body, format="json", HTTP_IDEMPOTENCY_KEY="g")
    assert again.json()["id"] == first.json()["id"]
    assert as_alice.get("/api/v1/games/").json()["count"] == 1


@pytest.mark.django_db
def test_an_overlong_key_is_400(my_turn, as_alice, untouched):
    with untouched(my_turn):
        response = as_alice.post(_answer_url(my_turn), _body(my_turn), format="json",
                                 HTTP_IDEMPOTENCY_KEY="x" * 300)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_idempotency_key"


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["a\x00b", "line\nbreak", "\x7f"])
def test_a_key_with_control_characters_is_400(my_turn, as_alice, untouched, key):
    """(PostgreSQL refuses a NUL in text: storing the key was a 500 there; the schema fuzz
    found it.)"""
    with untouched(my_turn):
        response = as_alice.post(_answer_url(my_turn), _body(my_turn), format="json",
                                 HTTP_IDEMPOTENCY_KEY=key)
    assert response.status_code == 400
    assert response.json() == {"code": "invalid_idempotency_key",
                               "detail": "Idempotency-Key cannot contain control characters"}


def _race(send) -> list:
    """Run send(i) in THREADS threads released together; return the responses in order."""
    barrier = threading.Barrier(THREADS)
    responses: list = [None] * THREADS

    def run(i: int) -> None:
        try:
            barrier.wait()
            responses[i] = send(i)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert all(r is not None for r in responses), "a request thread failed or hung"
    return responses


def _token_clients(as_alice) -> list[APIClient]:
    clients = []
    for _ in range(THREADS):  # one client per thread: APIClient is not thread-safe
        client = APIClient()
        client._credentials = dict(as_alice._credentials)
        clients.append(client)
    return clients


@pytest.mark.django_db(transaction=True)
def test_twenty_parallel_answers_with_different_keys_apply_once(my_turn, as_alice):
    body = _body(my_turn)
    clients = _token_clients(as_alice)
    responses = _race(lambda i: clients[i].post(
        _answer_url(my_turn), body, format="json", HTTP_IDEMPOTENCY_KEY=f"race-{i}"))
    codes = sorted(r.status_code for r in responses)
    assert codes == [200] + [409] * (THREADS - 1), [r.json() for r in responses]
    assert {r.json()["code"] for r in responses if r.status_code == 409} <= {
        "stale_step", "decision_closed"}
    assert GameStep.objects.filter(game=my_turn, actor="player").count() == 1


@pytest.mark.django_db(transaction=True)
def test_twenty_parallel_answers_with_one_key_get_one_response(my_turn, as_alice):
    body = _body(my_turn)
    clients = _token_clients(as_alice)
    responses = _race(lambda i: clients[i].post(
        _answer_url(my_turn), body, format="json", HTTP_IDEMPOTENCY_KEY="one-key"))
    bodies = {str(r.json()) for r in responses}
    assert [r.status_code for r in responses] == [200] * THREADS
    assert len(bodies) == 1
    assert GameStep.objects.filter(game=my_turn, actor="player").count() == 1
    assert IdempotencyRecord.objects.filter(key="one-key").count() == 1


@pytest.mark.django_db
def test_old_keys_are_purged(my_turn, as_alice, alice):
    from datetime import timedelta

    from django.utils import timezone

    from games.api import services as api_services

    as_alice.post(_answer_url(my_turn), {**_body(my_turn), **CLOSED}, format="json",
                  HTTP_IDEMPOTENCY_KEY="old")
    IdempotencyRecord.objects.update(created_at=timezone.now() - timedelta(days=2))
    assert api_services.idempotency_purge() == 1
    assert not IdempotencyRecord.objects.exists()


@pytest.mark.django_db
def test_beat_purges_old_keys_every_hour_and_keeps_fresh_ones(my_turn, as_alice, settings):
    from datetime import timedelta

    from django.utils import timezone

    from dominion_site.celery import app
    from games.api.tasks import api_purge

    for key in ("old", "fresh"):
        as_alice.post(_answer_url(my_turn), {**_body(my_turn), **CLOSED}, format="json",
                      HTTP_IDEMPOTENCY_KEY=key)
    IdempotencyRecord.objects.filter(key="old").update(
        created_at=timezone.now() - timedelta(days=2))

    assert api_purge.apply().get()["idempotency"] == 1  # as a worker runs it
    assert list(IdempotencyRecord.objects.values_list("key", flat=True)) == ["fresh"]
    entry = next(e for e in settings.CELERY_BEAT_SCHEDULE.values() if e["task"] == api_purge.name)
    assert entry["schedule"] <= 3600 and api_purge.name in app.tasks
