"""Every API route and method against docs/api.md's table of scopes (*Tokens and scopes*).

The routes come from the URL resolver and each DRF view's methods, so a new endpoint is
walked without being listed here; its scope must be listed in EXPECTED_WRITES (the table of
the docs, written out) or the walk fails. For each route and method:

- a personal token, or an OAuth2 app's access token, with every scope but the one needed is
  403 `insufficient_scope` naming that scope, and nothing in the database changes;
- a token with the needed scope alone is not refused for its scope;
- an expired or revoked token of either kind is 401;
- the site's session without its CSRF token is 403 for every unsafe method.

And the sockets: no token without `read` opens the event stream or a game stream, an app's
access token opens none (apps use a ticket), and the page's sockets take the session only.
"""

from __future__ import annotations

import functools
import re
import uuid
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import serializers
from django.test import Client
from django.urls import URLPattern
from django.utils import timezone
from oauth2_provider.models import AccessToken, Application

from games import routing
from games import services as game_services
from games.api import challenges
from games.api import services as api_services
from games.api.models import ALL_SCOPES, ApiToken
from tests.routes import all_routes

pytestmark = pytest.mark.django_db

READ, PLAY, MANAGE = "read", "play", "manage-games"
# docs/api.md, *Tokens and scopes*: every GET (HEAD, OPTIONS) needs `read`; each write, by
# its URL's name, needs what the table says.
EXPECTED_WRITES = {
    "games": MANAGE, "join": MANAGE, "leave": MANAGE, "start": MANAGE, "abort": MANAGE,
    "challenges": MANAGE, "challenge_accept": MANAGE, "challenge_decline": MANAGE,
    "bot_account": MANAGE,
    "answer": PLAY, "resign": PLAY, "claim_win": PLAY, "simulations": PLAY,
    "api_chat": PLAY, "api_chat_options": PLAY, "api_mutes": PLAY,
    "api_undo": PLAY, "api_undo_answer": PLAY, "api_rematch": PLAY, "api_rematch_answer": PLAY,
    "ws_ticket": READ, "token_list_revoke": READ,
}
PUBLIC = {"schema", "docs", "redoc", "events_schema"}  # the schema and its pages: no token
SAFE = {"get", "head", "options"}
# A body that the request would act on, had it the scope (where the route takes one).
BODIES = {
    "games": {"seats": ["me", "bmu"]},
    "challenges": {"username": "bob", "seats": ["me", "open"]},
    "bot_account": {"bot": True, "description": "by the walk"},
    "api_chat": {"body": "hello"},
    "api_chat_options": {"spectator_chat_hidden": True},
    "api_mutes": {"username": "bob", "muted": True},
    "api_rematch": {"first_player_rule": "2e"},
    "api_rematch_answer": {"accept": True},
    "simulations": {"kingdom": ["Cellar", "Market", "Militia", "Mine", "Moat", "Remodel",
                                "Smithy", "Village", "Woodcutter", "Workshop"],
                    "bots": ["bmu", "bmu"], "games": 2},
}


def _routes() -> list[tuple[str, URLPattern]]:
    return [(route, p) for route, p in all_routes() if route.startswith("api/v1/")]


def _methods(pattern: URLPattern) -> list[str]:
    view = getattr(pattern.callback, "cls", None) or pattern.callback.view_class
    methods = [m for m in view.http_method_names if hasattr(view, m) or m == "head"]
    return sorted(m for m in methods if m != "head" or hasattr(view, "get"))


def _needed(name: str, method: str) -> str:
    if method in SAFE:
        return READ
    assert name in EXPECTED_WRITES, f"{name}: a write the docs' table of scopes does not name"
    return EXPECTED_WRITES[name]


@pytest.fixture
def world(catalog, alice, bob, make_user, base_kingdom, running_game):
    """alice: a running game (with bob), an open game of her own, an open seat in carol's,
    bob's challenge to her, a personal token to revoke."""
    mine = game_services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom)
    carol = make_user("carol")
    theirs = game_services.game_create(creator=carol, seats=["me", "open"],
                                       kingdom=base_kingdom)
    challenge = challenges.challenge_create(challenger=bob, invited=alice,
                                            game_options={"kingdom": base_kingdom})
    spare, _ = api_services.token_create(user=alice, name="spare")
    game_for = {"join": theirs, "leave": mine, "start": mine, "abort": mine}
    return {"running": running_game, "game_for": game_for, "challenge": challenge,
            "spare": spare}


