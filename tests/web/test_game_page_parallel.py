"""On the game page, two players answering decisions that are open at the same time (Militia
discards) are both applied: the second click is not refused because of the first, and the
first move leaves the second player's form as it was (nothing to redraw under the pointer)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.game_page.views import render_live
from games.models import GameStep
from tests.web.parallel import policy, position_game

pytestmark = pytest.mark.django_db(transaction=True)

FORM = re.compile(r'<form id="decision-(d\d+)".*?</form>', re.S)


def _forms(client: Client, game) -> dict[str, str]:
    html = client.get(reverse("games:play", args=[game.pk])).content.decode()
    return {m.group(1): m.group(0) for m in FORM.finditer(html)}


def _decision_part(game, seat: int) -> str:
    """Seat's decision section as the socket pushes it (the part the page's script diffs)."""
    html = render_live(game, seat)
    return html[html.index('data-part="decision"'):html.index('data-part="hand"')]


def _post(client: Client, game, form: str, decision: dict):
    """Click the policy's answer in the form as drawn (card buttons or "decline")."""
    step = re.search(r'name="step" value="(\d+)"', form).group(1)
    answer = policy(decision)
    data = {"decision": decision["id"], "step": step}
    if answer:
        data["card"] = [str(card) for card in answer]
    else:
        data["decline"] = "1"
    return client.post(reverse("games:decide", args=[game.pk]), data,
                       HTTP_X_REQUESTED_WITH="fetch")


def test_two_players_answer_their_open_decisions_from_pages_drawn_before_either(
        catalog, make_user):
    users = [make_user(f"player{i}") for i in range(3)]
    game = position_game(users[0], users[1:])
    clients = []
    for user in users:
        client = Client()
        client.force_login(user)
        clients.append(client)
    while len(game.decisions) < 2:  # player 0 plays Villages, then Militia into a Moat
        decision = game.decisions[0]
        assert _post(clients[0], game, _forms(clients[0], game)[decision["id"]],
                     decision).status_code == 200
        game.refresh_from_db()
    first, second = sorted(game.decisions, key=lambda d: d["seat"])
    drawn = {d["seat"]: _forms(clients[d["seat"]], game)[d["id"]] for d in (first, second)}

    pushed = _decision_part(game, 2)
    assert _post(clients[1], game, drawn[1], first).json()["ok"] is True
    game.refresh_from_db()
    assert _decision_part(game, 2) == pushed  # what the socket pushes: seat 2's form unchanged
    reply = _post(clients[2], game, drawn[2], second)

    assert reply.status_code == 200 and reply.json()["ok"] is True, reply.json()
    assert set(GameStep.objects.filter(game=game).values_list("decision_id", flat=True)) >= {
        first["id"], second["id"]}
