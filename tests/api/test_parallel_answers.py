"""Through the API: every open decision of a step answered at once (one client per player,
threads, each with the step it saw) is applied, none refused, with the same result as one by
one; a closed decision is a clean 409 that changes nothing."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.api import services as api_services
from games.models import GameStep
from tests.web.parallel import drive, outcome, position_game

pytestmark = pytest.mark.django_db(transaction=True)


def _clients(users) -> list[APIClient]:
    clients = []
    for user in users:
        client = APIClient()
        raw = api_services.token_create(user=user, name="player")[1]
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
        clients.append(client)
    return clients


def _submit(game_id: int, clients: list[APIClient]):
    def submit(decision: dict, answer, step: int):
        response = clients[decision["seat"]].post(
            f"/api/v1/games/{game_id}/answer/",
            {"decision": decision["id"], "answer": answer, "step": step}, format="json")
        if response.status_code != 200:
            return AssertionError(f"{response.status_code} {response.json()}")
        return response.json()

    return submit


@pytest.fixture(autouse=True)
def _no_quotas(settings) -> None:
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        "read": "100000/min", "write": "100000/min", "create_game": "100/hour"}}


@pytest.mark.parametrize("players", [3, 4])
def test_all_open_decisions_answered_at_once_through_the_api(catalog, make_user, players):
    users = [make_user(f"player{i}") for i in range(players)]
    clients = _clients(users)
    together = position_game(users[0], users[1:])
    one_by_one = position_game(users[0], users[1:])

    rounds = drive(together, _submit(together.pk, clients), together=True)
    drive(one_by_one, _submit(one_by_one.pk, clients), together=False)

    assert len(rounds) >= 2 and max(rounds) == players, rounds
    assert outcome(together) == outcome(one_by_one)


def test_a_closed_decision_is_a_clean_409(catalog, make_user):
    users = [make_user(f"player{i}") for i in range(3)]
    clients = _clients(users)
    game = position_game(users[0], users[1:])
    drive(game, _submit(game.pk, clients), together=True)
    answered = GameStep.objects.filter(game=game).exclude(seat=0).order_by("number").first()
    game.refresh_from_db()
    before = (game.step, game.snapshot, game.decisions)

    response = clients[answered.seat].post(
        f"/api/v1/games/{game.pk}/answer/",
        {"decision": answered.decision_id, "answer": answered.answer, "step": game.step},
        format="json")

    assert response.status_code == 409
    assert response.json()["code"] == "decision_closed"
    game.refresh_from_db()
    assert (game.step, game.snapshot, game.decisions) == before
