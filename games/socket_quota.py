"""How many WebSockets one account, or one address without an account, may hold open.

Without a cap one account (or one anonymous spectator) could open sockets until the server
runs out of file descriptors, and every other player's socket with it. Each server process
counts its own sockets: a count that dies with its process never locks anyone out after a
crash, and with N processes behind a proxy the cap is N times the setting. The sockets are
held weakly, so a consumer that ended without its disconnect frees its place anyway.

A refused socket is accepted and closed at once with code 4429 and a reason, so a client
can tell "too many sockets" from a refused handshake (403) and back off.
"""

from __future__ import annotations

import weakref
from typing import Any

from django.conf import settings

CLOSE_TOO_MANY = 4429

_open: dict[str, weakref.WeakSet] = {}
_PRUNE_AT = 10_000  # keys whose sockets all ended without a disconnect, swept now and then


def _limit_and_key(user: Any, scope: dict) -> tuple[int, str]:
    if user is not None and getattr(user, "is_authenticated", False):
        return settings.WS_MAX_SOCKETS_PER_USER, f"user:{user.pk}"
    client = scope.get("client") or ("unknown", 0)
    return settings.WS_MAX_SOCKETS_PER_ADDRESS, f"address:{client[0]}"


def open_count(key: str) -> int:
    held = _open.get(key)
    return len(held) if held is not None else 0


class SocketQuotaMixin:
    """For a Channels consumer: `await self.admit(user)` as the last step before accepting;
    False means the socket was refused (closed with 4429) and `connect` should return."""

    quota_key: str | None = None

    async def admit(self, user: Any) -> bool:
        limit, key = _limit_and_key(user, self.scope)
        if limit and open_count(key) >= limit:
            await self._accept()
            who = "account" if key.startswith("user:") else "address"
            await self.close(code=CLOSE_TOO_MANY,
                             reason=f"too many open sockets for this {who} ({limit})")
            return False
        if len(_open) >= _PRUNE_AT:
            for stale in [k for k, held in _open.items() if not held]:
                del _open[stale]
        _open.setdefault(key, weakref.WeakSet()).add(self)
        self.quota_key = key
        return True

    def release(self) -> None:
        """Give the place back (from `disconnect`; harmless when none was taken)."""
        key, self.quota_key = self.quota_key, None
        held = _open.get(key) if key else None
        if held is not None:
            held.discard(self)
            if not held:
                del _open[key]

    async def _accept(self) -> None:
        await self.accept()
