from __future__ import annotations

from django.urls import path

from games.api.consumers import EventStreamConsumer
from games.api.stream_consumer import GameStreamConsumer

websocket_urlpatterns = [
    path("ws/api/v1/events/", EventStreamConsumer.as_asgi()),
    path("ws/api/v1/games/<id:pk>/stream/", GameStreamConsumer.as_asgi()),
]
