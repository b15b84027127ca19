"""The site's security headers on every HTTP response, including those no middleware saw.

The middleware (SecurityMiddleware, ContentSecurityPolicy, XFrameOptionsMiddleware) sets them
on what passes through it, but some answers never do:

- Django's ASGI handler answers an undecodable request (a query string that is not UTF-8:
  400) and a body over `DATA_UPLOAD_MAX_MEMORY_SIZE` (413) itself, before the middleware;
- an exception raised in SecurityMiddleware's own `process_request` (the Host check it makes
  to redirect to HTTPS when `SECURE_SSL_REDIRECT` is on: a bad Host is a 400) is answered
  there, above every other middleware, and without its own `process_response`.

Reordering the middleware cannot reach the first kind at all, and SecurityMiddleware stays
first so that its redirect comes before any other work. So this wraps the whole HTTP
application, outermost, and adds to `http.response.start` whatever the middleware would have
added and is missing, by the very same rules: Django's middleware's own `process_response`
(HSTS, nosniff, Referrer-Policy, Cross-Origin-Opener-Policy, X-Frame-Options) and
games.middleware.policy_header. A response that went through the middleware already has them
all and is left as it was (a header is only ever added, never replaced).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.middleware.security import SecurityMiddleware

from games.middleware import POLICY_HEADERS, policy_header


class ScopeRequest(HttpRequest):
    """Just what the headers' rules read of a request (its path, scheme and headers), taken
    from the scope as ASGIRequest does but without decoding anything that could fail."""

    def __init__(self, scope: dict) -> None:
        super().__init__()
        self.scope = scope
        self.path = self.path_info = scope.get("path", "")
        for raw_name, raw_value in scope.get("headers", ()):
            name = raw_name.decode("latin1")
            if "_" not in name:  # (as Django: no spoofing one header as another)
                key = "HTTP_" + name.upper().replace("-", "_")
                value = raw_value.decode("latin1")
                self.META[key] = f"{self.META[key]},{value}" if key in self.META else value

    def _get_scheme(self) -> str:
        return self.scope.get("scheme") or "http"


def _unused(request: HttpRequest) -> HttpResponse:  # (the middlewares' get_response)
    raise AssertionError("only process_response is called")


class SecurityHeaders:
    """ASGI wrapper: the missing security headers added to every HTTP response it sends."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_secured(message: dict) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": headers_completed(
                    scope, message["status"], list(message.get("headers", ())))}
            await send(message)

        return await self.app(scope, receive, send_secured)


# Set on every response the whole middleware chain answered (SecurityMiddleware outermost,
# XFrameOptionsMiddleware innermost of the two): such a response is complete as it is, and
# the common case costs a scan of its headers instead of some 40 us of rebuilding.
_SEEN_BY_MIDDLEWARE = {b"x-content-type-options", b"x-frame-options"}


def headers_completed(scope: dict, status: int, headers: list) -> list:
    """`headers` (ASGI pairs) with the security headers the site's rules call for and that
    are missing added at the end."""
    if _SEEN_BY_MIDDLEWARE <= {name.lower() for name, _ in headers}:
        return headers
    request = ScopeRequest(scope)
    response = HttpResponse(status=status)
    del response["Content-Type"]
    for name, value in headers:
        response.headers[name.decode("latin1")] = value.decode("latin1")
    present = {name.lower() for name in response.headers}
    SecurityMiddleware(_unused).process_response(request, response)
    XFrameOptionsMiddleware(_unused).process_response(request, response)
    if not present & {name.lower() for name in POLICY_HEADERS}:
        policy = policy_header(request.path, response.get("Content-Type", ""))
        if policy:
            response.headers[policy[0]] = policy[1]
    added = [(name.encode("latin1"), value.encode("latin1"))
             for name, value in response.headers.items() if name.lower() not in present]
    return [*headers, *added]
