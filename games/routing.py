"""WebSocket routes. The game page's consumer (issue 5) registers here."""

from __future__ import annotations

from games.api.routing import websocket_urlpatterns as api_ws
from games.game_page.routing import websocket_urlpatterns as game_page_ws
from games.social.routing import websocket_urlpatterns as social_ws

websocket_urlpatterns: list = [*game_page_ws, *social_ws, *api_ws]
