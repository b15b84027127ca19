"""Token scopes (read, play, manage-games), expiry, the token listing, and OAuth2 (authorization
code with PKCE, django-oauth-toolkit) mapping to the same scopes."""

from __future__ import annotations

import base64
import hashlib
import secrets
from datetime import timedelta
from urllib.parse import parse_qs, urlparse

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from oauth2_provider.models import Application
from rest_framework.test import APIClient

from games.api import services as api_services
from games.api.models import ApiToken

pytestmark = pytest.mark.django_db


def _client(user, scopes=None, expires_at=None) -> APIClient:
    _, raw = api_services.token_create(user=user, name="t", scopes=scopes, expires_at=expires_at)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    return client


def test_a_read_only_token_reads_but_cannot_play_or_manage(running_game, alice, catalog):
    client = _client(alice, ["read"])
    assert client.get(f"/api/v1/games/{running_game.pk}/").status_code == 200
    running_game.refresh_from_db()
    decision = running_game.decisions[0]
    answer = client.post(f"/api/v1/games/{running_game.pk}/answer/",
                         {"decision": decision["id"], "answer": {"end": True}}, format="json")
    assert answer.status_code == 403
    assert answer.json() == {"code": "insufficient_scope", "required_scope": "play",
                             "detail": "this token lacks the 'play' scope"}
    create = client.post("/api/v1/games/", {"seats": ["me", "bmu"]}, format="json")
    assert (create.status_code, create.json()["required_scope"]) == (403, "manage-games")


def test_a_play_token_answers_but_cannot_create(running_game, alice, bob, catalog):
    running_game.refresh_from_db()
    decision = running_game.decisions[0]
    owner = alice if decision["seat"] == 0 else bob
    client = _client(owner, ["read", "play"])
    assert client.post("/api/v1/games/", {"seats": ["me", "bmu"]},
                       format="json").status_code == 403
    chat = client.post(f"/api/v1/games/{running_game.pk}/chat/", {"body": "hi"}, format="json")
    assert chat.status_code == 201


def test_a_manage_token_creates_and_starts(alice, catalog):
    client = _client(alice, ["manage-games"])
    created = client.post("/api/v1/games/", {"seats": ["me", "bmu"]}, format="json")
    assert created.status_code == 201
    assert client.post(f"/api/v1/games/{created.json()['id']}/start/").status_code == 200
    assert client.get("/api/v1/me/").status_code == 403  # no read scope


def test_an_expired_token_is_refused(alice):
    client = _client(alice, expires_at=timezone.now() - timedelta(seconds=1))
    response = client.get("/api/v1/me/")
    assert (response.status_code, response.json()["code"]) == (401, "authentication_failed")
    assert _client(alice, expires_at=timezone.now() + timedelta(days=1)).get(
        "/api/v1/me/").status_code == 200


def test_the_token_listing_and_revoking(alice, bob):
    client = _client(alice, ["read"])
    other, _ = api_services.token_create(user=bob, name="bob's")
    listed = client.get("/api/v1/tokens/").json()
    assert [(t["name"], t["scopes"], t["active"]) for t in listed] == [("t", ["read"], True)]
    assert "key_hash" not in listed[0]
    assert client.post(f"/api/v1/tokens/{other.pk}/revoke/").status_code == 404
    assert client.post(f"/api/v1/tokens/{listed[0]['id']}/revoke/").status_code == 200
    assert client.get("/api/v1/me/").status_code == 401


def test_unknown_scopes_are_refused_and_the_default_is_all(alice):
    with pytest.raises(ValueError):
        api_services.token_create(user=alice, name="x", scopes=["admin"])
    token, _ = api_services.token_create(user=alice, name="y")
    assert token.scopes == ["read", "play", "manage-games"]


def test_the_tokens_page_makes_a_scoped_expiring_token(alice):
    page = Client()
    page.force_login(alice)
    response = page.post("/profile/api-tokens/", {"name": "ro", "scopes_shown": "1",
                                                  "scopes": ["read"], "expires_days": "7"})
    assert response.status_code == 200
    token = ApiToken.objects.get(name="ro")
    assert token.scopes == ["read"]
    assert timedelta(days=6) < token.expires_at - timezone.now() <= timedelta(days=7)
    assert b"read" in response.content


def test_the_command_takes_scopes_and_expiry(alice, capsys):
    call_command("api_token", "alice", "--scopes", "read,play", "--expires-days", "30")
    raw = capsys.readouterr().out.strip()
    token = ApiToken.objects.get(key_hash=api_services.token_hash(raw))
    assert token.scopes == ["read", "play"] and token.expires_at is not None


def _pkce() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(
        hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def _oauth_token(alice, scope: str, pkce: bool = True) -> dict:
    app = Application.objects.create(
        name="third party", client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris="http://127.0.0.1:9/callback", skip_authorization=False)
    browser = Client()
    browser.force_login(alice)
    verifier, challenge = _pkce()
    query = {"response_type": "code", "client_id": app.client_id, "scope": scope,
             "redirect_uri": "http://127.0.0.1:9/callback", "state": "xyz"}
    if pkce:
        query.update(code_challenge=challenge, code_challenge_method="S256")
    consent = browser.get("/o/authorize/", query)
    if not pkce:
        return {"status": consent.status_code, "location": consent.get("Location", "")}
    assert consent.status_code == 200
    allowed = browser.post("/o/authorize/", {**query, "allow": "Authorize"})
    code = parse_qs(urlparse(allowed["Location"]).query)["code"][0]
    token = Client().post("/o/token/", {
        "grant_type": "authorization_code", "code": code, "client_id": app.client_id,
        "redirect_uri": "http://127.0.0.1:9/callback", "code_verifier": verifier})
    assert token.status_code == 200, token.content
    return token.json()


def test_oauth2_authorization_code_with_pkce_gives_a_scoped_token(alice, running_game):
    granted = _oauth_token(alice, "read")
    assert granted["scope"] == "read"
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {granted['access_token']}")
    assert client.get("/api/v1/me/").json()["username"] == "alice"
    refused = client.post(f"/api/v1/games/{running_game.pk}/resign/")
    assert (refused.status_code, refused.json()["code"]) == (403, "insufficient_scope")


def test_oauth2_without_pkce_is_refused(alice):
    answer = _oauth_token(alice, "read", pkce=False)
    assert answer["status"] in (302, 400)
    assert "code=" not in answer["location"]


def test_a_bad_bearer_token_is_401(catalog):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Bearer not-a-real-token")
    response = client.get("/api/v1/me/")
    assert (response.status_code, response.json()["code"]) == (401, "authentication_failed")
