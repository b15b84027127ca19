"""Hostile request bodies: far too deep or too large is a 4xx with the usual error shape on
every endpoint (API, HTML forms, WebSockets), never a 500 or a traceback."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from games import safejson
from games.api import services as api_services
from games.api.routing import websocket_urlpatterns as api_sockets
from games.models import Game
from games.routing import websocket_urlpatterns as every_socket
from tests.social.test_consumer import _socket as _social_socket
from tests.web.test_game_consumer import _socket

DEEP = "[" * 5000 + "]" * 5000
DEEP_OBJECT = '{"a":' * 5000 + "1" + "}" * 5000
TOO_DEEP_FOR_US = "[" * 40 + "]" * 40  # parses, but deeper than any format of ours


def _api_posts(game: Game) -> list[str]:
    """Every API write; the first three read a body, leave and start ignore theirs."""
    base = f"/api/v1/games/{game.pk}"
    return ["/api/v1/games/", f"{base}/join/", f"{base}/answer/", f"{base}/leave/",
            f"{base}/start/"]


@pytest.mark.parametrize("body", [DEEP, DEEP_OBJECT, TOO_DEEP_FOR_US],
                         ids=["deep-list", "deep-object", "deeper-than-our-cap"])
def test_deeply_nested_json_is_a_400_on_every_api_write(running_game, as_alice, body):
    for url in _api_posts(running_game):
        for headers in ({}, {"HTTP_IDEMPOTENCY_KEY": "deep-1"}):
            response = as_alice.post(url, body, content_type="application/json", **headers)

            assert 400 <= response.status_code < 500, (url, response.content[:200])
            if url.endswith(("/games/", "/join/", "/answer/")):
                assert response.status_code == 400
                assert response.json()["code"] == "malformed_request"
                assert "nested" in response.json()["detail"]
            else:
                assert set(response.json()) == {"code", "detail"}
    running_game.refresh_from_db()
    assert running_game.step == 0


def test_a_body_over_the_upload_limit_is_a_413(running_game, as_alice, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 2000
    big = '{"step": 0, "decision": "x", "answer": "' + "a" * 5000 + '"}'
    for url in _api_posts(running_game):
        response = as_alice.post(url, big, content_type="application/json")

        assert response.status_code == 413, url
        assert response.json() == {
            "code": "payload_too_large",
            "detail": "the request body is larger than 2000 bytes"}
    small = as_alice.post("/api/v1/games/", '{"seats": 5}', content_type="application/json")
    assert small.status_code == 400  # under the limit: parsed and validated as usual


def test_a_body_too_large_for_the_parser_is_a_413_in_the_view_too(rf, alice, settings):
    """Behind the middleware, the view's own reading of the body gives the same answer."""
    from rest_framework.test import force_authenticate

    from games.api import views

    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 2000
    request = rf.post("/api/v1/games/", '{"seats": ["' + "a" * 5000 + '"]}',
                      content_type="application/json")  # straight to the view
    force_authenticate(request, user=alice)

    response = views.games(request)

    assert response.status_code == 413
    assert response.data["code"] == "payload_too_large"


def test_a_nul_in_a_query_parameter_is_a_400_not_a_database_error(as_alice, client, catalog):
    for url in ("/api/v1/cards/?set=%00", "/api/v1/kingdoms/?set=base%00",
                "/api/v1/games/?filter=mine&x%00=1"):
        response = as_alice.get(url)
        assert response.status_code == 400, url
        assert response.json()["code"] == "invalid_parameter"
    assert client.get("/?q=%00").status_code == 400


def test_a_nul_in_a_path_or_a_form_is_a_400_not_a_database_error(running_game, alice,
                                                                  as_alice):
    """PostgreSQL refuses NUL in text, so each of these was a 500 there (SQLite let them
    through): an invite link, a token's name, the OAuth endpoints' client id."""
    from games.api.models import ApiToken

    browser = Client()
    browser.force_login(alice)
    before = ApiToken.objects.count()
    for response in (browser.get("/invite/%00/"), browser.get("/players/al%00ice/"),
                     browser.post("/profile/api-tokens/", {"name": "\x00"}),
                     browser.post("/o/token/", {"grant_type": "authorization_code",
                                                "code": "x", "client_id": "\x00"}),
                     browser.post("/o/revoke_token/", {"token": "x", "client_id": "\x00"}),
                     browser.post("/accounts/login/", {"login": "a\x00", "password": "x"})):
        assert response.status_code == 400, response.request
        assert b"NUL" in response.content
    assert ApiToken.objects.count() == before
    refused = as_alice.get("/api/v1/players/al%00ice/")
    assert refused.status_code == 400 and refused.json()["code"] == "invalid_request"


