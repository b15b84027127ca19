"""The game page's WebSocket: join the game's group, push each socket its OWN seat's table.

Authenticated by the session (AuthMiddlewareStack). A private game refuses any socket whose
user has no seat in it; a listed game accepts spectators, who get the spectator view. The
group message carries only the game id and step; the fragment is rendered here, per socket,
for the socket's user's seat (read again until the deal, when seats stop changing hands:
games/seating.py), so one seat's socket can never carry another's hand.
"""

from __future__ import annotations

import time
from functools import partial

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.db import connection

from games import broadcast, selectors
from games.game_page.views import render_live
from games.models import Game
from games.safejson import SafeJsonMixin
from games.seating import Seating
from games.session_sockets import SessionSocketMixin
from games.socket_quota import SocketQuotaMixin

# A "have" frame's read of the game is reused this long (unless the game moved since): a
# frame is a few bytes and its read a query on the one thread every socket's reads share.
STATE_REUSE_SECONDS = 1.0


class GameConsumer(SessionSocketMixin, SocketQuotaMixin, SafeJsonMixin,
                   AsyncJsonWebsocketConsumer):
    game_id: int
    seating: Seating
    sent: tuple[int, str]
    known: tuple[float, int | None, str] | None = None  # (when read, step, status)

    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["pk"])
        allowed, position = await self._access()
        self.seating = Seating(self.scope.get("user"), position)
        if not allowed:
            await self.close(code=4403)
            return
        if not await self.admit(self.scope.get("user"), self.game_id):
            return
        self.sent = (-1, "")
        self.group = broadcast.group_name(self.game_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.watch_session()

    async def disconnect(self, code: int) -> None:
        self.release()
        await self.unwatch_session()
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: dict, **kwargs) -> None:
        """{"have": step}: the client tells which step it shows; send the table if newer.

        With "ping": true (the page's heartbeat) an up-to-date client is answered too, with
        {"type": "at", "step", "status"}, so it can tell a live socket from a dead one. A
        table this socket already sent is not drawn again: the client is told where the game
        is ("at": it reads the table over HTTP), so a flood of frames draws no tables.
        """
        have = content.get("have") if isinstance(content, dict) else None
        if not isinstance(have, int) or isinstance(have, bool):
            return
        step, status = await self._recent_state()
        if step is None:
            return
        if step > have and (step, status) != self.sent:
            await self._push(lambda step, status: step > have)
        elif step > have or content.get("ping") is True:
            await self.send_json({"type": "at", "step": step, "status": status})

    async def _recent_state(self) -> tuple[int | None, str]:
        now = time.monotonic()
        if self.known is None or now - self.known[0] > STATE_REUSE_SECONDS:
            self.known = (now, *await self._state())
        return self.known[1], self.known[2]

    async def game_moved(self, event: dict) -> None:
        self.known = None  # (the next "have" reads the game again)
        # Anything this socket has not sent yet; an abandoned game keeps its step but
        # changes its status, so that is news too.
        await self._push(lambda step, status: (step, status) != self.sent
                         and step >= self.sent[0])

    async def _push(self, wanted) -> None:
        step, status, html = await self._render()
        if not self.seating.allowed:  # a private game's former player: nothing more to see
            await self.close(code=4403)
            return
        if step is None or not wanted(step, status):
            return
        self.sent = (step, status)
        await self.send_json({"type": "moved", "step": step, "status": status, "html": html})

    @database_sync_to_async
    def _access(self) -> tuple[bool, int | None]:
        game = Game.objects.filter(pk=self.game_id).first()
        user = self.scope.get("user")
        if game is None or not selectors.game_visible_to(game, user):
            return False, None
        return True, selectors.playing_position(game, user)

    @database_sync_to_async
    def _state(self) -> tuple[int | None, str]:
        """The game's step and status (a cheap read, for the client's "have" heartbeat)."""
        row = Game.objects.filter(pk=self.game_id).values("step", "status", "started_at").first()
        if row is None or row["started_at"] is None:
            return None, ""
        return row["step"], row["status"]

    # Not thread-sensitive: the table is drawn beside the request that made the move (which
    # still has its own reply to draw), not queued behind it on Django's one sync thread.
    @partial(database_sync_to_async, thread_sensitive=False)
    def _render(self) -> tuple[int | None, str, str]:
        try:
            game = Game.objects.filter(pk=self.game_id).first()
            if game is None or not game.snapshot:
                return None, "", ""
            position = self.seating.of(game)  # (read again until the deal)
            if not self.seating.allowed:
                return None, "", ""
            return game.step, game.status, render_live(game, position)
        finally:
            # Given back here: on a pool thread, database_sync_to_async's own clean-up left
            # the connection opened in this call open (seen with asgiref 3.13, which runs the
            # call in a copied context, the likely reason), and the pool counted it lent.
            connection.close()
