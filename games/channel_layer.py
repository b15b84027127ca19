"""A group send on the Redis channel layer in two round trips instead of four.

Every move sends three group messages from the after-move job (the game's sockets, and each
seated user's API event stream). channels_redis sends each in four round trips to Redis (drop
the group's expired members; read the members; drop each member channel's expired messages;
a script that queues the message on each channel not over capacity), and each trip's socket
write was most of the cost (py-spy: group_send was about a seventh of the worker's CPU).
Here the first two go in one pipeline and the last two in one script (the same commands, in
the same order, on the same keys), so what each consumer receives is unchanged. The layer is
channels_redis's own (the consumers' sends, receives and groups are untouched).

Outside a server (the Celery worker), `group_send_sync` sends the same way with a blocking
Redis client: no event loop on a thread of its own to hand each send to and wait for (that
loop and the hand-offs were about a fifth of the worker's py-spy samples).

`Layer` (the site's layer with Redis) receives each message in one round trip instead of four.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import weakref
from typing import Any

import redis
from channels_redis.core import RedisChannelLayer

log = logging.getLogger(__name__)

# KEYS: the member channels' keys. ARGV: their messages, their capacities, then the time now,
# the expiry (seconds) and the cutoff under which a queued message has expired.
SEND = """
local over_capacity = 0
local n = #KEYS
local current_time = ARGV[2 * n + 1]
local expiry = ARGV[2 * n + 2]
local cutoff = ARGV[2 * n + 3]
for i = 1, n do
    redis.call('ZREMRANGEBYSCORE', KEYS[i], 0, cutoff)
    if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[i + n]) then
        redis.call('ZADD', KEYS[i], current_time, ARGV[i])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        over_capacity = over_capacity + 1
    end
end
return over_capacity
"""


async def group_send(layer: Any, group: str, message: dict) -> None:
    """`layer.group_send(group, message)`; on channels_redis's Redis layer in two round trips
    (the site's sends from sync code, games.broadcast, go through here)."""
    if not isinstance(layer, RedisChannelLayer):
        await layer.group_send(group, message)
        return
    pipe = layer.connection(layer.consistent_hash(group)).pipeline(transaction=False)
    _, members = await _members(pipe, layer, group).execute()
    for index, keys, args, count in _sends(layer, members, message):
        client = layer.connection(index)  # (one per event loop and host)
        _log_over(await _script(client)(keys=keys, args=args, client=client), count, group)


def _members(pipe: Any, layer: Any, group: str) -> Any:
    """`pipe` (async or blocking) with the group's expired members dropped, then listed."""
    assert layer.require_valid_group_name(group), "Group name not valid"
    key = layer._group_key(group)
    pipe.zremrangebyscore(key, min=0, max=int(time.time()) - layer.group_expiry)
    pipe.zrange(key, 0, -1)
    return pipe


def _sends(layer: Any, members: list[bytes], message: dict) -> list[tuple]:
    """For each Redis host of the members' channels: (host index, channel keys, SEND's ARGV,
    the group's size for the log)."""
    channel_names = [name.decode("utf8") for name in members]
    if not channel_names:
        return []
    by_connection, messages, capacities = layer._map_channel_keys_to_connection(
        channel_names, message)
    return [(index, keys, _args(layer, keys, messages, capacities), len(channel_names))
            for index, keys in by_connection.items()]


def _args(layer: Any, keys: list, messages: dict, capacities: dict) -> list:
    """SEND's ARGV for these channel keys."""
    now = time.time()
    return [*(messages[k] for k in keys), *(capacities[k] for k in keys),
            now, layer.expiry, int(now) - int(layer.expiry)]


def _log_over(over: int, members: int, group: str) -> None:
    if over > 0:
        log.info("%s of %s channels over capacity in group %s", over, members, group)


_scripts: list[Any] = []  # SEND, sent by its hash (loaded again when a Redis lost it)


def _script(client: Any) -> Any:
    if not _scripts:
        _scripts.append(client.register_script(SEND))
    return _scripts[0]


def group_send_sync(layer: Any, group: str, message: dict) -> bool:
    """`group_send` from sync code with a blocking client; False (nothing sent) when the layer
    is not channels_redis's on plain addresses (Sentinel hosts go the async way)."""
    clients = _sync_clients(layer)
    if clients is None:
        return False
    pipe = clients[layer.consistent_hash(group)][0].pipeline(transaction=False)
    _, members = _members(pipe, layer, group).execute()
    for index, keys, args, count in _sends(layer, members, message):
        client, script = clients[index]
        _log_over(script(keys=keys, args=args, client=client), count, group)
    return True


# per layer: (the process that made them, a blocking client and SEND's script per host)
_sync: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_sync_lock = threading.Lock()


def _sync_clients(layer: Any) -> list[tuple[Any, Any]] | None:
    """A blocking client per host of `layer`, per process (made anew after a fork)."""
    if not isinstance(layer, RedisChannelLayer):
        return None
    found = _sync.get(layer)
    if found is not None and found[0] == os.getpid():
        return found[1]
    with _sync_lock:
        clients: list[tuple[Any, Any]] | None = []
        for host in layer.hosts:
            if "address" not in host:
                clients = None
                break
            options = {k: v for k, v in host.items() if k != "address"}
            client = redis.Redis(connection_pool=redis.ConnectionPool.from_url(
                host["address"], **options))
            clients.append((client, client.register_script(SEND)))
        _sync[layer] = (os.getpid(), clients)
        return clients


class Layer(RedisChannelLayer):
    """channels_redis's layer, receiving each message with one BZPOPMIN.

    channels_redis wraps each pop in three more round trips: a script that first moves back
    what a `$inflight` backup key holds, the popped message copied to that key, and a task
    that removes it again once returned. The copy guards only the moment between the pop's
    reply and the copy's own reply; a receive cancelled while its pop is being answered loses
    the message either way, and nothing reads a process's channels after the process ends.
    The receive path was about a seventh of a web process's CPU under load (py-spy), most of
    it those round trips. Sends, groups, capacity and expiry are channels_redis's.
    """

    async def _brpop_with_clean(self, index: int, channel: str, timeout: float) -> Any:
        result = await self.connection(index).bzpopmin(channel, timeout=timeout)
        return None if result is None else result[1]

    async def _clean_receive_backup(self, index: int, channel: str) -> None:
        return None  # (nothing was copied)
