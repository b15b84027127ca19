"""Per-user quotas by scope; the rates live in settings.REST_FRAMEWORK and docs/api.md.

Each quota is a sliding window of request times, newest first. DRF reads the window and
writes it back in two cache calls, so two processes counting the same user at once both
read the same window and one request goes uncounted (with enough concurrent requests, a
client could pass its quota several times over). Here the count is one atomic step: a
Lua script on Redis (one round trip), a lock around the per-process cache otherwise.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from typing import Any

from rest_framework.exceptions import Throttled
from rest_framework.settings import api_settings
from rest_framework.throttling import UserRateThrottle

SEEN = "_quota_history"  # on the request: each scope's history as its throttle left it

# KEYS[1]: the window (a list, newest first); ARGV: now, window seconds, limit.
_HIT = """
local key, now, span, limit = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if redis.call('TYPE', key).ok ~= 'list' then redis.call('DEL', key) end  -- DRF's own format
while true do
  local oldest = redis.call('LINDEX', key, -1)
  if not oldest or tonumber(oldest) > now - span then break end
  redis.call('RPOP', key)
end
local allowed = 0
if redis.call('LLEN', key) < limit then
  redis.call('LPUSH', key, ARGV[1])
  redis.call('EXPIRE', key, math.ceil(span))
  allowed = 1
end
return {allowed, redis.call('LRANGE', key, 0, -1)}
"""
_SCRIPTS: dict[int, Any] = {}
_LOCAL = threading.Lock()


def _redis(cache, key: str) -> tuple[Any, str] | None:
    """The Redis client and raw key behind `cache`, when it is the site's Redis cache."""
    raw_client = getattr(cache, "raw_client", None)
    if raw_client is None:
        return None
    return raw_client(key), cache.make_and_validate_key(key)


def window_hit(cache, key: str, now: float, span: float, limit: int
               ) -> tuple[bool, list[float]]:
    """Count a request in the window at `key` if fewer than `limit` fall in the last `span`
    seconds: (counted, the window's times after it, newest first), in one atomic step."""
    found = _redis(cache, key)
    if found is not None:
        client, raw = found
        script = _SCRIPTS.get(id(client))
        if script is None:
            script = _SCRIPTS.setdefault(id(client), client.register_script(_HIT))
        allowed, stamps = script(keys=[raw], args=[repr(now), span, limit])
        return bool(allowed), [float(t) for t in stamps]
    with _LOCAL:
        history = [t for t in cache.get(key, []) if t > now - span]
        allowed = len(history) < limit
        if allowed:
            history.insert(0, now)
            cache.set(key, history, span)
        return allowed, history


def window_read(cache, key: str) -> list[float]:
    """The window at `key` as it stands (newest first), counting nothing."""
    found = _redis(cache, key)
    if found is not None:
        client, raw = found
        if client.type(raw) != b"list":  # none yet, or DRF's format (the next count replaces it)
            return []
        return [float(t) for t in client.lrange(raw, 0, -1)]
    return list(cache.get(key, []))


class _ScopeThrottle(UserRateThrottle):
    def get_rate(self) -> str | None:
        # Read the rates at request time (DRF's class attribute is frozen at import time).
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def allow_request(self, request, view) -> bool:
        """DRF's sliding window, counted atomically (`window_hit`); the window is kept on the
        request, so that the rate-limit headers (games.api.ratelimit) need not read it again."""
        if self.rate is None:
            return True
        key = self.get_cache_key(request, view)
        if key is None:
            return True
        allowed = self.count(key)
        plain = getattr(request, "_request", request)
        plain.__dict__.setdefault(SEEN, {})[self.scope] = list(self.history)
        return allowed

    def count(self, key: str) -> bool:
        """Count one request in the window at `key`, keeping what DRF's `wait` reads."""
        self.key, self.now = key, self.timer()
        allowed, self.history = window_hit(self.cache, key, self.now, self.duration,
                                           self.num_requests)
        return allowed


