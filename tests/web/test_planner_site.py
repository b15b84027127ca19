"""The planner on the site: it plans in the bot's task, once per table, stores the plan for
every worker, and two workers meeting a new table at once plan it once."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from engine.bots import planner
from engine.bots.common import SeatView
from games import services
from games.models import GameStatus
from games.strategies import services as strategy_services
from games.strategies.models import Plan

STORED = {"name": "stored-plan", "buy": ["Province", "Gold", "Smithy", "Silver"]}


@pytest.fixture
def planning(monkeypatch):
    """A small tournament, an empty in-process cache, and a count of the plans made."""
    made = []
    real = planner.make_plan
    monkeypatch.setattr(planner, "ROUNDS", ((2, 2), (2, 1)))
    monkeypatch.setattr(planner, "FINAL_HEAD_TO_HEAD", 2)
    monkeypatch.setattr(planner, "_PLANS", type(planner._PLANS)())

    def counted(key, report=None):
        made.append(key)
        return real(key, report)

    monkeypatch.setattr(planner, "make_plan", counted)
    cache.clear()
    return made


def _key(kingdom) -> tuple:
    import engine

    return SeatView(engine.new_game({"players": 2, "kingdom": kingdom}, "k"), 0).setup_key()


def test_a_planner_seat_plays_and_its_table_is_planned_once(catalog, alice, base_kingdom,
                                                            committed, planning, monkeypatch):
    for _ in range(2):
        game = services.game_create(creator=alice, seats=["planner", "bmu"], kingdom=base_kingdom)
        with committed():
            services.game_start(game=game, user=alice)
        game.refresh_from_db()
        assert game.status == GameStatus.FINISHED
        monkeypatch.setattr(planner, "_PLANS", type(planner._PLANS)())  # another worker
    assert len(planning) == 1
    row = Plan.objects.get()
    assert row.key_hash == strategy_services.plan_hash(planning[0])
    assert row.definition["planner"]["finalists"] and row.engine_version == planner.VERSION
    assert "seed" not in row.key


def test_a_worker_waits_for_the_plan_another_is_making(db, base_kingdom, planning,
                                                       monkeypatch):
    key = _key(base_kingdom)
    digest = strategy_services.plan_hash(key)
    cache.add(f"plan-lock:{digest}", "1", 60)  # the other worker holds the lock

    def other_worker_finishes(seconds):
        Plan.objects.create(key_hash=digest, key=planner.key_text(key), definition=STORED,
                            engine_version=planner.VERSION)

    monkeypatch.setattr(strategy_services.time, "sleep", other_worker_finishes)
    strategy = strategy_services.plan_for(key=key)
    assert strategy.name == "stored-plan" and planning == []


def test_a_worker_plans_itself_when_the_other_never_finishes(db, base_kingdom, planning,
                                                             monkeypatch):
    key = _key(base_kingdom)
    cache.add(f"plan-lock:{strategy_services.plan_hash(key)}", "1", 60)
    monkeypatch.setattr(strategy_services, "PLAN_WAIT_SECONDS", 0)
    strategy_services.plan_for(key=key)
    assert len(planning) == 1 and Plan.objects.count() == 1


def test_a_plan_stored_meanwhile_wins_over_the_one_just_made(db, base_kingdom, planning,
                                                            monkeypatch):
    key = _key(base_kingdom)
    digest = strategy_services.plan_hash(key)
    real = planner.make_plan

    def slow_plan(key, report=None):
        Plan.objects.create(key_hash=digest, key=planner.key_text(key), definition=STORED,
                            engine_version=planner.VERSION)
        return real(key, report)

    monkeypatch.setattr(planner, "make_plan", slow_plan)
    assert strategy_services.plan_for(key=key).name == "stored-plan"
    assert Plan.objects.count() == 1
