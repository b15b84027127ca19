"""A player who resigned a game that goes on (3+ players: the bot plays their seat) has left
the table: no decisions, no "your turn", no hand, and an answer of theirs is refused."""

from __future__ import annotations

import pytest

from games import broadcast, services
from games.api import endings, events
from games.api import selectors as api_selectors
from games.exceptions import Resigned
from games.models import Game, GameStep
from tests.web.conftest import BASE_KINGDOM

pytestmark = pytest.mark.django_db


@pytest.fixture
def resigned(catalog, alice, bob, make_user):
    """A running 3-player game whose first player resigned while their decision was open.

    The resignation's after-commit work is not run, so the bot has not answered for the seat
    yet: its decision is open, as it is between the resignation and the bot's move, or while
    the bot thinks. Returns (game, the seat, its user)."""
    carol = make_user("carol")
    game = services.game_create(creator=alice, seats=["me", "open", "open"],
                                kingdom=BASE_KINGDOM)
    services.seat_join(game=game, user=bob)
    services.seat_join(game=game, user=carol)
    game = services.game_start(game=game, user=alice)
    game.refresh_from_db()
    seat = game.decisions[0]["seat"]
    user = game.seats.get(position=seat).user
    endings.game_resign(game=game, user=user)
    game.refresh_from_db()
    assert game.status == "running" and any(d["seat"] == seat for d in game.decisions)
    return game, seat, user


def test_the_api_gives_a_resigned_player_no_decisions_and_no_hand(resigned, client_for,
                                                                   make_user):
    game, seat, user = resigned
    client = client_for(user)
    spectator = client_for(make_user("dave"))

    decisions = client.get(f"/api/v1/games/{game.pk}/decisions/").json()
    view = client.get(f"/api/v1/games/{game.pk}/view/").json()
    log = client.get(f"/api/v1/games/{game.pk}/log/").json()
    waiting = client.get("/api/v1/games/?filter=waiting").json()

    assert decisions["decisions"] == [] and decisions["seat"] is None
    assert view == api_selectors.view_of(Game.objects.get(pk=game.pk), None)  # a spectator's
    assert "hand" not in view and view["pending"] == []
    assert log == spectator.get(f"/api/v1/games/{game.pk}/log/").json()
    assert waiting["results"] == []


def test_a_resigned_players_answer_is_403_and_changes_nothing(resigned, client_for,
                                                              untouched):
    game, seat, user = resigned
    decision = next(d for d in game.decisions if d["seat"] == seat)
    with untouched(game):
        response = client_for(user).post(
            f"/api/v1/games/{game.pk}/answer/",
            {"decision": decision["id"], "answer": {"end": True}, "step": game.step},
            format="json")
    assert response.status_code == 403
    assert response.json()["code"] == "resigned"
    assert "you resigned this game" in response.json()["detail"]


def test_the_account_stream_tells_a_resigned_player_of_moves_but_not_of_the_seats_turn(
        resigned, monkeypatch):
    game, seat, user = resigned
    sent: dict[str, list] = {}
    monkeypatch.setattr(broadcast, "group_send",
                        lambda group, message: sent.setdefault(group, []).extend(
                            message["events"]))

    events.game_moved(sender=Game, game_id=game.pk, step=game.step, status=game.status,
                      decisions=game.decisions)

    mine = sent[events.user_group(user.pk)]
    assert [e["type"] for e in mine] == ["game_moved"]
    others = [u for u in game.seats.exclude(position=seat).values_list("user_id", flat=True)]
    assert all(sent[events.user_group(u)] for u in others)


def test_the_game_page_shows_a_resigned_player_the_spectators_table(resigned, client):
    game, seat, user = resigned
    client.force_login(user)
    decision = next(d for d in game.decisions if d["seat"] == seat)

    page = client.get(f"/games/{game.pk}/play/").content.decode()
    refused = client.post(f"/games/{game.pk}/play/decide/",
                          {"decision": decision["id"], "step": game.step, "end": 1},
                          HTTP_X_REQUESTED_WITH="fetch")

    assert f'value="{decision["id"]}"' not in page  # no answer form for the seat
    assert refused.status_code == 403 and "You resigned this game" in refused.json()["error"]
    assert f'value="{decision["id"]}"' not in refused.json()["html"]
    assert Game.objects.get(pk=game.pk).step == game.step


