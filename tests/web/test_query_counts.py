"""Query counts that must not creep back: a move, and every list at 5 and at 60 items.

A move's request does only what the mover waits for (lock, validate, apply, write, commit,
and the reply); everything after the commit is one job (games/aftermove.py), which these tests
catch instead of running, so they count the request alone.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from games import background, services
from games.api import services as api_services
from games.models import Game
from games.play import notify
from games.play.notify import notification_add
from tests.web.conftest import BASE_KINGDOM

SUBMIT_MAX = 11  # every statement, BEGIN and COMMIT included
TRANSACTION_CONTROL = {"BEGIN", "COMMIT", "SAVEPOINT", "RELEASE"}


@pytest.fixture
def jobs(monkeypatch) -> list[tuple]:
    """Background work scheduled (and not run) while the test counts."""
    caught: list[tuple] = []
    monkeypatch.setattr(background, "schedule_named", lambda name, *a: caught.append((name, a)))
    return caught


def _api(user) -> APIClient:
    client = APIClient()
    _, raw = api_services.token_create(user=user, name="q")
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    return client


def _my_decision(game: Game, seat: int) -> dict:
    game.refresh_from_db()
    return next(d for d in game.decisions if d["seat"] == seat)


@pytest.mark.django_db(transaction=True)
def test_an_api_move_costs_at_most_eleven_queries_and_one_job(running_game, alice, jobs):
    client = _api(alice)
    client.get("/api/v1/me/")  # warm the per-process caches (content types, throttles' import)
    for _ in range(6):  # several kinds of move: plays, treasures, buys, the end of a turn
        game = Game.objects.get(pk=running_game.pk)
        seat = next(s.position for s in game.seats.all() if s.user_id == alice.pk)
        if not any(d["seat"] == seat for d in game.decisions):
            services.decision_submit(game_id=game.pk, seat=1 - seat,
                                     decision_id=_my_decision(game, 1 - seat)["id"],
                                     answer=_cheap_answer(_my_decision(game, 1 - seat)))
            continue
        decision = _my_decision(game, seat)
        jobs.clear()
        with CaptureQueriesContext(connection) as queries:
            response = client.post(f"/api/v1/games/{game.pk}/answer/", {
                "decision": decision["id"], "answer": _cheap_answer(decision),
                "step": game.step}, format="json")
        assert response.status_code == 200, response.content
        assert len(queries) <= SUBMIT_MAX, "\n".join(q["sql"][:200] for q in queries)
        assert [name for name, _ in jobs] == ["games.tasks.after_move"]


def _cheap_answer(decision: dict):
    if decision["kind"] == "BuyPhase":
        return {"play": "all"} if decision["treasures"] else {"end": True}
    if decision["kind"] == "PlayAction":
        return []
    return [c["id"] for c in decision.get("cards", [])][: decision.get("min", 0)]


@pytest.mark.django_db(transaction=True)
def test_the_move_itself_is_a_handful_of_queries(running_game, jobs):
    game = Game.objects.get(pk=running_game.pk)
    decision = game.decisions[0]
    with CaptureQueriesContext(connection) as queries:
        services.decision_submit(game_id=game.pk, seat=decision["seat"],
                                 decision_id=decision["id"], answer=_cheap_answer(decision),
                                 step=game.step)
    work = [q["sql"] for q in queries if q["sql"].split()[0] not in TRANSACTION_CONTROL]
    assert len(work) <= 5, work  # lock, the step, the seats, who waits, the game


@pytest.mark.django_db(transaction=True)
def test_reading_my_decisions_is_three_queries(running_game, jobs):
    """The token, the game with my seat, the seats with their clocks and takeovers."""
    mover = running_game.seats.get(position=running_game.decisions[0]["seat"]).user
    client = _api(mover)
    client.get("/api/v1/me/")
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/api/v1/games/{running_game.pk}/decisions/")
    assert response.status_code == 200 and response.json()["decisions"], response.content
    assert len(queries) <= 3, "\n".join(q["sql"][:200] for q in queries)


def _run_job(jobs: list[tuple]) -> list[dict]:
    """Run the after-move job caught while counting its queries."""
    from games import aftermove

    (name, (payload,)), = [job for job in jobs if job[0] == "games.tasks.after_move"]
    with CaptureQueriesContext(connection) as queries:
        assert aftermove.run(payload)
    return queries.captured_queries


@pytest.mark.django_db(transaction=True)
def test_the_after_move_job_reads_everything_with_the_seats(running_game, jobs):
    """No webhook, no standing orders of the game's own, no undo request, no strikes, no
    unread notice: the job learns it with the seats (one query), then only writes: a clock,
    its notice, the clock it ends."""
    for seat in running_game.seats.all():
        notify.prefs_of(seat.user)  # (made on first need, once per user)
    for _ in range(4):  # within a turn and across the change of turn
        game = Game.objects.get(pk=running_game.pk)
        decision = game.decisions[0]
        jobs.clear()
        services.decision_submit(game_id=game.pk, seat=decision["seat"],
                                 decision_id=decision["id"], answer=_cheap_answer(decision),
                                 step=game.step)
        queries = _run_job(jobs)
        reads = [q["sql"] for q in queries if q["sql"].startswith("SELECT")]
        tables = " ".join(r for r in reads if 'FROM "games_seat"' not in r)  # (not the seats')
        for concern in ("play_webhook", "social_undo", "play_standingorderoverride",
                        "play_seattakeover", "play_decisionclock", "play_notification"):
            assert f'FROM "{concern}"' not in tables, reads
        work = [q["sql"] for q in queries if q["sql"].split()[0] not in TRANSACTION_CONTROL]
        assert len(work) <= 4, "\n".join(sql[:200] for sql in work)


def _games(alice, bob, count: int) -> None:
    """`count` games of Alice's: running with Bob (waiting for Alice, who starts), and open."""
    with override_settings(MAX_OPEN_GAMES_PER_USER=count):
        for i in range(count):
            game = services.game_create(creator=alice, seats=["me", "open"],
                                        kingdom=BASE_KINGDOM, turn_order={"first_player": 0})
            if i % 3:
                services.seat_join(game=game, user=bob)
                services.game_start(game=game, user=alice)
            notification_add(user=alice, game_id=game.pk, kind="turn", text="Your turn.",
                             now=game.created_at)


