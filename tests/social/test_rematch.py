"""Rematch at the service level: the offer, the answers, the new game and who starts it."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

import engine
from games import services
from games.models import Game, GameStatus
from games.social import rematch
from games.social.exceptions import BadRequest, Conflict, Forbidden
from games.social.models import Status, TableOptions

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(running_game, finish) -> Game:
    return finish(running_game)


def test_an_accepted_rematch_deals_the_same_table_and_the_winner_goes_last(
        finished, alice, bob, committed):
    TableOptions.objects.create(game=finished, spectator_chat_hidden=True)
    offer = rematch.rematch_offer(game=finished, user=alice)
    assert offer.status == Status.PENDING and offer.answers == {"0": "accepted", "1": "pending"}
    with committed():
        offer = rematch.rematch_answer(game=finished, user=bob, accept=True)
    new = Game.objects.get(pk=offer.new_game_id)
    assert offer.status == Status.ACCEPTED and new.status == GameStatus.RUNNING
    assert [s.user for s in new.seats.order_by("position")] == [alice, bob]
    assert new.kingdom_cards == finished.kingdom_cards
    assert (new.setup["edition"], new.time_limit_days, new.listed) == (
        finished.setup["edition"], finished.time_limit_days, finished.listed)
    winners = finished.result["winners"]
    if len(winners) == 1:
        assert new.setup["previous_winner"] == winners[0]
        assert engine.loads(new.snapshot).first == (winners[0] + 1) % 2
    assert TableOptions.objects.get(game=new).spectator_chat_hidden


def test_a_declined_offer_ends_and_another_may_follow(finished, alice, bob):
    rematch.rematch_offer(game=finished, user=alice)
    offer = rematch.rematch_answer(game=finished, user=bob, accept=False)
    assert offer.status == Status.DECLINED and offer.new_game_id is None
    with pytest.raises(Conflict):
        rematch.rematch_answer(game=finished, user=bob, accept=True)
    again = rematch.rematch_offer(game=finished, user=bob, rule="1e")
    assert again.status == Status.PENDING and again.first_player_rule == "1e"
    with pytest.raises(Conflict):
        rematch.rematch_offer(game=finished, user=alice)


def test_a_rematch_against_a_bot_starts_at_once(catalog, alice, base_kingdom, play_to_end,
                                                committed):
    with committed():
        game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom)
        services.game_start(game=game, user=alice)
    game = play_to_end(game)
    with committed():
        offer = rematch.rematch_offer(game=game, user=alice)
    new = Game.objects.get(pk=offer.new_game_id)
    assert offer.status == Status.ACCEPTED
    assert [(s.user_id, s.bot_strategy) for s in new.seats.order_by("position")] == [
        (alice.pk, ""), (None, "bmu")]


def test_only_players_of_a_finished_game_may_offer(running_game, finished, carol):
    with pytest.raises(Forbidden):
        rematch.rematch_offer(game=finished, user=carol)
    with pytest.raises(BadRequest):
        rematch.rematch_offer(game=finished, user=finished.creator, rule="3e")


def test_no_rematch_before_the_end(catalog, alice, bob, base_kingdom):
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    services.seat_join(game=game, user=bob)
    services.game_start(game=game, user=alice)
    with pytest.raises(Conflict):
        rematch.rematch_offer(game=game, user=alice)


def test_an_abandoned_game_has_no_rematch_and_says_why(catalog, alice, bob, base_kingdom):
    """It said "once the game is over" of a game that was over."""
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    services.seat_join(game=game, user=bob)
    services.game_start(game=game, user=alice)
    services.game_abandon(game=game)
    with pytest.raises(Conflict, match="abandoned"):
        rematch.rematch_offer(game=game, user=alice)


def test_an_offer_expires_at_its_deadline(finished, alice, bob):
    offer = rematch.rematch_offer(game=finished, user=alice)
    assert offer.deadline_at - offer.created_at == timedelta(days=finished.time_limit_days)
    with pytest.raises(Conflict):
        rematch.rematch_answer(game=finished, user=bob, accept=True,
                               now=offer.deadline_at + timedelta(seconds=1))
    offer.refresh_from_db()
    assert offer.status == Status.EXPIRED


def test_who_starts_follows_the_rulebooks():
    one = {"winners": [2], "scores": [10, 12, 30]}
    assert rematch.turn_order(one, 3, "2e") == {"previous_winner": 2}
    assert rematch.turn_order(one, 3, "1e") == {"previous_winner": 2}
    tie = {"winners": [0, 2], "scores": [30, 12, 30]}
    assert rematch.turn_order(tie, 3, "2e") == {}  # random: the engine draws from the seed
    picks = {rematch.turn_order(tie, 3, "1e", random.Random(n))["first_player"]
             for n in range(20)}
    assert picks == {1}  # among the players who did not win
    everyone = {"winners": [0, 1], "scores": [5, 5]}
    assert rematch.turn_order(everyone, 2, "1e", random.Random(1))["first_player"] in (0, 1)


def test_the_rematch_events_cross_the_redis_channel_layer(finished, alice, bob, committed,
                                                           monkeypatch):
    """Every message a rematch sends survives channels_redis's serializer (msgpack with strict
    map keys): an event stream socket crashed on the offer's seat-numbered answers."""
    from channels_redis.core import RedisChannelLayer

    from games.social import live

    layer = RedisChannelLayer(hosts=["redis://127.0.0.1:1/0"])  # never connects: serializing
    sent = []
    monkeypatch.setattr(live, "_send", lambda group, message: sent.append(message))
    with committed():
        rematch.rematch_offer(game=finished, user=alice)
    with committed():
        rematch.rematch_answer(game=finished, user=bob, accept=True)
    events = [m for m in sent if m["type"] == "api.events"]
    assert events and len(sent) > len(events)
    for message in sent:
        assert layer.deserialize(layer.serialize(message)) == message
    answers = events[-1]["events"][0]["rematch"]["answers"]
    assert answers == {"0": "accepted", "1": "accepted"}


def test_a_rematch_is_dealt_at_once_so_the_open_games_cap_does_not_hold_it(
        catalog, alice, base_kingdom, play_to_end, committed, settings):
    with committed():
        game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom)
        services.game_start(game=game, user=alice)
    game = play_to_end(game)
    settings.MAX_OPEN_GAMES_PER_USER = 1
    services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    with committed():
        offer = rematch.rematch_offer(game=game, user=alice)
    assert offer.status == Status.ACCEPTED
    assert Game.objects.get(pk=offer.new_game_id).status == GameStatus.RUNNING
