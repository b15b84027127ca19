"""Settings come from the environment; unset, they fall back to the embedded defaults."""

from __future__ import annotations

import json
import os
import subprocess
import sys

PROBE = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "print(json.dumps([s.DATABASES['default']['ENGINE'], s.DATABASES['default'].get('NAME'), "
    "s.CHANNEL_LAYERS['default']['BACKEND'], s.BACKGROUND_MODE, s.CELERY_BROKER_URL]))"
)


def _settings_with(**env: str) -> list:
    clean = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    clean.update(env, DJANGO_SETTINGS_MODULE="dominion_site.settings")
    out = subprocess.run([sys.executable, "-c", PROBE], env=clean, capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_embedded_defaults_need_no_service():
    engine, _, layer, mode, broker = _settings_with()

    assert engine == "django.db.backends.sqlite3"
    assert layer == "channels.layers.InMemoryChannelLayer"
    assert mode == "thread"
    assert broker == "memory://"


def test_production_reads_database_and_redis_urls():
    engine, name, layer, mode, broker = _settings_with(
        DATABASE_URL="postgres://u:p@db.internal:5432/dominion", REDIS_URL="redis://cache:6379/0")

    assert (engine, name) == ("django.db.backends.postgresql", "dominion")
    assert layer == "games.channel_layer.Layer"  # channels_redis's, with leaner receives
    assert mode == "celery"
    assert broker == "redis://cache:6379/0"


DB_PROBE = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "o = s.DATABASES['default'].get('OPTIONS', {}); "
    "print(json.dumps([o.get('server_side_binding'), o.get('prepare_threshold'), "
    "'pool' in o, s.CHANNEL_LAYERS['default']['CONFIG']['hosts'][0]['max_connections']]))"
)


def _database_options(**env: str) -> list:
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith(("DB_", "DATABASE_URL", "REDIS_URL"))}
    clean.update(env, DJANGO_SETTINGS_MODULE="dominion_site.settings",
                 DATABASE_URL="postgres://u:p@db.internal:5432/dominion",
                 REDIS_URL="redis://cache:6379/0")
    out = subprocess.run([sys.executable, "-c", DB_PROBE], env=clean, capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_postgresql_binds_server_side_so_pooled_connections_prepare_hot_statements():
    assert _database_options() == [True, 5, True, 1000]
    assert _database_options(DB_PREPARE_THRESHOLD="2") == [True, 2, True, 1000]


def test_server_side_binding_is_off_behind_pgbouncer_or_when_asked():
    assert _database_options(DB_PGBOUNCER="1")[:2] == [None, None]
    assert _database_options(DB_SERVER_BINDING="0")[:3] == [None, None, True]
