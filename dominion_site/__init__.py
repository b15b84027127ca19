"""The Django project. Importing it loads the Celery app so that @shared_task binds to it, and
registers the `<id:...>` path converter every URL module of the site uses."""

from . import converters  # noqa: F401  (before any urls or routing module is read)
from .celery import app as celery_app

__all__ = ["celery_app"]
