"""Deadlines: each open decision has a clock; the sweep answers expired ones for the player."""

from __future__ import annotations

from datetime import timedelta

import engine
from games.models import GameStatus
from games.play import services as play
from games.play import sweep
from games.play.models import DecisionClock, Notification, SeatTakeover
from tests.play.helpers import actors, answer, card_id, hand, hours, open_for

MILITIA_VS_MOAT = (
    hand("Militia", "Copper", "Copper", "Copper", "Copper", deck=["Copper"] * 5),
    hand("Estate", "Duchy", "Copper", "Silver", "Gold", deck=["Copper"] * 5),
)


def test_the_active_players_clock_is_the_games_time_limit(start_game, alice, bob):
    game = start_game([alice, bob], limit_days=5)

    clock = DecisionClock.objects.get(game=game)

    assert clock.position == game.decisions[0]["seat"] and clock.active_player
    assert clock.deadline_at - clock.wait_started == timedelta(days=5)
    assert clock.remind_at - clock.wait_started == timedelta(days=4)  # 80 % of the time


def test_a_reaction_gets_the_smaller_of_the_limit_and_24_hours(
        position_game, alice, bob, committed):
    game = position_game([alice, bob], *MILITIA_VS_MOAT, kingdom=["Militia"], limit_days=7)
    game = answer(game, 0, [card_id(game.decisions[0], "Militia")], committed)

    clock = DecisionClock.objects.get(game=game, position=1)

    assert not clock.active_player
    assert clock.deadline_at - clock.wait_started == timedelta(hours=24)


def test_nothing_happens_before_the_deadline(start_game, alice, bob):
    game = start_game([alice, bob], limit_days=1)
    clock = DecisionClock.objects.get(game=game)

    done = sweep.sweep(now=clock.deadline_at - timedelta(seconds=1))

    game.refresh_from_db()
    assert done["expired"] == 0 and game.step == 0


def test_an_expired_turn_is_played_by_the_heuristic_bot_and_logged_so(start_game, alice, bob):
    game = start_game([alice, bob], limit_days=1)
    seat = game.decisions[0]["seat"]
    clock = DecisionClock.objects.get(game=game)

    sweep.sweep(now=clock.deadline_at + timedelta(seconds=1))

    game.refresh_from_db()
    assert game.step >= 1 and set(actors(game)) == {"deadline"}
    assert all(step.seat == seat for step in game.steps.all())
    assert open_for(game, seat) is None  # the bot finished that turn, the other player is up
    assert SeatTakeover.objects.get(game=game, position=seat).strikes == 1
    assert Notification.objects.filter(user=game.seats.get(position=seat).user,
                                       kind="expired").exists()


def test_an_expired_reaction_is_answered_by_the_bot_for_that_player_only(
        position_game, alice, bob, committed):
    game = position_game([alice, bob], *MILITIA_VS_MOAT, kingdom=["Militia"])
    game = answer(game, 0, [card_id(game.decisions[0], "Militia")], committed)
    clock = DecisionClock.objects.get(game=game, position=1)

    sweep.sweep(now=clock.deadline_at + timedelta(seconds=1))

    game.refresh_from_db()
    last = game.steps.order_by("number").last()
    assert (last.seat, last.actor) == (1, "deadline")
    assert len(last.answer) == 2  # discarded down to 3
    assert open_for(game, 1) is None and open_for(game, 0) is not None


def test_standing_orders_answer_an_expired_decision_they_cover(
        position_game, alice, bob, committed):
    game = position_game([alice, bob], *MILITIA_VS_MOAT, kingdom=["Militia"])
    game = answer(game, 0, [card_id(game.decisions[0], "Militia")], committed)
    clock = DecisionClock.objects.get(game=game, position=1)
    # Orders set quietly (no immediate answer) so that only the deadline acts on them.
    bob.preferences.standing_orders = {"discard_down": True}
    bob.preferences.save()

    with committed():
        sweep.sweep(now=clock.deadline_at + timedelta(seconds=1))

    last = game.steps.order_by("number").last()
    game.refresh_from_db()
    names = engine.loads(game.snapshot).names
    assert last.actor == "standing_order"
    assert sorted(names[c] for c in last.answer) == ["Duchy", "Estate"]


