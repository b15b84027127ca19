"""One registry of every implemented card, keyed by printed name; one module per set."""
from __future__ import annotations

from ..cardbase import REGISTRY as CARDS
from . import base, dark_ages, intrigue  # noqa: F401  (registers the cards)

__all__ = ["CARDS"]
