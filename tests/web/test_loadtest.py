"""The load benchmark's own arithmetic and players (the run itself: ./scripts/loadtest)."""

from __future__ import annotations

import asyncio
import random

import pytest

import engine
from loadtest import players, stack
from loadtest.__main__ import _summary, parse, percentile

FIRST_GAME = ["Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy",
              "Village", "Workshop"]


def test_percentiles_pick_from_the_sorted_values():
    values = list(range(100, 0, -1))
    assert [percentile(values, p) for p in (50, 95, 99)] == [51, 96, 100]
    assert percentile([], 50) != percentile([], 50)  # NaN: nothing measured


def test_cpu_is_counted_per_role_and_new_processes_count_whole():
    before = {"web": {1: 2.0, 2: 1.0}, "database": {9: 5.0}}
    after = {"web": {1: 2.5, 2: 1.25, 3: 0.5}, "database": {9: 5.5}}
    assert stack.cpu_used(before, after) == {"web": 1.25, "database": 0.5}


def test_cpu_per_move_adds_web_database_and_workers():
    metrics = players.Metrics(moves={(1, s) for s in range(10)}, submits=[0.01] * 4)
    out = _summary(3, metrics, {}, {"web": 0.5, "database": 0.25, "worker": 0.2, "beat": 0.05},
                   seconds=5.0)
    assert out["moves_per_s"] == 2.0
    assert out["cpu_ms_per_move"] == {"web": 50.0, "database": 25.0, "worker": 25.0,
                                      "total": 100.0}


def test_the_players_answers_are_legal_until_the_game_ends():
    table = engine.new_game({"players": 2, "kingdom": FIRST_GAME, "edition": 2}, "load")
    rng = random.Random(3)
    for _ in range(3000):
        if table.over:
            break
        decision = table.pending()[0].to_dict()
        table.answer(decision["seat"], decision["id"], players.choose(decision, rng))
    assert table.over


def test_the_run_is_bounded_by_default():
    args = parse([])
    assert args.seconds <= 60 and args.max_requests <= 500_000
    assert stack.HOST == "127.0.0.1"


class _Reply:
    def __init__(self, body: dict) -> None:
        self.status_code, self.body = 200, body

    def json(self) -> dict:
        return self.body


def _table_client(views: list[dict]) -> tuple[players.User, list[str]]:
    """A table client whose requests answer the given views in turn (no server)."""
    user = players.User(0, "token", "http://127.0.0.1:1", None, players.Metrics(), table=True)
    paths: list[str] = []

    async def request(method: str, path: str, body: dict | None = None) -> _Reply:
        paths.append(f"{method} {path}")
        return _Reply(views.pop(0))

    user.request = request  # type: ignore[method-assign]
    return user, paths


def _view(step: int, pending: list[dict]) -> dict:
    return {"seat": 1, "step": step, "over": False, "pending": pending}


def test_a_table_client_reads_the_view_of_moves_it_did_not_make():
    mine, theirs = {"id": "d2", "seat": 1}, {"id": "d3", "seat": 0}
    user, paths = _table_client([_view(7, [mine, theirs])])
    user.mine.add((5, 6))  # my own answer made step 6: its reply brought the view

    async def run() -> dict | None:
        user._got({"type": "game_moved", "game": 5, "step": 6})
        user._got({"type": "game_moved", "game": 5, "step": 7})
        return await players._decisions(user, 5, step=7)

    assert asyncio.run(run()) == {"step": 7, "status": "running", "decisions": [mine]}
    assert paths == ["GET /games/5/view/"]  # one read, for step 7 only; no /decisions/


def test_a_table_client_reads_again_when_its_last_view_is_older_than_its_turn():
    user, paths = _table_client([_view(7, []), _view(9, [{"id": "d4", "seat": 1}])])

    async def run() -> dict | None:
        user._got({"type": "game_moved", "game": 5, "step": 7})
        return await players._decisions(user, 5, step=9)

    assert asyncio.run(run())["decisions"] == [{"id": "d4", "seat": 1}]
    assert paths == ["GET /games/5/view/", "GET /games/5/view/"]


def test_a_bot_client_reads_only_its_decisions():
    user, paths = _table_client([{"step": 3, "decisions": []}])
    user.table = False
    user._got({"type": "game_moved", "game": 5, "step": 3})
    assert asyncio.run(players._decisions(user, 5)) == {"step": 3, "decisions": []}
    assert paths == ["GET /games/5/decisions/"]


def test_a_bot_client_answers_its_turn_from_the_event_without_reading():
    buy = {"id": "d9", "seat": 1, "kind": "BuyPhase", "treasures": [], "piles": []}
    user, paths = _table_client([{"step": 3, "status": "running", "decisions": []},
                                 {"step": 5, "status": "finished", "decisions": []}])
    user.table = False

    async def run() -> None:
        seat = asyncio.create_task(players.play_seat(user, 5, 0.0, random.Random(1),
                                                     asyncio.Event()))
        await asyncio.sleep(0.01)  # it read its decisions (none) and waits for an event
        user._got({"v": 1, "type": "your_turn", "game": 5, "step": 4, "decisions": ["d9"],
                   "pending": [buy]})
        await asyncio.wait_for(seat, 5)

    asyncio.run(run())
    assert paths == ["GET /games/5/decisions/", "POST /games/5/answer/"]


def test_a_waiting_client_reads_again_only_after_its_game_fell_silent(monkeypatch):
    """Moves of the game push the fallback read back; silence past the wait brings it.
    (Margins wide enough for a loaded machine: a 0.1 s sleep would have to take a whole
    second for the read to come early; 0.2 s moves against a 0.3 s wait failed under load.)"""
    monkeypatch.setattr(players, "EVENT_WAIT", 1.0)
    user, _ = _table_client([])

    async def run() -> tuple[float, dict | None]:
        wait = asyncio.create_task(players._next_event(user, 5, 3, asyncio.Event(), 1.0))
        started = asyncio.get_running_loop().time()
        for step in (4, 5, 6):  # the other player moves every 0.1 s: never 1 s of silence
            await asyncio.sleep(0.1)
            assert not wait.done()
            user._got({"type": "game_moved", "game": 5, "step": step})
        got = await asyncio.wait_for(wait, 10)
        return asyncio.get_running_loop().time() - started, got

    took, got = asyncio.run(run())
    assert got is None and took >= 1.25  # the last move's time and a whole second more


def test_errors_say_when_they_happened_outside_the_window():
    metrics = players.Metrics(window=[10.0, 20.0])
    for at in (5.0, 15.0, 25.0, 26.0):
        metrics.error("ReadError (GET /games/N/view/)", at)
    assert metrics.errors == {"ReadError (GET /games/N/view/), before the window": 1,
                              "ReadError (GET /games/N/view/)": 1,
                              "ReadError (GET /games/N/view/), after the window": 2}


def test_the_benchmarks_refuse_a_server_elsewhere_than_127_0_0_1():
    assert stack.local_only("redis://127.0.0.1:6379/7", "REDIS_URL") == "redis://127.0.0.1:6379/7"
    for url in ("redis://localhost:6379/0", "postgres://u:p@db.internal/x", ""):
        with pytest.raises(SystemExit):
            stack.local_only(url, "REDIS_URL")
