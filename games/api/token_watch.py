"""One re-check of the tokens behind a process's open sockets, for all of them at once.

A socket opened with a token closes when the token stops being live (revoked, expired, its
user deactivated, or no longer granting `read`). Revocations through the
site tell the token's sockets at once (a group message); the others (an admin, an expiry, a
deactivated user, an OAuth2 app's token revoked by the user or the app) are found by this
re-check. It used to be one query per socket every few
seconds, which under load was 6% of a web process's CPU (py-spy): now each event loop runs
one query per interval for every token its sockets use, and closes the sockets of the dead.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from games.api import services

log = logging.getLogger(__name__)
CLOSE_UNAUTHENTICATED = 4401

# The kinds of token a socket may be opened with: a personal token, an OAuth2 app's.
API, OAUTH = "api", "oauth"
_LIVE = {API: "tokens_live", OAUTH: "oauth_tokens_live"}  # (services' functions, by name)

# Per event loop: (kind, token id) -> the sockets opened with it, and the loop's checking task.
_watched: dict[asyncio.AbstractEventLoop, dict[tuple[str, int], set[Any]]] = {}
_checkers: dict[asyncio.AbstractEventLoop, asyncio.Task] = {}


def watch(token_id: int, socket: Any, kind: str = API) -> None:
    """Close `socket` (a consumer, on the running loop) once `token_id` is no longer live."""
    loop = asyncio.get_running_loop()
    _watched.setdefault(loop, {}).setdefault((kind, token_id), set()).add(socket)
    checker = _checkers.get(loop)
    if checker is None or checker.done():
        _checkers[loop] = loop.create_task(_check_every_interval(loop))


def unwatch(token_id: int, socket: Any, kind: str = API) -> None:
    tokens = _watched.get(asyncio.get_running_loop(), {})
    sockets = tokens.get((kind, token_id))
    if sockets is not None:
        sockets.discard(socket)
        if not sockets:
            del tokens[(kind, token_id)]


async def _check_every_interval(loop: asyncio.AbstractEventLoop) -> None:
    """Runs while the loop has sockets to watch; a failed check is logged and retried."""
    tokens = _watched[loop]
    while tokens:
        await asyncio.sleep(getattr(settings, "API_WS_TOKEN_RECHECK_SECONDS", 5))
        try:
            await check_now(tokens)
        except Exception:
            log.exception("re-checking the tokens of open sockets failed")
    _checkers.pop(loop, None)
    _watched.pop(loop, None)


async def check_now(tokens: dict[tuple[str, int], set[Any]]) -> None:
    """One query per kind for every watched token; the sockets of those no longer live are
    closed."""
    keys = list(tokens)
    live: set[tuple[str, int]] = set()
    for kind, function in _LIVE.items():
        ids = [token_id for of, token_id in keys if of == kind]
        if ids:
            found = await database_sync_to_async(getattr(services, function))(token_ids=ids)
            live.update((kind, token_id) for token_id in found)
    for key in keys:
        if key in live:
            continue
        for socket in tokens.pop(key, ()):
            with contextlib.suppress(Exception):
                await socket.close(code=CLOSE_UNAUTHENTICATED)
