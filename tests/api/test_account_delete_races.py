"""An account deleted while a request of its own writes a row for it (a token, a game...).

Django's delete() collects every row to cascade or set null, then sends pre_delete, whose
receiver took the account's lock: a row committed in between was not collected, and the
deletion failed at commit (an IntegrityError: a 500 for staff). account_delete takes the lock
first, so the deletion collects every row written before it, and a writer arriving after it
waits and is refused (it ignored lock_account's False and wrote a row that failed at commit).

The interleavings need a database whose locks are rows' (PostgreSQL): SQLite's write lock
takes turns a whole transaction at a time. The rounds of calls sent at once run on both.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from games import limits, services
from games.api import account_removal
from games.api import services as api_services
from games.api.models import ApiToken
from games.exceptions import GameError
from games.models import Game
from games.play import webhooks
from games.play.models import Webhook
from tests.at_once import at_once
from tests.web.conftest import BASE_KINGDOM

pytestmark = pytest.mark.django_db(transaction=True)

User = get_user_model()
ROUNDS = 5

WRITERS: dict[str, Callable[[Any], Any]] = {
    "token": lambda user: api_services.token_create(user=user, name="as it goes"),
    "webhook": lambda user: webhooks.webhook_create(user=user, url="http://127.0.0.1:8009/"),
    # (a game's rows only point at the account with SET_NULL, which Django updates lazily, at
    # the DELETE: the cascades (tokens, webhooks, chat lines...) are those it collects early)
    "game": lambda user: services.game_create(creator=user, seats=["me", "open"],
                                              kingdom=BASE_KINGDOM),
}
REFUSALS = (ValueError, GameError)  # the token's and webhook's, the game's (NotAllowed: 403)


@pytest.fixture(autouse=True)
def _loopback_webhooks(settings) -> None:
    settings.WEBHOOK_ALLOW_LOOPBACK = True


@pytest.fixture
def postgresql() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("row locks: PostgreSQL (DATABASE_URL)")


def _rows_left(pk: int) -> tuple[int, int, int]:
    return (ApiToken.objects.filter(user_id=pk).count(),
            Webhook.objects.filter(user_id=pk).count(),
            Game.objects.filter(seats__user_id=pk).count())


class _Writer(threading.Thread):
    """A request of the account's own, on its own connection; `waiting` once it is blocked on
    a lock (PostgreSQL's pg_locks)."""

    def __init__(self, call: Callable[[], Any]) -> None:
        super().__init__()
        self.call, self.outcome, self.pid = call, None, None
        self.started_up = threading.Event()

    def run(self) -> None:
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_backend_pid()")
                self.pid = cursor.fetchone()[0]
            self.started_up.set()
            self.outcome = self.call()
        except Exception as exc:  # asserted on by the test
            self.outcome = exc
        finally:
            self.started_up.set()
            connection.close()

    def wait_until_blocked(self, seconds: float = 20) -> None:
        assert self.started_up.wait(seconds)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and self.is_alive():
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1 FROM pg_locks WHERE pid = %s AND NOT granted",
                               [self.pid])
                if cursor.fetchone():
                    return
            time.sleep(0.02)
        raise AssertionError(f"the writer never waited on a lock: {self.outcome!r}")


def _on_the_deletions_first_lock(monkeypatch, act: Callable[[Any], bool]) -> None:
    """Run `act(real lock_account)` at the deletion's first lock_account (this thread's),
    in place of it."""
    real = limits.lock_account
    deleting = threading.current_thread()
    done = []

    def lock_account(user) -> bool:
        if threading.current_thread() is deleting and not done:
            done.append(True)
            return act(lambda: real(user))
        return real(user)

    monkeypatch.setattr(limits, "lock_account", lock_account)


@pytest.mark.parametrize("writer", WRITERS)
def test_a_row_committed_as_the_deletion_begins_goes_with_the_account(
        postgresql, catalog, make_user, monkeypatch, writer):
    """The writer commits after the deletion started and before its lock: before, that was
    after Django had collected the rows (pre_delete), and the DELETE failed at commit."""
    leaving = make_user("leaving")
    written = []

    def write_then_lock(lock: Callable[[], bool]) -> bool:
        thread = _Writer(lambda: WRITERS[writer](leaving))
        thread.start()
        thread.join(60)
        written.append(thread.outcome)
        return lock()

    _on_the_deletions_first_lock(monkeypatch, write_then_lock)
    pk = leaving.pk
    assert account_removal.account_delete(User.objects.get(pk=pk)) is True
    assert not isinstance(written[0], Exception), written
    assert not User.objects.filter(pk=pk).exists()
    assert _rows_left(pk) == (0, 0, 0)


@pytest.mark.parametrize("writer", WRITERS)
def test_a_writer_arriving_after_the_deletions_lock_waits_and_is_refused(
        postgresql, catalog, make_user, monkeypatch, writer):
    """It found the account gone (lock_account's False), ignored it, and wrote a row for no
    account: an IntegrityError at its commit (a 500)."""
    leaving = make_user("leaving")
    threads = []

    def lock_then_let_write(lock: Callable[[], bool]) -> bool:
        held = lock()
        thread = _Writer(lambda: WRITERS[writer](leaving))
        thread.start()
        thread.wait_until_blocked()  # on the account's row, until the deletion commits
        threads.append(thread)
        return held

    _on_the_deletions_first_lock(monkeypatch, lock_then_let_write)
    pk = leaving.pk
    assert account_removal.account_delete(User.objects.get(pk=pk)) is True
    threads[0].join(60)
    outcome = threads[0].outcome
    assert isinstance(outcome, REFUSALS), outcome
    assert str(getattr(outcome, "detail", outcome)) == limits.ACCOUNT_GONE
    assert _rows_left(pk) == (0, 0, 0)


@pytest.mark.parametrize("writer", WRITERS)
def test_a_deletion_sent_with_writes_of_the_account_never_fails(catalog, make_user, writer):
    for n in range(ROUNDS):
        leaving = make_user(f"leaving{n}")
        pk = leaving.pk
        outcomes = at_once([
            lambda pk=pk: account_removal.account_delete(User.objects.get(pk=pk)),
            lambda user=leaving: WRITERS[writer](user),
            lambda user=leaving: WRITERS[writer](user),
        ])
        assert outcomes[0] is True, outcomes
        unexpected = [o for o in outcomes[1:]
                      if isinstance(o, Exception) and not isinstance(o, REFUSALS)]
        assert unexpected == [], unexpected
        assert _rows_left(pk) == (0, 0, 0)
