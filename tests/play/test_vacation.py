"""Vacation: a bank of days a year; while on, the player's clocks are paused everywhere."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from games.play import selectors, sweep
from games.play import services as play
from games.play.models import DecisionClock, PlayerState
from tests.play.helpers import hours


def test_vacation_pauses_the_clock_and_moves_the_deadline_on(start_game, alice, bob):
    game = start_game([alice, bob], limit_days=1)
    clock = DecisionClock.objects.get(game=game)
    user, deadline = clock.user, clock.deadline_at
    play.vacation_start(user=user, now=clock.wait_started + hours(2))

    sweep.sweep(now=deadline + hours(10))  # long past the old deadline: nothing happens
    game.refresh_from_db()
    assert game.step == 0

    play.vacation_end(user=user, now=clock.wait_started + hours(2) + timedelta(days=3))

    clock.refresh_from_db()
    assert clock.deadline_at == deadline + timedelta(days=3)
    assert PlayerState.objects.get(user=user).vacation_used_seconds == 3 * 86400



def test_short_vacations_cost_at_least_the_time_they_add_to_the_clock(start_game, alice, bob):
    """Vacations of 0.9 s were charged int(0.9) = 0 s yet moved the deadline on by 0.9 s:
    toggling vacation in a loop kept a clock from ever running down, for free."""
    game = start_game([alice, bob], limit_days=1)
    clock = DecisionClock.objects.get(game=game)
    user, deadline = clock.user, clock.deadline_at
    at = clock.wait_started + hours(1)
    for _ in range(30):
        play.vacation_start(user=user, now=at)
        at += timedelta(milliseconds=900)
        play.vacation_end(user=user, now=at)
        at += timedelta(milliseconds=10)

    clock.refresh_from_db()
    gained = clock.deadline_at - deadline
    assert gained == timedelta(seconds=27)
    charged = PlayerState.objects.get(user=user).vacation_used_seconds
    assert charged >= gained.total_seconds()

def test_a_vacation_cannot_start_once_a_deadline_has_passed(start_game, alice, bob):
    """Started between the deadline and the sweep, it would save the expired clock (and
    block the others' claim) until it ended."""
    game = start_game([alice, bob], limit_days=1)
    clock = DecisionClock.objects.get(game=game)
    user, deadline = clock.user, clock.deadline_at

    with pytest.raises(play.VacationError, match=f"game #{game.pk} has passed"):
        play.vacation_start(user=user, now=deadline + timedelta(seconds=30))

    assert not play.vacation_is_on(user.pk)
    sweep.sweep(now=deadline + timedelta(seconds=60))  # the expiry goes ahead
    game.refresh_from_db()
    assert game.step > 0


def test_a_wait_that_starts_during_vacation_gets_its_full_time_after_it(start_game, alice,
                                                                        bob):
    game = start_game([alice, bob], limit_days=2)
    clock = DecisionClock.objects.get(game=game)
    play.vacation_start(user=clock.user, now=clock.wait_started - hours(5))

    play.vacation_end(user=clock.user, now=clock.wait_started + hours(30))

    clock.refresh_from_db()
    assert clock.deadline_at == clock.wait_started + hours(30) + timedelta(days=2)


def test_the_bank_runs_out_and_the_vacation_ends_by_itself(start_game, alice, bob, settings):
    settings.PLAY_VACATION_DAYS_PER_YEAR = 2
    game = start_game([alice, bob], limit_days=1)
    clock = DecisionClock.objects.get(game=game)
    begin = clock.wait_started

    play.vacation_start(user=clock.user, now=begin)
    sweep.sweep(now=begin + timedelta(days=2, hours=1))

    clock.refresh_from_db()
    state = PlayerState.objects.get(user=clock.user)
    assert not state.on_vacation and state.vacation_used_seconds == 2 * 86400
    assert clock.deadline_at == begin + timedelta(days=3)
    with pytest.raises(play.VacationError):
        play.vacation_start(user=clock.user, now=begin + timedelta(days=4))


def test_a_new_year_refills_the_bank(alice, settings):
    settings.PLAY_VACATION_DAYS_PER_YEAR = 1
    state = play.player_state(alice.pk)
    state.vacation_year, state.vacation_used_seconds = 2025, 86400
    state.save()

    play.vacation_start(user=alice, now=datetime(2026, 1, 3, tzinfo=UTC))

    assert PlayerState.objects.get(user=alice).on_vacation


def test_other_players_see_who_is_on_vacation(start_game, alice, bob, client):
    game = start_game([alice, bob])
    play.vacation_start(user=bob)

    statuses = selectors.seat_statuses(game)

    bob_seat = game.seats.get(user=bob).position
    assert statuses[bob_seat]["on_vacation"] and not statuses[1 - bob_seat]["on_vacation"]


def test_the_settings_page_toggles_vacation(alice, client):
    client.force_login(alice)

    client.post(reverse("play:vacation"), {"on": "1"})
    assert PlayerState.objects.get(user=alice).on_vacation
    page = client.get(reverse("play:settings")).content.decode()
    assert "You are on vacation" in page

    client.post(reverse("play:vacation"), {"on": "0"})
    assert not PlayerState.objects.get(user=alice).on_vacation