def _path(route: str, name: str, world) -> str:
    def fill(m: re.Match) -> str:
        converter, arg = m.group(1), m.group(2)
        if arg == "token_id":
            return str(world["spare"].pk)
        if converter == "uuid":
            return str(uuid.uuid4())
        if converter == "str":
            return "bob"
        if route.startswith("api/v1/challenges/"):
            return str(world["challenge"].pk)
        return str(world["game_for"].get(name, world["running"]).pk)

    return "/" + re.sub(r"<(\w+):(\w+)>", fill, route)


def _cases(world) -> list[tuple[str, str, str, str]]:
    """(name, method, path, needed scope) for every route under /api/v1/ but the public."""
    found = []
    for route, pattern in _routes():
        if "^" in route or pattern.name in PUBLIC:
            continue
        for method in _methods(pattern):
            found.append((pattern.name, method, _path(route, pattern.name, world),
                          _needed(pattern.name, method)))
    return found


def _send(client: Client, name: str, method: str, path: str, **headers):
    if method in ("get", "head", "options"):
        return getattr(client, method)(path, **headers)
    body = BODIES.get(name, "")  # (an empty JSON body: none)
    response = getattr(client, method)(path, body, content_type="application/json", **headers)
    if response.streaming:  # the NDJSON stream: its status is all that is asked
        response.close()
    return response


def _json(response) -> dict:
    return response.json() if response.get("Content-Type", "").startswith(
        "application/json") and not response.streaming and response.content else {}


@functools.cache
def _personal_cached(user_pk: int, scopes: tuple[str, ...]) -> str:
    user = get_user_model().objects.get(pk=user_pk)
    return api_services.token_create(user=user, name="walk", scopes=list(scopes))[1]


@pytest.fixture(autouse=True)
def _fresh_tokens():
    _personal_cached.cache_clear()  # each test's database has its own
    yield
    _personal_cached.cache_clear()


def _personal(user, scopes, **kwargs) -> str:
    """A token with these scopes (one per set of scopes: an account holds at most 50)."""
    if kwargs:
        return api_services.token_create(user=user, name="walk", scopes=scopes, **kwargs)[1]
    return _personal_cached(user.pk, tuple(scopes))


def _app_token(user, scopes, expires_in: timedelta = timedelta(hours=1)) -> str:
    app, _ = Application.objects.get_or_create(
        name="walk app", defaults={"user": user, "client_type": Application.CLIENT_PUBLIC,
                                   "authorization_grant_type":
                                   Application.GRANT_AUTHORIZATION_CODE,
                                   "redirect_uris": "http://127.0.0.1:9/cb"})
    raw = "app-" + uuid.uuid4().hex
    AccessToken.objects.create(user=user, application=app, token=raw, scope=" ".join(scopes),
                               expires=timezone.now() + expires_in)
    return raw


VOLATILE = {"api.apitoken": {"last_used_at"}}


def _database() -> dict:
    """Every row of every table, less the fields that note a token's use."""
    rows = {}
    for model in apps.get_models():
        label = model._meta.label_lower
        dumped = serializers.serialize("python", model.objects.order_by("pk"))
        for row in dumped:
            for field in VOLATILE.get(label, ()):
                row["fields"].pop(field, None)
        rows[label] = dumped
    return rows


def _changed(before: dict, after: dict) -> list[str]:
    return [label for label in before if before[label] != after[label]]


def test_every_route_has_a_documented_scope_and_refuses_a_token_without_it(world, alice):
    cases = _cases(world)
    assert len(cases) > 60
    lacking = {needed: (("personal", _personal(alice, [s for s in ALL_SCOPES if s != needed])),
                        ("app", _app_token(alice, [s for s in ALL_SCOPES if s != needed])))
               for needed in ALL_SCOPES}  # (made before the database is noted)
    before = _database()
    wrong = []
    for name, method, path, needed in cases:
        for kind, raw in lacking[needed]:
            response = _send(Client(), name, method, path, HTTP_AUTHORIZATION=f"Bearer {raw}")
            body = _json(response)
            if (response.status_code, body.get("code"), body.get("required_scope")) != (
                    403, "insufficient_scope", needed) or needed not in body.get("detail", ""):
                wrong.append((kind, method, path, needed, response.status_code, body))
    assert wrong == []
    assert _changed(before, _database()) == []


