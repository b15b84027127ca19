"""The simulator's Celery tasks: thin wrappers (routed to its own queue, `simulations`, so a long
simulation never delays a bot move)."""

from __future__ import annotations

from celery import shared_task

from games.sim import services


@shared_task(acks_late=True)
def simulation_run(simulation_id: str) -> bool:
    return services.simulation_run(simulation_id=simulation_id)


@shared_task(acks_late=True)
def simulation_chunk(simulation_id: str, start: int, stop: int) -> bool:
    return services.simulation_chunk(simulation_id=simulation_id, start=start, stop=stop)
