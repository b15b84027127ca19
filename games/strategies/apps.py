from __future__ import annotations

from django.apps import AppConfig


class StrategiesConfig(AppConfig):
    name = "games.strategies"
    label = "strategies"
    verbose_name = "Bot strategies"
    default_auto_field = "django.db.models.BigAutoField"
