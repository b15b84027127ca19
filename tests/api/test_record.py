"""/record/: the open game-record format, published (with the seed) only after the end."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

import engine
from games import services
from games.api.records import record_to_replay

pytestmark = pytest.mark.django_db

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "game-record.schema.json").read_text())


def test_the_schema_is_a_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_no_record_while_the_game_runs(running_game, as_alice):
    response = as_alice.get(f"/api/v1/games/{running_game.pk}/record/")
    assert response.status_code == 409
    assert response.json()["code"] == "game_not_over"
    assert running_game.seed not in response.content.decode()


def test_the_record_after_the_end_validates_and_replays(running_game, as_alice, play_to_end):
    play_to_end(running_game)
    record = as_alice.get(f"/api/v1/games/{running_game.pk}/record/").json()
    jsonschema.Draft202012Validator(SCHEMA).validate(record)
    assert record["seed"] == running_game.seed
    assert len(record["answers"]) == running_game.step
    replayed = engine.replay(record_to_replay(record))
    assert replayed.view(None) == record["final_state"]
    assert record["result"] == running_game.result


def test_an_abandoned_game_has_no_record(catalog, alice, client_for, make_user,
                                                     base_kingdom, committed):
    game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom)
    services.game_start(game=game, user=alice)
    with committed():
        services.game_abandon(game=game)
    # An abandoned game never ended by the rules: no record, no seed.
    response = client_for(make_user("carol")).get(f"/api/v1/games/{game.pk}/record/")
    assert response.status_code == 409


def test_a_record_validates_with_bots_as_actors(catalog, alice, bob, base_kingdom, committed,
                                                client_for, make_user):
    game = services.game_create(creator=alice, seats=["me", "bmu", "smithy"],
                                kingdom=base_kingdom)
    with committed():
        services.game_start(game=game, user=alice)
    from tests.web.conftest import _play_to_end

    _play_to_end(game, committed)
    record = client_for(make_user("carol")).get(f"/api/v1/games/{game.pk}/record/").json()
    jsonschema.Draft202012Validator(SCHEMA).validate(record)
    assert {a["actor"] for a in record["answers"]} == {"player", "bot"}
