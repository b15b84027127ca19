"""Model rules that the services rely on."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection

from games.models import Game, GameStep, PlayerPreferences, Seat, display_name


def test_game_steps_are_append_only(running_game, play_one):
    step = play_one(running_game).steps.get()

    step.answer = "tampered"
    with pytest.raises(ValueError):
        step.save()
    with pytest.raises(ValueError):
        step.delete()


def test_a_user_holds_at_most_one_seat_per_game(open_game, alice):
    seat = open_game.seats.get(position=1)
    seat.user = alice
    with pytest.raises(IntegrityError):
        seat.save()


def test_each_game_gets_its_own_secret_seed_and_invite(open_game, catalog, alice, base_kingdom):
    other = Game.objects.create(creator=alice, setup={"players": 2, "kingdom": base_kingdom})

    assert len(open_game.seed) == 64 and open_game.seed != other.seed
    assert open_game.invite_token != other.invite_token


def test_display_name_prefers_the_chosen_name(alice):
    assert display_name(alice) == "alice"
    PlayerPreferences.objects.create(user=alice, display_name="Queen Alice")
    alice.refresh_from_db()
    assert display_name(alice) == "Queen Alice"


def test_seat_labels(open_game):
    labels = [seat.label for seat in open_game.seats.all()]

    assert labels == ["alice", "Open seat"]
    assert Seat(bot_strategy="bmu").label == "Bot (bmu)"


def test_the_indexes_for_the_lobby_and_my_games_exist(db):
    with connection.cursor() as cursor:
        names = set(connection.introspection.get_constraints(cursor, Seat._meta.db_table))
        names |= set(connection.introspection.get_constraints(cursor, Game._meta.db_table))
        names |= set(connection.introspection.get_constraints(cursor, GameStep._meta.db_table))
    assert {"seat_my_games", "seat_waiting_for_me", "game_lobby_listed",
            "gamestep_unique_number"} <= names
