"""Reads: which bots a seat can have, and the strategies the site keeps."""

from __future__ import annotations

from engine import bots as engine_bots
from games.strategies.models import Strategy


def strategies_enabled():
    return Strategy.objects.filter(enabled=True).order_by("name")


def bot_catalogue() -> list[dict]:
    """Every bot a seat can have: the engine's (the default first), then the site's own
    strategies. Each: strategy, label, description, kind (engine, data or custom),
    requires (cards it is written for) and default."""
    out = []
    for d in sorted(engine_bots.describe(), key=lambda d: d["name"] != engine_bots.DEFAULT):
        out.append({"strategy": d["name"], "label": d["label"], "description": d["description"],
                    "kind": d["kind"], "requires": d["requires"],
                    "default": d["name"] == engine_bots.DEFAULT})
    for s in strategies_enabled():
        out.append({"strategy": s.name, "label": s.label or s.name,
                    "description": s.description, "kind": "custom",
                    "requires": list(s.definition.get("requires", [])), "default": False})
    return out


def bot_names() -> list[str]:
    return [b["strategy"] for b in bot_catalogue()]
