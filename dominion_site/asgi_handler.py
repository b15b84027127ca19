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
sending the response (streamed ones included), the disconnect watch and the thread of each
request (a new one, as Django's) stay Django's own.
"""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler


class SyncChainASGIHandler(ASGIHandler):
    """ASGIHandler whose middleware chain, view included, runs sync in one hand-off."""

    def load_middleware(self, is_async: bool = False) -> None:
        """Django's sync chain (whatever `is_async`), wrapped once to be awaited."""
        super().load_middleware(is_async=False)
        self._middleware_chain = sync_to_async(self._middleware_chain, thread_sensitive=True)


def get_asgi_application() -> SyncChainASGIHandler:
    """django.core.asgi.get_asgi_application with this handler."""
    import django

    django.setup(set_prefix=False)
    return SyncChainASGIHandler()
