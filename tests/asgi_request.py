"""One HTTP request straight through an ASGI application, as a server would send it: for the
tests of what happens outside Django's test client (the handler's own answers, wrappers)."""

from __future__ import annotations

import asyncio
from typing import Any


async def asgi_request(app: Any, path: str = "/", *, method: str = "GET",
                       host: bytes = b"testserver", query: bytes = b"", body: bytes = b"",
                       headers: tuple | list = (), scheme: str = "http") -> list[dict]:
    """The messages `app` sent. Once the response is sent, `receive` answers a disconnect,
    as uvicorn's does."""
    sent: list[dict] = []
    answered = asyncio.Event()
    incoming = [{"type": "http.request", "body": body, "more_body": False}]
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": method, "scheme": scheme, "path": path, "raw_path": path.encode(),
             "query_string": query, "root_path": "", "headers": [(b"host", host), *headers],
             "client": ("127.0.0.1", 40000), "server": ("testserver", 80)}

    async def receive() -> dict:
        if incoming:
            return incoming.pop(0)
        await answered.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)
        if message["type"] == "http.response.body" and not message.get("more_body"):
            answered.set()

    await app(scope, receive, send)
    return sent
