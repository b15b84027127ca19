"""ws/api/v1/games/<id>/stream/: one game's stream for a seat (or a spectator of a listed game).

Authenticated as the event stream (header, subprotocol, ticket or session; closed when the
token is revoked). Sends a `state` on connect and after every change of the game, a `chat`
for each line the user may read, and a `keepalive` when nothing happened for a while; answers
{"type": "ping"} with a `pong`. Closes (1000) after the state that says the game ended.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from games import broadcast
from games.api import stream
from games.api.consumers import (
    CLOSE_BAD_REQUEST,
    CLOSE_FORBIDDEN,
    CLOSE_UNAUTHENTICATED,
    SocketAuthMixin,
    socket_query,
)
from games.api.events import EVENT_VERSION
from games.safejson import SafeJsonMixin
from games.seating import Seating

CLOSE_TIME_UP = 1001  # RFC 6455 "going away": the client reconnects


class GameStreamConsumer(SocketAuthMixin, SafeJsonMixin, AsyncJsonWebsocketConsumer):
    groups_joined: list[str]
    keepalive: asyncio.Task | None = None
    last_sent: float = 0.0  # loop time of the last message (a keep-alive follows a quiet spell)

    async def send_json(self, content: Any, close: bool = False) -> None:
        self.last_sent = asyncio.get_running_loop().time()
        await super().send_json(content, close)

    async def connect(self) -> None:
        self.groups_joined = []
        query = socket_query(self.scope)
        if query is None or "token" in query:
            await self.close(code=CLOSE_BAD_REQUEST)
            return
        self.game_id = int(self.scope["url_route"]["kwargs"]["pk"])
        self.user, self.token_id = await self._authenticate(query)
        if self.user is None:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        allowed, position = await database_sync_to_async(stream.access)(
            self.game_id, self.user)
        self.seating = Seating(self.user, position)
        if not allowed:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        if not await self.admit(self.user, self.game_id):
            return
        self.tracker = stream.Tracker()
        self.groups_joined = [broadcast.group_name(self.game_id),
                              stream.social_group(self.game_id)]
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self._watch_token(self.user)
        await self._accept()
        await self._send_state()
        self.last_sent = asyncio.get_running_loop().time()
        self.keepalive = asyncio.ensure_future(self._keep_alive())

    async def disconnect(self, code: int) -> None:
        self.release()
        if self.keepalive is not None:
            self.keepalive.cancel()
        await self._unwatch_token()
        for group in self.groups_joined:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive_json(self, content, **kwargs) -> None:
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"v": EVENT_VERSION, "type": "pong"})

    async def game_moved(self, message: dict) -> None:
        await self._send_state()

    async def social_chat(self, message: dict) -> None:
        line = await database_sync_to_async(stream.chat_message)(
            self.game_id, message["id"], self.seating)
        if line is not None:
            await self.send_json(line)
        elif not self.seating.allowed:
            await self.close(code=CLOSE_FORBIDDEN)

    async def social_chat_hidden(self, message: dict) -> None:
        """Staff hid a line: clients that could read it drop it (by id)."""
        notice = await database_sync_to_async(stream.chat_message)(
            self.game_id, message["id"], self.seating, hidden=True)
        if notice is not None:
            await self.send_json(notice)

    async def social_changed(self, message: dict) -> None:
        return None  # rematch and table options: the account event stream says so

    async def social_undo(self, message: dict) -> None:
        return None  # an applied undo also moves the game: a new state follows

    async def _send_state(self) -> None:
        state = await database_sync_to_async(stream.state_message)(self.game_id, self.seating)
        if not self.seating.allowed:  # a private game's former player: nothing more to see
            await self.close(code=CLOSE_FORBIDDEN)
            return
        if not self.tracker.news(state):
            return
        await self.send_json(state)
        if self.tracker.ended:
            await self.close(code=1000)

    async def _keep_alive(self) -> None:
        """A keep-alive after API_STREAM_KEEPALIVE_SECONDS without a message (as the NDJSON
        stream's blank line), and the end of the stream's time (API_STREAM_MAX_SECONDS, as
        the NDJSON stream's): it was never enforced here, so a socket whose session expired
        went on for ever."""
        loop = asyncio.get_running_loop()
        every, until = stream.keepalive_seconds(), loop.time() + stream.max_seconds()
        while True:
            due = min(self.last_sent + every, until)
            await asyncio.sleep(max(0.0, due - loop.time()))
            if loop.time() >= until:
                await self.close(code=CLOSE_TIME_UP, reason="the stream's time is up: reconnect")
                return
            if loop.time() >= self.last_sent + every:
                with contextlib.suppress(Exception):
                    await self.send_json({"v": EVENT_VERSION, "type": "keepalive"})