def test_a_static_path_out_of_the_static_root_is_a_400(settings):
    """Served by the ASGI app itself (embedded mode): Django's handler answered 500."""
    from asgiref.testing import ApplicationCommunicator
    from django.core.asgi import get_asgi_application

    from games.static_files import StaticFiles

    sent: dict[str, dict[bytes, bytes]] = {}

    async def get(path: str) -> int:
        app = StaticFiles(get_asgi_application())
        talk = ApplicationCommunicator(app, {
            "type": "http", "method": "GET", "path": path, "raw_path": path.encode(),
            "query_string": b"", "headers": [(b"host", b"127.0.0.1")],
            "server": ("127.0.0.1", 80), "client": ("127.0.0.1", 1)})
        await talk.send_input({"type": "http.request", "body": b""})
        start = await talk.receive_output(10)
        await talk.wait(10)
        sent[path] = dict(start["headers"])
        return start["status"]

    assert async_to_sync(get)("/static/../manage.py") == 400
    assert async_to_sync(get)("/static/js/../../manage.py") == 400
    assert async_to_sync(get)("/static/js/game.js") == 200
    # Files skip the middleware: the handler says nosniff itself.
    assert sent["/static/js/game.js"][b"X-Content-Type-Options"] == b"nosniff"


def test_not_json_at_all_keeps_the_usual_400(running_game, as_alice):
    for body in ("{", "[NaN]", b"\xff\xfe"):
        response = as_alice.post(f"/api/v1/games/{running_game.pk}/answer/", body,
                                 content_type="application/json")
        assert response.status_code == 400
        assert response.json()["code"] == "malformed_request"


def _html_posts(game: Game) -> list[str]:
    return [reverse("games:new"), reverse("games:join", args=[game.pk]),
            reverse("games:leave", args=[game.pk]), reverse("games:start", args=[game.pk]),
            reverse("games:decide", args=[game.pk]), reverse("play:settings"),
            reverse("play:webhook_add"), reverse("profile"), reverse("account_login"),
            reverse("account_signup")]


def test_html_forms_answer_4xx_to_deep_json_and_oversized_bodies(running_game, alice,
                                                                 settings):
    client = Client(enforce_csrf_checks=True)  # as a browser: the CSRF check reads the form
    client.force_login(alice)
    client.get(reverse("profile"))
    token = client.cookies["csrftoken"].value
    for url in _html_posts(running_game):
        deep = client.post(url, DEEP, content_type="application/json", HTTP_X_CSRFTOKEN=token)
        assert deep.status_code < 500, url
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 2000
    for url in _html_posts(running_game):
        big = client.post(url, {"csrfmiddlewaretoken": token, "padding": "a" * 5000})
        assert big.status_code == 413, url
        assert b"too large" in big.content
    running_game.refresh_from_db()
    assert running_game.step == 0


def test_the_parser_caps_depth_without_recursion():
    assert safejson.loads("[[[1]]]") == [[[1]]]
    assert not safejson.too_deep([[[1]]], max_depth=3)
    assert safejson.too_deep([[[[1]]]], max_depth=3)
    for text in (DEEP, DEEP_OBJECT, TOO_DEEP_FOR_US):
        with pytest.raises(safejson.BadJson):
            safejson.loads(text)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("frame", [DEEP, TOO_DEEP_FOR_US, "not json", None],
                         ids=["deep", "deeper-than-our-cap", "not-json", "binary"])
