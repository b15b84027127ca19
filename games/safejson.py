"""JSON from outside (API bodies, WebSocket messages), parsed so its shape cannot hurt us.

Python's parser raises RecursionError (not ValueError) on a body nested a few thousand
levels deep, which would escape every `except ValueError` as a 500; and a body just under
that limit would still blow the stack later, in whatever walks it (serializers, json.dumps
for storage). So the depth is capped far above anything the site's formats use.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings

from games.socket_quota import CLOSE_TOO_MANY  # (as for too many sockets; the reason says which)

MAX_DEPTH = 32  # the deepest answer format is 3 levels (docs/positions.md)


class BadJson(ValueError):
    """Not JSON, or JSON deeper than MAX_DEPTH; the text says which (safe to show)."""


def loads(text: str | bytes, *, max_depth: int = MAX_DEPTH,
          parse_constant: Callable[[str], Any] | None = None) -> Any:
    try:
        value = json.loads(text, parse_constant=parse_constant)
    except RecursionError as exc:
        raise BadJson(f"JSON nested more than {max_depth} levels deep") from exc
    except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError, strict constants
        raise BadJson(f"JSON parse error - {exc}") from exc
    if too_deep(value, max_depth):
        raise BadJson(f"JSON nested more than {max_depth} levels deep")
    return value


def too_deep(value: Any, max_depth: int = MAX_DEPTH) -> bool:
    """Whether containers nest more than `max_depth` levels (walked without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if level > max_depth:
            return True
        stack.extend((child, level + 1) for child in children
                     if isinstance(child, (dict, list)))
    return False


CLOSE_BAD_MESSAGE = 4400
CLOSE_TOO_BIG = 1009  # RFC 6455: "a message that is too big for it to process"
# What a client sends a socket is a few dozen characters ({"type": "ping"}, {"have": 18,
# "ping": true}); a frame is parsed on the server's event loop, so a big one stalled every
# socket and request of the process (6 MB: 1.5 s) before it could be refused.
MAX_FRAME_CHARS = 4096




class FrameBudget:
    """How many frames a socket may still send: `burst` at once, then `rate` a second.

    A frame costs the server far more than the client (the game page's {"have": 0, "ping":
    true} is a database read, on the one thread every socket's reads share): twelve sockets
    sending as fast as they could held the socket reads of the whole process a second or
    more behind. The site's own pages send one frame every 20 seconds, API clients a ping."""

    __slots__ = ("rate", "burst", "left", "at")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.left, self.at = rate, burst, burst, time.monotonic()

    def spend(self) -> bool:
        """Take one frame's place; False when none is left (0 as the rate: no limit)."""
        if not self.rate:
            return True
        now = time.monotonic()
        self.left = min(self.burst, self.left + (now - self.at) * self.rate)
        self.at = now
        if self.left < 1:
            return False
        self.left -= 1
        return True


def frame_budget() -> FrameBudget:
    return FrameBudget(settings.WS_MESSAGES_PER_SECOND, settings.WS_MESSAGES_BURST)


class SafeJsonMixin:
    """For a Channels JSON consumer: a frame that is not acceptable JSON (binary, malformed,
    too deep) closes the socket with 4400 instead of raising inside the server; a frame over
    MAX_FRAME_CHARS closes it with 1009 unread; frames faster than the socket's budget
    (FrameBudget) close it with 4429 unread. Frames that arrive after such a close are
    dropped."""

    budget: FrameBudget | None = None
    refused: bool = False

    @classmethod
    async def decode_json(cls, text_data: str) -> Any:
        return loads(text_data)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None,
                      **kwargs: Any) -> None:
        if self.refused:
            return
        if self.budget is None:
            self.budget = frame_budget()
        if not self.budget.spend():
            await self._refuse(CLOSE_TOO_MANY, "too many messages: at most "
                               f"{settings.WS_MESSAGES_BURST:g} at once, then "
                               f"{settings.WS_MESSAGES_PER_SECOND:g} a second")
            return
        try:
            if not text_data:
                raise BadJson("expected a text frame")
            if len(text_data) > MAX_FRAME_CHARS:
                await self._refuse(CLOSE_TOO_BIG)
                return
            content = await self.decode_json(text_data)
        except BadJson:
            await self._refuse(CLOSE_BAD_MESSAGE)
            return
        await self.receive_json(content, **kwargs)

    async def _refuse(self, code: int, reason: str | None = None) -> None:
        self.refused = True
        await self.close(code=code, reason=reason)
