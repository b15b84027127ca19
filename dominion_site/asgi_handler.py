"""Django's ASGI handler with the request handled in one thread, from middleware to view.

Django's ASGIHandler builds its middleware chain async: its bottom (URL resolving, view
middleware, calling the view) runs on the event loop, so even with every middleware sync
(games.middleware.SyncChain) a request went loop → thread (middleware) → loop (resolve) →
thread (view) → loop → thread (middleware's responses) → loop. py-spy on a loaded web
process: the URL resolving and those hand-offs on the loop were about a tenth of its CPU.

Here the chain is Django's sync one (as under WSGI: the same middleware, view middleware,
exception handling), called once through `sync_to_async`, in the request's thread (thread
sensitive: the same thread as the request_started/request_finished receivers, so a request's
database connection is opened and handed back by the thread that used it). Reading the body,
sending the response (streamed ones included) and the disconnect watch stay Django's own.

And a request's thread is one kept from an earlier request (asgiref's ThreadSensitiveContext
with an executor the caller owns), not a new one: Django's handler started a thread for every
request, and another to join it when it ended (py-spy: ~5% of a loaded web process). One
request at a time per thread, as before; a request that ended abnormally (its client gone, or
failed) does not hand its thread on: the thread ends when its work is done.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core.handlers.asgi import ASGIHandler

IDLE_THREADS = 64  # kept for the next requests; more than that concurrently: made and ended


class SyncChainASGIHandler(ASGIHandler):
    """ASGIHandler whose middleware chain, view included, runs sync in one hand-off."""

    def __init__(self) -> None:
        self._idle: list[ThreadPoolExecutor] = []
        self._idle_lock = threading.Lock()
        super().__init__()

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":  # (as Django's)
            raise ValueError(
                f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        executor, sent, gone = self._take(), [], []

        async def receive_watched() -> dict:
            message = await receive()
            if message.get("type") == "http.disconnect" and not sent:
                gone.append(True)  # Django stops waiting for the view, which may still run
            return message

        async def send_watched(message: dict) -> None:
            if message.get("type") == "http.response.body" and not message.get("more_body"):
                sent.append(True)  # (the server then answers `receive` with a disconnect)
            await send(message)

        try:
            async with ThreadSensitiveContext(executor=executor):
                await self.handle(scope, receive_watched, send_watched)
        except BaseException:
            executor.shutdown(wait=False)  # its thread may still be busy: not handed on
            raise
        if gone:
            executor.shutdown(wait=False)
        else:
            self._give_back(executor)

    def _take(self) -> ThreadPoolExecutor:
        with self._idle_lock:
            if self._idle:
                return self._idle.pop()
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="request")

    def _give_back(self, executor: ThreadPoolExecutor) -> None:
        with self._idle_lock:
            if len(self._idle) < IDLE_THREADS:
                self._idle.append(executor)
                return
        executor.shutdown(wait=False)

    def load_middleware(self, is_async: bool = False) -> None:
        """Django's sync chain (whatever `is_async`), wrapped once to be awaited."""
        super().load_middleware(is_async=False)
        self._middleware_chain = sync_to_async(self._middleware_chain, thread_sensitive=True)


def get_asgi_application() -> SyncChainASGIHandler:
    """django.core.asgi.get_asgi_application with this handler."""
    import django

    django.setup(set_prefix=False)
    return SyncChainASGIHandler()
