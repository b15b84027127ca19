"""drf-spectacular post-processing: answer shapes by decision kind, OpenAPI links, and the
refusals every endpoint can give.

- Each decision component gets `x-answer`, a $ref to its answer's schema, and the answer
  request's `answer` becomes anyOf those shapes: a generated client knows what to send.
- Links say how one response feeds the next request (create → join/start/view/decisions,
  decisions → answer, answer → answer): clients can follow them, and schemathesis runs a
  stateful campaign along them (tests/api/test_schema.py).
"""

from __future__ import annotations

import re
from typing import Any

from games.api.schema_types import ANSWER_OF_KIND, ANSWER_SCHEMAS, DECISION_SERIALIZERS

GAME_ID = "$response.body#/id"
GAME_OF = "$response.body#/game"
# Answering my first open decision at the step seen: `[]` (no Action, no card: legal when `min`
# is 0) or ending the Buy phase. Links carry whole bodies, so the answer is a constant.
NEXT = {"decision": "$response.body#/decisions/0/id", "step": "$response.body#/step"}
END = {"end": True}
# (path, method, status) → {link name: (target operationId, parameters, requestBody)}
FIRST = "$response.body#/results/0/id"
LINKS: dict[tuple[str, str, str], dict[str, tuple[str, dict, dict | None]]] = {
    ("/api/v1/games/", "get", "200"): {
        "GetGame": ("games_retrieve", {"id": FIRST}, None),
        "GetDecisions": ("games_decisions_retrieve", {"id": FIRST}, None),
        "GetView": ("games_view_retrieve", {"id": FIRST}, None),
        "JoinGame": ("games_join_create", {"id": FIRST}, None),
    },
    ("/api/v1/games/", "post", "201"): {
        "GetGame": ("games_retrieve", {"id": GAME_ID}, None),
        "JoinGame": ("games_join_create", {"id": GAME_ID}, None),
        "StartGame": ("games_start_create", {"id": GAME_ID}, None),
        "AbortGame": ("games_abort_create", {"id": GAME_ID}, None),
        "GetDecisions": ("games_decisions_retrieve", {"id": GAME_ID}, None),
    },
    ("/api/v1/games/{id}/start/", "post", "200"): {
        "GetDecisions": ("games_decisions_retrieve", {"id": GAME_ID}, None),
        "GetView": ("games_view_retrieve", {"id": GAME_ID}, None),
        "Resign": ("games_resign_create", {"id": GAME_ID}, None),
    },
    ("/api/v1/games/{id}/join/", "post", "200"): {
        "StartGame": ("games_start_create", {"id": GAME_ID}, None),
    },
    ("/api/v1/games/{id}/decisions/", "get", "200"): {
        "EndBuyPhase": ("games_answer_create", {"id": GAME_OF}, {**NEXT, "answer": END}),
        "PlayNoAction": ("games_answer_create", {"id": GAME_OF}, {**NEXT, "answer": []}),
    },
    ("/api/v1/games/{id}/answer/", "post", "200"): {
        "EndBuyPhase": ("games_answer_create", {"id": GAME_OF}, {**NEXT, "answer": END}),
        "PlayNoAction": ("games_answer_create", {"id": GAME_OF}, {**NEXT, "answer": []}),
        "GetRecord": ("games_record_retrieve", {"id": GAME_OF}, None),
    },
}


def typed_answers(result: dict[str, Any], generator, request, public) -> dict[str, Any]:
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.update(ANSWER_SCHEMAS)
    for kind, serializer in DECISION_SERIALIZERS.items():
        name = serializer.__name__.removesuffix("Serializer")
        if name in schemas:
            schemas[name]["x-answer"] = {"$ref": f"#/components/schemas/{ANSWER_OF_KIND[kind]}"}
    request_schema = schemas.get("AnswerRequest", {}).get("properties", {})
    if "answer" in request_schema:
        refs = sorted(set(ANSWER_OF_KIND.values()))
        request_schema["answer"] = {
            "description": "In the shape of the decision's kind (its x-answer).",
            "anyOf": [{"$ref": f"#/components/schemas/{ref}"} for ref in refs]}
    return result


