"""Idempotency-Key: a retried write returns the first response instead of acting twice.

The key is claimed (user, key, request hash) before the request acts; the outcome (success or
a refusal by the game) is stored on the claim. A retry with the same key gets that stored
response; one arriving while the first is still running waits for it. The same key with a
different request is refused with 422. An unexpected failure (5xx) or a request refused for
its form (400) releases the claim.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable

from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from games.api import services
from games.api.exceptions import ApiError, api_exception_handler
from games.api.models import IdempotencyRecord
from games.exceptions import GameError

HEADER = "Idempotency-Key"
MAX_KEY_LENGTH = 255
WAIT_SECONDS = 30.0
POLL_SECONDS = 0.05


def idempotent(request, act: Callable[[], Response]) -> Response:
    key = request.headers.get(HEADER)
    if key is None:
        return act()
    if not 1 <= len(key) <= MAX_KEY_LENGTH:
        raise ApiError("invalid_idempotency_key",
                       f"{HEADER} must be 1 to {MAX_KEY_LENGTH} characters", 400)
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in key):  # (PostgreSQL refuses a NUL: a 500)
        raise ApiError("invalid_idempotency_key",
                       f"{HEADER} cannot contain control characters", 400)
    digest = _request_hash(request)
    record, claimed = services.idempotency_claim(user=request.user, key=key, request_hash=digest)
    if not claimed:
        return _replay(record, digest)
    try:
        response = _outcome(act)
    except BaseException:
        services.idempotency_release(record=record)
        raise
    if response.status_code >= 500 or response.status_code == 400:
        # A server error, or a request refused for its form (malformed_request,
        # invalid_request...): not an outcome to replay; the client fixes it and retries
        # with the same key (docs/api.md, *Idempotency*).
        services.idempotency_release(record=record)
    else:
        # Stored as the JSON text sent, so a replay is the same bytes (a JSONB column would
        # reorder the keys of a dict).
        text = JSONRenderer().render(response.data).decode()
        services.idempotency_complete(record=record, status_code=response.status_code,
                                      body=text)
    return response


def _replay(record: IdempotencyRecord, digest: str) -> Response:
    if record.request_hash != digest:
        raise ApiError("idempotency_key_reused",
                       f"this {HEADER} was already used for a different request", 422)
    deadline = time.monotonic() + WAIT_SECONDS
    while record.status_code is None:  # the first request with this key is still acting
        if time.monotonic() > deadline:
            raise ApiError("idempotency_in_progress",
                           f"a request with this {HEADER} is still in progress; retry later", 409)
        time.sleep(POLL_SECONDS)
        record = IdempotencyRecord.objects.filter(pk=record.pk).first()
        if record is None:
            raise ApiError("idempotency_in_progress",
                           f"the first request with this {HEADER} failed; retry", 409)
    body = json.loads(record.body) if isinstance(record.body, str) else record.body
    return Response(body, status=record.status_code)


def _outcome(act: Callable[[], Response]) -> Response:
    """The response, including a refusal by the game or an access check (both are outcomes)."""
    try:
        return act()
    except (GameError, ApiError) as exc:
        return api_exception_handler(exc, {})


def _request_hash(request) -> str:
    body = json.dumps(request.data, sort_keys=True, separators=(",", ":"), default=str)
    text = f"{request.method} {request.path}\n{body}"
    return hashlib.sha256(text.encode()).hexdigest()
