"""WebSocket routes. The game page's consumer (issue 5) registers here.

The last route takes every other path and refuses its handshake: Channels' router raises
on a path no route matches, which the server answered as a 500 (an unknown path, or a game
id too long for the `id` converter).
"""

from __future__ import annotations

from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.urls import re_path

from games.api.routing import websocket_urlpatterns as api_ws
from games.game_page.routing import websocket_urlpatterns as game_page_ws
from games.safejson import SafeJsonMixin
from games.social.routing import websocket_urlpatterns as social_ws

CLOSE_NO_SUCH_SOCKET = 4404


class NoSuchSocket(SafeJsonMixin, AsyncJsonWebsocketConsumer):
    """Any path that is no socket of the site: the handshake is refused (HTTP 403)."""

    async def connect(self) -> None:
        await self.close(code=CLOSE_NO_SUCH_SOCKET)


websocket_urlpatterns: list = [*game_page_ws, *social_ws, *api_ws,
                               re_path(r"", NoSuchSocket.as_asgi())]
