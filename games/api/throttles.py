"""Per-user quotas by scope; the rates live in settings.REST_FRAMEWORK and docs/api.md."""

from __future__ import annotations

from rest_framework.settings import api_settings
from rest_framework.throttling import UserRateThrottle

SEEN = "_quota_history"  # on the request: each scope's history as its throttle left it


class _ScopeThrottle(UserRateThrottle):
    def get_rate(self) -> str | None:
        # Read the rates at request time (DRF's class attribute is frozen at import time).
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def allow_request(self, request, view) -> bool:
        """DRF's count; the history it read and wrote is kept on the request, so that the
        rate-limit headers (games.api.ratelimit) need not read the cache again."""
        allowed = super().allow_request(request, view)
        if getattr(self, "history", None) is not None:
            plain = getattr(request, "_request", request)
            plain.__dict__.setdefault(SEEN, {})[self.scope] = list(self.history)
        return allowed


class ReadThrottle(_ScopeThrottle):
    scope = "read"


class WriteThrottle(_ScopeThrottle):
    scope = "write"


class CreateGameThrottle(_ScopeThrottle):
    """Counts only the requests that create a game (POST), not reads of the same URL."""

    scope = "create_game"

    def allow_request(self, request, view) -> bool:
        return request.method != "POST" or super().allow_request(request, view)


class ReadWriteThrottle:
    """GET/HEAD count against `read`, everything else against `write`."""

    def __init__(self) -> None:
        self.read = ReadThrottle()
        self.write = WriteThrottle()
        self.chosen = self.read

    def allow_request(self, request, view) -> bool:
        self.chosen = self.read if request.method in ("GET", "HEAD", "OPTIONS") else self.write
        return self.chosen.allow_request(request, view)

    def wait(self) -> float | None:
        return self.chosen.wait()
