"""A committed move is announced to the game's group with its step, and nothing secret."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games import broadcast


def test_a_move_announces_the_new_step_to_the_games_group(running_game, play_one):
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(broadcast.group_name(running_game.pk), channel)

    game = play_one(running_game)

    message = async_to_sync(layer.receive)(channel)
    assert message == {"type": "game.moved", "game": game.pk, "step": game.step,
                       "status": "running"}
    async_to_sync(layer.group_discard)(broadcast.group_name(game.pk), channel)


def test_a_failing_channel_layer_does_not_fail_the_move(running_game, play_one, monkeypatch):
    def broken(*args, **kwargs):
        raise ConnectionError("redis is down")

    monkeypatch.setattr(broadcast, "group_send", broken)

    game = play_one(running_game)

    assert game.step == 1


def test_a_message_with_a_non_string_key_is_refused_at_the_sender():
    """channels_redis's receivers die on such a key (msgpack strict map keys): fail here."""
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)("keys", channel)

    with pytest.raises(TypeError, match=r"message\['answers'\]\[0\] has a int key 1"):
        broadcast.group_send("keys", {"type": "x", "answers": [{1: "yes"}]})
    broadcast.group_send("keys", {"type": "x", "answers": [{"1": "yes"}]})

    assert async_to_sync(layer.receive)(channel) == {"type": "x", "answers": [{"1": "yes"}]}
    async_to_sync(layer.group_discard)("keys", channel)
