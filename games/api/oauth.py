"""OAuth2 (django-oauth-toolkit) with limits per account, as personal tokens have.

Each authorization of an app makes a session (an access token, and its refresh token) that the
library never caps; applications can be registered without end too. Both are rows every
request or purge reads, so an account keeps at most OAUTH_TOKENS_PER_USER sessions (the
oldest are revoked when a new one is issued: an app's flow never fails for it) and registers
at most OAUTH_APPLICATIONS_PER_USER applications (the form says so). Expired tokens are
purged every hour with the API's other records (games.api.tasks.api_purge).

The site speaks one flow: authorization code with PKCE (and refreshing its tokens). Other
grants are refused wherever they could come in: the registration and update forms offer no
other grant type, the validator issues no token for one (an app made in the admin), and the
device flow's endpoints are not served. A client-credentials token belongs to no account, so
it could do nothing here, yet each request for one stored a row no cap counted.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

from django.conf import settings
from django.core.exceptions import SuspiciousOperation
from django.db import transaction
from django.http import HttpRequest
from django.http.multipartparser import MultiPartParserError
from django.urls import reverse
from oauth2_provider import oauth2_validators
from oauth2_provider.models import clear_expired, get_access_token_model, get_application_model
from oauth2_provider.views import ApplicationRegistration, ApplicationUpdate
from oauthlib.oauth2 import Server
from oauthlib.oauth2.rfc6749.errors import OAuth2Error, UnsupportedCodeChallengeMethodError

from games.limits import lock_account


def sessions_pruned(user: Any) -> int:
    """Revokes the user's oldest OAuth sessions past the cap; how many went."""
    most = settings.OAUTH_TOKENS_PER_USER
    if user is None or not most:
        return 0
    tokens = get_access_token_model().objects.filter(user=user)
    extra = list(tokens.order_by("-created", "-pk").select_related("refresh_token")[most:])
    for token in extra:
        refresh = getattr(token, "refresh_token", None)
        if refresh is not None and refresh.revoked is None:
            refresh.revoke()  # (its access token with it; a replay of it revokes the family)
        else:
            token.revoke()
    return len(extra)


def expired_purge() -> int:
    """Expired access tokens, grants and refresh tokens past their life: the library's own
    clean-up (its `cleartokens` command), run by beat. Returns 1 once it ran."""
    clear_expired()
    return 1


# The grants a token may be issued for (the names of the token endpoint's grant_type).
GRANT_TYPES = ("authorization_code", "refresh_token")


class OAuth2Validator(oauth2_validators.OAuth2Validator):
    """The library's validator, for the authorization code grant alone; issuing a token also
    prunes the account's oldest sessions."""

    def validate_grant_type(self, client_id: str, grant_type: str, client: Any, request: Any,
                            *args: Any, **kwargs: Any) -> bool:
        if grant_type not in GRANT_TYPES:
            return False
        return super().validate_grant_type(client_id, grant_type, client, request, *args,
                                           **kwargs)

    def validate_refresh_token(self, refresh_token: str, client: Any, request: Any,
                               *args: Any, **kwargs: Any) -> bool:
        """The library's check, and the session's account must still be active: a
        deactivated account's app could otherwise refresh its way on for ever."""
        if not super().validate_refresh_token(refresh_token, client, request, *args,
                                              **kwargs):
            return False
        user = getattr(request, "user", None)
        return user is not None and user.is_active

    def save_bearer_token(self, token: dict, request: Any, *args: Any, **kwargs: Any) -> None:
        with transaction.atomic():
            super().save_bearer_token(token, request, *args, **kwargs)
            user = getattr(request, "user", None)
            if user is not None and user.is_authenticated:
                sessions_pruned(user)


