"""Shuffles drawn from a per-game stream: BLAKE2b(key || counter || block).

The key is derived from a secret that stays server-side and the counter lives in the state, so
a saved game shuffles exactly as the original would have, and nothing a player sees predicts
the next shuffle. Fisher-Yates takes its positions from 32-bit words of the stream (modulo
bias below n / 2**32). BLAKE2 has no length extension, so hashing the key as a prefix is as
good as its keyed mode, and it costs half as much, which matters when simulating.
"""
from __future__ import annotations

from hashlib import blake2b
from struct import Struct

_BLOCK = Struct("<16I")  # one 64-byte digest
_unpack = _BLOCK.unpack


def _words(key: bytes, counter: int, n: int) -> tuple[int, ...]:
    """At least `n` 32-bit words: the hashes of key || counter || block for block 0, 1, ..."""
    prefix = key + counter.to_bytes(8, "big")
    words = _BLOCK.unpack(blake2b(prefix).digest())
    block = 1
    while len(words) < n:
        words += _BLOCK.unpack(blake2b(prefix + block.to_bytes(4, "big")).digest())
        block += 1
    return words


def shuffle(key: bytes, counter: int, items: list) -> None:
    """Shuffle `items` in place with the `counter`-th draw of the stream keyed by `key`."""
    n = len(items)
    if n <= 16:  # `_words`, written out for the one block that is enough
        words = _unpack(blake2b(key + counter.to_bytes(8, "big")).digest())
    else:
        words = _words(key, counter, n)
    for i in range(n - 1, 0, -1):
        j = words[i] % (i + 1)
        items[i], items[j] = items[j], items[i]


def randbelow(key: bytes, counter: int, n: int) -> int:
    """One number in [0, n) from the stream (used for the starting player and the like)."""
    return _words(key, counter, 1)[0] % n


def make_key(secret: str) -> bytes:
    return blake2b(secret.encode(), digest_size=32).digest()
