"""A simulation: N bot games on one kingdom, run in the background, kept and shared by link."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models


class SimStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


class Simulation(models.Model):
    """What to play (kingdom, bots, how many games) and what came of it (partial sums as
    games finish, so a page shows progress and a restarted worker carries on)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                   related_name="simulations")
    kingdom = models.JSONField(help_text="The 10 Kingdom piles.")
    edition = models.PositiveSmallIntegerField(default=2)
    shelters = models.CharField(max_length=8, default="auto")
    bots = models.JSONField(help_text="Strategy names, one per player (2 to 4).")
    definitions = models.JSONField(
        default=dict, help_text="The site's own strategies as they were when the simulation "
                                "was made (name -> definition), so it replays the same.")
    games = models.PositiveIntegerField()
    seed = models.CharField(max_length=64)
    status = models.CharField(max_length=8, choices=SimStatus.choices, default=SimStatus.QUEUED)
    done = models.PositiveIntegerField(default=0, help_text="Games played so far.")
    totals = models.JSONField(default=dict, help_text="Partial sums (engine.bots.arena).")
    chunks = models.JSONField(default=list, help_text="The [start, stop) game ranges summed "
                                                      "in totals, in the order they finished.")
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["created_by", "status"]),
            # the site-wide cap counts these under a lock that every creation waits for
            models.Index(fields=["status"], name="sim_active",
                         condition=models.Q(status__in=["queued", "running"])),
        ]

    def __str__(self) -> str:
        return f"{' vs '.join(self.bots)} × {self.games}"

    @property
    def finished(self) -> bool:
        return self.status in (SimStatus.DONE, SimStatus.FAILED)

    @property
    def progress(self) -> float:
        return self.done / self.games if self.games else 1.0
