"""The game page's WebSocket route, added to games/routing.py."""

from __future__ import annotations

from django.urls import path

from games.game_page.consumers import GameConsumer

websocket_urlpatterns = [
    path("ws/games/<id:pk>/", GameConsumer.as_asgi()),
]
