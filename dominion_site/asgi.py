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
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402

from dominion_site.security_headers import SecurityHeaders  # noqa: E402
from games import broadcast  # noqa: E402
from games.static_files import StaticFiles  # noqa: E402


class OriginCheckedWhenSent:
    """Refuse a WebSocket from a foreign web page, but let non-browser clients in.

    Browsers always send Origin, so checking it whenever it is present stops cross-site
    sockets riding on a session cookie; API clients send no Origin and authenticate by token.
    """

    def __init__(self, app) -> None:
        self.checked = AllowedHostsOriginValidator(app)
        self.app = app

    async def __call__(self, scope, receive, send):
        has_origin = any(name == b"origin" for name, _ in scope.get("headers", ()))
        return await (self.checked if has_origin else self.app)(scope, receive, send)

from games.routing import websocket_urlpatterns  # noqa: E402

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
            "websocket": OriginCheckedWhenSent(
                AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
            ),
        }
    )
)
