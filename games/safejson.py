"""JSON from outside (API bodies, WebSocket messages), parsed so its shape cannot hurt us.

Python's parser raises RecursionError (not ValueError) on a body nested a few thousand
levels deep, which would escape every `except ValueError` as a 500; and a body just under
that limit would still blow the stack later, in whatever walks it (serializers, json.dumps
for storage). So the depth is capped far above anything the site's formats use.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

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


class SafeJsonMixin:
    """For a Channels JSON consumer: a frame that is not acceptable JSON (binary, malformed,
    too deep) closes the socket with 4400 instead of raising inside the server; a frame over
    MAX_FRAME_CHARS closes it with 1009 unread."""

    @classmethod
    async def decode_json(cls, text_data: str) -> Any:
        return loads(text_data)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None,
                      **kwargs: Any) -> None:
        try:
            if not text_data:
                raise BadJson("expected a text frame")
            if len(text_data) > MAX_FRAME_CHARS:
                await self.close(code=CLOSE_TOO_BIG)
                return
            content = await self.decode_json(text_data)
        except BadJson:
            await self.close(code=CLOSE_BAD_MESSAGE)
            return
        await self.receive_json(content, **kwargs)
