"""Ratings at the service level: which games count, Glicko-2 per pool, profiles, leaderboard."""

from __future__ import annotations

import pytest

from games import services
from games.models import GameStep
from games.social import ratings, selectors
from games.social.models import GameSummary, Pool, Rating

pytestmark = pytest.mark.django_db


def test_a_game_between_two_people_is_rated_in_the_duel_pool(running_game, finish, alice, bob):
    game = finish(running_game)
    summaries = ratings.game_finished_record(game_id=game.pk)
    assert {s.user for s in summaries} == {alice, bob} and all(s.rated for s in summaries)
    winners = game.result["winners"]
    for summary in summaries:
        row = Rating.objects.get(user=summary.user, pool=Pool.DUEL)
        assert (row.games, summary.rating_before, row.rating) == (
            1, 1500.0, summary.rating_after)
        if len(winners) == 1:
            assert (row.rating > 1500) == (summary.position in winners)
        assert selectors.is_provisional(row)
    again = ratings.game_finished_record(game_id=game.pk)  # idempotent
    assert len(again) == 2 and Rating.objects.get(user=alice).games == 1


def test_a_game_with_a_bot_is_summarised_but_not_rated(catalog, alice, base_kingdom, finish):
    game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom)
    game = finish(services.game_start(game=game, user=alice))
    [summary] = ratings.game_finished_record(game_id=game.pk)
    assert not summary.rated and summary.unrated_reason == "a seat was played by a bot"
    assert not Rating.objects.exists()


def test_a_seat_the_bot_played_most_turns_of_makes_the_game_unrated(running_game, finish):
    game = _play_until_everyone_moved(running_game, 2)  # (a player who never moved: below)
    game = finish(game, actor_for=lambda d: "deadline" if d["seat"] == 1 else "player")
    summaries = ratings.game_finished_record(game_id=game.pk)
    assert not any(s.rated for s in summaries)
    assert "the bot played most of" in summaries[0].unrated_reason
    assert GameStep.objects.filter(game=game, actor="deadline").exists()


def test_three_players_rate_in_the_multi_pool(catalog, alice, bob, make_user, base_kingdom,
                                              finish):
    carol = make_user("carol")
    game = services.game_create(creator=alice, seats=["me", "open", "open"],
                                kingdom=base_kingdom)
    for user in (bob, carol):
        services.seat_join(game=game, user=user)
    game = finish(services.game_start(game=game, user=alice))
    ratings.game_finished_record(game_id=game.pk)
    assert Rating.objects.filter(pool=Pool.MULTI).count() == 3
    assert not Rating.objects.filter(pool=Pool.DUEL).exists()


def test_the_pairwise_score_uses_score_then_fewer_turns():
    result = {"scores": [30, 30, 12], "turns": [15, 16, 16]}
    assert ratings.pair_score(result, 0, 1) == 1.0  # same score, fewer turns
    assert ratings.pair_score(result, 1, 0) == 0.0
    assert ratings.pair_score(result, 1, 2) == 1.0
    assert ratings.pair_score({"scores": [9, 9], "turns": [10, 10]}, 0, 1) == 0.5


def test_the_leaderboard_leaves_provisional_ratings_out_unless_asked(alice, bob, make_user):
    carol = make_user("carol")
    Rating.objects.create(user=alice, pool=Pool.DUEL, rating=1700, games=12)
    Rating.objects.create(user=bob, pool=Pool.DUEL, rating=1800, games=3)
    Rating.objects.create(user=carol, pool=Pool.DUEL, rating=1600, games=10)
    board = selectors.leaderboard_data(Pool.DUEL)
    assert [(e["rank"], e["username"]) for e in board["entries"]] == [(1, "alice"), (2, "carol")]
    everyone = selectors.leaderboard_data(Pool.DUEL, include_provisional=True)
    assert [e["username"] for e in everyone["entries"]] == ["bob", "alice", "carol"]
    assert everyone["entries"][0]["provisional"] and not everyone["entries"][1]["provisional"]


def test_the_profile_counts_sets_and_favourite_cards(running_game, finish, alice):
    game = finish(running_game)
    ratings.game_finished_record(game_id=game.pk)
    mine = GameSummary.objects.get(game=game, user=alice)
    found = selectors.profile(alice)
    assert found["games"] == 1 and found["wins"] == int(mine.won)
    assert found["by_set"] == [{"set": "base", "name": "Dominion", "games": 1,
                                "wins": int(mine.won), "win_rate": float(mine.won)}]
    assert [c["card"] for c in found["favourite_cards"]] == sorted(
        mine.cards, key=lambda name: (-mine.cards[name], name))[:5]