def test_the_needed_scope_alone_is_enough(world, alice):
    """(Refusals for another reason are not counted: an app listing personal tokens is 403
    `not_allowed` whatever its scopes, below.)"""
    refused = []
    for name, method, path, needed in _cases(world):
        for kind, raw in (("personal", _personal(alice, [needed])),
                          ("app", _app_token(alice, [needed]))):
            response = _send(Client(), name, method, path, HTTP_AUTHORIZATION=f"Bearer {raw}")
            body = _json(response)
            if response.status_code in (401, 403) and body.get("code") in (
                    "insufficient_scope", "authentication_failed", "not_authenticated"):
                refused.append((kind, method, path, needed, body))
    assert refused == []


def test_an_expired_or_revoked_token_is_401_everywhere(world, alice):
    expired_personal = _personal(alice, list(ALL_SCOPES),
                                 expires_at=timezone.now() - timedelta(seconds=1))
    revoked, revoked_raw = api_services.token_create(user=alice, name="gone")
    api_services.token_revoke(user=alice, token_id=revoked.pk)
    expired_app = _app_token(alice, ALL_SCOPES, expires_in=timedelta(seconds=-1))
    revoked_app = _app_token(alice, ALL_SCOPES)
    AccessToken.objects.get(token=revoked_app).revoke()
    before = _database()
    wrong = []
    for name, method, path, _ in _cases(world):
        for raw in (expired_personal, revoked_raw, expired_app, revoked_app):
            response = _send(Client(), name, method, path, HTTP_AUTHORIZATION=f"Bearer {raw}")
            if (response.status_code, _json(response).get("code")) != (
                    401, "authentication_failed"):
                wrong.append((method, path, raw[:8], response.status_code))
    assert wrong == []
    assert _changed(before, _database()) == []


def test_an_app_cannot_list_or_revoke_personal_tokens_even_with_every_scope(world, alice):
    raw = _app_token(alice, ALL_SCOPES)
    app = Client(HTTP_AUTHORIZATION=f"Bearer {raw}")
    for response in (app.get("/api/v1/tokens/"),
                     app.post(f"/api/v1/tokens/{world['spare'].pk}/revoke/",
                               content_type="application/json")):
        assert (response.status_code, response.json()["code"]) == (403, "not_allowed")
    assert ApiToken.objects.get(pk=world["spare"].pk).revoked_at is None


def test_the_session_needs_its_csrf_token_for_every_write(world, alice):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    writes = [case for case in _cases(world) if case[1] not in SAFE]
    assert len(writes) > 20
    before = _database()
    passed = []
    for name, method, path, _ in writes:
        response = _send(browser, name, method, path)
        if response.status_code != 403 or "CSRF" not in response.json().get("detail", ""):
            passed.append((method, path, response.status_code))
    assert passed == []
    assert _changed(before, _database()) == []
    # With it, the same session is let through (the control: the refusal was the CSRF check).
    secret = "a" * 32
    browser.cookies[settings.CSRF_COOKIE_NAME] = secret
    name, method, path, _ = next(c for c in writes if c[0] == "bot_account")
    assert _send(browser, name, method, path, HTTP_X_CSRFTOKEN=secret).status_code == 200


# --- sockets ---------------------------------------------------------------------------------


def _socket_paths(game_pk: int) -> list[str]:
    paths = []
    for pattern in routing.websocket_urlpatterns:
        route = str(pattern.pattern)
        if route:  # (the last, empty one refuses every other path)
            paths.append("/" + re.sub(r"<\w+:\w+>", str(game_pk), route))
    return paths


def _opens(path: str, headers=(), subprotocols=None) -> bool:
    socket = WebsocketCommunicator(URLRouter(routing.websocket_urlpatterns), path,
                                   headers=list(headers), subprotocols=subprotocols)

    async def handshake() -> bool:
        connected, _ = await socket.connect()
        await socket.disconnect()
        return connected

    return async_to_sync(handshake)()


