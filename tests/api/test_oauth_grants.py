"""OAuth2 speaks the authorization code grant alone (games/api/oauth.py): an app cannot be
registered or switched to another grant, an app with another grant (made in the admin) gets
no token, and the device flow is not served. A client-credentials token belonged to no
account yet each request for one stored a row; the device flow's endpoint was a 500."""

from __future__ import annotations

import pytest
from django.test import Client
from oauth2_provider.models import AccessToken, Application

from tests.api.test_oauth_caps import CALLBACK, _authorize

pytestmark = pytest.mark.django_db
FORM = {"name": "my bot", "client_id": "c" * 40, "client_secret": "s" * 40,
        "hash_client_secret": "on", "client_type": "confidential",
        "authorization_grant_type": "authorization-code", "redirect_uris": CALLBACK,
        "post_logout_redirect_uris": "", "allowed_origins": "", "algorithm": ""}


def _browser(user) -> Client:
    browser = Client()
    browser.force_login(user)
    return browser


@pytest.mark.parametrize("grant", ["client-credentials", "password", "implicit",
                                   "urn:ietf:params:oauth:grant-type:device_code",
                                   "openid-hybrid"])
def test_the_forms_offer_the_authorization_code_grant_alone(alice, grant):
    browser = _browser(alice)
    page = browser.get("/o/applications/register/")
    assert b'value="client-credentials"' not in page.content
    refused = browser.post("/o/applications/register/",
                           {**FORM, "authorization_grant_type": grant})
    assert refused.status_code == 200  # the form again, with its error
    assert not Application.objects.filter(user=alice).exists()
    assert browser.post("/o/applications/register/", FORM).status_code == 302
    app = Application.objects.get(user=alice)
    switched = browser.post(f"/o/applications/{app.pk}/update/",
                            {**FORM, "authorization_grant_type": grant})
    assert switched.status_code == 200
    app.refresh_from_db()
    assert app.authorization_grant_type == Application.GRANT_AUTHORIZATION_CODE


def test_an_app_with_another_grant_gets_no_token(alice):
    secret = "t" * 40
    app = Application.objects.create(
        name="made in the admin", user=alice, client_type=Application.CLIENT_CONFIDENTIAL,
        authorization_grant_type=Application.GRANT_CLIENT_CREDENTIALS, client_secret=secret,
        redirect_uris=CALLBACK)
    for _ in range(3):
        refused = Client().post("/o/token/", {
            "grant_type": "client_credentials", "scope": "read play",
            "client_id": app.client_id, "client_secret": secret})
        assert refused.status_code in (400, 401), refused.content
        assert "access_token" not in refused.json()
    assert not AccessToken.objects.exists()


def test_the_authorization_code_flow_still_works(alice):
    app = Application.objects.create(
        name="third party", client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris=CALLBACK, skip_authorization=False)
    granted = _authorize(app, alice)
    refreshed = Client().post("/o/token/", {"grant_type": "refresh_token",
                                            "client_id": app.client_id,
                                            "refresh_token": granted["refresh_token"]})
    assert refreshed.status_code == 200, refreshed.content


def test_the_device_flow_is_not_served_and_discovery_says_so(alice):
    app = Application.objects.create(
        name="device", client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_DEVICE_CODE, redirect_uris=CALLBACK)
    assert Client().post("/o/device-authorization/",
                         {"client_id": app.client_id}).status_code == 404
    assert _browser(alice).get("/o/device/").status_code == 404
    metadata = Client().get("/o/.well-known/oauth-authorization-server").json()
    assert metadata["grant_types_supported"] == ["authorization_code", "refresh_token"]
