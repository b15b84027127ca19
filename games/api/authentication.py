"""Token authentication: `Authorization: Bearer <token>` (or `Token <token>`)."""

from __future__ import annotations

from django.utils.encoding import escape_uri_path
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from games.api import services

KEYWORDS = ("bearer", "token")


class ApiTokenAuthentication(authentication.BaseAuthentication):
    """Personal tokens (`dom_...`), or else OAuth2 access tokens of third-party apps."""

    def authenticate(self, request):
        parts = authentication.get_authorization_header(request).split()
        if not parts or parts[0].decode(errors="replace").lower() not in KEYWORDS:
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(
                "the Authorization header must be 'Bearer <token>'")
        raw = parts[1].decode(errors="replace")
        if not raw.startswith(services.TOKEN_PREFIX):
            found = _oauth2(request, raw)
            if found is None:
                raise exceptions.AuthenticationFailed("unknown, expired or revoked token")
            return found
        token = services.token_authenticate(raw=raw)
        if token is None:
            raise exceptions.AuthenticationFailed("unknown, expired or revoked API token")
        return token.user, token

    def authenticate_header(self, request) -> str:
        # Makes DRF answer 401 (with WWW-Authenticate) rather than 403 to anonymous requests.
        return 'Bearer realm="api"'


def _oauth2(request, raw: str):
    """(user, access token) for a valid OAuth2 access token (django-oauth-toolkit), or None.

    The library's validator judges the token alone: its DRF authentication reads the
    request's form fields, which ran the API's parsers on the body before the token was
    known, so a form or a malformed body was a 415 or 400 where an expired token is a 401;
    and it read the URL's query as form fields, a 500 on a query no form carries ("%zz").
    The validator is given the path alone (it checks a token bound to a resource by it).
    None too when the token's account is deactivated (the library never asks), as for a
    personal token: a banned account kept the whole API through any app it had authorized.
    """
    from oauth2_provider.settings import oauth2_settings
    from oauthlib.common import Request as OAuthRequest

    uri = f"{request.scheme}://{request.get_host()}{escape_uri_path(request.path)}"
    checked = OAuthRequest(uri, http_method=request.method)
    if not oauth2_settings.OAUTH2_VALIDATOR_CLASS().validate_bearer_token(raw, [], checked):
        return None
    if checked.user is None or not checked.user.is_active:
        return None
    return checked.user, checked.access_token


class ApiTokenScheme(OpenApiAuthenticationExtension):
    target_class = "games.api.authentication.ApiTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return {"type": "http", "scheme": "bearer",
                "description": "A personal API token (dom_...) or an OAuth2 access token; its "
                "scopes (read, play, manage-games) limit what it may do."}
