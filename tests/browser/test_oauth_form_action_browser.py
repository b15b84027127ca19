"""The policy's `form-action` in Chromium, which applies it to the redirects that follow a
form's submission too: the OAuth2 authorization still reaches a third-party app's callback,
from the consent form and from a login form whose `next` is the authorization."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from django.utils import timezone
from oauth2_provider.models import AccessToken, Application

from tests.api.test_scopes import _pkce

pytestmark = pytest.mark.django_db(transaction=True)
CALLBACK = "https://client.example/callback"


@pytest.fixture(autouse=True)
def _enforced(settings):
    settings.CONTENT_SECURITY_POLICY_ENFORCE = True  # as in production mode


@pytest.fixture
def app(transactional_db) -> Application:
    return Application.objects.create(
        name="third party", client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris=CALLBACK, skip_authorization=False)


def _authorize_path(app: Application, **extra: str) -> str:
    _, challenge = _pkce()
    return "/o/authorize/?" + urlencode({
        "response_type": "code", "client_id": app.client_id, "scope": "read",
        "redirect_uri": CALLBACK, "state": "s", "code_challenge": challenge,
        "code_challenge_method": "S256", **extra})


def _watch(page) -> tuple[list[str], list[str]]:
    """(policy violations in the console, requests that reached the app's callback)"""
    violations: list[str] = []
    arrived: list[str] = []
    page.on("console", lambda m: violations.append(m.text)
            if "Content Security Policy" in m.text else None)
    page.route("https://client.example/**", lambda route: (
        arrived.append(route.request.url),
        route.fulfill(status=200, content_type="text/plain", body="the app")))
    return violations, arrived


def _arrived_with_a_code(arrived: list[str], page) -> None:
    for _ in range(200):  # 10 s at most
        if arrived:
            break
        page.wait_for_timeout(50)
    assert arrived, "the browser never reached the app's callback"
    query = parse_qs(urlparse(arrived[0]).query)
    assert query["state"] == ["s"] and query["code"]


def test_the_consent_form_reaches_the_apps_callback(app, make_user, new_page):
    page = new_page(make_user("alice"))
    violations, arrived = _watch(page)
    response = page.goto(_authorize_path(app))
    policy = response.headers["content-security-policy"]
    assert "form-action 'self' https://client.example" in policy
    page.locator("input[name=allow]").click()
    _arrived_with_a_code(arrived, page)
    assert violations == []


def test_a_login_that_leads_to_an_approved_app_reaches_its_callback(app, make_user, browser,
                                                                     live_asgi):
    """approval_prompt=auto with a session the app already holds: logging in redirects to
    the authorization, which redirects on to the app, all within the login form's navigation."""
    alice = make_user("alice")
    AccessToken.objects.create(user=alice, application=app, token="t" * 40, scope="read",
                               expires=timezone.now() + timedelta(hours=1))
    context = browser.new_context(base_url=live_asgi.url)
    try:
        page = context.new_page()
        page.set_default_timeout(20_000)
        violations, arrived = _watch(page)
        page.goto(_authorize_path(app, approval_prompt="auto"))
        assert urlparse(page.url).path == "/accounts/login/"
        page.fill("input[name=login]", "alice")
        page.fill("input[name=password]", "a-long-pass-phrase-42")
        page.locator("form button[type=submit]").last.click()
        _arrived_with_a_code(arrived, page)
        assert violations == []
    finally:
        context.close()
        live_asgi.app.wait_idle(timeout=10)
