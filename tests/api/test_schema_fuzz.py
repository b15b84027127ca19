"""An attacker's fuzz of the API, driven by its own OpenAPI schema, in-process (Django's client).

Every operation of the generated schema is called with hypothesis-drawn requests: each path id
one of a real game (open, running, finished, someone else's private one), challenge, token or
simulation, a missing one or junk; query parameters and bodies drawn from the schema, then
broken (wrong types, huge and negative numbers, NUL and unicode strings, arrays for objects,
fields left out or added, empty or non-JSON bodies, wrong content types); odd Idempotency-Keys;
and as Alice (every scope, or one), Bob (her opponent), Carol (a stranger), no token, a bad,
revoked or expired one. Whatever is sent:

- the answer is never a 5xx, and its status is one the operation documents;
- its body is JSON matching the documented schema for that status;
- a refused request (4xx) changes nothing in the database;
- no answer shows the seed of a game not finished, nor, about the running game, a card its
  caller may not see (another seat's hand or face-down cards, any deck).

Each drawn request runs in a savepoint rolled back after it, so all start from the same world.
A few cases per operation in the default run; more in the `slow` campaign (bounded, or
DOMINION_CAMPAIGN=full). The NDJSON stream is left out: it never ends while its game runs (the
stream tests cover it live).
"""

from __future__ import annotations

import functools
import json
import os
import uuid
from datetime import timedelta
from typing import Any
from urllib.parse import urlencode

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.test.utils import override_settings
from django.utils import timezone
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from games import catalogue, services
from games.api import challenges, endings
from games.api import services as api_services
from games.models import Game
from tests.api.conftest import until_alice_decides
from tests.card_refs import card_refs, hidden_card_ids
from tests.web.conftest import BASE_KINGDOM

STREAMING = "games_stream_retrieve"
CAMPAIGN = os.environ.get("DOMINION_CAMPAIGN") == "full"
QUICK_EXAMPLES = 8
SLOW_EXAMPLES = 500 if CAMPAIGN else 4  # (the default run: the suite stays under 20 min)
MISSING_ID = "987654321"
# Path ids that name nothing, or are not ids at all (the resolver's catch-all answers these).
JUNK_IDS = ["0", MISSING_ID, "-1", "99999999999999999999999999", "1.0", "1e3", "abc", "%00",
            "%C3%A9", "%EF%BC%91", "1%20", "null", "[]"]
# Bound to nothing in the database: the refusal check's fingerprint leaves them out.
VOLATILE = {"api.idempotencyrecord": "*", "api.apitoken": {"last_used_at"},
            "auth.user": {"last_login"}, "play.presence": "*", "sessions.session": "*"}
WATCHED_APPS = {"auth", "games", "api", "play", "social", "sim", "strategies"}


# --- the schema ---------------------------------------------------------------------------


@functools.cache
def openapi() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


def _operations() -> list[tuple[str, str]]:
    return [(method, path) for path, methods in openapi()["paths"].items()
            for method, operation in methods.items() if operation["operationId"] != STREAMING]


def _json_schema(node: Any) -> Any:
    """OpenAPI 3.0's `nullable` as JSON Schema says it (anyOf with null)."""
    if isinstance(node, list):
        return [_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _json_schema(value) for key, value in node.items() if key != "nullable"}
    if node.get("nullable"):
        return {"anyOf": [out, {"type": "null"}]}
    return out


@functools.cache
def _components() -> dict:
    return _json_schema(openapi()["components"])


@functools.cache
def _validator(method: str, path: str, status: str) -> Draft202012Validator | None:
    response = openapi()["paths"][path][method]["responses"][status]
    schema = response.get("content", {}).get("application/json", {}).get("schema")
    if schema is None:
        return None
    return Draft202012Validator({**_json_schema(schema), "components": _components()})


