"""Every route of the site, sent hostile requests: a body nested far too deep, one that is not
JSON at all, one far too large, and junk in the query string. Whatever the route, the answer
is a 4xx or a normal page, never a 500 (the routes are read from the URL resolver, so a new
route is covered without being listed)."""

from __future__ import annotations

import re
import uuid

from django.test import Client

from games.api import services as api_services
from tests.routes import all_routes

DEEP = "[" * 5000 + "]" * 5000
SKIPPED_PREFIXES = ("admin/",)  # staff only, Django's own


def _concrete(route: str, game_pk: int) -> str | None:
    """A path for `route` with its parameters filled in (None: a regex route, skipped)."""
    if route.startswith(SKIPPED_PREFIXES) or "^" in route or "(?P" in route:
        return None
    fills = {"id": str(game_pk), "uuid": str(uuid.uuid4()), "str": "alice", "slug": "x",
             "path": "x", "int": "1"}
    path = re.sub(r"<(\w+):\w+>", lambda m: fills.get(m.group(1), "x"), route)
    return "/" + path


# (method, body, content type, query, extra headers): what each client sends to each route
HOSTILE = [
    ("post", DEEP, "application/json", None, {}),
    ("post", b"{not json\xff", "application/json", None, {}),
    ("post", {"padding": "a" * 3_000_000}, None, None, {}),
    ("post", "a=%ff&b[]=&=&answer=%00", "application/x-www-form-urlencoded", None, {}),
    ("post", b"--x\r\nContent-Disposition: form-data\r\n\r\n", "multipart/form-data; boundary=x",
     None, {}),
    ("post", "plain words", "text/plain", None, {}),
    ("get", None, None, {"page": "-1", "limit": "1e999", "since": "x", "filter": "\x00"}, {}),
    ("get", None, None, None, {"HTTP_ACCEPT": "application/xml"}),
    ("get", None, None, None, {"HTTP_ACCEPT_LANGUAGE": "\u00ff" * 300,
                               "HTTP_IF_NONE_MATCH": "*", "HTTP_RANGE": "bytes=9-1"}),
    ("put", DEEP, "application/json", None, {}),
    ("patch", b"\xff\xfe", "application/json", None, {}),
    ("delete", None, None, None, {}),
    ("options", None, None, None, {}),
    ("head", None, None, {"since": "-1"}, {}),
]


def _send(client: Client, path: str, method: str, body, content_type, query, headers):
    if method in ("get", "head"):
        return getattr(client, method)(path, query, **headers)
    if method in ("delete", "options"):
        return getattr(client, method)(path, **headers)
    if content_type is None:
        return getattr(client, method)(path, body, **headers)
    return getattr(client, method)(path, body, content_type=content_type, **headers)


def test_no_route_answers_a_hostile_request_with_a_500(running_game, alice):
    _, raw = api_services.token_create(user=alice, name="sweep")
    browser = Client(raise_request_exception=False)
    browser.force_login(alice)
    api = Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Bearer {raw}")
    stranger = Client(raise_request_exception=False)
    paths = sorted({p for r, _ in all_routes() if (p := _concrete(r, running_game.pk))})
    assert len(paths) > 80
    failures, sent = [], 0
    for path in paths:
        for client in (browser, api, stranger):
            for method, body, content_type, query, headers in HOSTILE:
                response = _send(client, path, method, body, content_type, query, headers)
                sent += 1
                if response.status_code >= 500:
                    failures.append((path, method, response.status_code))
    assert sent == len(paths) * 3 * len(HOSTILE)
    assert not failures, failures
