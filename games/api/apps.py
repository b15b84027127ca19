from __future__ import annotations

from django.apps import AppConfig


class ApiConfig(AppConfig):
    """The REST API and event stream for third-party clients (issue 6)."""

    name = "games.api"
    label = "api"
    verbose_name = "API"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # (connect the receivers: game_moved, seat_joining for named challenges, and the
        # deletion of an account, which leaves its games)
        from games.api import account_removal, challenges, endings, events  # noqa: F401

        events.seat_extras_register()
