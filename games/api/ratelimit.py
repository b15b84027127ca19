"""Rate-limit headers on every API response, read from the throttles' own counters.

Sent both as the IETF fields (draft-ietf-httpapi-ratelimit-headers: `RateLimit-Policy` and
`RateLimit`, one item per quota that applies to the request) and as the common
`X-RateLimit-Limit/Remaining/Reset` for the first of them (the request's read or write
quota). Nothing is counted here: the throttles (games.api.throttles) count; this only reads
their history after the response is made, so it works the same whatever cache backs them.

A page of the site that counts a quota of its own (the replay pages: `replay`) says where
its visitor stands in it with the same fields, on its 429 too.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse

from games.api.throttles import (
    SEEN,
    CreateGameThrottle,
    ReadThrottle,
    ReplayThrottle,
    WriteThrottle,
    window_read,
)

SAFE = ("GET", "HEAD", "OPTIONS")
_REMATCH = re.compile(r"/api/v1/games/\d+/rematch")  # an offer may deal the new game
PAGE_QUOTAS = (ReplayThrottle,)  # counted by pages (games.api.throttles.page_quota_wait)


def _throttles_for(request: HttpRequest) -> list:
    chosen = [ReadThrottle() if request.method in SAFE else WriteThrottle()]
    path = request.path.rstrip("/")
    if request.method == "POST" and (path.endswith(("/api/v1/games", "/api/v1/challenges"))
                                     or _REMATCH.fullmatch(path)):
        chosen.append(CreateGameThrottle())
    if request.method == "POST" and request.path.rstrip("/").endswith("/api/v1/simulations"):
        from games.sim.api import SimulateThrottle  # the simulator's API imports the API's

        chosen.append(SimulateThrottle())
    return chosen


def quota_state(throttle, request: HttpRequest) -> tuple[str, int, int, int, int] | None:
    """(scope, limit, window seconds, remaining, seconds until the window frees one)."""
    rate = throttle.get_rate()
    if not rate:
        return None
    limit, window = throttle.parse_rate(rate)
    history = getattr(request, SEEN, {}).get(throttle.scope)  # as the throttle left it
    if history is None:  # (the throttle did not run: a request refused before it)
        key = throttle.get_cache_key(request, None)
        history = window_read(throttle.cache, key) if key else []
    now = time.time()
    live = [t for t in history if t > now - window]
    reset = math.ceil(live[-1] + window - now) if live else 0
    return throttle.scope, limit, window, max(0, limit - len(live)), max(0, reset)


def _page_throttles_for(request: HttpRequest) -> list:
    """The page quotas the request was counted in (none for most pages)."""
    counted = getattr(request, SEEN, {})
    return [quota() for quota in PAGE_QUOTAS if quota.scope in counted]


def headers_for(request: HttpRequest, throttles: list | None = None) -> dict[str, str]:
    """The fields for `throttles` (by default the API request's quotas)."""
    chosen = _throttles_for(request) if throttles is None else throttles
    states = [s for s in (quota_state(t, request) for t in chosen) if s]
    if not states:
        return {}
    # The X- fields have room for one quota: the nearest to refusing (a client over
    # create_game with write to spare must not read "27 left"), the first on a tie.
    scope, limit, _, remaining, reset = min(states, key=lambda state: state[3])
    return {
        "RateLimit-Policy": ", ".join(f'"{s}";q={q};w={w}' for s, q, w, _, _ in states),
        "RateLimit": ", ".join(f'"{s}";r={r};t={t}' for s, _, _, r, t in states),
        "X-RateLimit-Limit": str(limit),
        "X-RateLimit-Remaining": str(remaining),
        "X-RateLimit-Reset": str(reset),
        "X-RateLimit-Scope": scope,
    }


class RateLimitHeaders:
    """Middleware: add the headers to every response under /api/ (errors included), and to
    a page's that counted a page quota."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.path.startswith("/api/"):
            if not hasattr(request, "user"):  # refused before authentication ran (413)
                request.user = AnonymousUser()
            for name, value in headers_for(request).items():
                response.headers.setdefault(name, value)
        elif hasattr(request, SEEN):
            for name, value in headers_for(request, _page_throttles_for(request)).items():
                response.headers.setdefault(name, value)
        return response
