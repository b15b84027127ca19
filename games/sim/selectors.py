"""Reads for the simulator: a simulation's results, and recent ones."""

from __future__ import annotations

from games.sim import runner
from games.sim.models import SimStatus, Simulation


def simulation_get(pk) -> Simulation | None:
    try:
        return Simulation.objects.filter(pk=pk).first()
    except (ValueError, TypeError):  # not a UUID
        return None


def simulation_results(sim: Simulation) -> dict:
    """Status, progress and the results so far (JSON-ready; the API and the page use it)."""
    out = {"id": str(sim.pk), "status": sim.status, "games": sim.games, "done": sim.done,
           "progress": round(sim.progress, 4), "kingdom": list(sim.kingdom),
           "edition": sim.edition, "shelters": sim.shelters, "bots": list(sim.bots),
           "seed": sim.seed, "created_at": sim.created_at.isoformat(),
           "finished_at": sim.finished_at.isoformat() if sim.finished_at else None,
           "error": sim.error or None, "results": None}
    if sim.totals:
        out["results"] = runner.summary(sim.totals, list(sim.bots))
    return out


def simulations_recent(user=None, limit: int = 20) -> list[Simulation]:
    found = Simulation.objects.select_related("created_by")
    if user is not None:
        found = found.filter(created_by=user)
    else:
        found = found.filter(status=SimStatus.DONE)
    return list(found[:limit])
