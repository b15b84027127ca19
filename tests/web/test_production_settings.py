"""Production mode: no start without a real SECRET_KEY, HTTPS settings behind a TLS proxy, a
shared cache, and `manage.py check --deploy` clean with the environment that
docs/production.md documents. Each case loads the settings in a fresh process."""

from __future__ import annotations

import json
import os
import re
import secrets
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache.backends.redis import RedisCache
from django.utils.module_loading import import_string

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "print(json.dumps({k: getattr(s, k, None) for k in ("
    "'PRODUCTION', 'SESSION_COOKIE_SECURE', 'CSRF_COOKIE_SECURE', 'SECURE_SSL_REDIRECT', "
    "'SECURE_HSTS_SECONDS', 'SECURE_PROXY_SSL_HEADER', 'CACHES', 'SECRET_KEY', 'DATABASES', "
    "'CONTENT_SECURITY_POLICY_ENFORCE', 'CHANNEL_LAYERS')}))"
)
# What the process inherits that would change the answer; each case sets its own.
CONTROLLED = {"SECRET_KEY", "REDIS_URL", "DATABASE_URL", "DJANGO_PRODUCTION", "BEHIND_TLS_PROXY",
              "SECURE_COOKIES", "CACHE_URL", "CACHE_KEY_PREFIX", "DJANGO_DEBUG", "CONN_MAX_AGE",
              "DB_POOL", "DB_POOL_MAX_SIZE", "DB_POOL_MIN_SIZE", "DB_POOL_TIMEOUT", "DB_PGBOUNCER",
              "CONTENT_SECURITY_POLICY_ENFORCE"}
PG_URL = "postgres://dominion:secret@db.internal:5432/dominion"
REAL_KEY = secrets.token_urlsafe(50)


def _env(**env: str) -> dict[str, str]:
    clean = {k: v for k, v in os.environ.items() if k not in CONTROLLED}
    return {**clean, **env, "DJANGO_SETTINGS_MODULE": "dominion_site.settings"}


def _settings(**env: str) -> dict:
    out = subprocess.run([sys.executable, "-c", PROBE], env=_env(**env), cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    if out.returncode:
        raise RuntimeError(out.stderr.strip().splitlines()[-1])
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("env", [
    {"REDIS_URL": "redis://redis.internal:6379/0"},
    {"BEHIND_TLS_PROXY": "1"},
    {"DJANGO_PRODUCTION": "1"},
], ids=["redis", "tls-proxy", "declared"])
def test_each_way_into_production_mode_needs_a_key(env):
    with pytest.raises(RuntimeError, match="production mode needs a real SECRET_KEY"):
        _settings(**env)


@pytest.mark.parametrize("key", [
    "", "embedded-only-insecure-key-set-SECRET_KEY-in-production-0123456789",
    "too-short", "django-insecure-" + "x" * 60, "ab" * 40,
], ids=["empty", "placeholder", "short", "django-insecure", "two-letters"])
def test_production_refuses_a_key_that_is_not_a_real_one(key):
    with pytest.raises(RuntimeError, match="production mode needs a real SECRET_KEY"):
        _settings(REDIS_URL="redis://redis.internal:6379/0", SECRET_KEY=key)


def test_embedded_mode_starts_with_the_placeholder():
    loaded = _settings()

    assert loaded["PRODUCTION"] is False
    assert loaded["SECRET_KEY"].startswith("embedded-only-insecure")
    assert loaded["CACHES"]["default"]["BACKEND"].endswith("LocMemCache")
    assert loaded["SESSION_COOKIE_SECURE"] is False and loaded["SECURE_HSTS_SECONDS"] == 0
    assert loaded["CONTENT_SECURITY_POLICY_ENFORCE"] is False  # reported only


def test_production_with_redis_shares_its_cache():
    loaded = _settings(REDIS_URL="redis://redis.internal:6379/0", SECRET_KEY=REAL_KEY)

    assert loaded["PRODUCTION"] is True and loaded["SECRET_KEY"] == REAL_KEY
    assert loaded["CONTENT_SECURITY_POLICY_ENFORCE"] is True
    cache = loaded["CACHES"]["default"]
    backend = import_string(cache["BACKEND"])
    assert issubclass(backend, RedisCache)
    assert cache["LOCATION"] == "redis://redis.internal:6379/0"


def test_postgresql_connections_come_from_a_pool_per_process():
    database = _settings(DATABASE_URL=PG_URL, CONN_MAX_AGE="60",
                         DB_POOL_MAX_SIZE="8")["DATABASES"]["default"]

    assert database["OPTIONS"]["pool"] == {"min_size": 2, "max_size": 8, "timeout": 10.0}
    assert database["CONN_MAX_AGE"] == 0  # persistent connections pile up under ASGI


def test_the_pool_can_be_turned_off():
    database = _settings(DATABASE_URL=PG_URL, DB_POOL="0")["DATABASES"]["default"]

    assert "pool" not in database.get("OPTIONS", {})


def test_behind_pgbouncer_the_processes_keep_no_pool_and_no_server_side_cursors():
    database = _settings(DATABASE_URL=PG_URL, DB_PGBOUNCER="1")["DATABASES"]["default"]

    assert "pool" not in database.get("OPTIONS", {})
    assert database["DISABLE_SERVER_SIDE_CURSORS"] is True


@pytest.mark.parametrize("env", [{"BEHIND_TLS_PROXY": "1"}, {"DJANGO_PRODUCTION": "1"}],
                         ids=["tls-proxy", "declared"])
def test_https_settings_are_on_without_secure_cookies_being_asked_for(env):
    loaded = _settings(SECRET_KEY=REAL_KEY, **env)

    assert loaded["SESSION_COOKIE_SECURE"] is True and loaded["CSRF_COOKIE_SECURE"] is True
    assert loaded["SECURE_SSL_REDIRECT"] is True
    assert loaded["SECURE_HSTS_SECONDS"] >= 31_536_000


def documented_environment() -> dict[str, str]:
    """The `export` lines of docs/production.md's Environment section, as a shell reads them."""
    text = (ROOT / "docs" / "production.md").read_text()
    block = re.search(r"## Environment\s+```sh\n(.*?)```", text, re.S).group(1)
    env: dict[str, str] = {}
    for line in block.splitlines():
        if line.startswith("export "):
            for word in shlex.split(line[len("export "):], comments=True):
                name, _, value = word.partition("=")
                env[name] = value
    return env


def test_check_deploy_is_clean_with_the_documented_environment(tmp_path):
    env = documented_environment()
    assert {"SECRET_KEY", "REDIS_URL", "BEHIND_TLS_PROXY", "ALLOWED_HOSTS"} <= set(env)
    env.update(SECRET_KEY=REAL_KEY, STATIC_ROOT=str(tmp_path))  # the doc's key is a placeholder

    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        env=_env(**env), cwd=ROOT, capture_output=True, text=True, timeout=120)

    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues" in out.stdout