class ReadThrottle(_ScopeThrottle):
    scope = "read"


class WriteThrottle(_ScopeThrottle):
    scope = "write"


class CreateGameThrottle(_ScopeThrottle):
    """The `create_game` quota: counted only when a game (or a rematch offer) is accepted, by
    the services' `charge` (`create_game_charge`), not as a DRF throttle, which would count
    refused requests too."""

    scope = "create_game"


class WebhookSaveThrottle(_ScopeThrottle):
    """Webhooks added or given a new secret (the settings page's forms: there is no API
    endpoint for them). Each save costs a DNS lookup or a new secret, so each attempt counts."""

    scope = "webhook_save"


class ReplayThrottle(_ScopeThrottle):
    """Replay pages drawn (games/game_page/replay.py): one that is not cached replays the
    game's record, a long game's in a fraction of a second of CPU. Per account, and per
    address for visitors (`page_quota_wait`)."""

    scope = "replay"


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


def form_quota_wait(user: Any, throttle: _ScopeThrottle) -> float | None:
    """Count an action made through one of the site's forms in the same quota as its API
    endpoint's (`throttle`: CreateGameThrottle, SimulateThrottle), so the form is no way
    around it: None if allowed, else the seconds until a place frees up."""
    return _quota_wait(throttle, user.pk)


def page_quota_wait(request: Any, throttle: _ScopeThrottle) -> float | None:
    """`form_quota_wait` for a page visitors may load too: a visitor counts by address (the
    client's, REMOTE_ADDR, as the socket caps count it; the proxy in front sets it)."""
    ident = (request.user.pk if request.user.is_authenticated
             else f"address-{request.META.get('REMOTE_ADDR')}")
    wait = _quota_wait(throttle, ident)
    if throttle.rate is not None:  # (the page's rate-limit fields read it: games.api.ratelimit)
        request.__dict__.setdefault(SEEN, {})[throttle.scope] = list(throttle.history)
    return wait


def _quota_wait(throttle: _ScopeThrottle, ident: Any) -> float | None:
    if throttle.rate is None:
        return None
    key = throttle.cache_format % {"scope": throttle.scope, "ident": ident}
    return None if throttle.count(key) else throttle.wait()


def quota_charge(user: Any, throttle: _ScopeThrottle) -> None:
    """Count one accepted action in `throttle`'s quota (`form_quota_wait`); over it, raise
    DRF's Throttled with the wait (a 429 from the API; forms show `exc.wait`)."""
    wait = form_quota_wait(user, throttle)
    if wait is not None:
        raise Throttled(wait)


def quota_refuse_if_used_up(user: Any, throttle: _ScopeThrottle) -> None:
    """Refuse (429, DRF's Throttled) an action whose quota is already used up, before its body
    is read or checked, as the read and write throttles refuse before the view runs: a client
    over quota can do nothing until a place frees up, so it learns that first, and the site
    spends nothing on checking a request it would refuse anyway. Counts nothing: a place is
    taken only once the action is accepted (`quota_charge`, which a race can still refuse)."""
    if throttle.rate is None:
        return
    key = throttle.cache_format % {"scope": throttle.scope, "ident": user.pk}
    now = throttle.timer()
    live = [t for t in window_read(throttle.cache, key) if t > now - throttle.duration]
    if len(live) >= throttle.num_requests:
        throttle.history, throttle.now = live, now
        raise Throttled(throttle.wait())


def create_game_charge(user: Any) -> Callable[[], None]:
    """The `charge` hook of the services that create games (game_create, challenge_create,
    rematch_offer): one place in `user`'s create_game quota once the game is accepted."""
    return lambda: quota_charge(user, CreateGameThrottle())


def wait_message(wait: float, what: str) -> str:
    minutes = max(1, math.ceil(wait / 60))
    return (f"You have {what} as often as you may for now: try again in {minutes} "
            f"minute{'s' if minutes > 1 else ''}.")