def test_a_profile_does_not_read_the_games_states(running_game, finish, alice):
    # The history joined each whole game: every profile view read the state (snapshot) of
    # every game the player ever finished, kilobytes each.
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    game = finish(running_game)
    ratings.game_finished_record(game_id=game.pk)
    with CaptureQueriesContext(connection) as queries:
        found = selectors.profile_data(alice, "alice", viewer=None)
    assert [row["game"] for row in found["history"]] == [game.pk]
    assert not any("snapshot" in q["sql"] for q in queries.captured_queries)


def test_finishing_a_game_rates_it_through_the_signal(running_game, play_to_end):
    game = play_to_end(running_game)
    assert GameSummary.objects.filter(game=game).count() == 2
    assert Rating.objects.filter(pool=Pool.DUEL).count() == 2


def test_the_leaderboard_costs_the_same_for_3_or_30_players(make_user):
    def count_for(n: int, start: int) -> int:
        for i in range(start, start + n):
            Rating.objects.create(user=make_user(f"p{i}"), pool=Pool.MULTI, games=10)
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as queries:
            board = selectors.leaderboard_data(Pool.MULTI)
        assert len(board["entries"]) == start + n
        return len(queries)

    assert count_for(3, 0) == count_for(27, 3)


def _play_until_everyone_moved(game, players: int):
    """Answer (as Big Money, each player for themselves) until every seat has moved."""
    from games import selectors as game_selectors

    moved: set[int] = set()
    while len(moved) < players:
        game.refresh_from_db()
        decision = game.decisions[0]
        seat = game.seats.get(position=decision["seat"])
        seat.bot_strategy = "bmu"  # in memory only
        services.decision_submit(
            game_id=game.pk, seat=decision["seat"], decision_id=decision["id"],
            answer=game_selectors.bot_answer_for(game, seat, decision["id"]), step=game.step)
        moved.add(decision["seat"])
    game.refresh_from_db()
    return game


def test_a_duel_resigned_before_the_resigner_moved_is_not_rated(running_game, alice, bob):
    # Two accounts could otherwise trade rating points without playing: create, join,
    # start, resign (a rated win for the other in four requests).
    from games.api import endings

    endings.game_resign(game=running_game, user=bob)
    summaries = ratings.game_finished_record(game_id=running_game.pk)
    assert {s.won for s in summaries if s.user == alice} == {True}
    assert not any(s.rated for s in summaries)
    assert summaries[0].unrated_reason.endswith("never moved")
    assert not Rating.objects.exists()


def test_a_duel_resigned_after_both_moved_is_rated(running_game, alice, bob):
    from games.api import endings

    game = _play_until_everyone_moved(running_game, 2)
    endings.game_resign(game=game, user=bob)
    summaries = ratings.game_finished_record(game_id=game.pk)
    assert all(s.rated for s in summaries)
    assert Rating.objects.get(user=alice).rating > 1500 > Rating.objects.get(user=bob).rating


def test_resigning_early_in_a_multiplayer_game_does_not_void_its_ratings(
        catalog, alice, bob, carol, base_kingdom, committed, play_to_end):
    # The bot plays a resigned seat on; its turns must not make the others' game unrated,
    # or a losing player could void everyone's result by resigning.
    from games.api import endings

    game = services.game_create(creator=alice, seats=["me", "open", "open"],
                                kingdom=base_kingdom)
    for user in (bob, carol):
        services.seat_join(game=game, user=user)
    game = _play_until_everyone_moved(services.game_start(game=game, user=alice), 3)
    with committed():  # the bot plays carol's seat on (in this thread)
        endings.game_resign(game=game, user=carol)
    game = play_to_end(game)
    assert GameStep.objects.filter(game=game, seat=2, actor="bot").exists()
    assert game.result["resigned"] == [2] and 2 not in game.result["winners"]
    summaries = {s.user: s for s in GameSummary.objects.filter(game=game)}  # (at the end)
    assert all(s.rated for s in summaries.values()), summaries[alice].unrated_reason
    assert Rating.objects.get(user=carol, pool=Pool.MULTI).rating < 1500