def test_a_live_stream_opened_before_the_resignation_draws_a_spectators_table_after_it(
        resigned):
    """Streams and sockets keep their seat once the game runs; a resignation is the one
    change: from then on they draw the game as for a spectator, without the seat's hand."""
    from games.api import stream
    from games.seating import Seating

    game, seat, user = resigned
    seating = Seating(user, seat)
    seating.settled = True  # (opened while the game ran, before the resignation)
    state = stream.state_message(game.pk, seating)

    assert state["seat"] is None and state["decisions"] == []
    assert "hand" not in state["view"]
    assert stream.access(game.pk, user) == (True, None)


def test_the_replay_of_a_running_game_shows_a_resigned_player_no_hand(resigned, client):
    """The replay page of a game still going drew the seat of whoever asked: a player who
    resigned saw the hand the bot now plays for their seat, as the game page no longer shows
    them. They watch the replay as a spectator does."""
    game, seat, user = resigned
    client.force_login(user)

    page = client.get(f"/games/{game.pk}/replay/").content.decode()
    asked = client.get(f"/games/{game.pk}/replay/?seat={seat}").content.decode()

    assert "hand-cards" not in page and "Your hand" not in page
    assert "hand-cards" not in asked


def test_the_move_service_refuses_a_resignation_that_came_after_the_views_check(resigned):
    """A resignation committed between the view's check and the move's lock: the service,
    under the lock, refuses the person's answer; the bot's own answer still goes through."""
    game, seat, _ = resigned
    decision = next(d for d in game.decisions if d["seat"] == seat)
    answer = {"play": "all"} if decision["kind"] == "BuyPhase" else []
    with pytest.raises(Resigned, match="you resigned this game"):
        services.decision_submit(game_id=game.pk, seat=seat, decision_id=decision["id"],
                                 answer=answer, actor="player")
    assert Game.objects.get(pk=game.pk).step == game.step
    assert not GameStep.objects.filter(game=game, number=game.step + 1).exists()
    assert services.bot_move_play(game_id=game.pk, decision_id=decision["id"], step=game.step)


def test_a_resignation_after_the_game_pages_check_is_refused_with_a_spectators_table(
        catalog, alice, bob, make_user, client, monkeypatch):
    """The resignation commits between the page's check and the move's lock: the service
    refuses the answer (Resigned), and the reply drew the table for the seat the page had
    read before, with the hand the bot now plays for it."""
    from games.game_page import views as page_views

    game = services.game_create(creator=alice, seats=["me", "open", "open"],
                                kingdom=BASE_KINGDOM)
    services.seat_join(game=game, user=bob)
    services.seat_join(game=game, user=make_user("carol"))
    game = services.game_start(game=game, user=alice)
    decision = game.decisions[0]
    user = game.seats.get(position=decision["seat"]).user
    submit = services.decision_submit

    def resigned_meanwhile(**kwargs):
        endings.game_resign(game=Game.objects.get(pk=game.pk), user=user)
        return submit(**kwargs)

    monkeypatch.setattr(page_views.services, "decision_submit", resigned_meanwhile)
    client.force_login(user)
    refused = client.post(f"/games/{game.pk}/play/decide/",
                          {"decision": decision["id"], "step": game.step, "end": 1},
                          HTTP_X_REQUESTED_WITH="fetch")

    assert 'data-part="hand"' not in refused.json()["html"]
    assert refused.status_code == 403 and "You resigned this game" in refused.json()["error"]
    assert Game.objects.get(pk=game.pk).step == game.step


def test_a_game_is_not_waiting_for_a_player_who_resigned_its_seat(resigned, client_for, client):
    """Its seat waits for the bot now: `filter=waiting` and the badge leave the game out, and
    the game's own `waiting_for_me`, and the My games page's "your turn", said it waited."""
    game, seat, user = resigned
    assert game.seats.get(position=seat).waiting_since is not None  # (the bot not moved yet)

    summary = client_for(user).get(f"/api/v1/games/{game.pk}/").json()
    client.force_login(user)
    mine = client.get("/games/mine/").content.decode()

    assert summary["my_seat"] == seat and summary["waiting_for_me"] is False
    assert 'class="your-turn"' not in mine and "<strong>Yes</strong>" not in mine
