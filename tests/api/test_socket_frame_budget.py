"""Frames a client may send a socket: a burst, then a few a second; faster closes it (4429).

No socket limited its client's frames. The game page's {"have": 999999, "ping": true} is a
database read on the one thread all sockets' reads share: twelve such sockets (one account,
or one anonymous spectator, on one listed game) flooding a real server held a game stream's
handshake and first state 1.3 s (3.6 s at worst; 25 ms otherwise), and 2,200 pongs a second
per event stream socket took the event loop's time from everyone else.
"""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from games import safejson
from games.game_page import consumers as page
from tests.api.test_hostile_bodies import _every_socket
from tests.web.test_game_consumer import _first_move, _socket

pytestmark = pytest.mark.django_db(transaction=True)

BURST = 5


@pytest.fixture(autouse=True)
def _small_budget(settings) -> None:
    settings.WS_MESSAGES_BURST = BURST
    settings.WS_MESSAGES_PER_SECOND = 1


async def _flood(socket: WebsocketCommunicator, frame: str, frames: int) -> tuple[list, dict]:
    """Send `frames` frames at once: (the replies, the close); the consumer must end
    cleanly (the communicator raises what it raised)."""
    connected, _ = await socket.connect()
    assert connected
    for _ in range(frames):
        await socket.send_to(text_data=frame)
    replies = []
    while True:
        output = await socket.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            await socket.disconnect()
            return replies, output
        replies.append(output)


def test_every_socket_closes_with_4429_on_a_flood_answering_only_its_budget(running_game,
                                                                           alice):
    frame = '{"type": "ping", "have": 999999, "ping": true}'  # (each socket's own question)

    for socket in _every_socket(running_game, alice):
        replies, closed = async_to_sync(_flood)(socket, frame, BURST * 4)

        assert closed["code"] == safejson.CLOSE_TOO_MANY
        assert "too many messages" in closed["reason"]
        answers = [r for r in replies if '"pong"' in r.get("text", "")
                   or '"at"' in r.get("text", "")]
        assert len(answers) <= BURST


def test_the_game_page_reads_the_game_once_a_second_however_often_asked(
        running_game, alice, settings, monkeypatch):
    """Within the budget too: under load the server reads a socket's frames no faster than it
    answers them, so a budget counted as they are read never ran out, and each frame was a
    read on the thread all sockets share. A move is read at once."""
    settings.WS_MESSAGES_PER_SECOND = 0
    reads = []
    state = page.GameConsumer.__dict__["_state"]  # (database_sync_to_async's wrapper)

    async def counted(self):
        reads.append(1)
        return await state(self)

    monkeypatch.setattr(page.GameConsumer, "_state", counted)
    mover, move = _first_move(running_game)
    socket = _socket(running_game, alice)

    async def scenario() -> list[dict]:
        connected, _ = await socket.connect()
        assert connected
        for _ in range(50):
            await socket.send_json_to({"have": running_game.step, "ping": True})
        answers = [await socket.receive_json_from(timeout=5) for _ in range(50)]
        await move()
        pushed = await socket.receive_json_from(timeout=10)
        await socket.send_json_to({"have": pushed["step"], "ping": True})
        answers.append(await socket.receive_json_from(timeout=5))
        await socket.disconnect()
        return answers

    answers = async_to_sync(scenario)()

    assert answers[:50] == [{"type": "at", "step": running_game.step, "status": "running"}] * 50
    assert answers[50]["step"] == running_game.step + 1
    assert len(reads) == 2  # the first frame's, and the first after the move


def test_a_client_within_the_budget_is_never_closed(monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(safejson.time, "monotonic", lambda: clock[0])
    budget = safejson.FrameBudget(rate=1, burst=BURST)

    assert all(budget.spend() for _ in range(BURST))
    assert not budget.spend()
    for _ in range(100):  # then one a second, for ever
        clock[0] += 1
        assert budget.spend()
    clock[0] += 3600  # an idle hour gives back the burst, no more
    assert all(budget.spend() for _ in range(BURST))
    assert not budget.spend()


def test_a_rate_of_zero_is_no_limit():
    budget = safejson.FrameBudget(rate=0, burst=0)

    assert all(budget.spend() for _ in range(10_000))
