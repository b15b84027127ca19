"""CPU per message through the channel layer: channels_redis's own against the site's.

Ten consumers of one process wait on their channels, as a server's sockets do; messages are
sent one at a time, each to the next consumer, and each waited for before the next is sent.
Prints this process's CPU per message (send and receive) for each layer, interleaved. Needs a
Redis on 127.0.0.1:

    REDIS_URL=redis://127.0.0.1:6379/7 .venv/bin/python scripts/channel_receive_cpu.py
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from channels_redis.core import RedisChannelLayer  # noqa: E402

from games.channel_layer import Layer  # noqa: E402
from loadtest.stack import local_only  # noqa: E402

CONSUMERS, MESSAGES, ROUNDS = 10, 1500, 3


async def cpu_per_message(kind: type, url: str) -> float:
    """Microseconds of this process's CPU per message sent and received."""
    layer = kind(hosts=[{"address": url}], prefix=f"cpu-{uuid.uuid4().hex[:8]}")
    channels = [await layer.new_channel() for _ in range(CONSUMERS)]
    arrived = asyncio.Event()

    async def consume(channel: str) -> None:
        while True:
            await layer.receive(channel)
            arrived.set()

    consumers = [asyncio.ensure_future(consume(c)) for c in channels]
    await asyncio.sleep(0.1)  # every consumer waiting
    started = time.process_time()
    for n in range(MESSAGES):
        arrived.clear()
        await layer.send(channels[n % CONSUMERS], {"type": "game.moved", "step": n})
        await asyncio.wait_for(arrived.wait(), 10)
    used = time.process_time() - started
    for task in consumers:
        task.cancel()
    await asyncio.gather(*consumers, return_exceptions=True)
    await layer.flush()
    return 1e6 * used / MESSAGES


async def main(url: str) -> None:
    for _ in range(ROUNDS):
        for kind in (RedisChannelLayer, Layer):
            name = "channels_redis" if kind is RedisChannelLayer else "site (Layer)"
            print(f"{name:15} {await cpu_per_message(kind, url):6.0f} us CPU per message",
                  flush=True)


if __name__ == "__main__":
    asyncio.run(main(local_only(os.environ.get("REDIS_URL", ""), "REDIS_URL")))
