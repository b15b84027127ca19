"""games.channel_layer: group_send in two round trips delivers what channels_redis's does,
from async code and (group_send_sync, the worker's) from sync code; the site's layer receives
in one round trip, with the same results.

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


def _layer(url: str, lean: bool = True, **options) -> RedisChannelLayer:
    """The site's layer (`lean`), or channels_redis's own."""
    prefix = f"test-{uuid.uuid4().hex[:8]}"  # its own keys: nothing else's messages
    kind = channel_layer.Layer if lean else RedisChannelLayer
    return kind(hosts=[{"address": url}], prefix=prefix, **options)


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


@pytest.mark.parametrize("lean", [True, False], ids=["site", "channels_redis"])
def test_the_sites_layer_receives_what_channels_redis_does_in_one_round_trip(redis_url, lean):
    """Many consumers of one process, messages sent before and while they wait, one consumer
    cancelled: each message reaches its consumer once, in order; the site's layer pops each
    with one command and leaves no backup key behind."""
    async def run() -> tuple[list, int, list]:
        layer = _layer(redis_url, lean=lean)
        channels = [await layer.new_channel() for _ in range(5)]
        await layer.send(channels[0], {"type": "early", "n": 0})
        waiting = [asyncio.ensure_future(layer.receive(c)) for c in channels]
        gone = asyncio.ensure_future(layer.receive(await layer.new_channel()))
        await asyncio.sleep(0.05)
        gone.cancel()  # a consumer that goes away while others wait
        first = await asyncio.wait_for(waiting[0], 5)  # (received before the count starts)
        commands = []
        connection = layer.connection(0)
        original = connection.execute_command

        async def counted(*args, **options):
            commands.append((args[0], str(args[1]) if len(args) > 1 else ""))
            return await original(*args, **options)

        connection.execute_command = counted
        for n, channel in enumerate(channels[1:], 1):
            await layer.send(channel, {"type": "late", "n": n})
        got = [first] + [await asyncio.wait_for(w, 5) for w in waiting[1:]]
        for n, channel in enumerate(channels):
            await layer.send(channel, {"type": "again", "n": n})
        again = [await asyncio.wait_for(layer.receive(c), 5) for c in channels]
        await asyncio.sleep(0.05)  # (channels_redis's clean-up tasks)
        connection.execute_command = original
        backups = await connection.keys(f"{layer.prefix}*$inflight")
        await layer.flush()
        pops = sum(1 for c, key in commands if c in ("BZPOPMIN", "EVAL", "EVALSHA", "ZPOPMIN")
                   or key.endswith("$inflight"))  # (a send's own ZADD is not counted)
        return got + again, pops, backups

    got, pops, backups = asyncio.run(run())
    assert [m["n"] for m in got] == [0, 1, 2, 3, 4, 0, 1, 2, 3, 4]
    assert [m["type"] for m in got] == ["early"] + ["late"] * 4 + ["again"] * 5
    assert backups == []
    # 9 messages received after counting began: one pop each (a pop already waiting, or one
    # that timed out on a slow machine, may add a few); channels_redis makes about four each.
    assert pops <= 12 if lean else pops >= 9 * 3, pops


def test_new_connections_of_the_cache_and_the_layer_skip_the_client_library_naming(
        redis_url, monkeypatch):
    """redis-py names itself on each new connection (CLIENT SETINFO) after reading its package
    metadata from disk: more than half the CPU of opening a connection, paid per socket when
    hundreds close at once. The production settings turn it off for the cache and the layer."""
    import redis
    import redis.utils
    from django.core.cache.backends.redis import RedisCache

    from tests.web.test_production_settings import REAL_KEY, _settings

    loaded = _settings(REDIS_URL="redis://redis.internal:6379/0", SECRET_KEY=REAL_KEY)
    host = dict(loaded["CHANNEL_LAYERS"]["default"]["CONFIG"]["hosts"][0])
    cache_options = loaded["CACHES"]["default"]["OPTIONS"]
    reads: list[int] = []
    monkeypatch.setattr(redis.utils, "get_lib_version", lambda: reads.append(1) or "0")

    async def run() -> None:
        layer = channel_layer.Layer(hosts=[{**host, "address": redis_url}],
                                    prefix=f"test-{uuid.uuid4().hex[:8]}")
        channels = [await layer.new_channel() for _ in range(20)]
        await asyncio.gather(*(layer.group_add("g", c) for c in channels))  # 20 connections
        await asyncio.gather(*(layer.group_discard("g", c) for c in channels))
        await layer.flush()

    asyncio.run(run())
    cache = RedisCache(redis_url, {"OPTIONS": cache_options})
    cache.set("probe", 1)
    assert cache.get("probe") == 1
    cache.delete("probe")
    assert reads == []
    redis.Redis.from_url(redis_url).ping()  # (the check would see a read: redis-py's default)
    assert reads == [1]
