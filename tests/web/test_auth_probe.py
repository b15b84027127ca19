"""An attacker's probe of sign-in and navigation, kept so that what it found defended stays so:
every redirect a form takes from its input stays on the site, every site form refuses a POST
without its CSRF token and no page changes anything on GET (both walk the URL resolver, so a
new route is covered unlisted), sessions are renewed at login and end at logout or a password
reset, and the OAuth2 authorization endpoint sends nobody to a callback not registered.
(The API's session writes needing CSRF: tests/api/test_scope_table.py; a password change
ending the other sessions: tests/web/test_game_consumer.py; the cost of failed logins and
sign-ups with known addresses: tests/web/test_account_security.py.)"""

from __future__ import annotations

import base64
import hashlib
import re
import secrets
import uuid
from urllib.parse import parse_qs, urlsplit

import pytest
from allauth.account.models import EmailAddress, EmailConfirmationHMAC
from django.apps import apps
from django.conf import settings
from django.contrib.sessions.models import Session
from django.core import serializers
from django.test import Client
from django.urls import reverse
from oauth2_provider.models import Application

from games.play import notify
from tests.routes import all_routes

PASSWORD = "a-long-pass-phrase-42"
SITE = "127.0.0.1:8000"  # the embedded server's address: ALLOWED_HOSTS names 127.0.0.1 too

# --- redirects --------------------------------------------------------------------------------

HOSTILE_TARGETS = [
    "//evil.example", "///evil.example", "/\\evil.example", "\\\\evil.example",
    "https:evil.example", "http:/\\evil.example", "https://evil.example/", "%2F%2Fevil.example",
    "javascript:alert(1)", " //evil.example", "\t//evil.example", "\n//evil.example",
    "/\t/evil.example", "\x01//evil.example", "\u3000//evil.example",
    "https://evil.example@127.0.0.1:8000/",
    # another server of the same machine: allauth took any name in ALLOWED_HOSTS, on any port
    "http://127.0.0.1/", "http://127.0.0.1:9999/", "http://localhost/", "http://[::1]/",
    "http://localhost:8000/",
]


def _on_site(location: str) -> bool:
    """Whether a browser following `location` (sent by SITE) stays on SITE."""
    if not location.isprintable() or "\\" in location or location != location.strip():
        return False
    parts = urlsplit(location)
    if parts.scheme or parts.netloc:
        return parts.scheme in ("http", "https") and parts.netloc == SITE
    return not location.startswith("//")


def _redirects(alice, bob) -> dict:
    """Each form that redirects to a `next` it is given: a function sending that next."""
    def login(target):
        return Client(HTTP_HOST=SITE).post(reverse("account_login"), {
            "login": "alice", "password": PASSWORD, "next": target})

    def logout(target):
        client = Client(HTTP_HOST=SITE)
        client.force_login(alice)
        return client.post(reverse("account_logout"), {"next": target})

    def signup(target):
        name = f"u{uuid.uuid4().hex[:12]}"
        return Client(HTTP_HOST=SITE, REMOTE_ADDR=f"10.9.{secrets.randbelow(250)}.1").post(
            reverse("account_signup"), {"username": name, "email": f"{name}@example.com",
                                        "password1": PASSWORD, "password2": PASSWORD,
                                        "next": target})

    def mute(target):
        client = Client(HTTP_HOST=SITE)
        client.force_login(alice)
        return client.post(reverse("social:mute", args=[bob.username]),
                           {"muted": "1", "next": target})

    return {"login": login, "logout": logout, "signup": signup, "mute": mute}


@pytest.mark.parametrize("form", ["login", "logout", "signup", "mute"])
def test_no_form_redirects_off_the_site(alice, bob, form):
    send = _redirects(alice, bob)[form]
    off_site = []
    for target in HOSTILE_TARGETS:
        response = send(target)
        if response.status_code != 302 or not _on_site(response["Location"]):
            off_site.append((target, response.status_code, response.get("Location")))
    assert off_site == []
    # the control: a path of the site, or the site's own address, is followed
    assert send("/leaderboard/?x=1")["Location"] == "/leaderboard/?x=1"
    if form != "mute":  # (the mute form takes paths alone)
        assert send(f"http://{SITE}/sim/")["Location"] == f"http://{SITE}/sim/"


