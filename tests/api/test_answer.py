"""POST /api/v1/games/<id>/answer/: one move, and every way a move is refused."""

from __future__ import annotations

import pytest

from games.models import GameStep
from tests.api.conftest import simple_answer

pytestmark = pytest.mark.django_db


def _url(game) -> str:
    return f"/api/v1/games/{game.pk}/answer/"


def _opening(game) -> tuple[int, dict]:
    """The seat the game waits for first, and its decision."""
    game.refresh_from_db()
    decision = game.decisions[0]
    return decision["seat"], decision


def _client(seat, as_alice, as_bob):
    return as_alice if seat == 0 else as_bob


def test_a_legal_answer_moves_the_game_one_step(running_game, as_alice, as_bob, committed):
    seat, decision = _opening(running_game)
    with committed():
        response = _client(seat, as_alice, as_bob).post(
            _url(running_game),
            {"decision": decision["id"], "answer": simple_answer(decision), "step": 0},
            format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert {k: body[k] for k in ("game", "step", "status", "seat")} == {
        "game": running_game.pk, "step": 1, "status": "running", "seat": seat}
    assert GameStep.objects.get(game=running_game).decision_id == decision["id"]


def test_the_answer_says_what_comes_next_so_no_get_is_needed(running_game, as_alice, as_bob,
                                                             committed):
    """The reply carries the seat's open decisions and view, exactly as the GETs give them."""
    seat, decision = _opening(running_game)
    client = _client(seat, as_alice, as_bob)
    with committed():
        body = client.post(_url(running_game), {"decision": decision["id"],
                                                "answer": {"play": "all"}}, format="json").json()
    base = f"/api/v1/games/{running_game.pk}"
    assert body["decisions"] and body["decisions"] == client.get(f"{base}/decisions/").json()[
        "decisions"]
    assert body["view"] == client.get(f"{base}/view/").json()
    assert body["view"]["step"] == body["step"] == 1
    assert body["decisions"][0]["deadline"] == body["view"]["clocks"][seat]["deadline"]


def test_a_stale_step_is_409_with_the_current_step(running_game, as_alice, as_bob, untouched,
                                                   play_one):
    play_one(running_game)
    seat, decision = _opening(running_game)
    with untouched(running_game):
        response = _client(seat, as_alice, as_bob).post(
            _url(running_game), {"decision": decision["id"], "answer": [], "step": 0},
            format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "stale_step"
    assert response.json()["current_step"] == running_game.step == 1


def test_a_step_ahead_of_the_game_is_400_not_stale(running_game, as_alice, as_bob, untouched,
                                                   play_one):
    """A step the game has not reached was never seen: a bad request, not a stale picture
    (a client told "stale" would reload and send the same thing again)."""
    play_one(running_game)
    seat, decision = _opening(running_game)
    with untouched(running_game):
        response = _client(seat, as_alice, as_bob).post(
            _url(running_game), {"decision": decision["id"], "answer": {"end": True},
                                 "step": running_game.step + 5}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "step_ahead"
    assert (f"step {running_game.step + 5} is ahead of the game (at {running_game.step})"
            in response.json()["detail"])


def test_an_illegal_answer_is_422_with_the_engines_reason(running_game, as_alice, as_bob,
                                                          untouched):
    seat, decision = _opening(running_game)
    with untouched(running_game):
        response = _client(seat, as_alice, as_bob).post(
            _url(running_game),
            {"decision": decision["id"], "answer": {"buy": "Nowhere"}, "step": 0},
            format="json")
    assert response.status_code == 422
    assert response.json()["code"] == "illegal_answer"
    assert response.json()["detail"].startswith("cannot buy 'Nowhere' now")


def test_answering_another_seats_decision_is_403(running_game, as_alice, as_bob, untouched):
    seat, decision = _opening(running_game)
    other = as_bob if seat == 0 else as_alice
    with untouched(running_game):
        response = other.post(_url(running_game),
                              {"decision": decision["id"], "answer": [], "step": 0},
                              format="json")
    assert response.status_code == 403
    assert response.json()["code"] == "not_your_seat"


def test_claiming_another_seat_is_403(running_game, as_alice, as_bob, untouched):
    seat, decision = _opening(running_game)
    with untouched(running_game):
        response = _client(seat, as_alice, as_bob).post(
            _url(running_game),
            {"decision": decision["id"], "answer": [], "step": 0, "seat": 1 - seat},
            format="json")
    assert response.status_code == 403
    assert response.json()["code"] == "not_your_seat"


def test_a_game_i_am_not_in_is_403(running_game, client_for, make_user, untouched):
    _, decision = _opening(running_game)
    with untouched(running_game):
        response = client_for(make_user("carol")).post(
            _url(running_game), {"decision": decision["id"], "answer": [], "step": 0},
            format="json")
    assert response.status_code == 403
    assert response.json()["code"] == "not_in_game"


def test_malformed_json_is_400_with_a_clear_message(running_game, as_alice, untouched):
    with untouched(running_game):
        response = as_alice.post(_url(running_game), '{"decision": "d1", "answer": [',
                                 content_type="application/json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "malformed_request"
    assert "JSON parse error" in body["detail"]


def test_a_missing_field_is_400_naming_it(running_game, as_alice, untouched):
    with untouched(running_game):
        response = as_alice.post(_url(running_game), {"answer": [], "step": 0},
                                 format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_request"
    assert response.json()["detail"] == "decision: This field is required."


def test_a_closed_or_unknown_decision_is_409_naming_it(running_game, as_alice, as_bob, untouched):
    seat, _ = _opening(running_game)
    with untouched(running_game):
        response = _client(seat, as_alice, as_bob).post(
            _url(running_game), {"decision": "d999", "answer": [], "step": 0}, format="json")
    assert response.status_code == 409
    assert response.json() == {"code": "decision_closed",
                               "detail": f"decision d999 is not open for seat {seat}"}


def test_a_game_not_running_is_409(open_game, as_alice, untouched):
    with untouched(open_game):
        response = as_alice.post(_url(open_game), {"decision": "d1", "answer": [], "step": 0},
                                 format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "wrong_status"


def test_an_unknown_game_is_404(as_alice):
    response = as_alice.post("/api/v1/games/999999/answer/",
                             {"decision": "d1", "answer": [], "step": 0}, format="json")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_without_a_token_it_is_401(running_game, client, untouched):
    with untouched(running_game):
        response = client.post(_url(running_game), {"decision": "d1", "answer": [], "step": 0},
                               content_type="application/json")
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


def test_an_unexpected_failure_is_a_json_500(running_game, as_alice, as_bob, monkeypatch):
    from games import services

    def broken(**kwargs):
        raise RuntimeError("bug")

    monkeypatch.setattr(services, "decision_submit", broken)
    seat, decision = _opening(running_game)
    response = _client(seat, as_alice, as_bob).post(
        _url(running_game), {"decision": decision["id"], "answer": simple_answer(decision),
                             "step": 0}, format="json")
    assert response.status_code == 500
    assert response.json()["code"] == "server_error"
