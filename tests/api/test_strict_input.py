"""Strict input: what the docs do not allow is a 400 naming the field, and changes nothing."""

from __future__ import annotations

import pytest

from tests.api.conftest import my_decision

pytestmark = pytest.mark.django_db


def _first(game) -> tuple[int, dict]:
    game.refresh_from_db()
    decision = game.decisions[0]
    return decision["seat"], decision


@pytest.mark.parametrize("body, field", [
    ({"seats": ["me", "bmu"], "colour": "red"}, "colour"),
    ({"seats": ["me", "bmu"], "listed": "yes"}, "listed"),
    ({"seats": ["me", "bmu"], "time_limit_days": "3"}, "time_limit_days"),
    ({"seats": ["me", "bmu"], "edition": True}, "edition"),
    ({"seats": ["me", 5]}, "seats"),
])
def test_game_create_refuses_unknown_fields_and_wrong_types(as_alice, catalog, body, field):
    response = as_alice.post("/api/v1/games/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_request"
    assert field in response.json()["errors"]
    assert field in response.json()["detail"]


def test_shelters_still_takes_true_and_false(as_alice, catalog, base_kingdom):
    response = as_alice.post("/api/v1/games/", {"seats": ["me", "bmu"], "shelters": True,
                                                "kingdom": base_kingdom}, format="json")
    assert response.status_code == 201


@pytest.mark.parametrize("extra, field", [
    ({"step": "0"}, "step"), ({"seat": True}, "seat"), ({"decisoin": "d1"}, "decisoin"),
])
def test_answer_refuses_a_string_step_and_unknown_fields(running_game, client_for, alice, bob,
                                                         untouched, extra, field):
    seat, decision = _first(running_game)
    client = client_for(alice if seat == 0 else bob)
    body = {"decision": decision["id"], "answer": [], **extra}
    with untouched(running_game):
        response = client.post(f"/api/v1/games/{running_game.pk}/answer/", body, format="json")
    assert response.status_code == 400
    assert field in response.json()["errors"]


def _to_buy_phase(game, play_one) -> dict:
    for _ in range(10):
        game.refresh_from_db()
        if game.decisions[0]["kind"] == "BuyPhase":
            return game.decisions[0]
        play_one(game)
    raise AssertionError("no buy phase reached")


@pytest.mark.parametrize("answer", [{"end": "yes"}, {"end": 1}, "end", {"buy": 3},
                                    {"play": "some"}, {"play": "all", "end": True}, [1]])
def test_a_buy_phase_answer_in_a_wrong_shape_is_400(running_game, client_for, alice, bob,
                                                    untouched, play_one, answer):
    decision = _to_buy_phase(running_game, play_one)
    client = client_for(alice if decision["seat"] == 0 else bob)
    with untouched(running_game):
        response = client.post(f"/api/v1/games/{running_game.pk}/answer/",
                               {"decision": decision["id"], "answer": answer}, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["code"] == "invalid_request"
    assert "answer" in response.json()["errors"]


def test_end_true_is_still_fine(running_game, client_for, alice, bob, play_one):
    decision = _to_buy_phase(running_game, play_one)
    client = client_for(alice if decision["seat"] == 0 else bob)
    response = client.post(f"/api/v1/games/{running_game.pk}/answer/",
                           {"decision": decision["id"], "answer": {"end": True}}, format="json")
    assert response.status_code == 200
    assert my_decision(running_game, 1 - decision["seat"])


@pytest.mark.parametrize("query, name", [
    ("limit=-1", "limit"), ("limit=0", "limit"), ("limit=201", "limit"), ("offset=abc", "offset"),
    ("offset=-3", "offset"), ("filter=nope", "filter"),
])
def test_bad_paging_is_400_naming_the_parameter(as_alice, catalog, query, name):
    response = as_alice.get(f"/api/v1/games/?{query}")
    assert response.status_code == 400
    assert name in response.json()["detail"]



@pytest.mark.parametrize("query, name", [
    ("offset=" + "9" * 5000, "offset"), ("limit=" + "1" * 5000, "limit"),
    ("offset=" + "0" * 5000 + "7", None),  # leading zeros: still the number 7
])
def test_a_number_of_thousands_of_digits_is_a_400_not_a_500(as_alice, catalog, query, name):
    """int() refuses more than 4,300 digits with a ValueError of its own: it was a 500."""
    response = as_alice.get(f"/api/v1/games/?{query}")
    if name is None:
        assert response.status_code == 200
        return
    assert response.status_code == 400
    assert name in response.json()["detail"]


def test_a_log_since_of_thousands_of_digits_is_a_400(as_alice, running_game):
    response = as_alice.get(f"/api/v1/games/{running_game.pk}/log/?since={'9' * 5000}")
    assert response.status_code == 400 and "since" in response.json()["detail"]

@pytest.mark.parametrize("url, name", [
    ("/api/v1/cards/?set=nope", "set"), ("/api/v1/kingdoms/?set=nope", "set"),
    ("/api/v1/cards/?kingdom=maybe", "kingdom"),
])
def test_unknown_set_and_bad_flags_are_400(as_alice, catalog, url, name):
    response = as_alice.get(url)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_parameter"
    assert name in response.json()["detail"]


def test_known_set_still_filters(as_alice, catalog):
    cards = as_alice.get("/api/v1/cards/?set=base").json()
    assert cards and {c["set"] for c in cards} == {"base"}


def test_bodyless_endpoints_refuse_a_body(as_alice, open_game, untouched):
    with untouched(open_game):
        response = as_alice.post(f"/api/v1/games/{open_game.pk}/start/", {"force": True},
                                 format="json")
    assert response.status_code == 400
    assert "force" in response.json()["errors"]
    assert as_alice.post("/api/v1/ws-ticket/", {}, format="json").status_code == 201


def test_social_bodies_are_strict_too(running_game, as_alice):
    response = as_alice.post(f"/api/v1/games/{running_game.pk}/rematch/",
                             {"first_player_rule": "2e", "extra": 1}, format="json")
    assert response.status_code == 400
    assert "extra" in response.json()["errors"]


def test_a_body_of_countless_unknown_fields_gets_a_short_refusal(as_alice, open_game, untouched):
    # Every unknown field was named: 2 MB of them made a 4-5 MB reply and seconds of work.
    import json

    body = json.dumps({f"field{n}": 0 for n in range(100_000)})
    for url in ("/api/v1/games/", f"/api/v1/games/{open_game.pk}/start/"):
        with untouched(open_game):
            response = as_alice.post(url, body, content_type="application/json")
        assert response.status_code == 400 and response.json()["code"] == "invalid_request"
        errors = response.json()["errors"]
        assert len(errors) == 21 and errors["field0"] == ["Unknown field."]
        assert errors["non_field_errors"] == ["and 99980 more unknown fields"]
        assert len(response.content) < 2000
