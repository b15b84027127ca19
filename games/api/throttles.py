"""Per-user quotas by scope; the rates live in settings.REST_FRAMEWORK and docs/api.md."""

from __future__ import annotations

from rest_framework.settings import api_settings
from rest_framework.throttling import UserRateThrottle


class _ScopeThrottle(UserRateThrottle):
    def get_rate(self) -> str | None:
        # Read the rates at request time (DRF's class attribute is frozen at import time).
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)


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
