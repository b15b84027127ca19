"""What a JSON answer shows as cards, and which cards a viewer may not see: the tests that
check no hidden card leaks compare the two."""

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


def hidden_card_ids(game: Any, viewer: int | None) -> set[int]:
    """The ids of the cards `viewer` (a seat, or None: a spectator) may not see in the site's
    `game` now (`hidden_in` its engine table)."""
    import engine

    return hidden_in(engine.loads(game.snapshot), viewer)


def hidden_in(table: Any, viewer: int | None) -> set[int]:
    """The ids of the cards `viewer` may not see in an engine game: every deck, and the
    others' hands and the cards they are looking at."""
    hidden: set[int] = set()
    for position, player in enumerate(table.players):
        hidden.update(player.deck)
        if position != viewer:
            hidden.update(player.hand)
            hidden.update(player.looking)
    return hidden
