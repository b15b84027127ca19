"""ASGI entry point: HTTP through Django, WebSockets through Channels.

Served by uvicorn (see README). Django must be set up before the routing, which imports models.
"""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dominion_site.settings")
django_http = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler  # noqa: E402

from games import broadcast  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402

if settings.SERVE_STATIC:
    django_http = ASGIStaticFilesHandler(django_http)

application = broadcast.LoopRecorder(
    ProtocolTypeRouter(
        {
            "http": django_http,
            "websocket": AllowedHostsOriginValidator(
                AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
            ),
        }
    )
)
