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

The request's thread is a kept one, not a new one per request as in Django: starting and
ending a thread, and the per-thread state a new thread builds again (its database wrapper,
its pooled connection's checkout), cost every request; a WSGI server keeps its threads too.
Each request still has a thread to itself (asgiref's ThreadSensitiveContext with a given
executor); a thread still busy when its request ends (a client that went away while the
view ran) is not kept, so no request ever queues behind another one's work.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core.handlers.asgi import ASGIHandler

KEEP_THREADS = 32  # idle request threads kept per process; more are ended when idle


class RequestThread(ThreadPoolExecutor):
    """One thread; knows whether the last thing it was given is done."""

    def __init__(self) -> None:
        super().__init__(max_workers=1, thread_name_prefix="request")
        self.last: Future | None = None

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future:
        self.last = super().submit(fn, *args, **kwargs)
        return self.last

    def free(self) -> bool:
        return self.last is None or self.last.done()


class RequestThreads:
    """The idle request threads of a process; used from its event loop only (no lock)."""

    def __init__(self, keep: int = KEEP_THREADS) -> None:
        self.keep = keep
        self.idle: list[RequestThread] = []

    def take(self) -> RequestThread:
        return self.idle.pop() if self.idle else RequestThread()

    def give(self, thread: RequestThread) -> None:
        if thread.free() and len(self.idle) < self.keep:
            self.idle.append(thread)
        else:
            thread.shutdown(wait=False)  # it ends once its work is done


class SyncChainASGIHandler(ASGIHandler):
    """ASGIHandler whose middleware chain, view included, runs sync in one hand-off."""

    def __init__(self) -> None:
        super().__init__()
        self.threads = RequestThreads()

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        """Django's, with a kept thread for the request instead of a new one."""
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        thread = self.threads.take()
        try:
            async with ThreadSensitiveContext(executor=thread):
                await self.handle(scope, receive, send)
        finally:
            self.threads.give(thread)

    def load_middleware(self, is_async: bool = False) -> None:
        """Django's sync chain (whatever `is_async`), wrapped once to be awaited."""
        super().load_middleware(is_async=False)
        self._middleware_chain = sync_to_async(self._middleware_chain, thread_sensitive=True)


def get_asgi_application() -> SyncChainASGIHandler:
    """django.core.asgi.get_asgi_application with this handler."""
    import django

    django.setup(set_prefix=False)
    return SyncChainASGIHandler()
