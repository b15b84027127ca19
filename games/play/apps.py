from __future__ import annotations

from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "games.play"
    label = "play"
    verbose_name = "Play by the turn"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games import signals
        from games.play import receivers, selectors

        signals.game_moved.connect(receivers.on_game_moved, dispatch_uid="play.on_game_moved")
        selectors.seat_extras_register()
