"""Which web pages may open the site's sockets: its own, judged as Django judges a form's POST.

Browsers send the session cookie with a socket's handshake from any page of the same site, and
"site" ignores the port (and, for a cookie without Secure, the scheme): a page served by
another program on the same host (http://localhost:3000 beside the site at :8000) could open
the game page's socket as whoever was signed in and read their hand. Channels'
AllowedHostsOriginValidator checked only the Origin's host name against ALLOWED_HOSTS, any
port and scheme. Here an Origin must name the origin the socket was asked of (scheme, host and
port of the handshake, the scheme as the request's: `wss` behind the TLS proxy when its header
says https, as Django's `is_secure`), with its host in ALLOWED_HOSTS, or be one of
CSRF_TRUSTED_ORIGINS (for a proxy that changes the Host), as Django's CSRF check of a form.

A handshake without an Origin is let in: browsers always send one, and clients that are not
browsers carry no victim's cookie (they authenticate by token).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.utils.http import is_same_domain

DEFAULT_PORTS = {"http": 80, "https": 443}


def _headers(scope: dict, name: bytes) -> list[str]:
    return [value.decode("latin1") for key, value in scope.get("headers", ()) if key == name]


def _secure(scope: dict) -> bool:
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy:
        header, secure_value = proxy
        name = header.removeprefix("HTTP_").replace("_", "-").lower().encode()
        sent = _headers(scope, name)
        if sent:
            return sent[0].split(",", 1)[0].strip() == secure_value
    return scope.get("scheme") in ("wss", "https")


def _allowed_hosts() -> list[str]:
    hosts = list(settings.ALLOWED_HOSTS)
    if settings.DEBUG and not hosts:  # as Django's HttpRequest.get_host
        hosts = [".localhost", "127.0.0.1", "[::1]"]
    return hosts


def _trusted(origin: str) -> bool:
    """Whether `origin` is one of CSRF_TRUSTED_ORIGINS (`https://*.example.com` included)."""
    for trusted in settings.CSRF_TRUSTED_ORIGINS:
        if "*" not in trusted:
            if origin == trusted:
                return True
            continue
        wanted, seen = urlsplit(trusted), urlsplit(origin)
        if wanted.scheme == seen.scheme and is_same_domain(seen.netloc,
                                                           wanted.netloc.lstrip("*")):
            return True
    return False


def origin_allowed(scope: dict) -> bool:
    """Whether the page that opens this socket (its Origin header) may open it."""
    origins = _headers(scope, b"origin")
    if not origins:
        return True
    if len(origins) > 1:
        return False
    origin = origins[0].strip().lower()
    if _trusted(origin):
        return True
    hosts = _headers(scope, b"host")
    seen = urlsplit(origin)
    if seen.scheme not in DEFAULT_PORTS or "@" in seen.netloc or len(hosts) != 1:
        return False
    secure = _secure(scope)
    seen_host, seen_port = split_domain_port(seen.netloc)
    asked_host, asked_port = split_domain_port(hosts[0].strip().lower())
    if not asked_host or not validate_host(asked_host, _allowed_hosts()):
        return False
    return (seen.scheme == ("https" if secure else "http") and seen_host == asked_host
            and _port(seen_port, seen.scheme) == _port(asked_port, seen.scheme) is not None)


def _port(port: str, scheme: str) -> int | None:
    """A port as written in a Host or Origin ("": the scheme's own), None if no port."""
    if not port:
        return DEFAULT_PORTS[scheme]
    return int(port) if port.isascii() and port.isdigit() else None


class SameOriginWhenSent:
    """ASGI wrapper for the WebSocket routes: a handshake from another origin is refused
    (HTTP 403) before anything reads its cookie."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> Any:
        if origin_allowed(scope):
            return await self.app(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)