def test_sockets_close_cleanly_on_a_hostile_message(running_game, alice, frame):
    async def check(communicator: WebsocketCommunicator) -> int:
        connected, _ = await communicator.connect()
        assert connected
        if frame is None:
            await communicator.send_to(bytes_data=b"\x00\x01")
        else:
            await communicator.send_to(text_data=frame)
        while True:  # the event stream greets first; then the close
            output = await communicator.receive_output(timeout=5)
            if output["type"] == "websocket.close":
                return output["code"]

    _, raw = api_services.token_create(user=alice, name="socket test")
    bearer = [(b"authorization", f"Bearer {raw}".encode())]
    streams = [
        _socket(running_game, alice),
        _social_socket(running_game, alice),
        WebsocketCommunicator(URLRouter(api_sockets), "/ws/api/v1/events/", headers=bearer),
        WebsocketCommunicator(URLRouter(api_sockets),
                              f"/ws/api/v1/games/{running_game.pk}/stream/", headers=bearer),
    ]
    # (a frame longer than any message is refused unread, deep or not)
    expected = (safejson.CLOSE_TOO_BIG if frame and len(frame) > safejson.MAX_FRAME_CHARS
                else safejson.CLOSE_BAD_MESSAGE)
    for communicator in streams:
        assert async_to_sync(check)(communicator) == expected


@pytest.mark.django_db(transaction=True)
def test_sockets_close_on_a_frame_too_big_to_be_a_message(running_game, alice):
    """A client's messages are tiny; a big frame (here a valid ping, padded) is refused
    before it is parsed (parsing runs on the event loop: a 6 MB frame stalled the whole
    process for 1.5 s)."""
    big = '{"type": "ping", "have": 0, "pad": "' + "x" * safejson.MAX_FRAME_CHARS + '"}'

    async def check(communicator: WebsocketCommunicator) -> int:
        connected, _ = await communicator.connect()
        assert connected
        await communicator.send_to(text_data=big)
        while True:
            output = await communicator.receive_output(timeout=5)
            if output["type"] == "websocket.close":
                return output["code"]

    for communicator in _every_socket(running_game, alice):
        assert async_to_sync(check)(communicator) == safejson.CLOSE_TOO_BIG


def _every_socket(game, user) -> list[WebsocketCommunicator]:
    """A communicator on each of the site's sockets for `game`, as `user` (a token's for
    the API's)."""
    _, raw = api_services.token_create(user=user, name="socket test")
    bearer = [(b"authorization", f"Bearer {raw}".encode())]
    return [
        _socket(game, user),
        _social_socket(game, user),
        WebsocketCommunicator(URLRouter(api_sockets), "/ws/api/v1/events/", headers=bearer),
        WebsocketCommunicator(URLRouter(api_sockets),
                              f"/ws/api/v1/games/{game.pk}/stream/", headers=bearer),
    ]


ODD_BUT_JSON = ["null", "[]", "1", '"ping"', "{}", '{"type": 5}', '{"type": "ping", "x": []}',
                '{"have": "7"}', '{"have": 1e300}', '{"have": -1, "ping": "yes"}',
                '{"have": 99999999999999999999999}', '{"have": true}']


@pytest.mark.django_db(transaction=True)
def test_sockets_take_odd_json_without_failing(running_game, alice):
    """JSON of every shape but the expected one: each socket ignores it or closes cleanly,
    and its consumer never raises."""
    async def check(communicator: WebsocketCommunicator) -> None:
        connected, _ = await communicator.connect()
        assert connected
        for frame in ODD_BUT_JSON:
            await communicator.send_to(text_data=frame)
        await asyncio.sleep(0.5)
        if communicator.future.done():  # closed: cleanly, not by an exception
            assert communicator.future.exception() is None
        else:
            await communicator.disconnect()

    for communicator in _every_socket(running_game, alice):
        async_to_sync(check)(communicator)


@pytest.mark.parametrize("path", ["/ws/nope/", "/ws/games/99999999999999999999/",
                                  "/ws/api/v1/games/1e3/stream/", "/ws/", "/"])
def test_a_socket_path_that_is_no_route_is_refused_not_a_server_error(path):
    """Channels' router raised on a path no route matched (the server's 500)."""
    async def handshake() -> dict:
        communicator = WebsocketCommunicator(URLRouter(every_socket), path)
        connected, code = await communicator.connect()
        assert not connected
        return code

    assert async_to_sync(handshake)() == 4404


