from __future__ import annotations

from django.urls import path

from games.api.consumers import EventStreamConsumer

websocket_urlpatterns = [
    path("ws/api/v1/events/", EventStreamConsumer.as_asgi()),
]
