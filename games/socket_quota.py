"""How many WebSockets one account, or one address without an account, may hold open.

Without a cap one account (or one anonymous spectator) could open sockets until the server
runs out of file descriptors, and every other player's socket with it. Two caps: on one
game (every route on it counted together: a person's tabs), low; and in all, high, since a
bot account may stream each of its hundreds of games on a socket of its own. Each server
process counts its own sockets: a count that dies with its process never locks anyone out
after a crash, and with N processes behind a proxy the caps are N times the settings. The
sockets are held weakly, so a consumer that ended without its disconnect frees its place.

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


def _owner(user: Any, scope: dict) -> tuple[str, str, int]:
    """(key, "account" or "address", the cap in all) for the socket's owner."""
    if user is not None and getattr(user, "is_authenticated", False):
        return f"user:{user.pk}", "account", settings.WS_MAX_SOCKETS_PER_USER
    client = scope.get("client") or ("unknown", 0)
    return f"address:{client[0]}", "address", settings.WS_MAX_SOCKETS_PER_ADDRESS


def open_count(key: str) -> int:
    held = _open.get(key)
    return len(held) if held is not None else 0


class SocketQuotaMixin:
    """For a Channels consumer: `await self.admit(user, game_id)` as the last step before
    accepting (no game for the account's event stream); False means the socket was refused
    (closed with 4429) and `connect` should return."""

    quota_keys: tuple[str, ...] = ()

    async def admit(self, user: Any, game_id: int | None = None) -> bool:
        owner, who, most = _owner(user, self.scope)
        wanted = [(owner, most, f"this {who}")]
        if game_id is not None:
            wanted.append((f"{owner}:game:{game_id}", settings.WS_MAX_SOCKETS_PER_GAME,
                           f"this {who} on this game"))
        for key, limit, what in wanted:
            if limit and open_count(key) >= limit:
                await self._accept()
                await self.close(code=CLOSE_TOO_MANY,
                                 reason=f"too many open sockets for {what} ({limit})")
                return False
        if len(_open) >= _PRUNE_AT:
            for stale in [k for k, held in _open.items() if not held]:
                del _open[stale]
        for key, _, _ in wanted:
            _open.setdefault(key, weakref.WeakSet()).add(self)
        self.quota_keys = tuple(key for key, _, _ in wanted)
        return True

    def release(self) -> None:
        """Give the places back (from `disconnect`; harmless when none was taken)."""
        keys, self.quota_keys = self.quota_keys, ()
        for key in keys:
            held = _open.get(key)
            if held is not None:
                held.discard(self)
                if not held:
                    del _open[key]

    async def _accept(self) -> None:
        await self.accept()
