"""Tell the sockets watching a game that it moved; each socket then fetches its own view.

The message carries only the game id and step, never a view, so one broadcast is safe for
every seat and spectator. Failures are logged, not raised: the move is already committed.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

from games import channel_layer

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
    """Send to a Channels group from sync code, on the server's loop when there is one.

    Elsewhere (a Celery worker running the after-move job) channels_redis's layer is sent to
    with a blocking client, one per process, in two round trips (games.channel_layer); another
    shared layer from one long-lived loop per process, so its connections are reused across
    sends instead of being opened and closed by a fresh loop for every message.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    check_keys(message)
    loop = _server_loop
    if loop is None or not loop.is_running():
        if channel_layer.group_send_sync(layer, group, message):
            return
        loop = None if isinstance(layer, InMemoryChannelLayer) else _sender_loop()
    if loop is not None:
        future = asyncio.run_coroutine_threadsafe(
            channel_layer.group_send(layer, group, message), loop)
        future.result(timeout=10)
    else:
        async_to_sync(channel_layer.group_send)(layer, group, message)


def check_keys(message: Any, path: str = "message") -> None:
    """Refuse a dict key that is not a string anywhere in a message, at the sender.

    channels_redis unpacks with msgpack's strict map keys: an int key (a seat number, say)
    would crash every receiving socket instead (it did, twice). The in-memory layer would
    deliver it, so the check is here, for every layer, where a test sees it.
    """
    if isinstance(message, dict):
        for key, value in message.items():
            if not isinstance(key, str):
                raise TypeError(f"{path} has a {type(key).__name__} key {key!r}: "
                                "channel-layer messages take string keys only")
            if isinstance(value, (dict, list, tuple)):
                check_keys(value, f"{path}[{key!r}]")
    elif isinstance(message, (list, tuple)):
        for index, value in enumerate(message):
            if isinstance(value, (dict, list, tuple)):
                check_keys(value, f"{path}[{index}]")


_sender: tuple[int, asyncio.AbstractEventLoop] | None = None
_sender_lock = threading.Lock()


def _sender_loop() -> asyncio.AbstractEventLoop:
    """This process's own sending loop, on a daemon thread (made anew after a fork)."""
    global _sender
    with _sender_lock:
        if _sender is None or _sender[0] != os.getpid():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="channel-layer-sender",
                             daemon=True).start()
            _sender = (os.getpid(), loop)
        return _sender[1]


class LoopRecorder:
    """ASGI wrapper that remembers the server's loop on the first connection."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        global _server_loop
        if _server_loop is None:
            _server_loop = asyncio.get_running_loop()
        await self.app(scope, receive, send)