def test_an_https_site_sends_no_login_on_to_its_own_plain_http_address(alice):
    response = Client(HTTP_HOST=SITE).post(reverse("account_login"), {
        "login": "alice", "password": PASSWORD, "next": f"http://{SITE}/sim/"}, secure=True)

    assert response["Location"] == reverse(settings.LOGIN_REDIRECT_URL)


def test_a_page_that_needs_a_login_sends_its_own_path_on(alice):
    response = Client().get(reverse("games:new") + "?x=//evil.example")

    assert response["Location"] == (
        reverse("account_login") + "?next=/games/new/%3Fx%3D//evil.example")


# --- the URL resolver walked ------------------------------------------------------------------

# Routes that take a POST without the session's CSRF token, and why nothing is forged there:
# OAuth2's client endpoints authenticate the client (code, PKCE verifier, token) and read no
# cookie; the API's catch-all answers a JSON 404. (An unsubscribe link takes one too, and is
# not sent one: its signed token is the key, RFC 8058's one-click POST from mail clients.)
CSRF_EXEMPT = {"/o/token/", "/o/revoke_token/", "/o/introspect/", "/api/"}
# Rows a GET creates as defaults the account would get anyway, never a choice of anyone's:
# the profile's preferences (read by the game page) and allauth's copy of the account's
# address (its email page).
GET_DEFAULTS = {"games.playerpreferences", "account.emailaddress"}
REGEX_ROUTES = {"confirm-email": "accounts/confirm-email/{key}/",
                "password/reset/key": "accounts/password/reset/key/1-set-password/"}


def _site_paths(game, app, key: str) -> list[str]:
    """A path for each route of the site (not the admin's, not the API's but its catch-all)."""
    fills = {"id": str(game.pk), "uuid": str(uuid.uuid4()), "str": "bob", "slug": str(app.pk)}
    paths = {f"/invite/{game.invite_token}/", f"/play/unsubscribe/{_unsubscribe(game)}/"}
    for route, _ in all_routes():
        if route.startswith("admin/") or (route.startswith("api/") and route != "api/"):
            continue
        if "(?P" in route:
            route = next(fill for part, fill in REGEX_ROUTES.items() if part in route)
        paths.add("/" + re.sub(r"<(\w+):\w+>", lambda m: fills.get(m.group(1), "x"),
                               route.replace("^", "").format(key=key)))
    return sorted(paths)


def _unsubscribe(game) -> str:
    return notify.unsubscribe_token(game.seats.get(position=0).user)


def _world(running_game, alice):
    app = Application.objects.create(
        name="an app", user=alice, client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris="https://app.example/cb")
    address = EmailAddress.objects.create(user=alice, email="second@example.com")
    return app, EmailConfirmationHMAC(address).key


def _database() -> dict:
    return {model._meta.label_lower: serializers.serialize("python", model.objects.order_by("pk"))
            for model in apps.get_models()}


def test_every_site_form_refuses_a_post_without_its_csrf_token(running_game, alice):
    app, key = _world(running_game, alice)
    paths = _site_paths(running_game, app, key)
    assert len(paths) > 60
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    before = _database()

    let_through = [(path, status) for path in paths if path not in CSRF_EXEMPT
                   and not path.startswith("/play/unsubscribe/")
                   and (status := strict.post(path, {"x": "1"}).status_code) != 403]

    assert let_through == []
    assert [label for label, rows in _database().items() if rows != before[label]] == []


def test_no_page_changes_anything_on_get(running_game, alice):
    app, key = _world(running_game, alice)
    prefs = notify.prefs_of(alice)
    prefs.email_on_turn = prefs.email_daily_digest = True
    prefs.save()
    signed_in = Client()
    signed_in.force_login(alice)
    before = _database()
    changed = []
    for path in _site_paths(running_game, app, key):
        for client in (signed_in, Client()):
            client.get(path)
            client.head(path)
        after = _database()
        changed += [(path, label) for label, rows in after.items()
                    if rows != before[label] and label not in GET_DEFAULTS]
        before = after
    assert changed == []
    assert not EmailAddress.objects.get(email="second@example.com").verified  # (its link's page)
    prefs.refresh_from_db()
    assert prefs.email_on_turn and prefs.email_daily_digest  # (the unsubscribe link's page)


# --- sessions ---------------------------------------------------------------------------------


def test_a_login_renews_the_session_key(alice):
    client = Client()
    client.get(reverse("account_login"))
    planted = client.session
    planted["planted"] = True
    planted.save()  # a key an attacker could have set in the victim's browser

    client.post(reverse("account_login"), {"login": "alice", "password": PASSWORD})

    assert client.session.session_key != planted.session_key
    assert not Session.objects.filter(session_key=planted.session_key).exists()
    assert "_auth_user_id" in client.session


