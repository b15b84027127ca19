"""Static files served by the ASGI app itself (embedded mode, SERVE_STATIC)."""

from __future__ import annotations

from typing import Any

from asgiref.sync import sync_to_async
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.core.exceptions import SuspiciousOperation
from django.core.handlers.exception import response_for_exception


class StaticFiles(ASGIStaticFilesHandler):
    """Django's handler, with a path that climbs out of the static root (`/static/%2e%2e/`)
    answered 400 as any suspicious request is: Django's own handler lets it out as a 500.
    Its files skip the middleware, so `nosniff` (SecurityMiddleware's) is added here: a
    browser must take a script or a style sheet for what its type says, nothing else."""

    async def get_response_async(self, request: Any) -> Any:
        try:
            response = await super().get_response_async(request)
        except SuspiciousOperation as exc:
            response = await sync_to_async(response_for_exception, thread_sensitive=False)(
                request, exc)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        return response
