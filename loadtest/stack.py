"""The production processes, started locally on 127.0.0.1 for a load run, and their CPU clocks.

PostgreSQL and Redis are private instances on free ports (a fresh cluster in a temporary
directory, as the CI's are set up), unless the caller names running ones; nothing already
running is touched. Then migrate, two uvicorn processes, a Celery worker and beat, exactly as
docs/production.md runs them.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # this checkout: the load test's own code
TICK = os.sysconf("SC_CLK_TCK")
HOST = "127.0.0.1"


def local_only(url: str, name: str) -> str:
    """`url` if it names a server on 127.0.0.1; else stop: a benchmark talks to nothing else."""
    from urllib.parse import urlparse

    if urlparse(url).hostname != HOST:
        sys.exit(f"{name} must name a server on {HOST}")
    return url


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def wait_port(port: int, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection((HOST, port), timeout=1):
            return
        time.sleep(0.2)
    raise RuntimeError(f"nothing listens on {HOST}:{port} after {seconds:.0f} s")


def cpu_seconds(pid: int) -> float:
    """User + system CPU of one process (all its threads) and of its children that ended
    (PostgreSQL's short-lived backends), from /proc/<pid>/stat."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = text[text.rindex(")") + 2:].split()
    return sum(int(f) for f in fields[11:15]) / TICK


def tree(pid: int) -> list[int]:
    """`pid` and every descendant (celery's pool children, PostgreSQL's backends)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, ValueError, IndexError):
            text = (entry / "stat").read_text()
            parent = int(text[text.rindex(")") + 2:].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        current = todo.pop()
        out.append(current)
        todo.extend(children.get(current, ()))
    return out


@dataclass
class Stack:
    """What a run started, and how to measure and stop it."""

    database_url: str
    redis_url: str
    ports: list[int]
    workdir: Path
    site: Path = ROOT  # the checkout served (another one measures "before" in one sitting)
    roles: dict[str, list[subprocess.Popen]] = field(default_factory=dict)
    pg_pid: int | None = None
    db_name: str = ""
    pg_stats: bool = False  # pg_stat_statements in the private cluster (--pg-stats)
    _log_at: int = 0
    _pg_stop: list[str] | None = None
    _owned: list[subprocess.Popen] = field(default_factory=list)

    def cpu(self) -> dict[str, dict[int, float]]:
        """Per role, CPU seconds of every process of that role, by pid."""
        out: dict[str, dict[int, float]] = {}
        for role, procs in self.roles.items():
            pids = [p for proc in procs for p in tree(proc.pid)]
            out[role] = {pid: cpu_seconds(pid) for pid in pids}
        out["database"] = {pid: cpu_seconds(pid) for pid in self._db_pids()}
        return out

    def _db_pids(self) -> list[int]:
        if self.pg_pid is not None:
            return tree(self.pg_pid)
        return _backends_of(self.database_url, self.db_name)

    def stop(self) -> None:
        for procs in reversed(list(self.roles.values())):
            for proc in procs:
                with contextlib.suppress(OSError):
                    proc.terminate()
        for proc in [p for procs in self.roles.values() for p in procs] + self._owned:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=15)
            if proc.poll() is None:
                proc.kill()
        for proc in self._owned:
            if proc.poll() is None:
                proc.terminate()
        if self._pg_stop:
            subprocess.run(self._pg_stop, capture_output=True, timeout=60)
        self.print_problems()
        shutil.rmtree(self.workdir, ignore_errors=True)

    def print_problems(self, lines: int = 60) -> None:
        """The errors the site's processes logged (their logs go with the work directory)."""
        for path in sorted(self.workdir.glob("*.log")):
            text = path.read_text(errors="replace").splitlines()
            found = [i for i, line in enumerate(text) if "Traceback" in line or "ERROR" in line]
            if found:
                start = found[0]
                print(f"--- {path.name}: {len(found)} error lines; the first:", file=sys.stderr)
                print("\n".join(text[start:start + lines]), file=sys.stderr, flush=True)


def cpu_used(before: dict[str, dict[int, float]], after: dict[str, dict[int, float]]) -> dict:
    """CPU seconds spent per role between two readings (processes born meanwhile count whole)."""
    return {role: sum(t - before.get(role, {}).get(pid, 0.0) for pid, t in pids.items())
            for role, pids in after.items()}


def _backends_of(database_url: str, name: str) -> list[int]:
    import psycopg

    with psycopg.connect(database_url, autocommit=True) as conn:
        rows = conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s "
                            "AND pid <> pg_backend_pid()", [name]).fetchall()
    return [row[0] for row in rows]