def test_a_logout_ends_the_session_on_the_server(alice):
    client = Client()
    client.post(reverse("account_login"), {"login": "alice", "password": PASSWORD})
    stolen = client.cookies[settings.SESSION_COOKIE_NAME].value

    client.post(reverse("account_logout"))

    assert not Session.objects.filter(session_key=stolen).exists()
    replay = Client()
    replay.cookies[settings.SESSION_COOKIE_NAME] = stolen
    assert replay.get(reverse("games:my_games")).status_code == 302


def test_a_password_reset_ends_every_session(alice, mailoutbox):
    elsewhere = Client()
    elsewhere.post(reverse("account_login"), {"login": "alice", "password": PASSWORD})
    Client().post(reverse("account_reset_password"), {"email": alice.email})
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/key/\S+)",
                     mailoutbox[-1].body).group(1)
    resetter = Client()
    form = resetter.get(link, follow=True).redirect_chain[-1][0]

    resetter.post(form, {"password1": "brand-new-phrase-77", "password2": "brand-new-phrase-77"})

    assert elsewhere.get(reverse("games:my_games")).status_code == 302
    assert resetter.get(link, follow=True).status_code == 200  # (the key is spent:)
    again = resetter.post(form, {"password1": "third-phrase-99", "password2": "third-phrase-99"})
    alice.refresh_from_db()
    assert alice.check_password("brand-new-phrase-77") and again.status_code != 302


@pytest.mark.parametrize("remember", [False, True])
def test_the_session_cookie_is_http_only_same_site_and_remembered_only_when_asked(
        alice, remember):
    client = Client()
    form = {"login": "alice", "password": PASSWORD}
    response = client.post(reverse("account_login"), {**form, "remember": "on"} if remember
                           else form)

    cookie = response.cookies[settings.SESSION_COOKIE_NAME]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert bool(cookie["max-age"]) is remember  # else it ends with the browser
    assert settings.CSRF_COOKIE_SAMESITE == "Lax"


# --- OAuth2 -----------------------------------------------------------------------------------

CALLBACK = "https://app.example/cb"


