"""The game stream after an undo: the table the game went back to and played on is sent, even
when the step it reaches again is the one the stream sent last."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from games import selectors, services
from games.api import services as api_services
from games.api.routing import websocket_urlpatterns as api_sockets
from games.models import Game

pytestmark = pytest.mark.django_db(transaction=True)


def _answer(game: Game, end_at_once: bool):
    """The first decision's answer: play the treasures, or end the buy phase with none."""
    game.refresh_from_db()
    decision = game.decisions[0]
    assert decision["kind"] == "BuyPhase"
    answer = {"end": True} if end_at_once else {"play": "all"}
    return decision, answer


def _move(game_id: int, end_at_once: bool) -> None:
    game = Game.objects.get(pk=game_id)
    decision, answer = _answer(game, end_at_once)
    services.decision_submit(game_id=game_id, seat=decision["seat"],
                             decision_id=decision["id"], answer=answer, step=game.step)


def _take_back_and_move_again(game_id: int) -> None:
    """Both before the stream reads the game for the first of their broadcasts."""
    services.game_rewind(game_id=game_id, to_step=0, expected_step=1)
    _move(game_id, end_at_once=True)


def test_a_move_replayed_differently_after_an_undo_sends_the_new_state(running_game, alice):
    _, raw = api_services.token_create(user=alice, name="rewind")
    socket = WebsocketCommunicator(URLRouter(api_sockets),
                                   f"/ws/api/v1/games/{running_game.pk}/stream/",
                                   headers=[(b"authorization", f"Bearer {raw}".encode())])

    async def scenario() -> list[dict]:
        connected, _ = await socket.connect()
        assert connected
        states = [await socket.receive_json_from(timeout=10)]
        await database_sync_to_async(_move)(running_game.pk, False)
        states.append(await socket.receive_json_from(timeout=10))
        await database_sync_to_async(_take_back_and_move_again)(running_game.pk)
        while not await socket.receive_nothing(timeout=2):
            states.append(await socket.receive_json_from(timeout=10))
        await socket.disconnect()
        return states

    states = async_to_sync(scenario)()

    now = selectors.game_view(Game.objects.get(pk=running_game.pk), 0)
    assert [s["step"] for s in states[:2]] == [0, 1]
    assert states[-1]["step"] == 1
    assert states[-1]["view"]["turn"] == now["turn"]
    assert states[-1]["view"]["players"] == now["players"]
