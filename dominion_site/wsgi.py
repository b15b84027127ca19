"""WSGI entry point, for plain-HTTP deployments without WebSockets (the site prefers ASGI)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dominion_site.settings")
application = get_wsgi_application()
