"""The social socket's route, added to games/routing.py."""

from __future__ import annotations

from django.urls import path

from games.social.consumers import SocialConsumer

websocket_urlpatterns = [
    path("ws/games/<id:pk>/social/", SocialConsumer.as_asgi()),
]
