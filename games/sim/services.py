"""Simulations: create one (checked, then queued after commit) and run it in chunks.

Progress is saved after every chunk with a conditional update (`done` must still be where
this run found it), so a duplicated or retried task never counts a game twice, and a task
that died half-way is carried on by the next delivery from the last saved chunk.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from engine import bots as engine_bots
from engine.cardbase import canonical
from games import background, selectors
from games.sim import runner
from games.sim.models import SimStatus, Simulation
from games.strategies import selectors as strategy_selectors
from games.strategies import services as strategy_services

log = logging.getLogger(__name__)

SHELTERS = ("auto", "always", "never")


class SimulationRefused(ValueError):
    """A simulation that cannot be made; `code` is the API's error code."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


def max_games() -> int:
    return getattr(settings, "SIM_MAX_GAMES", 2000)


def max_active() -> int:
    return getattr(settings, "SIM_MAX_ACTIVE", 2)


def simulation_create(*, user, kingdom: Sequence[str], bots: Sequence[str], games: int,
                      edition: int = 2, shelters: str = "auto") -> Simulation:
    """Check and store a simulation, and queue its run once the transaction commits."""
    kingdom = [canonical(str(k)) for k in kingdom]
    problems = selectors.kingdom_problems(kingdom)
    if problems:
        raise SimulationRefused("invalid_kingdom", "; ".join(problems))
    _check_bots(bots)
    if not 1 <= games <= max_games():
        raise SimulationRefused("invalid_games", f"games must be between 1 and {max_games()}")
    if edition not in (1, 2) or shelters not in SHELTERS:
        raise SimulationRefused("invalid_setup", "edition is 1 or 2; shelters auto, always "
                                                 "or never")
    active = Simulation.objects.filter(created_by=user, status__in=[
        SimStatus.QUEUED, SimStatus.RUNNING]).count()
    if active >= max_active():
        raise SimulationRefused("too_many_simulations", f"you already have {active} "
                                "simulations running; wait for one to finish")
    sim = Simulation.objects.create(
        created_by=user, kingdom=kingdom, edition=edition, shelters=shelters, bots=list(bots),
        definitions=_snapshots(bots), games=games, seed=secrets.token_hex(8))
    pk = str(sim.pk)
    transaction.on_commit(lambda: _schedule(pk))
    return sim


def _check_bots(bots: Sequence[str]) -> None:
    if not isinstance(bots, (list, tuple)) or not 2 <= len(bots) <= 4:
        raise SimulationRefused("invalid_bots", "choose 2 to 4 bots")
    known = set(strategy_selectors.bot_names())
    unknown = [b for b in bots if b not in known]
    if unknown:
        raise SimulationRefused("invalid_bots", f"unknown bot {unknown[0]!r} (see GET "
                                                "/api/v1/bots/)")


def _snapshots(bots: Sequence[str]) -> dict:
    """The site's own strategies among `bots`, as they are now."""
    rows = strategy_selectors.strategies_enabled().filter(name__in=list(bots))
    return {row.name: row.full_definition() for row in rows}


def _schedule(pk: str) -> None:
    from games.sim.tasks import simulation_run  # tasks import this module

    background.schedule(simulation_run, pk)


def spec_of(sim: Simulation) -> dict:
    """What the engine needs to play the simulation's games."""
    return {"kingdom": list(sim.kingdom), "edition": sim.edition, "shelters": sim.shelters,
            "card_editions": selectors.card_editions_for(sim.kingdom, sim.edition),
            "seed": sim.seed,
            "bots": [sim.definitions.get(b, b) for b in sim.bots]}


def chunk_size(games: int) -> int:
    """About fifty progress steps, at least 5 games each."""
    return max(5, -(-games // 50))


def simulation_run(*, simulation_id: str) -> bool:
    """Play the simulation's remaining games, saving after each chunk; False if there was
    nothing to do (finished, or another run is ahead)."""
    sim = Simulation.objects.filter(pk=simulation_id).first()
    if sim is None or sim.finished:
        return False
    if sim.status == SimStatus.QUEUED:
        Simulation.objects.filter(pk=sim.pk, status=SimStatus.QUEUED).update(
            status=SimStatus.RUNNING, started_at=timezone.now())
    try:
        return _play(sim)
    except Exception as exc:  # a bug must not leave the page spinning forever
        log.exception("simulation %s failed", sim.pk)
        Simulation.objects.filter(pk=sim.pk).update(
            status=SimStatus.FAILED, error=f"{type(exc).__name__}: {exc}"[:500],
            finished_at=timezone.now())
        return False


def _play(sim: Simulation) -> bool:
    spec = spec_of(sim)
    if engine_bots.PLANNER in sim.bots:
        from engine.bots import arena

        for key in arena.plan_tables(spec, len(sim.bots)):
            strategy_services.plan_for(key=key)
    done, totals, size = sim.done, sim.totals, chunk_size(sim.games)
    while done < sim.games:
        stop = min(done + size, sim.games)
        totals = runner.merge([totals, runner.run_chunk(spec, done, stop)])
        moved = Simulation.objects.filter(pk=sim.pk, done=done).update(done=stop, totals=totals)
        if not moved:
            return False  # another run saved this range first: it carries on
        done = stop
    Simulation.objects.filter(pk=sim.pk).update(status=SimStatus.DONE,
                                                finished_at=timezone.now())
    return True
