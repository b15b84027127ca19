"""games.channel_layer: group_send in two round trips delivers what channels_redis's does.

Against a real Redis (REDIS_URL in CI; elsewhere a private redis-server on a free port).
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import time
import uuid
from collections.abc import Iterator

import pytest
import redis
from channels_redis.core import RedisChannelLayer

from games import channel_layer


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory) -> Iterator[str]:
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
        return
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--dir", str(tmp_path_factory.mktemp("redis"))],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        give_up = time.monotonic() + 30
        while True:
            try:
                redis.Redis.from_url(url).ping()
                break
            except redis.ConnectionError:
                if time.monotonic() > give_up:
                    raise
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait(10)


def _layer(url: str, **options) -> RedisChannelLayer:
    prefix = f"test-{uuid.uuid4().hex[:8]}"  # its own keys: nothing else's messages
    return RedisChannelLayer(hosts=[{"address": url}], prefix=prefix, **options)


async def _received(layer: RedisChannelLayer, channel: str) -> dict | None:
    try:
        return await asyncio.wait_for(layer.receive(channel), 2)
    except TimeoutError:
        return None


def test_every_member_gets_the_message_as_channels_redis_sends_it(redis_url):
    async def run() -> None:
        layer = _layer(redis_url)
        local = [await layer.new_channel(), await layer.new_channel()]  # one process's
        plain = "worker-queue"
        for channel in (*local, plain):
            await layer.group_add("game-1", channel)
        await channel_layer.group_send(layer, "game-1", {"type": "game.moved", "step": 7})
        await layer.group_send("game-1", {"type": "game.moved", "step": 8})
        for channel in (*local, plain):
            got = [await _received(layer, channel), await _received(layer, channel)]
            assert got == [{"type": "game.moved", "step": 7},
                           {"type": "game.moved", "step": 8}], channel
        await channel_layer.group_send(layer, "nobody-watches", {"type": "game.moved", "step": 1})
        await layer.flush()

    asyncio.run(run())


def test_a_full_channel_gets_nothing_more_and_expired_members_nothing(redis_url):
    async def run() -> None:
        layer = _layer(redis_url, capacity=1, group_expiry=60)
        full, free = "full-queue", "free-queue"
        for channel in (full, free):
            await layer.group_add("game-2", channel)
        await layer.send(full, {"type": "first"})
        await channel_layer.group_send(layer, "game-2", {"type": "second"})
        assert await _received(layer, full) == {"type": "first"}
        assert await _received(layer, full) is None  # over capacity: dropped, as before
        assert await _received(layer, free) == {"type": "second"}
        # a member older than group_expiry is dropped from the group and sent nothing
        connection = layer.connection(0)
        await connection.zadd(layer._group_key("game-2"), {free: time.time() - 3600})
        await channel_layer.group_send(layer, "game-2", {"type": "third"})
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
