"""Every API error is JSON: {"code": stable identifier, "detail": sentence}, plus extras."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from games.exceptions import (
    GameConflict,
    GameError,
    IllegalMove,
    InvalidSetup,
    NotAllowed,
    StaleStep,
    StepAhead,
)

log = logging.getLogger(__name__)

GAME_ERROR_STATUS = [
    (IllegalMove, status.HTTP_422_UNPROCESSABLE_ENTITY),
    (InvalidSetup, status.HTTP_400_BAD_REQUEST),
    (StepAhead, status.HTTP_400_BAD_REQUEST),
    (NotAllowed, status.HTTP_403_FORBIDDEN),
    (GameConflict, status.HTTP_409_CONFLICT),
    (GameError, status.HTTP_409_CONFLICT),  # SeatUnavailable, WrongStatus: the game's state
]


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "payload_too_large"
    default_detail = "the request body is too large"


DRF_CODES: dict[type, str] = {
    exceptions.ParseError: "malformed_request",
    PayloadTooLarge: "payload_too_large",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.PermissionDenied: "permission_denied",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
    exceptions.ValidationError: "invalid_request",
}


class ApiError(exceptions.APIException):
    """An error raised by an API view with its own code (e.g. not_your_seat)."""

    def __init__(self, code: str, detail: str, status_code: int, **extra) -> None:
        super().__init__(detail=detail, code=code)
        self.status_code = status_code
        self.error_code = code
        self.extra = extra


def game_error_response(exc: GameError) -> Response:
    code = next(s for cls, s in GAME_ERROR_STATUS if isinstance(exc, cls))
    body = {"code": exc.code, "detail": exc.detail}
    if isinstance(exc, StaleStep):
        body["current_step"] = exc.current
    return Response(body, status=code)


def api_exception_handler(exc, context):
    if isinstance(exc, GameError):
        return game_error_response(exc)
    if isinstance(exc, ApiError):
        return Response({"code": exc.error_code, "detail": str(exc.detail), **exc.extra},
                        status=exc.status_code)
    if isinstance(exc, RequestDataTooBig):  # a body with no Content-Length, read too far
        exc = PayloadTooLarge(
            f"the request body is larger than {settings.DATA_UPLOAD_MAX_MEMORY_SIZE} bytes")
    elif isinstance(exc, Http404 | exceptions.NotFound):
        exc = exceptions.NotFound("no such game or resource (or not one you may see)")
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = exception_handler(exc, context)
    if response is None:  # a bug: log it, and still answer in the API's format
        log.error("API error", exc_info=exc)
        return Response({"code": "server_error", "detail": "the server failed; try again"},
                        status=status.HTTP_500_INTERNAL_SERVER_ERROR)
    code = next((c for cls, c in DRF_CODES.items() if isinstance(exc, cls)), "error")
    if isinstance(exc, exceptions.ValidationError):
        response.data = {"code": code, "detail": _first_problem(exc.detail), "errors": exc.detail}
    else:
        response.data = {"code": code, "detail": str(exc.detail)}
    if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
        response.data["retry_after"] = int(response.headers.get("Retry-After", 1))
    return response


def _first_problem(detail) -> str:
    """A readable sentence for the first field error, e.g. 'step: This field is required.'"""
    if isinstance(detail, dict):
        for field, problems in detail.items():
            text = _first_problem(problems)
            return text if field == "non_field_errors" else f"{field}: {text}"
    if isinstance(detail, list) and detail:
        return _first_problem(detail[0])
    return str(detail) or "invalid request"
