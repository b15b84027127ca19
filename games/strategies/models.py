"""Bot strategies kept by the site, and the planner's plans per table.

The shipped strategies live in the engine (engine/bots/strategies/*.json) and cannot be
changed here; staff add their own in the admin, in the same format (docs/strategies.md).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Strategy(models.Model):
    """A strategy written as data; a seat's bot can be any enabled one (by `name`)."""

    name = models.SlugField(
        max_length=40, unique=True,
        help_text="How seats and the API name it: lowercase letters, digits, - and _; not "
                  "the name of a built-in bot.")
    label = models.CharField(max_length=80, blank=True)
    description = models.TextField(blank=True)
    definition = models.JSONField(
        help_text='The rules: {"buy": [...], "play": [...], "trash": [...], "requires": [...], '
                  '"endgame": "guard"|"race"|"plain", "others": "heuristic"|"basic"} '
                  "(docs/strategies.md).")
    enabled = models.BooleanField(default=True, help_text="Offered for seats and simulations.")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]
        verbose_name_plural = "strategies"

    def __str__(self) -> str:
        return self.label or self.name

    def full_definition(self) -> dict:
        """The definition with the row's name, label and description (what the engine reads)."""
        return {**self.definition, "name": self.name, "label": self.label or self.name,
                "description": self.description}


class Plan(models.Model):
    """The planner's choice for one table (kingdom, player count, editions, Shelters),
    made once by whichever worker needed it first and shared by all."""

    key_hash = models.CharField(max_length=64, unique=True)
    key = models.TextField(help_text="The table, as JSON (public information only).")
    definition = models.JSONField(help_text="The plan: a strategy definition, with the "
                                            "planner's figures under \"planner\".")
    engine_version = models.CharField(max_length=20)
    seconds = models.FloatField(default=0, help_text="CPU time the planning took.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.definition.get('label', self.definition.get('name'))} ({self.key_hash[:8]})"
