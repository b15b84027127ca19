"""What a JSON answer shows as cards: the tests that check no hidden card leaks look there."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def card_refs(value: Any) -> Iterator[int]:
    """Every card id the JSON value shows as a card ({"id": int, "name": str})."""
    if isinstance(value, dict):
        if isinstance(value.get("id"), int) and isinstance(value.get("name"), str):
            yield value["id"]
        for item in value.values():
            yield from card_refs(item)
    elif isinstance(value, list):
        for item in value:
            yield from card_refs(item)
