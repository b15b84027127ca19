from __future__ import annotations

from urllib.parse import urlsplit

from django.apps import AppConfig
from django.db.models.signals import post_migrate


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games import session_sockets

        post_migrate.connect(_name_the_site, sender=self)
        session_sockets.connect_signals()  # a session's sockets end with it


def _name_the_site(**kwargs) -> None:
    """Emails (password reset...) name the site; replace Django's "example.com" placeholder."""
    from django.conf import settings
    from django.contrib.sites.models import Site

    domain = urlsplit(settings.SITE_URL).netloc or "localhost"
    Site.objects.filter(pk=settings.SITE_ID, domain="example.com").update(
        domain=domain, name="Dominion by the turn"
    )
