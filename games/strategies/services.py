"""How a seat's bot answers: built-in bots, the site's own strategies, and the planner's plans.

The planner plans once per table (kingdom, player count, editions, Shelters): the plan is
stored in a `Plan` row that every worker reads. Two workers meeting a new table at once: the
first takes a short lock in the shared cache and plans; the other waits for its row, and
plans itself only if the row does not come (planning is deterministic, so both would store
the same plan; the unique key keeps one row).
"""

from __future__ import annotations

import hashlib
import logging
import time
from typing import Any

from django.core.cache import cache
from django.db import IntegrityError

from engine import bots as engine_bots
from engine.bots import planner
from engine.bots.common import SeatView
from games.strategies.models import Plan, Strategy

log = logging.getLogger(__name__)

PLAN_LOCK_SECONDS = 120
PLAN_WAIT_SECONDS = 30
_compiled: dict[str, tuple[Any, engine_bots.Strategy]] = {}


def bot_answer(*, strategy: str, table: Any, seat: int, decision: Any) -> Any:
    """What the bot `strategy` answers to `decision` for `seat` in the engine game `table`."""
    if strategy == engine_bots.PLANNER:
        view = SeatView(table, seat)
        return plan_for(key=view.setup_key()).answer(view, decision)
    if strategy in engine_bots.names():
        return engine_bots.bot_answer(strategy, table, seat, decision)
    custom = site_strategy(strategy)
    if custom is None:  # deleted, switched off or no longer valid: the game must not stall
        log.warning("bot strategy %r is gone; the heuristic answers instead", strategy)
        return engine_bots.bot_answer("heuristic", table, seat, decision)
    return custom.answer(SeatView(table, seat), decision)


def site_strategy(name: str) -> engine_bots.Strategy | None:
    """A strategy the site keeps, compiled (again only after an edit), or None (also when
    its rules were saved before a check they now fail, e.g. `1j > 0`)."""
    row = Strategy.objects.filter(name=name, enabled=True).only(
        "name", "label", "description", "definition", "updated_at").first()
    if row is None:
        return None
    hit = _compiled.get(name)
    if hit is not None and hit[0] == row.updated_at:
        return hit[1]
    try:
        compiled = engine_bots.parse(row.full_definition())
    except engine_bots.StrategyError as exc:  # saved before a check it now fails
        log.warning("bot strategy %r no longer parses: %s", name, "; ".join(exc.problems))
        return None
    _compiled[name] = (row.updated_at, compiled)
    return compiled


def plan_hash(key: tuple) -> str:
    text = f"{planner.VERSION}|{planner.key_text(key)}"
    return hashlib.sha256(text.encode()).hexdigest()


def plan_for(*, key: tuple) -> engine_bots.Strategy:
    """The planner's plan for the table `key`: this process's, the stored one, or made now."""
    found = planner.cached(key)
    if found is not None:
        return found
    digest = plan_hash(key)
    stored = _stored(digest)
    if stored is not None:
        return planner.remember(key, stored)
    lock = f"plan-lock:{digest}"
    if cache.add(lock, "1", PLAN_LOCK_SECONDS):
        try:
            return _make(key, digest)
        finally:
            cache.delete(lock)
    deadline = time.monotonic() + PLAN_WAIT_SECONDS
    while time.monotonic() < deadline:
        time.sleep(0.25)
        stored = _stored(digest)
        if stored is not None:
            return planner.remember(key, stored)
    return _make(key, digest)


def _stored(digest: str) -> dict | None:
    return Plan.objects.filter(key_hash=digest).values_list("definition", flat=True).first()


def _make(key: tuple, digest: str) -> engine_bots.Strategy:
    started = time.process_time()
    definition = planner.make_plan(key)
    seconds = time.process_time() - started
    try:
        row, _ = Plan.objects.get_or_create(key_hash=digest, defaults={
            "key": planner.key_text(key), "definition": definition,
            "engine_version": planner.VERSION, "seconds": round(seconds, 3)})
        definition = row.definition
    except IntegrityError:  # another worker stored it between our get and create
        definition = _stored(digest) or definition
    return planner.remember(key, definition)


def plans_for_setup(setup: dict) -> None:
    """Make (or load) the plans a game of `setup` may need, before its games run."""
    for key in planner.table_keys(setup):
        plan_for(key=key)
