"""WebSocket routes. The game page's consumer (issue 5) registers here."""

from __future__ import annotations

websocket_urlpatterns: list = []