def test_every_socket_route_parses_its_frames_safely():
    consumers = {route.callback.consumer_class for route in every_socket}
    assert len(consumers) == len(every_socket) >= 4
    unsafe = [c.__name__ for c in consumers if not issubclass(c, safejson.SafeJsonMixin)]
    assert not unsafe, f"sockets without SafeJsonMixin: {unsafe}"


@pytest.mark.parametrize("host", ["", "evil.example"], ids=["empty", "foreign"])
def test_a_bad_host_header_is_a_json_400_in_the_api_and_a_page_elsewhere(running_game, host):
    client = Client(raise_request_exception=False)

    api = client.post(f"/api/v1/games/{running_game.pk}/abort/", HTTP_HOST=host)
    page = client.get("/", HTTP_HOST=host)

    assert api.status_code == 400
    assert api.json() == {"code": "bad_request",
                          "detail": "the Host header is missing or not one this site serves"}
    assert page.status_code == 400 and page["Content-Type"].startswith("text/html")
    running_game.refresh_from_db()
    assert running_game.status == "running"


@pytest.mark.parametrize("path", [
    "/api/v1/games/{huge}/", "/api/v1/games/{huge}/decisions/", "/api/v1/games/{huge}/answer/",
    "/games/{huge}/", "/games/{huge}/play/", "/play/games/{huge}/presence/",
])
def test_an_id_past_the_databases_integers_is_a_404_not_a_database_error(as_alice, client,
                                                                         alice, path):
    """Any number of digits matched `<int:...>`, and SQLite refused the query (a 500)."""
    client.force_login(alice)
    url = path.format(huge="8" * 40)
    for caller in (as_alice, client):
        for method in ("get", "post"):
            response = getattr(caller, method)(url)
            assert response.status_code == 404, (url, method, response.status_code)
    assert client.get(path.format(huge="9" * 18)).status_code in (404, 405)


def test_a_long_kingdom_gets_a_short_reason(as_alice, catalog):
    # Every card was judged and each repeat named: 2 MB of "Cellar" made a 6 MB reason (and
    # DRF read every name before any length check: most of a second).
    from games import selectors

    response = as_alice.post("/api/v1/games/", {"seats": ["me", "open"],
                                                "kingdom": ["Cellar"] * 100_000}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid_request"
    assert response.json()["errors"] == {
        "kingdom": [f"Ensure this field has no more than {selectors.MAX_KINGDOM_CHECKED} "
                    "elements."]}
    problems = selectors.kingdom_problems(["Cellar"] * 100_000)  # the lobby's form, sims
    assert problems == ["a kingdom has exactly 10 cards, not 100000",
                        "Cellar appears more than once"]
    eleven = as_alice.post("/api/v1/games/", {"seats": ["me", "open"],
                                              "kingdom": ["Nope"] * 11}, format="json")
    assert eleven.json()["code"] == "invalid_setup"
    assert eleven.json()["detail"] == ("a kingdom has exactly 10 cards, not 11; Nope is not an "
                                       "implemented kingdom card; Nope appears more than once")


def test_a_list_far_over_its_limit_is_refused_unread(as_alice, catalog):
    response = as_alice.post("/api/v1/games/", {"seats": ["open"] * 100_000}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "seats": ["Ensure this field has no more than 6 elements."]}


def test_a_huge_unknown_name_comes_back_cut_short(as_alice, catalog):
    """An error repeats a refused card or bot name, at most 60 characters of it."""
    huge = "X" * 20_000
    response = as_alice.post("/api/v1/games/", {"seats": ["me", "open"],
                                                "kingdom": [huge, *["Cellar"] * 9]},
                             format="json")
    assert response.status_code in (400, 422)
    assert len(response.content) < 2_000 and "X" * 59 + "…" in response.json()["detail"]
    first_game = ["Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel",
                  "Smithy", "Village", "Workshop"]
    sim = as_alice.post("/api/v1/simulations/", {"kingdom": first_game,
                                                 "bots": [huge, "bmu"], "games": 10},
                        format="json")
    assert sim.status_code in (400, 422) and len(sim.content) < 2_000
    assert "unknown bot" in sim.json()["detail"]