def _counts(alice, bob, count: int) -> dict[str, int]:
    Game.objects.all().delete()
    _games(alice, bob, count)
    api = _api(alice)
    api.get("/api/v1/me/")
    pages = {f"api {f}": f"/api/v1/games/?filter={f}&limit=200"
             for f in ("mine", "waiting", "open", "finished")}
    out = {}
    for name, url in pages.items():
        with CaptureQueriesContext(connection) as queries:
            assert api.get(url).status_code == 200
        out[name] = len(queries)
    web = _web_client(alice)
    for name in ("games:lobby", "games:my_games", "play:notifications"):
        with CaptureQueriesContext(connection) as queries:
            assert web.get(reverse(name)).status_code == 200
        out[name] = len(queries)
    return out


def _web_client(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_every_list_costs_the_same_at_5_and_at_60_games(catalog, alice, bob, jobs):
    few = _counts(alice, bob, 5)
    many = _counts(alice, bob, 60)
    assert many == few
    assert max(few.values()) <= 12, few


@pytest.fixture
def compiles(monkeypatch) -> list[str]:
    """The SQL the ORM compiles (not the prepared queries, whose SQL is compiled once)."""
    from django.db.models.sql import compiler

    seen: list[str] = []
    for kind in (compiler.SQLCompiler, compiler.SQLInsertCompiler, compiler.SQLUpdateCompiler,
                 compiler.SQLDeleteCompiler, compiler.SQLAggregateCompiler):
        original = kind.__dict__["as_sql"]

        def as_sql(self, *a, _original=original, **kw):
            compiled = _original(self, *a, **kw)  # (an insert's: a list of them)
            seen.append(str(compiled))
            return compiled
        monkeypatch.setattr(kind, "as_sql", as_sql)
    return seen


@pytest.mark.django_db(transaction=True)
def test_a_move_and_its_job_compile_no_orm_query(running_game, alice, bob, jobs, compiles):
    """Every statement of a plain move, request and after-move job, is SQL written once per
    process (games/prepared.py): the ORM compiling them was most of their CPU."""
    from games import aftermove, prepared

    clients = {user.pk: _api(user) for user in (alice, bob)}
    users = {s.position: s.user_id for s in running_game.seats.all()}
    for client in clients.values():
        client.get("/api/v1/me/")
    for seat in running_game.seats.all():
        notify.prefs_of(seat.user)  # (made on first need, once per user)
    for _ in range(8):  # plays, buys, the change of turn (a clock started, one ended)
        game = Game.objects.get(pk=running_game.pk)
        decision = game.decisions[0]
        jobs.clear()
        compiles.clear()
        response = clients[users[decision["seat"]]].post(
            f"/api/v1/games/{game.pk}/answer/", {"decision": decision["id"], "step": game.step,
                                                 "answer": _cheap_answer(decision)},
            format="json")
        assert response.status_code == 200, response.content
        (name, (payload,)), = jobs
        assert aftermove.run(payload)
        once = (str(prepared.MARKER_INT), "prepared-")  # (a prepared query's first compile)
        assert [sql for sql in compiles if not any(m in sql for m in once)] == []


def test_a_replay_page_costs_the_same_queries_at_any_step_and_fewer_when_cached(
        client, running_game, play_to_end, make_user):
    game = play_to_end(running_game)
    client.force_login(make_user("carol"))
    url = reverse("games:replay", args=[game.pk])
    client.get(reverse("games:lobby"))  # warm the session and per-process caches

    def count(**params) -> list[str]:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url, params).status_code == 200
        return [q["sql"] for q in queries]

    def steps_read(sqls: list[str]) -> int:
        return sum('FROM "games_gamestep"' in sql for sql in sqls)

    first = count(step=5)  # one pass (turns, VP rows, the frame); the record and the log read
    assert steps_read(first) == 2
    other = [count(**params) for params in ({"step": game.step}, {"step": 11, "seat": 1})]
    assert [len(sqls) for sqls in other] == [len(first) - 1] * 2  # the log is cached
    assert [steps_read(sqls) for sqls in other] == [1, 1]  # the record, for one pass
    again = count(step=5)  # all cached: neither is read
    assert len(again) == len(first) - 2 and steps_read(again) == 0
