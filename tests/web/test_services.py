"""Creating, joining, leaving and starting games through the services, and their refusals."""

from __future__ import annotations

import pytest

from games import services
from games.exceptions import InvalidSetup, NotAllowed, SeatUnavailable, WrongStatus
from games.models import GameStatus


def test_create_records_the_engine_setup_and_seats(catalog, alice, base_kingdom):
    game = services.game_create(creator=alice, seats=["me", "open", "heuristic"],
                                kingdom=base_kingdom, time_limit_days=14, listed=False)

    assert game.status == GameStatus.OPEN
    assert game.setup == {"players": 3, "kingdom": base_kingdom, "edition": 2,
                          "card_editions": {}, "shelters": "auto"}
    assert [(s.user, s.bot_strategy) for s in game.seats.all()] == [
        (alice, ""), (None, ""), (None, "heuristic")]
    assert (game.time_limit_days, game.listed, game.step) == (14, False, 0)


def test_cards_of_one_edition_only_keep_their_edition(catalog, alice, base_kingdom):
    kingdom = base_kingdom[:8] + ["Feast", "Artisan"]

    game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=kingdom, edition=2)

    assert game.setup["card_editions"] == {"Feast": 1}


@pytest.mark.parametrize(
    ("seats", "kingdom_change", "message"),
    [
        (["me"], None, "2 to 6 seats"),
        (["open"] * 7, None, "2 to 6 seats"),
        (["me", "me"], None, "only one seat"),
        (["me", "skynet"], None, "unknown seat kind"),
        (["me", "open"], lambda k: k[:9] + ["Province"], "Province is not an implemented"),
    ],
)
def test_invalid_setups_are_refused(catalog, alice, base_kingdom, seats, kingdom_change, message):
    kingdom = kingdom_change(base_kingdom) if kingdom_change else base_kingdom

    with pytest.raises(InvalidSetup, match=message):
        services.game_create(creator=alice, seats=seats, kingdom=kingdom)


def test_join_fills_the_first_open_seat_once(open_game, bob, make_user):
    seat = services.seat_join(game=open_game, user=bob)

    assert seat.position == 1
    with pytest.raises(SeatUnavailable, match="already have a seat"):
        services.seat_join(game=open_game, user=bob)
    with pytest.raises(SeatUnavailable, match="every seat is taken"):
        services.seat_join(game=open_game, user=make_user("carol"))


def test_a_private_game_needs_its_invite_token(catalog, alice, bob, base_kingdom):
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom,
                                listed=False)

    with pytest.raises(NotAllowed):
        services.seat_join(game=game, user=bob, invite_token="guess")
    assert services.seat_join(game=game, user=bob, invite_token=game.invite_token).user == bob


def test_nobody_joins_or_leaves_a_running_game(running_game, make_user):
    with pytest.raises(WrongStatus):
        services.seat_join(game=running_game, user=make_user("carol"))
    with pytest.raises(WrongStatus):
        services.seat_leave(game=running_game, user=running_game.creator)


def test_a_game_left_with_no_human_is_abandoned(open_game, alice):
    game = services.seat_leave(game=open_game, user=alice)

    assert game.status == GameStatus.ABANDONED
    assert game.finished_at is not None


def test_start_waits_for_every_seat_and_happens_once(open_game, alice, bob):
    with pytest.raises(SeatUnavailable):
        services.game_start(game=open_game, user=alice)
    services.seat_join(game=open_game, user=bob)

    game = services.game_start(game=open_game, user=alice)

    assert game.status == GameStatus.RUNNING and game.started_at is not None
    assert game.setup["names"] == ["alice", "bob"]
    assert game.decisions and game.snapshot and game.engine_version
    assert game.seats.filter(waiting_since__isnull=False).count() >= 1
    with pytest.raises(WrongStatus):
        services.game_start(game=game, user=alice)



def test_game_create_refuses_an_unknown_shelters_rule(catalog, alice, base_kingdom):
    with pytest.raises(InvalidSetup, match="shelters"):
        services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom,
                             shelters="sometimes")
