"""OAuth2 has the limits personal tokens have: sessions and applications per account, and
expired tokens forgotten (games/api/oauth.py)."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import parse_qs, urlparse

import pytest
from django.test import Client
from django.utils import timezone
from oauth2_provider.models import AccessToken, Application, RefreshToken
from rest_framework.test import APIClient

from games.api.tasks import api_purge
from tests.api.test_scopes import _pkce

pytestmark = pytest.mark.django_db
CALLBACK = "http://127.0.0.1:9/callback"


@pytest.fixture
def app(alice) -> Application:
    return Application.objects.create(
        name="third party", client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris=CALLBACK, skip_authorization=False)


def _authorize(app: Application, user) -> dict:
    """One run of the authorization code flow with PKCE: a new session."""
    browser = Client()
    browser.force_login(user)
    verifier, challenge = _pkce()
    query = {"response_type": "code", "client_id": app.client_id, "scope": "read",
             "redirect_uri": CALLBACK, "state": "s", "code_challenge": challenge,
             "code_challenge_method": "S256"}
    allowed = browser.post("/o/authorize/", {**query, "allow": "Authorize"})
    code = parse_qs(urlparse(allowed["Location"]).query)["code"][0]
    token = Client().post("/o/token/", {
        "grant_type": "authorization_code", "code": code, "client_id": app.client_id,
        "redirect_uri": CALLBACK, "code_verifier": verifier})
    assert token.status_code == 200, token.content
    return token.json()


def _refresh(app: Application, granted: dict):
    return Client().post("/o/token/", {"grant_type": "refresh_token", "client_id": app.client_id,
                                       "refresh_token": granted["refresh_token"]})


def _works(granted: dict) -> bool:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {granted['access_token']}")
    return client.get("/api/v1/me/").status_code == 200


def test_a_new_session_past_the_cap_revokes_the_oldest(app, alice, bob, settings):
    settings.OAUTH_TOKENS_PER_USER = 2
    first, second, third = (_authorize(app, alice) for _ in range(3))
    theirs = _authorize(app, bob)  # (another account's sessions are its own)
    assert [_works(g) for g in (first, second, third, theirs)] == [False, True, True, True]
    assert _refresh(app, first).status_code == 400  # its refresh token went with it
    assert AccessToken.objects.filter(user=alice).count() == 2


def test_refreshing_a_session_keeps_the_others(app, alice, settings):
    settings.OAUTH_TOKENS_PER_USER = 2
    first, second = _authorize(app, alice), _authorize(app, alice)
    response = _refresh(app, first)
    assert response.status_code == 200, response.content
    assert _works(response.json()) and _works(second) and not _works(first)
    assert AccessToken.objects.filter(user=alice).count() == 2


def test_an_account_registers_a_bounded_number_of_applications(alice, settings):
    settings.OAUTH_APPLICATIONS_PER_USER = 1
    browser = Client()
    browser.force_login(alice)
    form = {"name": "my bot", "client_id": "a" * 40, "client_secret": "s" * 40,
            "hash_client_secret": "on", "client_type": "public",
            "authorization_grant_type": "authorization-code", "redirect_uris": CALLBACK,
            "post_logout_redirect_uris": "", "allowed_origins": "", "algorithm": ""}
    assert browser.post("/o/applications/register/", form).status_code == 302
    refused = browser.post("/o/applications/register/",
                           {**form, "name": "another", "client_id": "b" * 40})
    assert refused.status_code == 200
    assert b"the most an account may register (1)" in refused.content
    assert list(Application.objects.filter(user=alice).values_list("name", flat=True)) == [
        "my bot"]


def test_beat_forgets_expired_sessions(app, alice):
    live, old = _authorize(app, alice), _authorize(app, alice)
    past = timezone.now() - timedelta(days=200)
    stale = AccessToken.objects.filter(user=alice).order_by("created").last()
    AccessToken.objects.filter(pk=stale.pk).update(expires=past)
    RefreshToken.objects.filter(access_token=stale).update(created=past)
    assert api_purge.apply().get()["oauth"] == 1
    assert _works(live) and not _works(old)
    assert AccessToken.objects.filter(user=alice).count() == 1
    assert not RefreshToken.objects.filter(access_token=stale).exists()