def _pkce() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(48)
    return verifier, base64.urlsafe_b64encode(
        hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()


@pytest.fixture
def apps_of(bob):
    def make(client_type=Application.CLIENT_PUBLIC, uris=CALLBACK) -> Application:
        return Application.objects.create(
            name="an app", user=bob, client_type=client_type, client_secret="s" * 40,
            authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE, redirect_uris=uris)
    return make


def _consenting(alice) -> Client:
    browser = Client()
    browser.force_login(alice)
    return browser


def _query(app, challenge: str, **extra) -> dict:
    return {"response_type": "code", "client_id": app.client_id, "scope": "read",
            "state": "st", "code_challenge": challenge, "code_challenge_method": "S256",
            "redirect_uri": CALLBACK, **extra}


@pytest.mark.parametrize("uri", [
    CALLBACK + "/x", CALLBACK + "x", CALLBACK + "?x=1", CALLBACK + "#x", CALLBACK + "/../evil",
    CALLBACK + "%2F..%2Fevil", "https://app.example:443/cb", "http://app.example/cb",
    "https://app.example/CB", "https://app.example.evil.example/cb",
    "https://app.example@evil.example/cb", " " + CALLBACK, CALLBACK + "\t",
    "https://evil.example/cb",
])
def test_a_callback_not_registered_word_for_word_is_a_400_with_no_redirect(
        alice, apps_of, uri):
    app, (_, challenge) = apps_of(), _pkce()
    browser = _consenting(alice)
    query = _query(app, challenge, redirect_uri=uri)

    for response in (browser.get("/o/authorize/", query),
                     browser.get("/o/authorize/", {**query, "scope": "no-such-scope"})):
        assert (response.status_code, response.get("Location")) == (400, None)
    # the consent form, posted with it (its field trims blanks: then the callback registered)
    posted = browser.post("/o/authorize/", {**query, "allow": "Authorize"})
    assert (posted.status_code, posted.get("Location")) == (400, None) or (
        posted.status_code == 302 and posted["Location"].startswith(CALLBACK + "?")
        and uri.strip() == CALLBACK)


def test_an_unknown_app_is_a_400_with_no_redirect(alice, apps_of):
    query = _query(apps_of(), _pkce()[1], client_id="no-such-app",
                   redirect_uri="https://evil.example/")
    response = _consenting(alice).get("/o/authorize/", query)

    assert (response.status_code, response.get("Location")) == (400, None)


@pytest.mark.parametrize("client_type", [Application.CLIENT_PUBLIC,
                                         Application.CLIENT_CONFIDENTIAL])
@pytest.mark.parametrize("pkce", ["none", "plain"])
def test_every_app_needs_s256_pkce(alice, apps_of, client_type, pkce):
    app, browser = apps_of(client_type), _consenting(alice)
    verifier, challenge = _pkce()
    query = _query(app, challenge)
    if pkce == "none":
        query = {k: v for k, v in query.items() if not k.startswith("code_challenge")}
    else:
        query.update(code_challenge=verifier, code_challenge_method="plain")

    answer = browser.post("/o/authorize/", {**query, "allow": "Authorize"})

    assert answer.status_code == 302 and answer["Location"].startswith(CALLBACK + "?error=")
    assert "code" not in parse_qs(urlsplit(answer["Location"]).query)


@pytest.mark.parametrize("method", ["plain", None, "s256"])
def test_a_challenge_not_s256_is_refused_before_the_consent_page(alice, apps_of, method):
    verifier, challenge = _pkce()
    query = {**_query(apps_of(), challenge), "code_challenge": verifier}
    del query["code_challenge_method"]
    if method:
        query["code_challenge_method"] = method

    answer = _consenting(alice).get("/o/authorize/", query)

    assert answer.status_code == 302, "the consent page was shown"
    refusal = parse_qs(urlsplit(answer["Location"]).query)
    assert answer["Location"].startswith(CALLBACK + "?")
    assert refusal["error"] == ["invalid_request"]
    assert "code" not in refusal


def _code(alice, app) -> tuple[str, str]:
    verifier, challenge = _pkce()
    allowed = _consenting(alice).post("/o/authorize/",
                                      {**_query(app, challenge), "allow": "Authorize"})
    return parse_qs(urlsplit(allowed["Location"]).query)["code"][0], verifier


def _token(app, code: str, verifier: str, **extra):
    return Client().post("/o/token/", {
        "grant_type": "authorization_code", "code": code, "client_id": app.client_id,
        "redirect_uri": CALLBACK, "code_verifier": verifier, **extra})


def test_a_code_is_spent_once_by_its_own_app_with_its_own_verifier_and_callback(
        alice, apps_of):
    app, other = apps_of(), apps_of(uris=CALLBACK)
    code, verifier = _code(alice, app)

    refused = [_token(app, code, verifier, client_id=other.client_id),
               _token(app, code, secrets.token_urlsafe(48)),
               _token(app, code, verifier, redirect_uri=CALLBACK + "/x")]
    first, replay = _token(app, code, verifier), _token(app, code, verifier)

    assert first.status_code == 200 and first.json()["access_token"]
    for response in (*refused, replay):
        assert response.status_code == 400 and response["Content-Type"] == "application/json"
        assert response.json()["error"] in ("invalid_grant", "invalid_request")


@pytest.mark.parametrize("body", [{}, {"grant_type": "password", "username": "alice",
                                       "password": PASSWORD},
                                  {"grant_type": "client_credentials"},
                                  {"grant_type": "authorization_code", "code": "forged"}])
def test_the_token_endpoint_refuses_in_json(alice, apps_of, body):
    response = Client().post("/o/token/", {"client_id": apps_of().client_id, **body})

    assert 400 <= response.status_code < 500
    assert response["Content-Type"] == "application/json" and "error" in response.json()


@pytest.mark.parametrize("path", ["/o/token/", "/o/revoke_token/"])
def test_a_token_endpoint_refuses_a_wrong_method_in_json(db, path):
    """(The library's 405 had an empty body: every other error there is JSON.)"""
    response = Client().get(path)

    assert response.status_code == 405 and "POST" in response["Allow"]
    assert response.json()["error"] == "invalid_request"


def test_the_consent_page_cannot_be_framed(alice, apps_of):
    page = _consenting(alice).get("/o/authorize/", _query(apps_of(), _pkce()[1]))

    assert page.status_code == 200 and page["X-Frame-Options"] == "DENY"
    policy = page.get("Content-Security-Policy") or page["Content-Security-Policy-Report-Only"]
    assert "frame-ancestors 'none'" in policy