def _resolve(schema: dict) -> dict:
    while "$ref" in schema:
        schema = openapi()["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


# --- drawing values from a schema, then breaking them --------------------------------------

HOSTILE = st.sampled_from([
    None, True, False, 0, -1, -(2**63), 2**63, 10**30, 1.5, -0.0, "", " ", "\x00", "a\x00b",
    "é☃𝄞", "\u202e\ufeff", "A" * 5000, "1", "-1", "true", "null", "[]", "{}", [], {}, [None],
    [[[[]]]], {"": None}, {"__proto__": {}}, ["\x00"],
])


# Values of the world (decision ids, steps, usernames, card and bot names, seats), so drawn
# bodies get past "no such ..." to the checks behind it; filled in by the world fixture.
HINTS: dict[str, list] = {"strings": ["me", "open", "bmu"], "integers": [0, 1]}


def _valid(schema: dict, depth: int = 0) -> st.SearchStrategy:
    """Roughly what the schema allows (a guess, not a proof: broken values come on top)."""
    schema = _resolve(schema)
    for combinator in ("anyOf", "oneOf"):
        if combinator in schema:
            return st.one_of([_valid(s, depth) for s in schema[combinator]])
    if "allOf" in schema:
        return _valid(schema["allOf"][0], depth)
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if kind == "integer":
        return st.one_of(st.integers(schema.get("minimum", -5), schema.get("maximum", 10_000)),
                         st.sampled_from(HINTS["integers"]))
    if kind == "number":
        return st.floats(allow_nan=False, allow_infinity=False)
    if kind == "boolean":
        return st.booleans()
    if kind == "string":
        if schema.get("format") == "uuid":
            return st.uuids().map(str)
        return st.one_of(st.text(max_size=schema.get("maxLength", 30)),
                         st.sampled_from(HINTS["strings"]))
    if kind == "array" and depth < 3:
        return st.lists(_maybe_broken(schema.get("items", {}), depth + 1), max_size=4)
    if (kind == "object" or "properties" in schema) and depth < 3:
        properties = schema.get("properties", {})
        required = set(schema.get("required", []))
        return st.fixed_dictionaries(
            {k: _maybe_broken(v, depth + 1) for k, v in properties.items() if k in required},
            optional={k: _maybe_broken(v, depth + 1)
                      for k, v in properties.items() if k not in required})
    return HOSTILE


def _maybe_broken(schema: dict, depth: int = 0) -> st.SearchStrategy:
    return st.one_of(_valid(schema, depth), _valid(schema, depth), _valid(schema, depth), HOSTILE)


@st.composite
def _body(draw, schema: dict | None) -> tuple[bytes, str | None]:
    """A body and its content type (None: no Content-Type at all)."""
    value = draw(_valid(schema)) if schema else {}
    shape = draw(st.sampled_from([
        "json", "json", "json", "missing_field", "extra_field", "array", "scalar", "empty",
        "not_json", "form", "text", "nan", "duplicate_keys", "no_content_type"]))
    if shape in ("missing_field", "extra_field") and isinstance(value, dict):
        value = dict(value)
        if shape == "missing_field" and value:
            value.pop(draw(st.sampled_from(sorted(value))))
        else:
            value[draw(st.sampled_from(["extra", "id", "user", "seat", "step", "__class__"]))] = \
                draw(HOSTILE)
    if shape == "array":
        value = [value]
    if shape == "scalar":
        value = draw(HOSTILE)
    if shape == "empty":
        return b"", "application/json"
    if shape == "not_json":
        return draw(st.sampled_from([b"{", b"\xff\xfe{}", b"{}\x00", b"[" * 200, b"{'a': 1}",
                                     b"\xef\xbb\xbf{}"])), "application/json"
    if shape == "nan":
        return b'{"step": NaN, "games": Infinity, "answer": -Infinity}', "application/json"
    if shape == "duplicate_keys":
        return b'{"seats": ["me", "bmu"], "seats": 1}', "application/json"
    raw = json.dumps(value).encode()
    if shape == "form":
        flat = value if isinstance(value, dict) else {"value": value}
        return urlencode({k: json.dumps(v) for k, v in flat.items()}).encode(), \
            "application/x-www-form-urlencoded"
    if shape == "text":
        return raw, draw(st.sampled_from(["text/plain", "application/xml", "application/json;"
                                          " charset=latin-1", "multipart/form-data"]))
    if shape == "no_content_type":
        return raw, None
    return raw, "application/json"


def _query_value(draw, schema: dict) -> str:
    value = draw(_maybe_broken(schema))
    return value if isinstance(value, str) else json.dumps(value)


IDEMPOTENCY_KEYS = st.one_of(st.none(), st.none(), st.uuids().map(str), st.sampled_from(
    ["", " ", "a" * 300, "k" * 5000, "é☃", "\x00", "key\tkey", "../../etc", "1", "null"]))


# --- the world ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Alice with an open, a running (her turn) and a finished game; Bob's private game and a
    challenge to her; tokens of every kind. Built once for the module, rolled back after it."""
    with django_db_blocker.unblock(), override_settings(BACKGROUND_MODE="inline"):
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            yield _build_world()
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


def _build_world() -> dict:
    catalogue.cards_sync()
    catalogue.kingdoms_load()
    users = {name: get_user_model().objects.create_user(
        username=name, email=f"{name}@example.com", password="a-long-pass-phrase-42")
        for name in ("alice", "bob", "carol")}
    alice, bob, carol = users["alice"], users["bob"], users["carol"]
    open_game = services.game_create(creator=alice, seats=["me", "open"], kingdom=BASE_KINGDOM)
    running = services.game_create(creator=alice, seats=["me", "open"], kingdom=BASE_KINGDOM)
    services.seat_join(game=running, user=bob)
    services.game_start(game=running, user=alice)
    until_alice_decides(running)
    finished = services.game_create(creator=alice, seats=["me", "open"], kingdom=BASE_KINGDOM)
    services.seat_join(game=finished, user=bob)
    services.game_start(game=finished, user=alice)
    endings.game_resign(game=finished, user=bob)
    private = services.game_create(creator=bob, seats=["me", "open"], kingdom=BASE_KINGDOM,
                                   listed=False)
    challenge = challenges.challenge_create(
        challenger=bob, invited=alice, game_options={"seats": ["me", "open"],
                                                     "kingdom": BASE_KINGDOM})
    token = functools.partial(api_services.token_create, name="fuzz")
    revoked, revoked_raw = token(user=alice)
    api_services.token_revoke(user=alice, token_id=revoked.pk)
    tokens = {
        "alice": token(user=alice), "alice-read": token(user=alice, scopes=["read"]),
        "alice-play": token(user=alice, scopes=["play"]),
        "alice-manage": token(user=alice, scopes=["manage-games"]),
        "alice-expired": token(user=alice, expires_at=timezone.now() - timedelta(minutes=1)),
        "bob": token(user=bob), "carol": token(user=carol),
    }
    games = {"open": open_game, "running": running, "finished": Game.objects.get(pk=finished.pk),
             "private": private}
    running.refresh_from_db()
    HINTS["strings"] = sorted({"me", "open", "bmu", "bot", "2e", "1e", "all", *BASE_KINGDOM,
                               "Copper", "Province", *users,
                               *(d["id"] for d in running.decisions)})
    HINTS["integers"] = sorted({0, 1, 2, running.step, running.step - 1, open_game.pk,
                                running.pk, finished.pk, private.pk, challenge.pk})
    return {
        "users": users, "games": games, "challenge": challenge.pk,
        "token_ids": [t.pk for t, _ in tokens.values()] + [revoked.pk],
        "auth": {**{name: f"Bearer {raw}" for name, (_, raw) in tokens.items()},
                 "alice-revoked": f"Bearer {revoked_raw}", "none": None,
                 "garbage": "Bearer dom_" + "x" * 43, "empty": "Bearer ",
                 "basic": "Basic YWxpY2U6YS1sb25nLXBhc3MtcGhyYXNlLTQy",
                 "nul": "Bearer \x00"},
        # whose seat each caller holds in the running game (None: a spectator)
        "seat": {"alice": 0, "bob": 1},
        "secret_seeds": [g.seed for g in (open_game, running, private)],
    }


def _fingerprint() -> list:
    """Every watched row, less what any request may touch (last use, presence, idempotency)."""
    rows = []
    for model in apps.get_models():
        label = model._meta.label_lower
        if model._meta.app_label not in WATCHED_APPS or VOLATILE.get(label) == "*":
            continue
        skip = VOLATILE.get(label, set())
        fields = [f.attname for f in model._meta.concrete_fields if f.attname not in skip]
        rows.append((label, list(model.objects.order_by("pk").values_list(*fields))))
    return rows


# --- one request --------------------------------------------------------------------------


@st.composite
def _request(draw, world: dict, method: str, path: str) -> dict:
    operation = openapi()["paths"][path][method]
    games = world["games"]
    fills = {}
    for name in ("id", "token_id", "username"):
        if "{" + name + "}" not in path:
            continue
        if name == "username":
            real = [u.username for u in world["users"].values()]
        elif name == "token_id":
            real = [str(pk) for pk in world["token_ids"]]
        elif path.startswith("/api/v1/challenges/"):
            real = [str(world["challenge"])]
        elif path.startswith("/api/v1/simulations/"):
            real = [str(uuid.uuid4())]
        else:
            real = [str(g.pk) for g in games.values()]
        fills[name] = draw(st.one_of(st.sampled_from(real), st.sampled_from(real),
                                     st.sampled_from(JUNK_IDS + ["é", "alice%00"])))
    url = path.format(**fills)
    query = {}
    for parameter in operation.get("parameters", []):
        if parameter["in"] == "query" and draw(st.booleans()):
            query[parameter["name"]] = _query_value(draw, parameter.get("schema", {}))
    if draw(st.integers(0, 4)) == 0:
        query[draw(st.sampled_from(["x", "format", "page", "", "id[]"]))] = draw(
            st.sampled_from(["1", "-1", "é", "a" * 2000, "json", "xml"]))
    headers = {}
    caller = draw(st.sampled_from(sorted(world["auth"])))
    if world["auth"][caller] is not None:
        headers["HTTP_AUTHORIZATION"] = world["auth"][caller]
    body, content_type = b"", None
    if method == "post":
        body_schema = operation.get("requestBody", {}).get("content", {}).get(
            "application/json", {}).get("schema")
        body, content_type = draw(_body(body_schema))
        key = draw(IDEMPOTENCY_KEYS)
        if key is not None:
            headers["HTTP_IDEMPOTENCY_KEY"] = key
    if query:
        url += "?" + urlencode(query)
    return {"method": method, "url": url, "body": body, "content_type": content_type,
            "headers": headers, "caller": caller.split("-")[0]}


def _send(client: Client, request: dict):
    if request["method"] == "get":
        return client.get(request["url"], **request["headers"])
    extra = dict(request["headers"])
    if request["content_type"] is None:
        # Django's client would add its own multipart type; send none at all
        return client.generic("POST", request["url"], request["body"], content_type="",
                              **extra)
    return client.generic("POST", request["url"], request["body"],
                          content_type=request["content_type"], **extra)


def _check(world: dict, method: str, path: str, request: dict) -> None:
    before = _fingerprint()
    response = _send(Client(raise_request_exception=False), request)
    status = str(response.status_code)
    where = f"{method.upper()} {request['url']} as {request['caller']}: {status}"
    assert response.status_code < 500, where
    responses = openapi()["paths"][path][method]["responses"]
    assert status in responses, f"{where} is not documented ({sorted(responses)})"
    assert response["Content-Type"].startswith("application/json"), where
    body = response.json()
    validator = _validator(method, path, status)
    if validator is not None:
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(body)]
        assert not errors, (where, errors[:3], str(body)[:300])
    if response.status_code >= 400:
        assert _fingerprint() == before, f"{where} refused ({body}) but changed the database"
    text = response.content.decode()
    for seed in world["secret_seeds"]:
        assert seed not in text, f"{where} shows a game's seed"
    running = world["games"]["running"]
    if response.status_code < 300 and request["url"].startswith(f"/api/v1/games/{running.pk}/"):
        running.refresh_from_db()
        if running.status == "running":
            seen = hidden_card_ids(running, world["seat"].get(request["caller"])) & set(
                card_refs(body))
            assert not seen, f"{where} shows hidden cards {sorted(seen)[:5]}"


def _fuzz(world: dict, method: str, path: str, examples: int, derandomize: bool) -> None:
    @settings(max_examples=examples, deadline=None, database=None, derandomize=derandomize,
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def run(data) -> None:
        request = data.draw(_request(world, method, path), label="request")
        savepoint = transaction.savepoint()
        try:
            _check(world, method, path, request)
        finally:
            transaction.savepoint_rollback(savepoint)

    run()


@pytest.fixture
def _quotas_out_of_the_way(settings) -> None:
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
        **{scope: "1000000/min" for scope in settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]}}}
    settings.BACKGROUND_MODE = "inline"


OPERATIONS = pytest.mark.parametrize(("method", "path"), _operations(),
                                     ids=[f"{m.upper()} {p}" for m, p in _operations()])


def test_every_operation_is_fuzzed():
    """A new operation is walked without being listed; the stream alone is left out."""
    walked = {(m, p) for m, p in _operations()}
    every = {(m, p) for p, ms in openapi()["paths"].items() for m in ms}
    assert every - walked == {("get", "/api/v1/games/{id}/stream/")}
    assert len(walked) >= 40


@pytest.mark.django_db
@OPERATIONS
def test_an_attacker_gets_a_documented_answer_and_changes_nothing(
        world, _quotas_out_of_the_way, method, path):
    _fuzz(world, method, path, QUICK_EXAMPLES, derandomize=True)


@pytest.mark.slow
@pytest.mark.django_db
@OPERATIONS
def test_campaign_an_attacker_gets_a_documented_answer_and_changes_nothing(
        world, _quotas_out_of_the_way, method, path):
    _fuzz(world, method, path, SLOW_EXAMPLES, derandomize=not CAMPAIGN)


def test_the_schema_converts_nullable():
    """The response check reads OpenAPI 3.0's `nullable` as JSON Schema's null."""
    converted = _json_schema({"type": "string", "nullable": True})
    assert Draft202012Validator(converted).is_valid(None)
    assert not Draft202012Validator(converted).is_valid(1)