# --- starting it -------------------------------------------------------------------------


def _as_postgres(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


def _pg_bin() -> Path:
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
    if not versions:
        raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql), "
                           "or pass --database-url")
    return versions[-1]


def start_postgres(stack: Stack) -> str:
    """A private cluster on a free port; returns its server URL (no database name)."""
    bin_dir, data = _pg_bin(), stack.workdir / "pg"
    data.mkdir()
    if os.geteuid() == 0:
        shutil.chown(stack.workdir, "postgres")
        shutil.chown(data, "postgres")
    subprocess.run(_as_postgres([str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres",
                                 "--auth=trust", "-E", "UTF8"]),
                   check=True, capture_output=True, cwd="/tmp")
    port = free_port()
    options = (f"-p {port} -k {data} -c listen_addresses={HOST} -c max_connections=300 "
               "-c shared_buffers=128MB")
    if stack.pg_stats:
        options += (" -c shared_preload_libraries=pg_stat_statements -c log_connections=on"
                    " -c log_disconnections=on")
    subprocess.run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options,
                                 "-l", str(data / "log"), "-w", "start"]),
                   check=True, capture_output=True, cwd="/tmp")
    stack._pg_stop = _as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast",
                                   "stop"])
    stack.pg_pid = int((data / "postmaster.pid").read_text().split()[0])
    return f"postgres://postgres@{HOST}:{port}"


def start_redis(stack: Stack) -> str:
    if not shutil.which("redis-server"):
        raise RuntimeError("redis-server is not installed (apt-get install redis-server), "
                           "or pass --redis-url")
    port = free_port()
    proc = subprocess.Popen(["redis-server", "--port", str(port), "--bind", HOST, "--save", "",
                             "--appendonly", "no", "--dir", str(stack.workdir)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stack._owned.append(proc)
    wait_port(port)
    return f"redis://{HOST}:{port}/0"


def site_env(stack: Stack, extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "DJANGO_"))}
    env.update({
        # (the pool is the default since; an older checkout served by --site needs it asked)
        "DATABASE_URL": stack.database_url, "REDIS_URL": stack.redis_url, "DB_POOL": "1",
        "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": f"{HOST},localhost",
        # the served site first; this checkout after it, for `loadtest.seed`
        "PYTHONPATH": os.pathsep.join(dict.fromkeys([str(stack.site), str(ROOT)])),
        "DJANGO_SETTINGS_MODULE": "dominion_site.settings",
        # The quotas are a policy, not a cost: a load run measures the cost.
        "API_RATE_READ": "1000000/min", "API_RATE_WRITE": "1000000/min",
        "API_RATE_CREATE_GAME": "1000000/hour", "LOG_LEVEL": "WARNING",
        "STATIC_ROOT": str(stack.workdir / "static"),
    })
    env.pop("CACHE_KEY_PREFIX", None)
    env.update(extra or {})
    return env


def manage(stack: Stack, *args: str, extra: dict[str, str] | None = None) -> str:
    done = subprocess.run([sys.executable, str(stack.site / "manage.py"), *args], cwd=stack.site,
                          env=site_env(stack, extra), capture_output=True, text=True, timeout=600)
    if done.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stderr[-3000:]}")
    return done.stdout


def _spawn(stack: Stack, role: str, cmd: list[str], extra: dict[str, str] | None) -> None:
    log = open(stack.workdir / f"{role}-{len(stack.roles.get(role, []))}.log", "w")  # noqa: SIM115
    env = site_env(stack, extra)
    env["PGAPPNAME"] = role  # libpq: tells the connections of each role apart (--pg-stats)
    proc = subprocess.Popen(cmd, cwd=stack.site, env=env, stdout=log,
                            stderr=subprocess.STDOUT)
    stack.roles.setdefault(role, []).append(proc)


