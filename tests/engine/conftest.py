"""Fixtures shared by the engine tests."""
from __future__ import annotations

import pytest

from engine.cardbase import REGISTRY, card


@pytest.fixture
def test_cards():
    """Register test-only cards for one test (set "test" unless `sets=` says), then remove
    them again, so a mechanism can be shown with a card that exists only in its test."""
    made = []

    def make(name, cost, types, sets="test", **kw):
        made.append(name)
        return card(name, cost, types, sets, **kw)

    yield make
    for name in made:
        del REGISTRY[name]