@pytest.mark.django_db(transaction=True)
def test_no_socket_opens_for_a_token_without_read(catalog, alice, bob, base_kingdom):
    game = game_services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom,
                                     listed=False)  # (a listed game's page is anyone's)
    game_services.seat_join(game=game, user=bob, invite_token=game.invite_token)
    game_services.game_start(game=game, user=alice)
    paths = _socket_paths(game.pk)
    api = [p for p in paths if p.startswith("/ws/api/")]
    assert len(api) == 2 and len(paths) == 4
    no_read = _personal(alice, [PLAY, MANAGE])
    reader = _personal(alice, [READ])
    app = _app_token(alice, ALL_SCOPES)
    for path in paths:
        assert not _opens(path), path
        assert not _opens(path, [(b"authorization", f"Bearer {no_read}".encode())]), path
        assert not _opens(path, subprotocols=["dominion.v1", f"dominion.bearer.{no_read}"])
        assert not _opens(path, [(b"authorization", f"Bearer {app}".encode())]), path
        # The API's sockets take a token with `read`; the page's, the session alone.
        opened = _opens(path, [(b"authorization", f"Bearer {reader}".encode())])
        assert opened == (path in api), path


@pytest.mark.parametrize("content_type, body", [
    ("application/x-www-form-urlencoded", "bot=true"),
    ("multipart/form-data; boundary=x", "--x--\r\n"),
    ("application/json", "{not json"),
], ids=["form", "multipart", "malformed-json"])
def test_an_apps_token_is_judged_before_the_body_is_read(world, alice, content_type, body):
    """The body was parsed to authenticate an app's token (the library reads form fields):
    a body the API does not take answered 415 or 400 where the token decides (401, 403)."""
    expired = _app_token(alice, ALL_SCOPES, expires_in=timedelta(seconds=-1))
    read_only = _app_token(alice, [READ])
    everything = _app_token(alice, ALL_SCOPES)
    expired_personal = _personal(alice, list(ALL_SCOPES),
                                 expires_at=timezone.now() - timedelta(seconds=1))
    refusals = [
        (expired_personal, "/api/v1/me/bot-account/", 401, "authentication_failed"),
        (expired, "/api/v1/me/bot-account/", 401, "authentication_failed"),
        (read_only, "/api/v1/me/bot-account/", 403, "insufficient_scope"),
        (everything, f"/api/v1/tokens/{world['spare'].pk}/revoke/", 403, "not_allowed"),
    ]
    for raw, path, status, code in refusals:
        response = Client().post(path, body, content_type=content_type,
                                 HTTP_AUTHORIZATION=f"Bearer {raw}")
        assert (response.status_code, response.json()["code"]) == (status, code), path


@pytest.mark.parametrize("path", ["/api/v1/me/?b=%3C%3E%7B%7D", "/api/v1/me/?b=%00",
                                  "/api/v1/me/?b=%zz", "/api/v1/players/a%3Fb%3D%3C%3E/"])
def test_an_apps_token_with_an_odd_url_is_answered_as_any_other(alice, path):
    """oauthlib read the URL's query as form fields and raised on a bad escape ("%zz"): a
    request with an app's token and such a query was a 500."""
    raw = _app_token(alice, [READ])
    response = Client(raise_request_exception=False).get(path, HTTP_AUTHORIZATION=f"Bearer {raw}")
    assert response.status_code in (200, 400, 404), response.content[:200]  # (400: NUL)


def test_the_consent_page_says_what_each_scope_allows_as_the_tokens_page_does():
    """An app's user sees the settings' words when granting a scope: they named neither the
    rematch, muting and simulations `play` allows nor the bot-account flag of `manage-games`."""
    from oauth2_provider.settings import oauth2_settings

    from games.api.models import SCOPES

    assert oauth2_settings.SCOPES == SCOPES
    assert "simulations" in SCOPES[PLAY] and "bot" in SCOPES[MANAGE]


def test_the_schema_and_its_pages_need_no_token(db):
    public = [(route, p) for route, p in _routes() if p.name in PUBLIC]
    assert len(public) == len(PUBLIC)
    for route, _ in public:
        assert Client().get("/" + route).status_code == 200, route