def start(*, database_url: str | None, redis_url: str | None, web: int = 2,
          extra_env: dict[str, str] | None = None, site: Path = ROOT,
          pg_stats: bool = False, worker_pool: str = "prefork") -> Stack:
    """Everything a load run needs, ready to take requests. The caller must call stop()."""
    for url, name in ((database_url, "--database-url"), (redis_url, "--redis-url")):
        if url:
            local_only(url, name)
    workdir = Path(tempfile.mkdtemp(prefix="loadtest-"))
    stack = Stack(database_url="", redis_url="", ports=[], workdir=workdir,
                  site=Path(site).resolve(), pg_stats=pg_stats and not database_url)
    try:
        server = database_url or start_postgres(stack)
        stack.redis_url = redis_url or start_redis(stack)
        stack.db_name = f"loadtest_{secrets.token_hex(3)}" if not database_url else \
            database_url.rsplit("/", 1)[1]
        if not database_url:
            _create_database(server, stack.db_name)
            stack.database_url = f"{server}/{stack.db_name}"
        else:
            stack.database_url = database_url
        if stack.pg_stats:
            _sql(stack.database_url, "CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        for command in (["migrate", "--noinput"], ["sync_cards"], ["load_kingdoms"]):
            manage(stack, *command, extra=extra_env)
        bin_dir = Path(sys.executable).parent
        for _ in range(web):
            port = free_port()
            stack.ports.append(port)
            _spawn(stack, "web", [str(bin_dir / "uvicorn"), "dominion_site.asgi:application",
                                  "--host", HOST, "--port", str(port), "--lifespan", "off",
                                  "--ws-max-size", "65536", "--no-access-log",
                                  "--log-level", "warning"], extra_env)
        _spawn(stack, "worker", [str(bin_dir / "celery"), "-A", "dominion_site", "worker",
                                 "-Q", "celery,webhooks", "-l", "warning", "--concurrency", "2",
                                 "--pool", worker_pool,
                                 "--without-gossip", "--without-mingle", "--without-heartbeat"],
               extra_env)
        _spawn(stack, "beat", [str(bin_dir / "celery"), "-A", "dominion_site", "beat",
                               "-l", "warning", "-s", str(workdir / "beat-schedule")], extra_env)
        for port in stack.ports:
            wait_port(port)
    except BaseException:
        stack.stop()
        raise
    return stack


def _create_database(server: str, name: str) -> None:
    import psycopg

    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')


def _sql(url: str, query: str) -> list[tuple]:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        cursor = conn.execute(query)
        return cursor.fetchall() if cursor.description else []


def pg_reset(stack: Stack) -> None:
    """Zero the statement and database counters (the start of a measured window)."""
    if stack.pg_stats:
        _sql(stack.database_url, "SELECT pg_stat_statements_reset(), pg_stat_reset()")
        stack._log_at = (stack.workdir / "pg" / "log").stat().st_size


def _sessions_by_role(stack: Stack) -> Counter:
    """Connections opened since pg_reset(), by application name (the role that opened it)."""
    with open(stack.workdir / "pg" / "log", errors="replace") as log:
        log.seek(stack._log_at)
        found = re.findall(r"connection authorized: .*?application_name=(\S+)", log.read())
    return Counter(found)


def pg_report(stack: Stack, moves: int, top: int = 15) -> str:
    """Statements by total execution time, and sessions/commits, per move of the window."""
    if not stack.pg_stats or not moves:
        return ""
    rows = _sql(stack.database_url, f"""
        SELECT calls, total_exec_time, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 110)
        FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT {int(top)}""")
    db = _sql(stack.database_url, f"""
        SELECT xact_commit, xact_rollback, sessions, tup_returned, tup_fetched, tup_inserted,
               tup_updated, blks_hit FROM pg_stat_database WHERE datname = '{stack.db_name}'""")
    calls = _sql(stack.database_url, "SELECT sum(calls), sum(total_exec_time) "
                                     "FROM pg_stat_statements")[0]
    out = [f"per move: statements {float(calls[0] or 0) / moves:.1f}, "
           f"exec ms {float(calls[1] or 0) / moves:.2f}"]
    names = ("commits", "rollbacks", "sessions", "tup_returned", "tup_fetched", "inserted",
             "updated", "blks_hit")
    out.append(", ".join(f"{n} {float(v or 0) / moves:.1f}" for n, v in zip(names, db[0])))
    out.append("connections opened per move: " + ", ".join(
        f"{role} {n / moves:.2f}" for role, n in _sessions_by_role(stack).most_common()))
    out += [f"{c / moves:7.2f} calls {t / moves:7.3f} ms {r / moves:7.1f} rows  {q}"
            for c, t, r, q in rows]
    return "\n".join(out)
