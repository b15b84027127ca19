"""WebSocket event stream for API clients: ws/api/v1/events/?game=<id> (the filter is optional).

Authenticated by `Authorization: Bearer <token>` or `?token=<token>` (browsers cannot set
headers), or by the site's session. One connection receives the events of all the user's
games; see docs/api.md for the schema.
"""

from __future__ import annotations

from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from games.api import services
from games.api.events import EVENT_VERSION, user_group
from games.safejson import SafeJsonMixin

CLOSE_UNAUTHENTICATED = 4401
CLOSE_BAD_REQUEST = 4400


class EventStreamConsumer(SafeJsonMixin, AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        query = parse_qs(self.scope.get("query_string", b"").decode())
        game = (query.get("game") or [""])[0]
        if game and not game.isdigit():
            await self.close(code=CLOSE_BAD_REQUEST)
            return
        self.game_filter = int(game) if game else None
        user = await self._user(query)
        if user is None:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self.group = user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"v": EVENT_VERSION, "type": "hello", "user": user.pk,
                              "game": self.game_filter})

    async def disconnect(self, code: int) -> None:
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs) -> None:
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"v": EVENT_VERSION, "type": "pong"})

    async def api_events(self, message: dict) -> None:
        for event in message["events"]:
            if self.game_filter is None or event["game"] == self.game_filter:
                await self.send_json(event)

    async def _user(self, query: dict):
        raw = _bearer(self.scope.get("headers", [])) or (query.get("token") or [""])[0]
        if raw:
            token = await database_sync_to_async(services.token_authenticate)(raw=raw)
            return token.user if token else None
        user = self.scope.get("user")
        return user if user is not None and user.is_authenticated else None


def _bearer(headers: list) -> str:
    for name, value in headers:
        if name.lower() == b"authorization":
            parts = value.decode(errors="replace").split()
            if len(parts) == 2 and parts[0].lower() in ("bearer", "token"):
                return parts[1]
    return ""
