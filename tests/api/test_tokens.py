"""Personal API tokens: created on the profile page, shown once, stored hashed, revocable."""

from __future__ import annotations

import hashlib
import re

import pytest
from rest_framework.test import APIClient

from games.api import services
from games.api.models import ApiToken

pytestmark = pytest.mark.django_db


def _bearer(raw: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    return client


def test_the_profile_page_creates_a_named_token_and_shows_it_once(client, alice):
    client.force_login(alice)
    page = client.post("/profile/api-tokens/", {"name": "my bot"}).content.decode()
    raw = re.search(r"<code>(dom_[^<]+)</code>", page).group(1)
    token = ApiToken.objects.get(user=alice)
    assert token.name == "my bot"
    assert token.key_hash == hashlib.sha256(raw.encode()).hexdigest()
    assert raw not in str(ApiToken.objects.values())
    assert raw not in client.get("/profile/api-tokens/").content.decode()
    assert _bearer(raw).get("/api/v1/me/").json()["username"] == "alice"


def test_the_profile_links_to_the_token_page(client, alice):
    client.force_login(alice)
    assert "/profile/api-tokens/" in client.get("/profile/").content.decode()


def test_a_revoked_token_is_refused(client, alice):
    token, raw = services.token_create(user=alice, name="old")
    client.force_login(alice)
    client.post(f"/profile/api-tokens/{token.pk}/revoke/")
    response = _bearer(raw).get("/api/v1/me/")
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"


def test_nobody_revokes_someone_elses_token(client, alice, bob):
    token, raw = services.token_create(user=alice, name="mine")
    client.force_login(bob)
    client.post(f"/profile/api-tokens/{token.pk}/revoke/")
    assert _bearer(raw).get("/api/v1/me/").status_code == 200


def test_an_unknown_token_is_401(db):
    response = _bearer("dom_nonsense").get("/api/v1/me/")
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_the_site_session_works_too(client, alice):
    client.force_login(alice)
    assert client.get("/api/v1/me/").json()["username"] == "alice"


def test_last_use_is_recorded(alice):
    token, raw = services.token_create(user=alice, name="t")
    _bearer(raw).get("/api/v1/me/")
    token.refresh_from_db()
    assert token.last_used_at is not None


def test_the_command_line_creates_a_token(alice):
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("api_token", "alice", "--name", "cli", stdout=out)
    assert _bearer(out.getvalue().strip()).get("/api/v1/me/").status_code == 200


def test_an_account_has_at_most_the_cap_of_live_tokens(client, alice, bob, settings):
    from datetime import timedelta

    from django.utils import timezone

    settings.API_TOKENS_PER_USER = 2
    first, _ = services.token_create(user=alice, name="one")
    services.token_create(user=alice, name="expired", expires_at=timezone.now()
                          - timedelta(days=1))  # an expired one does not count
    services.token_create(user=alice, name="two")
    with pytest.raises(ValueError, match="2 live tokens"):
        services.token_create(user=alice, name="three")
    services.token_create(user=bob, name="bob's")  # per account

    client.force_login(alice)
    page = client.post("/profile/api-tokens/", {"name": "three"}).content.decode()
    assert "you have 2 live tokens" in page and "Copy it now" not in page
    assert ApiToken.objects.filter(user=alice).count() == 3

    services.token_revoke(user=alice, token_id=first.pk)  # a revoked one frees its place
    services.token_create(user=alice, name="three")
