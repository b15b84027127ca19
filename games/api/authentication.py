"""Token authentication: `Authorization: Bearer <token>` (or `Token <token>`)."""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from games.api import services

KEYWORDS = ("bearer", "token")


class ApiTokenAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request):
        parts = authentication.get_authorization_header(request).split()
        if not parts or parts[0].decode(errors="replace").lower() not in KEYWORDS:
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(
                "the Authorization header must be 'Bearer <token>'")
        token = services.token_authenticate(raw=parts[1].decode(errors="replace"))
        if token is None:
            raise exceptions.AuthenticationFailed("unknown or revoked API token")
        return token.user, token

    def authenticate_header(self, request) -> str:
        # Makes DRF answer 401 (with WWW-Authenticate) rather than 403 to anonymous requests.
        return 'Bearer realm="api"'


class ApiTokenScheme(OpenApiAuthenticationExtension):
    target_class = "games.api.authentication.ApiTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return {"type": "http", "scheme": "bearer", "description": "A personal API token."}
