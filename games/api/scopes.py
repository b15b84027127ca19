"""What each kind of request needs of a token: read, play or manage-games.

Personal tokens carry their scopes (games.api.models.SCOPES); OAuth2 access tokens (granted
to third-party apps through django-oauth-toolkit) carry the same names in `scope`; the site's
own session may do everything. Reads need `read`; answering, chatting, undo, rematch,
resigning, claiming and running simulations need `play`; creating, joining, leaving, starting
and aborting games and challenges need `manage-games`.
"""

from __future__ import annotations

from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from games.api.models import ALL_SCOPES, SCOPE_MANAGE, SCOPE_PLAY, SCOPE_READ, ApiToken

SAFE = ("GET", "HEAD", "OPTIONS")
# Writes by URL name (games.api.urls and games.social.urls); any other write needs `play`.
WRITE_SCOPES = {
    "games": SCOPE_MANAGE, "join": SCOPE_MANAGE, "leave": SCOPE_MANAGE, "start": SCOPE_MANAGE,
    "abort": SCOPE_MANAGE, "challenges": SCOPE_MANAGE, "challenge_accept": SCOPE_MANAGE,
    "challenge_decline": SCOPE_MANAGE, "bot_account": SCOPE_MANAGE,
    "ws_ticket": SCOPE_READ, "token_list_revoke": SCOPE_READ,
}


def required_scope(request: Request) -> str:
    if request.method in SAFE:
        return SCOPE_READ
    match = getattr(request, "resolver_match", None)
    return WRITE_SCOPES.get(match.url_name if match else "", SCOPE_PLAY)


def granted_scopes(auth: object) -> list[str]:
    """The scopes the request's credentials carry (a session: all of them)."""
    if isinstance(auth, ApiToken):
        return list(auth.scopes)
    scope = getattr(auth, "scope", None)  # an OAuth2 access token
    if isinstance(scope, str):
        return scope.split()
    return list(ALL_SCOPES)


class HasScope(BasePermission):
    """403 insufficient_scope when the token lacks what the request needs."""

    def has_permission(self, request: Request, view) -> bool:
        if not request.user or not request.user.is_authenticated:
            return True  # IsAuthenticated answers 401 first
        from games.api.exceptions import ApiError  # it imports DRF's views, which import us

        needed = required_scope(request)
        if needed not in granted_scopes(request.auth):
            raise ApiError("insufficient_scope", f"this token lacks the '{needed}' scope", 403,
                           required_scope=needed)
        return True
