"""The Celery app: configured from Django settings (CELERY_*), tasks found in installed apps.

Production runs `celery -A dominion_site worker` and `celery -A dominion_site beat` against
REDIS_URL. Embedded mode never starts a worker: games.background runs the same tasks in-process.
"""

from __future__ import annotations

import os

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dominion_site.settings")

app = Celery("dominion_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Celery's Django fixup closes the database connections before and after every task, and in a
# prefork worker with the connection pool (on by default) it closes the whole pool too, so each
# task opened fresh PostgreSQL sessions: 3.6 per move, most of the database's CPU per move
# (scripts/loadtest --pg-stats). Its closing is put off indefinitely here (DB_REUSE_MAX) and
# done as a Django request does it instead: a connection past CONN_MAX_AGE, or broken, is
# closed, which with the pool hands it back to the process's pool, kept open for the next task.
app.conf.update(CELERY_DB_REUSE_MAX=2**62)


def _release_connections(sender=None, **kwargs) -> None:
    """Before and after each task, as request_started/request_finished do for a request."""
    if getattr(getattr(sender, "request", None), "is_eager", False):
        return  # run inline inside the caller's transaction: not ours to close
    from django.db import close_old_connections

    close_old_connections()


signals.task_prerun.connect(_release_connections, weak=False,
                            dispatch_uid="dominion-release-connections-pre")
signals.task_postrun.connect(_release_connections, weak=False,
                             dispatch_uid="dominion-release-connections-post")
