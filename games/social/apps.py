from __future__ import annotations

from django.apps import AppConfig


class SocialConfig(AppConfig):
    name = "games.social"
    label = "social"
    verbose_name = "Table talk, rematches, undo and ratings"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games import signals
        from games.social import receivers, undo

        signals.game_moved.connect(receivers.on_game_moved, dispatch_uid="social.on_game_moved")
        signals.bot_answering.connect(undo.bot_hold, dispatch_uid="social.undo_bot_hold")
        signals.seats_resigned.connect(undo.resigned_settle,
                                       dispatch_uid="social.undo_resigned_settle")
        undo.seat_extras_register()
