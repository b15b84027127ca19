"""Play-by-the-turn settings, each with a default (settings.py may override any of them)."""

from __future__ import annotations

from typing import Any

from django.conf import settings

DEFAULTS: dict[str, Any] = {
    "PLAY_EXPIRY_STRIKES": 3,  # consecutive expiries before the bot takes the seat over
    "PLAY_REACTION_LIMIT_HOURS": 24,  # cap for decisions outside your own turn
    "PLAY_REMINDER_FRACTION": 0.8,  # remind when this much of the time has gone
    "PLAY_VACATION_DAYS_PER_YEAR": 14,
    "PLAY_PRESENCE_SECONDS": 90,  # a heartbeat this recent means "has the game open"
    "PLAY_TURN_EMAIL_GRACE_SECONDS": 0,
    "PLAY_TAKEOVER_STRATEGY": "heuristic",
    "PLAY_WEBHOOKS_PER_USER": 5,  # each move POSTs once per webhook: a bound on that fan-out
    "PLAY_WEBHOOK_MAX_ATTEMPTS": 6,
    "PLAY_WEBHOOK_BACKOFF_SECONDS": 60,  # 1, 2, 4, 8, 16 minutes between attempts
    "PLAY_WEBHOOK_TIMEOUT_SECONDS": 10,  # the whole exchange: connect, send, status line
    "PLAY_WEBHOOK_MAX_RESPONSE_BYTES": 65536,  # status line and headers; the body is not read
    "PLAY_WEBHOOK_DNS_TIMEOUT_SECONDS": 3,  # a host's lookup, when saved and at each attempt
    "WEBHOOK_ALLOW_LOOPBACK": False,  # tests only: let deliveries reach their 127.0.0.1 server
    "PLAY_DIGEST_HOUR": 7,  # UTC hour after which the daily digest goes out
    "PLAY_SWEEP_SECONDS": 60,  # embedded mode: how often the in-process sweep runs
    "PLAY_NOTIFICATIONS_KEEP_DAYS": 90,  # read notices older than this are deleted
    "PLAY_NOTIFICATIONS_UNREAD_KEEP_DAYS": 365,  # and unread ones older than this
}


def get(name: str) -> Any:
    return getattr(settings, name, DEFAULTS[name])
