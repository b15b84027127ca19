"""The per-game stream: the seat's whole picture on connect and after every change.

One message type carries the table (`state`: the game's step and status, the seat's open
decisions and its view, exactly as the answer's reply), another a chat line the user may read
(`chat`). Both ride on the game's existing broadcasts (games.broadcast's `game-<id>` group,
games.social.live's `social-<id>` group), which carry only ids: each stream builds its own
seat's picture, so one broadcast is safe for every seat and spectator.

Served two ways: a WebSocket (games.api.stream_consumer) and NDJSON over HTTP (`ndjson_lines`
below, for clients without sockets), where a blank line is the keep-alive.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings

from games import broadcast, session_sockets, socket_quota
from games import selectors as game_selectors
from games.api import selectors as api_selectors
from games.api import services as api_services
from games.api import token_watch
from games.api.events import EVENT_VERSION
from games.models import Game, GameStatus
from games.seating import Seating

ENDED = (GameStatus.FINISHED, GameStatus.ABANDONED)


def keepalive_seconds() -> float:
    return float(getattr(settings, "API_STREAM_KEEPALIVE_SECONDS", 20))


def max_seconds() -> float:
    """A stream ends after this long (clients reconnect): no connection lives for ever."""
    return float(getattr(settings, "API_STREAM_MAX_SECONDS", 6 * 3600))


def social_group(game_id: int) -> str:
    from games.social.live import social_group as group  # social imports games.api

    return group(game_id)


def state_message(game_id: int, seating: Seating) -> dict[str, Any] | None:
    """The seat's picture now: {v, type: state, game, step, status, seat, decisions, view}.

    `view` is null before the deal; `decisions` is empty for spectators and ended games.
    None if the game is gone or the watcher may no longer see it (`seating.allowed`).
    """
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return None
    position = seating.of(game)  # (read again until the deal: games/seating.py)
    if not seating.allowed:
        return None
    view = api_selectors.view_of(game, position) if game.snapshot else None
    running = game.status == GameStatus.RUNNING
    decisions = [d for d in view["pending"] if d["seat"] == position] if (
        view and running and position is not None) else []
    return {"v": EVENT_VERSION, "type": "state", "game": game.pk, "step": game.step,
            "status": game.status, "seat": position, "decisions": decisions, "view": view}


def chat_message(game_id: int, message_id: int, seating: Seating,
                 hidden: bool = False) -> dict | None:
    """A chat line as a `chat` message, if this user may read it (mutes, hidden lines);
    `hidden`: the `chat_hidden` notice of a line staff hid, if they could read it before."""
    from games.social import chat, selectors
    from games.social.models import ChatMessage

    message = ChatMessage.objects.select_related("game", "author").filter(
        pk=message_id, game_id=game_id).first()
    if message is None:
        return None
    position = seating.of(message.game)
    if not seating.allowed or not selectors.chat_visible_to(
            message, message.game, seating.user, position, was=hidden):
        return None
    if hidden:
        return {"v": EVENT_VERSION, "type": "chat_hidden", "game": game_id, "id": message_id}
    return {"v": EVENT_VERSION, "type": "chat", "game": game_id, "step": message.game.step,
            "message": chat.message_dict(message)}


def access(game_id: int, user) -> tuple[bool, int | None]:
    """(may watch, seat position): players and, in listed games, spectators."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not game_selectors.game_visible_to(game, user):
        return False, None
    return True, game_selectors.playing_position(game, user)


class Tracker:
    """What a stream has sent, so a broadcast that changes nothing for it sends nothing.

    The whole state is compared, not its step and status: after an undo the game reaches a
    step again with another table (another answer given there), and a stream that read the
    game only after both kept the table of before the undo, decisions gone included."""

    def __init__(self) -> None:
        self.sent: dict[str, Any] | None = None

    def news(self, state: dict | None) -> bool:
        if state is None or state == self.sent:
            return False
        self.sent = state
        return True

    @property
    def ended(self) -> bool:
        return self.sent is not None and self.sent["status"] in ENDED


class _Held:
    """What an NDJSON stream counts as against its owner's socket caps (games.socket_quota)."""


class _TokenWatch:
    """Ends an NDJSON stream whose token stops being live, as a socket is closed: told by
    the revocation's group message, or by the re-check (games.api.token_watch), which
    "closes" this by waking the stream's channel."""

    def __init__(self, layer, channel: str) -> None:
        self.layer, self.channel = layer, channel

    async def close(self, code: int) -> None:
        await self.layer.send(self.channel, {"type": "token.revoked"})


async def ndjson_lines(game_id: int, user, position: int | None,
                       address: str | None = None, token_id: int | None = None,
                       token_kind: str = token_watch.API,
                       session_key: str | None = None) -> AsyncIterator[bytes]:
    """The NDJSON stream: a state now, then one line per change or chat line; blank lines
    as keep-alives; it ends when the game ends (after its last state), after max_seconds,
    when the token it was opened with (`token_id`, a personal one or an OAuth2 app's:
    `token_kind`) is revoked or expires, or when the session it was opened with
    (`session_key`) ends, as a socket's does (games/session_sockets.py).
    It counts against the same caps as the sockets while it lasts."""
    held = _Held()
    seating = Seating(user, position)
    socket_quota.hold(held, user, address, game_id)
    layer = get_channel_layer()
    channel = await layer.new_channel()
    groups = [broadcast.group_name(game_id), social_group(game_id)]
    if token_id is not None:
        if token_kind == token_watch.API:  # (the site tells of its revocations at once)
            groups.append(api_services.token_group(token_id))
        watcher = _TokenWatch(layer, channel)
        token_watch.watch(token_id, watcher, token_kind)
    if session_key:
        groups += [session_sockets.session_group(session_key),
                   session_sockets.account_group(user.pk)]
    for group in groups:
        await layer.group_add(group, channel)
    tracker = Tracker()
    loop = asyncio.get_running_loop()
    until = loop.time() + max_seconds()
    try:
        state = await database_sync_to_async(state_message)(game_id, seating)
        if tracker.news(state):
            yield _line(state)
        while seating.allowed and not tracker.ended and loop.time() < until:
            try:
                message = await asyncio.wait_for(layer.receive(channel), keepalive_seconds())
            except TimeoutError:
                yield b"\n"
                continue
            if message.get("type") in ("token.revoked", session_sockets.MESSAGE):
                break
            out = await database_sync_to_async(_reply)(message, game_id, seating, tracker)
            if out is not None:
                yield _line(out)
    finally:
        socket_quota.release(held)
        if token_id is not None:
            token_watch.unwatch(token_id, watcher, token_kind)
        for group in groups:
            await layer.group_discard(group, channel)


def _reply(message: dict, game_id: int, seating: Seating, tracker: Tracker) -> dict | None:
    """What a broadcast means for this stream (None: nothing to send)."""
    if message.get("type") == "social.chat":
        return chat_message(game_id, message["id"], seating)
    if message.get("type") == "social.chat_hidden":
        return {"v": EVENT_VERSION, "type": "chat_hidden", "game": game_id, "id": message["id"]}
    if message.get("type") == "game.moved":
        state = state_message(game_id, seating)
        return state if tracker.news(state) else None
    return None


def _line(message: dict) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"
