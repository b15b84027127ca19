"""ASGI entry point: HTTP through Django, WebSockets through Channels.

Served by uvicorn (see README). Django must be set up before the routing, which imports models.
"""

from __future__ import annotations

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dominion_site.settings")
from dominion_site.asgi_handler import get_asgi_application  # noqa: E402

# (Django's handler, its middleware chain and view run sync in one thread: see asgi_handler)
django_http = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402

from dominion_site.security_headers import SecurityHeaders  # noqa: E402
from games import broadcast  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402
from games.socket_origin import SameOriginWhenSent  # noqa: E402
from games.static_files import StaticFiles  # noqa: E402

if settings.SERVE_STATIC:
    django_http = StaticFiles(django_http)

# Outermost: the answers Django's handler and SecurityMiddleware give before the rest of the
# middleware (a 400, a 413) get the security headers too (see its docstring).
http = SecurityHeaders(django_http)

# Embedded mode has no Celery beat: deadlines, reminders and retries sweep in a thread here.
from games.play import sweeper  # noqa: E402

sweeper.start_if_embedded()

application = broadcast.LoopRecorder(
    ProtocolTypeRouter(
        {
            "http": http,
            # (a socket from another origin's page is refused: games/socket_origin.py)
            "websocket": SameOriginWhenSent(
                AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
            ),
        }
    )
)
