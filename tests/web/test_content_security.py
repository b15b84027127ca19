"""The Content-Security-Policy header: on the site's HTML pages, not on the API's JSON, not on
the API's HTML docs (their inline start-up scripts), and off when the setting is empty. Forms
post to the site alone, but the OAuth2 pages whose form ends at an app's callback."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.test import Client
from oauth2_provider.models import Application

from games.middleware import form_action_widened

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _enforced(settings):
    settings.CONTENT_SECURITY_POLICY_ENFORCE = True


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/sim/", "/leaderboard/",
                                  "/no-such-page/"])
def test_html_pages_carry_the_policy(client, path):
    response = client.get(path)
    assert response["Content-Type"].startswith("text/html")
    policy = response["Content-Security-Policy"]
    assert "script-src 'self';" in policy and "style-src 'self';" in policy
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert "object-src 'none'" in policy and "frame-ancestors 'none'" in policy
    assert directive(policy, "form-action") == "form-action 'self'"


def directive(policy: str, name: str) -> str:
    found = [part.strip() for part in policy.split(";") if part.split()[0] == name]
    assert len(found) == 1, policy
    return found[0]


CALLBACK = "https://client.example/callback"


@pytest.fixture
def app(db) -> Application:
    return Application.objects.create(
        name="third party", client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris=f"{CALLBACK} http://127.0.0.1/loopback")


def authorization(app: Application, **extra: str) -> str:
    return "/o/authorize/?" + urlencode({
        "response_type": "code", "client_id": app.client_id, "scope": "read",
        "redirect_uri": CALLBACK, "state": "s", "code_challenge": "c" * 43,
        "code_challenge_method": "S256", **extra})


def form_action(response) -> str:
    return directive(response["Content-Security-Policy"], "form-action")


def test_the_consent_page_lets_its_form_end_at_the_apps_callback(app, alice):
    """Its form posts to /o/authorize/, which redirects to the callback: Chromium checks the
    redirect against form-action too."""
    browser = Client()
    browser.force_login(alice)
    page = browser.get(authorization(app))
    assert page.status_code == 200 and b"authorizationForm" in page.content
    assert form_action(page) == "form-action 'self' https://client.example"
    # a loopback callback on the port the native app asked for (RFC 8252)
    native = browser.get(authorization(app, redirect_uri="http://127.0.0.1:53682/loopback"))
    assert form_action(native) == "form-action 'self' http://127.0.0.1:53682"


@pytest.mark.parametrize("change", [{"redirect_uri": "https://elsewhere.example/callback"},
                                    {"client_id": "no-such-app"}])
def test_an_unregistered_callback_or_app_is_not_let_in(app, alice, change):
    browser = Client()
    browser.force_login(alice)
    page = browser.get(authorization(app, **change))
    assert form_action(page) == "form-action 'self'"


def test_a_login_page_leading_to_an_authorization_lets_in_its_callback(app, alice):
    """Logging in redirects to `next`, the authorization, which sends an app the account
    approved before (approval_prompt=auto) on to its callback in the same navigation."""
    path = "/accounts/login/?" + urlencode({"next": authorization(app)})
    assert form_action(Client().get(path)) == "form-action 'self' https://client.example"
    signup = "/accounts/signup/?" + urlencode({"next": authorization(app)})
    assert form_action(Client().get(signup)) == "form-action 'self' https://client.example"
    # a failed login shows the form again: `next` is then in the posted form
    failed = Client().post("/accounts/login/", {"login": "alice", "password": "wrong",
                                                "next": authorization(app)})
    assert failed.status_code == 200
    assert form_action(failed) == "form-action 'self' https://client.example"


@pytest.mark.parametrize("target", [
    "/games/mine/", "https://evil.example/o/authorize/?client_id=x",
    "//evil.example/o/authorize/", "/o/authorize/?client_id=no-such-app"])
def test_a_login_page_leading_elsewhere_keeps_forms_on_the_site(app, target):
    path = "/accounts/login/?" + urlencode({"next": target})
    assert form_action(Client().get(path)) == "form-action 'self'"


def test_a_body_refused_for_its_size_is_not_read_for_its_next(client, settings):
    """(The 413 is answered before any view read the body: reading it then was a 400.)"""
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 2000
    big = client.post("/accounts/login/", {"next": "/o/authorize/", "padding": "a" * 5000})
    assert big.status_code == 413
    assert form_action(big) == "form-action 'self'"


def test_a_callback_that_could_bend_the_header_is_not_let_in(alice):
    """Only a plain scheme://host[:port] goes into the header."""
    odd = "https://client.example;script-src*/callback"
    app = Application.objects.create(
        name="odd", client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE, redirect_uris=odd)
    browser = Client()
    browser.force_login(alice)
    policy = browser.get(authorization(app, redirect_uri=odd))["Content-Security-Policy"]
    assert directive(policy, "form-action") == "form-action 'self'"
    assert directive(policy, "script-src") == "script-src 'self'"


def test_widening_touches_form_action_alone():
    assert form_action_widened("default-src 'self'; form-action 'self'; frame-ancestors 'none'",
                               "https://a.example") == (
        "default-src 'self'; form-action 'self' https://a.example; frame-ancestors 'none'")
    assert form_action_widened("default-src 'self'", "https://a.example") == "default-src 'self'"
    assert form_action_widened("form-action 'none'", "https://a.example") == "form-action 'none'"


@pytest.mark.parametrize("path", ["/api/v1/cards/", "/api/v1/docs/", "/api/v1/redoc/"])
def test_json_and_the_api_docs_go_without(client, path):
    assert "Content-Security-Policy" not in client.get(path)


def test_an_empty_setting_sends_none(client, settings):
    settings.CONTENT_SECURITY_POLICY = ""
    assert "Content-Security-Policy" not in client.get("/")


def test_a_development_server_only_reports(client, settings):
    """Outside production mode the same policy is sent as Report-Only: violations show in
    the browser's console, and tools that add inline scripts still work."""
    settings.CONTENT_SECURITY_POLICY_ENFORCE = False
    response = client.get("/")
    assert "Content-Security-Policy" not in response
    assert "script-src 'self';" in response["Content-Security-Policy-Report-Only"]


def test_no_template_or_fragment_writes_inline_styles():
    """The policy refuses style attributes and `<style>` blocks (the API's docs, which go
    without it, excepted): markup that had them would lose its look in production only."""
    root = Path(__file__).resolve().parents[2]
    inline = re.compile(r"""<style\b|\sstyle\s*=\s*["'{]""")
    sources = [*root.glob("templates/**/*.html"), *root.glob("games/**/*.py"),
               *root.glob("static/js/*.js")]
    found = [str(path.relative_to(root)) for path in sources
             if "templates/api/" not in path.as_posix() and inline.search(path.read_text())]
    assert found == []


@pytest.mark.parametrize("callback", [
    "https://client.example:port/callback", "https://client.example:99999/callback",
    "http://[::1/loopback"])
def test_a_login_page_leading_to_an_unparsable_callback_keeps_forms_on_the_site(app, callback):
    """The library reads a callback's port only once its host matched a registered one, and
    raised ValueError for a bad one: the login page a crafted link led to was a 500."""
    path = "/accounts/login/?" + urlencode({"next": authorization(app, redirect_uri=callback)})
    page = Client(raise_request_exception=False).get(path)
    assert page.status_code == 200 and form_action(page) == "form-action 'self'"
