"""Refusals of the social features, each with a stable code and the HTTP status it maps to."""

from __future__ import annotations

from typing import Any

from games.exceptions import GameError


class SocialError(GameError):
    """A refusal that changed nothing; `status` is the API's HTTP status for it."""

    status = 409

    def __init__(self, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.extra = extra


class BadRequest(SocialError):
    code = "invalid_request"
    status = 400


class BadMessage(SocialError):
    code = "invalid_message"
    status = 400


class RateLimited(SocialError):
    code = "rate_limited"
    status = 429


class Forbidden(SocialError):
    code = "not_allowed"
    status = 403


class Missing(SocialError):
    code = "not_found"
    status = 404


class Conflict(SocialError):
    code = "conflict"
    status = 409


class UndoRefused(SocialError):
    code = "undo_not_allowed"
    status = 409
