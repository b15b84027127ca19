"""Simulations: create one (checked, then queued after commit) and run it in chunks.

A run sends each chunk of games as a task of its own, so every worker on the simulations
queue takes a share and adding workers adds throughput. A chunk's result is added to the saved
sums with a conditional update (`done` must still be where the chunk found it) that also lists
the chunk, so a duplicated or retried task never counts a game twice, chunks may finish in any
order (the sums are the same), and a run that died half-way is carried on by the next delivery,
which sends only the chunks not yet saved.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from engine import bots as engine_bots
from engine.cardbase import canonical
from games import background, limits, selectors
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


def max_queued_site() -> int:
    return getattr(settings, "SIM_MAX_QUEUED_SITE", 50)


ACTIVE = (SimStatus.QUEUED, SimStatus.RUNNING)


def simulation_create(*, user, kingdom: Sequence[str], bots: Sequence[str], games: int,
                      edition: int = 2, shelters: str = "auto",
                      charge: Callable[[], None] | None = None) -> Simulation:
    """Check and store a simulation, and queue its run once the transaction commits.

    `charge` is called once every check has passed, just before the simulation is stored: the
    caller counts it in the user's quota there (raising to refuse it), so that a refused
    simulation never uses up quota."""
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
    with transaction.atomic():  # the counts and the new row under the account's lock
        if not limits.lock_account(user):  # deleted meanwhile: the row would fail at commit
            raise SimulationRefused("account_deleted", limits.ACCOUNT_GONE)
        active = Simulation.objects.filter(created_by=user, status__in=ACTIVE).count()
        if active >= max_active():
            raise SimulationRefused("too_many_simulations", f"you already have {active} "
                                    "simulations running; wait for one to finish")
        _below_the_site_cap()
        if charge is not None:
            charge()
        sim = Simulation.objects.create(
            created_by=user, kingdom=kingdom, edition=edition, shelters=shelters,
            bots=list(bots), definitions=_snapshots(bots), games=games,
            seed=secrets.token_hex(8))
    pk = str(sim.pk)
    transaction.on_commit(lambda: _schedule(pk))
    return sim


def _below_the_site_cap() -> None:
    """SIM_MAX_QUEUED_SITE simulations queued or running on the whole site, counted under a
    site-wide lock (taken after the account's, always in that order): each account may run
    SIM_MAX_ACTIVE, but many accounts could fill the simulations queue and delay everyone."""
    limits.lock_site("simulation_create")
    queued = Simulation.objects.filter(status__in=ACTIVE).count()
    if queued >= max_queued_site():
        raise SimulationRefused("simulations_busy", f"the site is busy: {queued} simulations "
                                "are queued or running, the most it takes at once; try "
                                "again later")


def _check_bots(bots: Sequence[str]) -> None:
    if not isinstance(bots, (list, tuple)) or not 2 <= len(bots) <= 4:
        raise SimulationRefused("invalid_bots", "choose 2 to 4 bots")
    known = set(strategy_selectors.bot_names())
    unknown = [b for b in bots if b not in known]
    if unknown:
        shown = selectors.echo(str(unknown[0]))
        raise SimulationRefused("invalid_bots",
                                f"unknown bot {shown!r} (see GET /api/v1/bots/)")


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
    """About fifty chunks (progress steps, and shares for the workers), at least 5 games."""
    return max(5, -(-games // 50))


def chunks_todo(sim: Simulation) -> list[tuple[int, int]]:
    """The chunks of the simulation not yet played: its chunk grid minus the ranges saved."""
    size, saved = chunk_size(sim.games), _saved_ranges(sim)
    todo = []
    for start in range(0, sim.games, size):
        stop = min(start + size, sim.games)
        for low, high in saved:  # (ranges saved are whole chunks, or an old run's prefix)
            if low <= start < high:
                start = min(high, stop)
        if start < stop:
            todo.append((start, stop))
    return todo


def _saved_ranges(sim: Simulation) -> list[tuple[int, int]]:
    if sim.chunks:
        return sorted((a, b) for a, b in sim.chunks)
    return [(0, sim.done)] if sim.done else []  # a run saved before chunks were listed


def simulation_run(*, simulation_id: str) -> bool:
    """Make the planner's plans (once, before any game), then send the chunks still to play as
    tasks of their own on the simulations queue, so every worker consuming it takes a share
    (embedded, they run one after another). False if there was nothing to do or it failed."""
    sim = Simulation.objects.filter(pk=simulation_id).first()
    if sim is None or sim.finished:
        return False
    if sim.status == SimStatus.QUEUED:
        Simulation.objects.filter(pk=sim.pk, status=SimStatus.QUEUED).update(
            status=SimStatus.RUNNING, started_at=timezone.now())
    try:
        _plan(spec_of(sim), sim.bots)
    except Exception as exc:  # a bug must not leave the page spinning forever
        _failed(sim, exc)
        return False
    todo = chunks_todo(sim)
    if not todo:
        return _finish(sim)
    from games.sim.tasks import simulation_chunk  # tasks import this module

    for start, stop in todo:
        background.schedule(simulation_chunk, str(sim.pk), start, stop)
    # (embedded or inline the chunks may have run already)
    return not Simulation.objects.filter(pk=sim.pk, status=SimStatus.FAILED).exists()


def _plan(spec: dict, bots: Sequence[str]) -> None:
    """The planner's plans for the tables of `spec`: made once and stored, or read back (each
    worker process playing a chunk reads them rather than planning again)."""
    if engine_bots.PLANNER in bots:
        from engine.bots import arena

        for key in arena.plan_tables(spec, len(bots)):
            strategy_services.plan_for(key=key)


def simulation_chunk(*, simulation_id: str, start: int, stop: int) -> bool:
    """Play games `start`..`stop`-1 and add them to the saved sums, unless a delivery of the
    same chunk got there first (a task can run twice). True if this call saved them."""
    sim = Simulation.objects.filter(pk=simulation_id).first()
    if sim is None or sim.finished or _overlaps(sim, start, stop):
        return False
    spec = spec_of(sim)
    try:
        _plan(spec, sim.bots)
        part = runner.run_chunk(spec, start, stop)
    except Exception as exc:  # a bug must not leave the page spinning forever
        _failed(sim, exc)
        return False
    while True:  # `done` only grows: a conditional update on it is a version check
        saved = Simulation.objects.filter(pk=sim.pk, done=sim.done).update(
            done=sim.done + stop - start, totals=runner.merge([sim.totals, part]),
            chunks=[*sim.chunks, [start, stop]])
        if saved:
            break
        sim = Simulation.objects.filter(pk=sim.pk).first()
        if sim is None or sim.finished or _overlaps(sim, start, stop):
            return False
    if sim.done + stop - start >= sim.games:
        Simulation.objects.filter(pk=sim.pk, status=SimStatus.RUNNING).update(
            status=SimStatus.DONE, finished_at=timezone.now())
    return True


def _overlaps(sim: Simulation, start: int, stop: int) -> bool:
    return any(low < stop and start < high for low, high in _saved_ranges(sim))


def _finish(sim: Simulation) -> bool:
    """Every game saved but not marked done (the last chunk's worker died in between)."""
    return bool(Simulation.objects.filter(pk=sim.pk, status=SimStatus.RUNNING).update(
        status=SimStatus.DONE, finished_at=timezone.now()))


def _failed(sim: Simulation, exc: Exception) -> None:
    """The exception goes to the server's log only: its text (paths, values, the code's
    internals) is not for the public result page."""
    log.error("simulation %s failed", sim.pk, exc_info=exc)
    Simulation.objects.filter(pk=sim.pk).update(
        status=SimStatus.FAILED, finished_at=timezone.now(),
        error=f"the games could not be played: a server error, logged as simulation {sim.pk}")


def stale_hours() -> float:
    return getattr(settings, "SIM_STALE_HOURS", 6)


def simulations_expire(*, now: datetime) -> int:
    """Fail the simulations still queued or running SIM_STALE_HOURS after they were made: one
    lost with its worker or its process (an embedded site's queue dies with it) would hold a
    place under its account's cap and the site's for ever. A simulation of the most games
    takes minutes."""
    return Simulation.objects.filter(
        status__in=ACTIVE, created_at__lt=now - timedelta(hours=stale_hours())).update(
        status=SimStatus.FAILED, finished_at=now,
        error=f"the games were not all played within {stale_hours():g} hours; run it again")
