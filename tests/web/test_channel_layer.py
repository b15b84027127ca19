"""games.channel_layer: group_send in two round trips delivers what channels_redis's does,
from async code and (group_send_sync, the worker's) from sync code.

Against a real Redis (REDIS_URL in CI; elsewhere a private redis-server on a free port).
"""

from __future__ import annotations

import asyncio
import time
import uuid

import pytest
from channels_redis.core import RedisChannelLayer

from games import channel_layer
from tests.play import test_worker

redis_url = test_worker.redis_url  # the fixture: CI's Redis, or a private redis-server


def _layer(url: str, **options) -> RedisChannelLayer:
    prefix = f"test-{uuid.uuid4().hex[:8]}"  # its own keys: nothing else's messages
    return RedisChannelLayer(hosts=[{"address": url}], prefix=prefix, **options)


async def _send(layer: RedisChannelLayer, group: str, message: dict, sync: bool) -> None:
    if sync:  # a blocking client, as the worker sends (blocking this loop a moment is fine)
        assert channel_layer.group_send_sync(layer, group, message)
    else:
        await channel_layer.group_send(layer, group, message)


async def _received(layer: RedisChannelLayer, channel: str) -> dict | None:
    try:
        return await asyncio.wait_for(layer.receive(channel), 2)
    except TimeoutError:
        return None


@pytest.mark.parametrize("sync", [False, True], ids=["async", "sync"])
def test_every_member_gets_the_message_as_channels_redis_sends_it(redis_url, sync):
    async def run() -> None:
        layer = _layer(redis_url)
        local = [await layer.new_channel(), await layer.new_channel()]  # one process's
        plain = "worker-queue"
        for channel in (*local, plain):
            await layer.group_add("game-1", channel)
        await _send(layer, "game-1", {"type": "game.moved", "step": 7}, sync)
        await layer.group_send("game-1", {"type": "game.moved", "step": 8})
        for channel in (*local, plain):
            got = [await _received(layer, channel), await _received(layer, channel)]
            assert got == [{"type": "game.moved", "step": 7},
                           {"type": "game.moved", "step": 8}], channel
        await _send(layer, "nobody-watches", {"type": "game.moved", "step": 1}, sync)
        await layer.flush()

    asyncio.run(run())


@pytest.mark.parametrize("sync", [False, True], ids=["async", "sync"])
def test_a_full_channel_gets_nothing_more_and_expired_members_nothing(redis_url, sync):
    async def run() -> None:
        layer = _layer(redis_url, capacity=1, group_expiry=60)
        full, free = "full-queue", "free-queue"
        for channel in (full, free):
            await layer.group_add("game-2", channel)
        await layer.send(full, {"type": "first"})
        await _send(layer, "game-2", {"type": "second"}, sync)
        assert await _received(layer, full) == {"type": "first"}
        assert await _received(layer, full) is None  # over capacity: dropped, as before
        assert await _received(layer, free) == {"type": "second"}
        # a member older than group_expiry is dropped from the group and sent nothing
        connection = layer.connection(0)
        await connection.zadd(layer._group_key("game-2"), {free: time.time() - 3600})
        await _send(layer, "game-2", {"type": "third"}, sync)
        assert await _received(layer, free) is None
        assert await _received(layer, full) == {"type": "third"}
        assert free.encode() not in await connection.zrange(layer._group_key("game-2"), 0, -1)
        await layer.flush()

    asyncio.run(run())


def test_another_layer_sends_as_it_always_did():
    from channels.layers import InMemoryChannelLayer

    async def run() -> None:
        layer = InMemoryChannelLayer()
        await layer.group_add("game-3", "a-channel")
        await channel_layer.group_send(layer, "game-3", {"type": "game.moved"})
        assert await layer.receive("a-channel") == {"type": "game.moved"}

    asyncio.run(run())


def test_a_layer_the_blocking_path_cannot_serve_is_left_to_the_async_one():
    from channels.layers import InMemoryChannelLayer

    sentinel = RedisChannelLayer(hosts=[{"master_name": "m", "sentinels": [("127.0.0.1", 1)]}])
    assert channel_layer.group_send_sync(sentinel, "game-4", {"type": "game.moved"}) is False
    assert channel_layer.group_send_sync(InMemoryChannelLayer(), "game-4", {"type": "x"}) is False
