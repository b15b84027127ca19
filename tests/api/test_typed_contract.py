"""The typed contract: every decision the engine opens, every view and every record fits the
OpenAPI components a client is generated from; the events' JSON Schema is served and versioned.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator
from jsonschema import Draft202012Validator

from engine.bots import seat_player
from engine.setup import new_game
from games.api.schema_types import ANSWER_OF_KIND, DECISION_SERIALIZERS

EVENTS = Path(__file__).resolve().parents[2] / "docs" / "events.schema.json"
# Cards whose decisions cover every kind (Sentry orders, Wishing Well names, Moat reveals...).
KINGDOM = ["Cellar", "Moat", "Workshop", "Sentry", "Pawn", "Wishing Well", "Harbinger",
           "Library", "Militia", "Courtyard"]


@pytest.fixture(scope="module")
def openapi() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


def _json_schema(node: Any) -> Any:
    """OpenAPI 3.0 → JSON Schema 2020-12: `nullable` becomes a union with null."""
    if isinstance(node, list):
        return [_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _json_schema(value) for key, value in node.items()
           if key not in ("nullable", "discriminator", "x-answer")}
    if node.get("nullable"):
        return {"anyOf": [out, {"type": "null"}]}
    return out


def validator(openapi: dict, component: str) -> Draft202012Validator:
    schemas = _json_schema(openapi["components"]["schemas"])
    return Draft202012Validator({"$ref": f"#/components/schemas/{component}",
                                 "components": {"schemas": schemas}})


def _errors(check: Draft202012Validator, instance: Any) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in check.iter_errors(instance)][:3]


def test_decisions_are_a_union_discriminated_by_kind_with_answer_shapes(openapi):
    schemas = openapi["components"]["schemas"]
    union = schemas["Decision"]
    assert set(union["discriminator"]["mapping"]) == set(DECISION_SERIALIZERS)
    for kind, ref in union["discriminator"]["mapping"].items():
        decision = schemas[ref.rsplit("/", 1)[1]]
        kind_field = Draft202012Validator({**_json_schema(decision["properties"]["kind"]),
                                           "components": {"schemas": _json_schema(schemas)}})
        assert kind_field.is_valid(kind) and not kind_field.is_valid("Other"), kind
        answer = decision["x-answer"]["$ref"].rsplit("/", 1)[1]
        assert answer == ANSWER_OF_KIND[kind] and answer in schemas
    answer_field = schemas["AnswerRequest"]["properties"]["answer"]
    assert {ref["$ref"].rsplit("/", 1)[1] for ref in answer_field["anyOf"]} == set(
        ANSWER_OF_KIND.values())


@pytest.mark.parametrize("path, component", [
    ("/api/v1/games/{id}/view/", "View"),
    ("/api/v1/games/{id}/decisions/", "DecisionList"),
    ("/api/v1/games/{id}/record/", "GameRecord"),
])
def test_views_decisions_and_records_are_typed(openapi, path, component):
    response = openapi["paths"][path]["get"]["responses"]["200"]
    assert response["content"]["application/json"]["schema"] == {
        "$ref": f"#/components/schemas/{component}"}
    assert openapi["components"]["schemas"][component]["properties"]


def _answer(player, decision) -> Any:
    """The random player's answer, but Sentries bought when affordable (so cards get ordered)."""
    if decision.kind == "BuyPhase" and "Sentry" in decision.piles and decision.coins >= 5:
        return {"buy": "Sentry"}
    return player(decision)


def played_games(seeds: int, on_decision: Callable[[Any], None] | None = None,
                 ) -> tuple[Counter, list[dict], list[dict]]:
    """Random legal games over KINGDOM: every decision opened, and views along the way."""
    kinds: Counter = Counter()
    decisions: list[dict] = []
    views: list[dict] = []
    for seed in range(seeds):
        game = new_game({"players": 2, "kingdom": KINGDOM, "edition": 2, "shelters": False,
                         "autoplay_treasures": []}, f"contract-{seed}")
        players = [seat_player("random", game, seat) for seat in range(2)]
        while (decision := game.next_decision()) is not None:
            if kinds[decision.kind] < 40:
                decisions.append(decision.to_dict())
                if on_decision is not None:
                    on_decision(decision)
            kinds[decision.kind] += 1
            if sum(kinds.values()) % 97 == 0:
                views.append(game.view(decision.seat))
            game.apply(decision.seat, decision.id, _answer(players[decision.seat], decision))
        views += [game.view(0), game.view(None)]
    return kinds, decisions, views


def test_every_decision_and_view_the_engine_makes_fits_the_schema(openapi):
    kinds, decisions, views = played_games(seeds=8)
    assert set(kinds) == set(DECISION_SERIALIZERS), kinds
    check = validator(openapi, "Decision")
    for decision in decisions:
        assert not _errors(check, decision), (decision, _errors(check, decision))
    check = validator(openapi, "View")
    for view in views:
        view = {**view, "clocks": []}
        assert not _errors(check, view), _errors(check, view)


def test_the_events_schema_is_served_versioned_and_valid(client):
    response = client.get("/api/v1/events/schema/")
    assert response.status_code == 200
    served = response.json()
    assert served == json.loads(EVENTS.read_text())
    Draft202012Validator.check_schema(served)
    assert served["$id"].endswith("/v1.json") and served["x-version"].startswith("1.")
    types = {definition["properties"]["type"]["const"]
             for definition in (served["$defs"][ref["$ref"].rsplit("/", 1)[1]]
                                for ref in served["oneOf"])}
    assert {"state", "keepalive", "your_turn", "challenge", "game_moved"} <= types


def test_a_state_message_fits_the_events_schema_and_the_openapi_one(openapi, running_game):
    from games.api.stream import state_message

    running_game.refresh_from_db()
    from games.seating import Seating

    seat = running_game.seats.get(position=running_game.decisions[0]["seat"])
    message = state_message(running_game.pk, Seating(seat.user, seat.position))
    assert message["decisions"] and message["view"]
    events = Draft202012Validator(json.loads(EVENTS.read_text()))
    assert not _errors(events, message), _errors(events, message)
    check = validator(openapi, "StateMessage")
    assert not _errors(check, message), _errors(check, message)


def test_the_schemas_versions_are_in_the_changelog(openapi):
    """A client author finds what changed for the version the served documents name."""
    changelog = (EVENTS.parent / "api.md").read_text().split("## Changelog", 1)[1]
    events_version = json.loads(EVENTS.read_text())["x-version"]
    assert f"API {openapi['info']['version']}," in changelog
    assert f"events schema {events_version}" in changelog
