"""Refuse a request body over the upload limit on every endpoint, before any view runs.

Django checks DATA_UPLOAD_MAX_MEMORY_SIZE only when a view reads the body, so an endpoint
that ignores its body would accept any size and one that reads it would answer 400; this
answers 413 everywhere, as JSON in the API's error shape under /api/. (A chunked body, with
no Content-Length, is still caught when it is read: games.api.exceptions maps it to 413.)
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse


class BodySizeLimit:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if limit is not None and length > limit:
            return too_large(request, limit)
        return self.get_response(request)


def too_large(request: HttpRequest, limit: int) -> HttpResponse:
    detail = f"the request body is larger than {limit} bytes"
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "payload_too_large", "detail": detail}, status=413)
    return HttpResponse(f"<h1>Request body too large (413)</h1><p>{detail.capitalize()}.</p>",
                        status=413)