def _s256_only(request: Any) -> dict:
    """Refuse a `plain` code challenge (or one with no method, which means plain) while
    the authorization request is checked: the library refuses it only when the consent form
    is posted, so the player was first asked to approve an app that could never get a code."""
    if request.code_challenge is not None and request.code_challenge_method != "S256":
        raise UnsupportedCodeChallengeMethodError(
            description='code_challenge_method must be "S256"', request=request)
    return {}


class AuthorizationServer(Server):
    """oauthlib's server, its authorization code grant checking the PKCE method up front."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.auth_grant.custom_validators.post_auth.append(_s256_only)


class AuthorizationCodeOnlyForm:
    """The library's application form offering the authorization code grant alone."""

    def get_form(self, form_class: Any = None) -> Any:
        form = super().get_form(form_class)
        field = form.fields.get("authorization_grant_type")
        if field is not None:
            code = get_application_model().GRANT_AUTHORIZATION_CODE
            field.choices = [(value, label) for value, label in field.choices if value == code]
            field.initial = code
        return form


class ApplicationUpdateAuthorizationCode(AuthorizationCodeOnlyForm, ApplicationUpdate):
    """The library's update form, which cannot switch an app to another grant."""


class CappedApplicationRegistration(AuthorizationCodeOnlyForm, ApplicationRegistration):
    """The library's registration form (authorization code only), refused past the account's
    cap."""

    def form_valid(self, form: Any) -> Any:
        most = settings.OAUTH_APPLICATIONS_PER_USER
        with transaction.atomic():
            user = self.request.user
            if not lock_account(user):  # deleted meanwhile: the app would fail at commit
                form.add_error(None, "Your account has been deleted.")
                return self.form_invalid(form)
            owned = get_application_model().objects.filter(user=user).count()
            if most and owned >= most:
                form.add_error(None, f"You have {owned} applications, the most an account "
                                     f"may register ({most}): delete one to register another.")
                return self.form_invalid(form)
            return super().form_valid(form)


# An origin fit for a CSP source list: nothing a header could be bent with.
_ORIGIN = re.compile(r"https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?")
FORM_POSTS = ("application/x-www-form-urlencoded", "multipart/form-data")


def callback_origin(request: HttpRequest) -> str | None:
    """The origin of the app callback a page's form may end at, for the page's CSP
    `form-action` (games.middleware.ContentSecurityPolicy); None for any other page.

    Chromium applies `form-action` to the redirects that follow a submission as well: the
    consent form posts to /o/authorize/, which redirects to the app's callback; a login (or
    sign-up) form whose `next` is an authorization redirects there, and an app the account
    already approved (`approval_prompt=auto`) is sent on to its callback in the same
    navigation. The origin is that of a callback registered for the request's app (the
    `redirect_uri` asked for, else the one registered), as the library checks it before any
    redirect: nothing else is let in."""
    authorize = reverse("oauth2_provider:authorize")
    if request.path == authorize:
        query = request.GET
    else:
        target = request.GET.get("next")
        if (target is None and request.method == "POST"
                and request.content_type in FORM_POSTS):
            try:  # (the form shown again after a failed login: its view read the body)
                target = request.POST.get("next")
            except (SuspiciousOperation, MultiPartParserError, OSError):
                return None
        parts = urlsplit(target or "")
        if parts.scheme or parts.netloc or parts.path != authorize:
            return None
        query = {name: values[-1] for name, values in parse_qs(parts.query).items()}
    client_id = query.get("client_id")
    if not client_id:
        return None
    app = get_application_model().objects.filter(client_id=client_id).first()
    if app is None:
        return None
    uri = query.get("redirect_uri")
    try:
        if not uri:
            uri = app.default_redirect_uri
        elif not app.redirect_uri_allowed(uri):
            return None
    except OAuth2Error:  # several registered and none asked for
        return None
    except ValueError:  # a port or an IPv6 host that does not parse (the library reads them)
        return None
    parts = urlsplit(uri)
    origin = f"{parts.scheme}://{parts.netloc}".lower()
    return origin if _ORIGIN.fullmatch(origin) else None