def links(result: dict[str, Any], generator, request, public) -> dict[str, Any]:
    paths = result.get("paths", {})
    for (path, method, status), targets in LINKS.items():
        response = paths.get(path, {}).get(method, {}).get("responses", {}).get(status)
        if response is None:
            continue
        response["links"] = {
            name: {"operationId": op, "parameters": params,
                   **({"requestBody": body} if body else {})}
            for name, (op, params, body) in targets.items()}
    return result


BAD_QUERY = {"code": "invalid_parameter",
             "detail": "query parameters cannot contain NUL characters"}


def _every_operation_may_answer(result: dict[str, Any], status: str, description: str,
                                example: str, value: dict) -> dict[str, Any]:
    """Add an error response (the API's Error body, with one example) to every operation."""
    for methods in result.get("paths", {}).values():
        for operation in methods.values():
            response = operation.setdefault("responses", {}).setdefault(
                status, {"description": description})
            content = response.setdefault("content", {}).setdefault(
                "application/json", {"schema": {"$ref": "#/components/schemas/Error"}})
            content.setdefault("examples", {})[example] = {
                "value": value, "summary": value["code"]}
    return result


def request_limits(result: dict[str, Any], generator, request, public) -> dict[str, Any]:
    """games.middleware.RequestLimits answers before any view, so every operation may give its
    400 (a NUL in the query string)."""
    return _every_operation_may_answer(result, "400", "A query parameter holds a NUL character.",
                                       "InvalidParameter", BAD_QUERY)


NOT_ACCEPTABLE = {"code": "not_acceptable",
                  "detail": "Could not satisfy the request Accept header."}


def not_acceptable(result: dict[str, Any], generator, request, public) -> dict[str, Any]:
    """Content negotiation runs before any view: every operation answers 406 when the Accept
    header names no type the API produces (JSON, or the browsable API's HTML)."""
    return _every_operation_may_answer(
        result, "406", "The Accept header (or the `format` query parameter) names no type the "
        "API produces (it answers application/json).", "NotAcceptable", NOT_ACCEPTABLE)


UNSUPPORTED_MEDIA_TYPE = {"code": "unsupported_media_type",
                          "detail": 'Unsupported media type "text/plain" in request.'}


def unsupported_media_type(result: dict[str, Any], generator, request, public) -> dict[str, Any]:
    """Every POST parses its body as JSON (even those that need none, when one is sent): a
    body of another Content-Type, or of none, is a 415 before the view acts."""
    for methods in result.get("paths", {}).values():
        operation = methods.get("post")
        if operation is None:
            continue
        response = operation.setdefault("responses", {}).setdefault("415", {
            "description": "A body whose Content-Type is not application/json."})
        content = response.setdefault("content", {}).setdefault(
            "application/json", {"schema": {"$ref": "#/components/schemas/Error"}})
        content.setdefault("examples", {})["UnsupportedMediaType"] = {
            "value": UNSUPPORTED_MEDIA_TYPE, "summary": UNSUPPORTED_MEDIA_TYPE["code"]}
    return result


def _scope_of(path: str, method: str) -> str:
    """The scope an operation needs (games.api.scopes), found by resolving its path."""
    from django.urls import Resolver404, resolve

    from games.api.scopes import SAFE, SCOPE_PLAY, SCOPE_READ, WRITE_SCOPES

    if method.upper() in SAFE:
        return SCOPE_READ
    for fill in ("1", "00000000-0000-0000-0000-000000000000"):
        try:
            match = resolve(re.sub(r"\{\w+\}", fill, path))
        except Resolver404:
            continue
        return WRITE_SCOPES.get(match.url_name, SCOPE_PLAY)
    return SCOPE_PLAY


def insufficient_scope(result: dict[str, Any], generator, request, public) -> dict[str, Any]:
    """games.api.scopes.HasScope answers before any view: every operation (each needs a token
    or the session) may give a 403 `insufficient_scope`, naming the scope it needs."""
    for path, methods in result.get("paths", {}).items():
        for method, operation in methods.items():
            needed = _scope_of(path, method)
            response = operation.setdefault("responses", {}).setdefault(
                "403", {"description": "The token lacks the scope this request needs."})
            content = response.setdefault("content", {}).setdefault(
                "application/json", {"schema": {"$ref": "#/components/schemas/Error"}})
            content.setdefault("examples", {})["InsufficientScope"] = {
                "summary": "insufficient_scope",
                "value": {"code": "insufficient_scope",
                          "detail": f"this token lacks the '{needed}' scope",
                          "required_scope": needed}}
    return result