def test_a_deadline_task_for_an_old_step_does_nothing(start_game, alice, bob):
    game = start_game([alice, bob], limit_days=1)
    clock = DecisionClock.objects.get(game=game)
    late = clock.deadline_at + hours(1)

    assert play.deadline_expire(game_id=game.pk, position=clock.position, step=game.step + 1,
                                now=late) is False
    assert play.deadline_expire(game_id=game.pk, position=clock.position, step=game.step,
                                now=clock.deadline_at - hours(1)) is False
    game.refresh_from_db()
    assert game.step == 0


def test_three_expiries_in_a_row_hand_the_seat_to_the_bot(start_game, alice, committed,
                                                           settings):
    settings.PLAY_EXPIRY_STRIKES = 3
    game = start_game([alice, None], limit_days=1)  # alice vs Big Money
    for _ in range(3):
        clock = DecisionClock.objects.get(game=game, position=0)
        with committed():
            sweep.sweep(now=clock.deadline_at + timedelta(seconds=1))
        game.refresh_from_db()

    seat = game.seats.get(position=0)
    record = SeatTakeover.objects.get(game=game, position=0)
    assert record.taken_over_at is not None and record.strikes == 3
    assert seat.user == alice and seat.is_bot  # she keeps the seat; the bot plays it
    assert game.status == GameStatus.FINISHED  # two bots play on to the end at once
    assert "bot" in actors(game)
    assert Notification.objects.filter(user=alice, kind="takeover").exists()
    assert Notification.objects.filter(user=alice, kind="finished").count() == 1


def test_answering_yourself_resets_the_run_of_expiries(start_game, alice, bob, committed):
    game = start_game([alice, bob], limit_days=1)
    first = game.decisions[0]["seat"]
    clock = DecisionClock.objects.get(game=game, position=first)
    sweep.sweep(now=clock.deadline_at + timedelta(seconds=1))
    other = 1 - first
    while open_for(game, first) is None:
        decision = open_for(game, other)
        game = answer(game, other, _end_or_nothing(decision), committed)
    decision = open_for(game, first)

    answer(game, first, _end_or_nothing(decision), committed)

    assert SeatTakeover.objects.get(game=game, position=first).strikes == 0


def _end_or_nothing(decision: dict):
    return "end" if decision["kind"] == "BuyPhase" else []


def test_a_player_takes_their_seat_back(start_game, alice, bob, committed, settings):
    settings.PLAY_EXPIRY_STRIKES = 1
    game = start_game([alice, bob], limit_days=1)
    seat = game.decisions[0]["seat"]
    user = game.seats.get(position=seat).user
    clock = DecisionClock.objects.get(game=game, position=seat)
    with committed():
        sweep.sweep(now=clock.deadline_at + timedelta(seconds=1))
    assert game.seats.get(position=seat).is_bot

    with committed():
        play.seat_take_back(game_id=game.pk, user=user)

    taken = game.seats.get(position=seat)
    record = SeatTakeover.objects.get(game=game, position=seat)
    assert not taken.is_bot and taken.user == user
    assert record.taken_over_at is None and record.strikes == 0


def test_an_order_the_engine_refuses_falls_back_to_the_bot(start_game, alice, bob,
                                                           monkeypatch):
    game = start_game([alice, bob], limit_days=1)
    clock = DecisionClock.objects.get(game=game)
    monkeypatch.setattr(play, "standing_answer", lambda decision, orders: {"buy": "Nothing"})

    sweep.sweep(now=clock.deadline_at + timedelta(seconds=1))

    game.refresh_from_db()
    assert game.step >= 1 and set(actors(game)) == {"deadline"}
