"""Prepared queries (games/prepared.py): compiled once, right rows for every call after."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.db.models.expressions import RawSQL
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import aftermove, selectors
from games.api import services as api_services
from games.models import Game, Seat
from games.prepared import Prepared


def test_rows_for_each_call_and_one_compile_per_variant(running_game, alice, bob, monkeypatch):
    compiled = []
    seats = Prepared(lambda game_id, user_id, desc: Seat.objects.filter(
        game_id=game_id, user_id=user_id).order_by("-position" if desc else "position"),
        "int", "int")
    original = seats._compile
    monkeypatch.setattr(seats, "_compile", lambda *a: compiled.append(a) or original(*a))
    for user in (alice, bob, alice):
        (seat,) = seats(running_game.pk, user.pk, variant=(False,))
        assert (seat.game_id, seat.user_id) == (running_game.pk, user.pk)
    assert seats(running_game.pk + 1000, alice.pk, variant=(False,)) == []
    assert [s.user_id for s in seats(running_game.pk, alice.pk, variant=(True,))] == [alice.pk]
    assert len(compiled) == 2  # one per variant, not per call


def test_a_marker_used_twice_or_a_kind_it_cannot_swap_is_refused(running_game):
    twice = Prepared(lambda pk: Game.objects.filter(pk=pk).annotate(
        again=RawSQL("%s", (pk,))), "int")
    with pytest.raises(ValueError, match="appears 2 times"):
        twice(running_game.pk)
    with pytest.raises(ValueError, match="int, str and datetime"):
        Prepared(lambda when: Game.objects.filter(created_at__gt=when), "date")


def test_a_datetime_parameter_is_swapped_as_the_backend_adapts_it(running_game):
    since = Prepared(lambda pk, when: Game.objects.filter(pk=pk, created_at__gt=when),
                     "int", "datetime")
    created = Game.objects.get(pk=running_game.pk).created_at
    assert since(running_game.pk, created - timedelta(seconds=1)) == [running_game]
    assert since(running_game.pk, created + timedelta(seconds=1)) == []


def test_game_for_viewer_sees_each_viewer_and_anonymous(running_game, alice, bob, make_user):
    from django.contrib.auth.models import AnonymousUser

    stranger = make_user("stranger")
    positions = {u.username: selectors.game_for_viewer(running_game.pk, u, state=False)
                 .viewer_position for u in (alice, bob, stranger)}
    assert positions == {"alice": 0, "bob": 1, "stranger": None}
    anonymous = selectors.game_for_viewer(running_game.pk, AnonymousUser())
    assert anonymous.viewer_position is None and anonymous.creator.pk == alice.pk
    assert selectors.game_for_viewer(running_game.pk + 1000, alice) is None


def test_the_token_query_still_sees_revocation_expiry_and_deactivation_at_once(alice,
                                                                             monkeypatch):
    token, raw = api_services.token_create(user=alice, name="t")
    assert api_services.token_authenticate(raw=raw).user == alice  # compiled, then reused
    api_services.token_revoke(user=alice, token_id=token.pk)
    assert api_services.token_authenticate(raw=raw) is None
    _, raw = api_services.token_create(user=alice, name="t2",
                                       expires_at=timezone.now() - timedelta(seconds=1))
    assert api_services.token_authenticate(raw=raw) is None
    token, raw = api_services.token_create(user=alice, name="t3",
                                           expires_at=timezone.now() + timedelta(hours=1))
    assert api_services.token_authenticate(raw=raw) == token
    real_now = timezone.now
    monkeypatch.setattr(timezone, "now", lambda: real_now() + timedelta(hours=2))
    assert api_services.token_authenticate(raw=raw) is None  # the site's clock decides
    monkeypatch.setattr(timezone, "now", real_now)
    alice.is_active = False
    alice.save()
    assert api_services.token_authenticate(raw=raw) is None


def test_the_after_move_job_reads_game_and_seats_in_one_query(running_game):
    aftermove._game_and_seats(running_game.pk)  # compiled
    with CaptureQueriesContext(connection) as queries:
        game, seats = aftermove._game_and_seats(running_game.pk)
    assert len(queries) == 1
    assert [s.position for s in seats] == [0, 1] and all(s.game is game for s in seats)
    assert hasattr(seats[0], "has_webhook") and hasattr(seats[0], "undo_pending")


def test_upsert_inserts_then_updates_the_same_row(running_game, alice):
    from games import prepared
    from games.play.models import DecisionClock

    start = timezone.now()
    row = {"game_id": running_game.pk, "position": 0, "user_id": alice.pk,
           "wait_started": start, "active_player": True, "deadline_at": start,
           "remind_at": start, "reminded_at": None, "turn_emailed_at": None}
    DecisionClock.objects.filter(game_id=running_game.pk).delete()
    prepared.upsert(DecisionClock, row, unique=("game_id", "position"))
    later = start + timedelta(hours=1)
    with CaptureQueriesContext(connection) as queries:
        prepared.upsert(DecisionClock, {**row, "deadline_at": later, "active_player": False},
                        unique=("game_id", "position"))
    assert len(queries) == 1
    (clock,) = DecisionClock.objects.filter(game_id=running_game.pk)
    assert (clock.deadline_at, clock.active_player, clock.wait_started) == (later, False, start)


def test_update_writes_the_fields_named_and_no_others(running_game):
    from games import prepared

    game = Game.objects.get(pk=running_game.pk)
    game.step, game.decisions, game.listed = 99, [{"id": "x", "seat": 0}], not game.listed
    with CaptureQueriesContext(connection) as queries:
        prepared.update(game, ["step", "decisions"])
    assert len(queries) == 1
    fresh = Game.objects.get(pk=game.pk)
    assert (fresh.step, fresh.decisions) == (99, [{"id": "x", "seat": 0}])
    assert fresh.listed == running_game.listed  # not named: not written


def test_update_where_changes_the_rows_matched_and_no_others(running_game):
    from games import prepared

    seats = list(Seat.objects.filter(game=running_game).order_by("position"))
    when = timezone.now() - timedelta(days=1)
    Seat.objects.filter(game=running_game).update(waiting_since=None)
    with CaptureQueriesContext(connection) as queries:
        changed = prepared.update_where(Seat, {"waiting_since": when},
                                        {"pk__in": [seats[1].pk]})
    assert changed == 1 and len(queries) == 1
    assert [s.waiting_since for s in Seat.objects.filter(game=running_game)
            .order_by("position")] == [None, when]
    assert prepared.update_where(Seat, {"waiting_since": when},
                                 {"game_id": running_game.pk, "waiting_since": None}) == 1
    with CaptureQueriesContext(connection) as queries:
        assert prepared.update_where(Seat, {"waiting_since": None}, {"pk__in": []}) == 0
    assert len(queries) == 0  # an empty IN: no row, no statement (as the ORM)
    with pytest.raises(ValueError, match="exact and __in"):
        prepared.update_where(Seat, {"waiting_since": None}, {"position__gt": 0})


def test_delete_where_deletes_the_rows_matched_and_no_others(running_game, alice, bob):
    from games import prepared
    from games.play.models import DecisionClock

    start = timezone.now()
    for position, user in enumerate((alice, bob)):
        DecisionClock.objects.create(game=running_game, position=position, user=user,
                                     active_player=True,
                                     wait_started=start, deadline_at=start, remind_at=start)
    with CaptureQueriesContext(connection) as queries:
        gone = prepared.delete_where(DecisionClock, {"game_id": running_game.pk,
                                                     "position__in": [1, 5]})
    assert gone == 1 and len(queries) == 1
    assert list(DecisionClock.objects.values_list("position", flat=True)) == [0]
    assert prepared.delete_where(DecisionClock, {"game_id": running_game.pk + 1}) == 0
    assert prepared.delete_where(DecisionClock, {"game_id": running_game.pk}) == 1
    assert not DecisionClock.objects.exists()


def test_a_values_list_query_prepares_too(running_game, play_one):
    from games import history

    for _ in range(3):
        play_one(running_game)
    expected = list(running_game.steps.filter(turn__gte=1).order_by("number")
                    .values_list("log_index", "log"))
    assert history._RECENT(running_game.pk, 1) == expected and expected
    assert history._RECENT(running_game.pk, 10_000) == []


def test_every_hot_query_swaps_every_parameter(running_game, alice, play_one):
    """A parameter the backend wrapped (psycopg's Int4) must still be found and swapped."""
    from games import history, seat_extras, services
    from games.api.services import _TOKEN_BY_HASH
    from games.selectors import _GAME_FOR_VIEWER

    _, raw = api_services.token_create(user=alice, name="t")
    api_services.token_authenticate(raw=raw)
    selectors.game_for_viewer(running_game.pk, alice)
    play_one(running_game)  # the lock, the reply's seats, the recent log
    aftermove._game_and_seats(running_game.pk)
    seat_extras.reply_seats(running_game.pk)
    history._RECENT(running_game.pk, 1)
    for query in (_TOKEN_BY_HASH, _GAME_FOR_VIEWER, services._LOCKED, aftermove._SEATS,
                  seat_extras._REPLY_SEATS, history._RECENT):
        seated = [c for c in query._compiled.values() if c.sql]
        assert seated, query
        for compiled in seated:
            if "viewer_position" in compiled.sql and "NULL" in compiled.sql:
                continue  # the anonymous variant has no viewer to swap
            assert sorted({i for _, i in compiled.slots}) == list(range(len(query.kinds)))


def test_a_notice_is_inserted_once_compiled_and_comes_back_saved(running_game, alice):
    from games.play import notify
    from games.play.models import Notification

    now = timezone.now()
    notify.notification_add(user=alice, game_id=running_game.pk, kind="turn", text="a", now=now)
    with CaptureQueriesContext(connection) as queries:
        note = notify.notification_add(user=alice, game_id=running_game.pk, kind="turn",
                                       text="b", now=now)
    assert len(queries) == 1 and not note._state.adding
    fresh = Notification.objects.get(pk=note.pk)
    assert (fresh.user_id, fresh.game_id, fresh.text, fresh.created_at, fresh.read_at) == (
        alice.pk, running_game.pk, "b", now, None)
    assert notify.notification_add(user=alice, game_id=running_game.pk, kind="turn",
                                   text="c", now=now, once=True) is None
