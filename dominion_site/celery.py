"""The Celery app: configured from Django settings (CELERY_*), tasks found in installed apps.

Production runs `celery -A dominion_site worker` and `celery -A dominion_site beat` against
REDIS_URL. Embedded mode never starts a worker: games.background runs the same tasks in-process.
"""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dominion_site.settings")

app = Celery("dominion_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
