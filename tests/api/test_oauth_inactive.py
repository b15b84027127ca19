"""What an OAuth2 app's token may not do. A deactivated account's OAuth2 sessions stop, as
its personal tokens do: the library accepted its access tokens (the whole API, within their
scopes) and refreshed them (games/api/authentication.py, games/api/oauth.py). An app's token
does not list or revoke the account's personal tokens (games/api/views.py)."""

from __future__ import annotations

import pytest
from django.test import Client
from oauth2_provider.models import Application
from rest_framework.test import APIClient

from games.api import services
from tests.api.test_oauth_caps import CALLBACK, _authorize, _refresh

pytestmark = pytest.mark.django_db


@pytest.fixture
def app() -> Application:
    return Application.objects.create(
        name="third party", client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris=CALLBACK, skip_authorization=False)


def _get(raw: str, path: str = "/api/v1/me/"):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    return client.get(path)


def test_a_deactivated_accounts_oauth_tokens_are_refused_like_its_personal_ones(app, alice):
    granted = _authorize(app, alice)
    _, personal = services.token_create(user=alice, name="bot", scopes=["read"])
    assert _get(granted["access_token"]).status_code == 200
    assert _get(personal).status_code == 200
    alice.is_active = False
    alice.save(update_fields=["is_active"])
    for raw in (granted["access_token"], personal):
        refused = _get(raw)
        assert (refused.status_code, refused.json()["code"]) == (401, "authentication_failed")
    ticket = APIClient()
    ticket.credentials(HTTP_AUTHORIZATION=f"Bearer {granted['access_token']}")
    assert ticket.post("/api/v1/ws-ticket/").status_code == 401
    refreshed = _refresh(app, granted)
    assert refreshed.status_code == 400 and "access_token" not in refreshed.json()


def test_an_active_account_refreshes_as_before(app, alice):
    granted = _authorize(app, alice)
    refreshed = _refresh(app, granted)
    assert refreshed.status_code == 200, refreshed.content
    assert _get(refreshed.json()["access_token"]).status_code == 200
    assert Client().get("/api/v1/me/").status_code == 401


def test_an_apps_token_neither_lists_nor_revokes_personal_tokens(app, alice):
    """Personal tokens are the account holder's: an app granted `read` listed their names
    and prefixes and could revoke every one (the account's bots cut off)."""
    granted = _authorize(app, alice)
    bot_token, bot_raw = services.token_create(user=alice, name="my bot", scopes=["read"])
    through_app = APIClient()
    through_app.credentials(HTTP_AUTHORIZATION=f"Bearer {granted['access_token']}")
    listed = through_app.get("/api/v1/tokens/")
    assert (listed.status_code, listed.json()["code"]) == (403, "not_allowed")
    revoked = through_app.post(f"/api/v1/tokens/{bot_token.pk}/revoke/")
    assert (revoked.status_code, revoked.json()["code"]) == (403, "not_allowed")
    assert _get(bot_raw).status_code == 200  # the bot's token lives
    assert _get(granted["access_token"]).status_code == 200  # the app reads as before
    # the holder, with a personal token or the session, still manages them
    assert [t["name"] for t in _get(bot_raw, "/api/v1/tokens/").json()] == ["my bot"]
    browser = APIClient()
    browser.force_login(alice)
    assert [t["name"] for t in browser.get("/api/v1/tokens/").json()] == ["my bot"]
