from __future__ import annotations

from django.apps import AppConfig


class SimConfig(AppConfig):
    name = "games.sim"
    label = "sim"
    verbose_name = "Simulator"
    default_auto_field = "django.db.models.BigAutoField"
