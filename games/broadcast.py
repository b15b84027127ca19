"""Tell the sockets watching a game that it moved; each socket then fetches its own view.

The message carries only the game id and step, never a view, so one broadcast is safe for
every seat and spectator. Failures are logged, not raised: the move is already committed.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

# The ASGI server's event loop. The in-memory channel layer only delivers to consumers on the
# loop that owns its queues, so sends from the background thread are handed to that loop.
_server_loop: asyncio.AbstractEventLoop | None = None


def group_name(game_id: int) -> str:
    return f"game-{game_id}"


def game_moved(game_id: int, step: int, status: str) -> None:
    """Announce that `game_id` is now at `step`; call only after commit."""
    message = {"type": "game.moved", "game": game_id, "step": step, "status": status}
    try:
        group_send(group_name(game_id), message)
    except Exception:  # a broadcast must never undo or fail a committed move
        log.exception("broadcast to game %s failed", game_id)


def group_send(group: str, message: dict[str, Any]) -> None:
    """Send to a Channels group from sync code, on the server's loop when there is one."""
    layer = get_channel_layer()
    if layer is None:
        return
    loop = _server_loop
    if loop is not None and loop.is_running():
        future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
        future.result(timeout=10)
    else:
        async_to_sync(layer.group_send)(group, message)


class LoopRecorder:
    """ASGI wrapper that remembers the server's loop on the first connection."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        global _server_loop
        if _server_loop is None:
            _server_loop = asyncio.get_running_loop()
        await self.app(scope, receive, send)
