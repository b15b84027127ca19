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

import ipaddress
import weakref
from typing import Any

from django.conf import settings

CLOSE_TOO_MANY = 4429

_open: dict[str, weakref.WeakSet] = {}
_PRUNE_AT = 10_000  # keys whose sockets all ended without a disconnect, swept now and then


def _owner(user: Any, address: str | None) -> tuple[str, str, int]:
    """(key, "account" or "address", the cap in all) for the socket's owner."""
    if user is not None and getattr(user, "is_authenticated", False):
        return f"user:{user.pk}", "account", settings.WS_MAX_SOCKETS_PER_USER
    return f"address:{address_key(address)}", "address", settings.WS_MAX_SOCKETS_PER_ADDRESS


def address_key(address: str | None) -> str:
    """Whom an address stands for. An IPv6 client is counted by its /64: one subscriber is
    given a whole /64 (2^64 addresses to pick from), so a cap per IPv6 address caps nobody.
    An IPv4-mapped IPv6 address is its IPv4 address."""
    try:
        ip = ipaddress.ip_address((address or "").split("%", 1)[0])
    except ValueError:
        return address or "unknown"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def open_count(key: str) -> int:
    held = _open.get(key)
    return len(held) if held is not None else 0


def _wanted(user: Any, address: str | None, game_id: int | None) -> list[tuple[str, int, str]]:
    owner, who, most = _owner(user, address)
    wanted = [(owner, most, f"this {who}")]
    if game_id is not None:
        wanted.append((f"{owner}:game:{game_id}", settings.WS_MAX_SOCKETS_PER_GAME,
                       f"this {who} on this game"))
    return wanted


def refusal(user: Any, address: str | None, game_id: int | None = None) -> str | None:
    """Why one more socket or stream of this owner would be over a cap (None: it is not)."""
    for key, limit, what in _wanted(user, address, game_id):
        if limit and open_count(key) >= limit:
            return f"too many open sockets for {what} ({limit})"
    return None


def hold(holder: Any, user: Any, address: str | None, game_id: int | None = None) -> None:
    """Count `holder` (held weakly) against its owner's caps, until `release(holder)`.
    Called on the server's event loop, where every count is changed."""
    if len(_open) >= _PRUNE_AT:
        for stale in [k for k, held in _open.items() if not held]:
            del _open[stale]
    keys = tuple(key for key, _, _ in _wanted(user, address, game_id))
    for key in keys:
        _open.setdefault(key, weakref.WeakSet()).add(holder)
    holder.quota_keys = keys


def release(holder: Any) -> None:
    """Give the places back (harmless when none was taken)."""
    keys, holder.quota_keys = getattr(holder, "quota_keys", ()), ()
    for key in keys:
        held = _open.get(key)
        if held is not None:
            held.discard(holder)
            if not held:
                del _open[key]


def client_address(scope: dict) -> str | None:
    client = scope.get("client")
    return client[0] if client else None


class SocketQuotaMixin:
    """For a Channels consumer: `await self.admit(user, game_id)` as the last step before
    accepting (no game for the account's event stream); False means the socket was refused
    (closed with 4429) and `connect` should return."""

    quota_keys: tuple[str, ...] = ()

    async def admit(self, user: Any, game_id: int | None = None) -> bool:
        address = client_address(self.scope)
        reason = refusal(user, address, game_id)
        if reason is not None:
            await self._accept()
            await self.close(code=CLOSE_TOO_MANY, reason=reason)
            return False
        hold(self, user, address, game_id)
        return True

    def release(self) -> None:
        """Give the places back (from `disconnect`; harmless when none was taken)."""
        release(self)

    async def _accept(self) -> None:
        await self.accept()
