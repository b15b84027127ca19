"""The game page's socket under a flood of "have" frames: one table drawn, not one a frame.

A frame of a dozen bytes ({"have": -1}) made the socket draw and send the whole table again,
each time (some 30 ms of work for a 12-byte frame, open to any spectator of a listed game).
"""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync

from games.game_page import consumers
from tests.web.test_game_consumer import _socket

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_step_already_sent_is_not_drawn_again_however_often_asked(running_game, make_user,
                                                                   monkeypatch):
    drawn = []
    draw = consumers.render_live
    monkeypatch.setattr(consumers, "render_live", lambda *args: drawn.append(1) or draw(*args))
    socket = _socket(running_game, make_user("flooder"))

    async def scenario() -> list[dict]:
        connected, _ = await socket.connect()
        assert connected
        for _ in range(20):
            await socket.send_json_to({"have": -1})
        replies = []
        while not await socket.receive_nothing(timeout=1):
            replies.append(await socket.receive_json_from())
        await socket.disconnect()
        return replies

    replies = async_to_sync(scenario)()

    assert len(drawn) == 1
    assert [r["type"] for r in replies] == ["moved"] + ["at"] * 19
    assert all(r["step"] == running_game.step for r in replies)
