"""A typed client generated from the served schema (openapi-python-client) plays a whole game.

The generator reads /api/v1/schema/ as a third party would; examples/typed_bot.py, written
only against the generated classes, then plays a game against a bot on a live server.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from games.api import services as api_services
from games.models import Game, GameStatus

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "examples" / "typed_bot.py"
KINDS = ["PlayAction", "BuyPhase", "ChooseCards", "Reveal", "OrderCards", "ChooseOption",
         "ChoosePile", "NameCard"]


@pytest.fixture
def generated_client(tmp_path: Path, client) -> Path:
    """The client package, generated into tmp_path/dominion_client from the served schema."""
    schema = client.get("/api/v1/schema/?format=json")
    assert schema.status_code == 200
    (tmp_path / "schema.json").write_text(json.dumps(schema.json()))
    (tmp_path / "config.yaml").write_text("post_hooks: []\n")  # no formatter needed
    run = subprocess.run(
        [sys.executable, "-m", "openapi_python_client", "generate", "--path", "schema.json",
         "--meta", "none", "--output-path", "dominion_client", "--config", "config.yaml"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    return tmp_path


def test_the_generated_client_has_a_class_per_decision_kind_and_answer(generated_client):
    models = generated_client / "dominion_client" / "models"
    for kind in KINDS:
        snake = "".join(f"_{c.lower()}" if c.isupper() else c for c in kind).lstrip("_")
        assert (models / f"{snake}_decision.py").exists(), kind
    for answer in ("play_treasures_answer", "buy_card_answer", "end_buy_phase_answer"):
        assert (models / f"{answer}.py").exists(), answer
    answer_result = (models / "answer_result.py").read_text()
    assert "decisions: list[" in answer_result and "view: View" in answer_result


def test_the_typed_bot_answers_every_decision_kind_legally(generated_client, monkeypatch):
    """Each decision the engine opens, parsed by the generated client into its own class and
    answered by examples/typed_bot.py in its typed answer, is accepted by the engine."""
    from tests.api.test_typed_contract import played_games

    monkeypatch.syspath_prepend(str(ROOT / "examples"))
    monkeypatch.syspath_prepend(str(generated_client))
    for name in [m for m in sys.modules if m == "typed_bot" or m.startswith("dominion_client")]:
        monkeypatch.delitem(sys.modules, name)
    typed_bot = importlib.import_module("typed_bot")
    decision_list = importlib.import_module("dominion_client.models").DecisionList
    answered: set[str] = set()

    def check(decision) -> None:
        parsed = decision_list.from_dict({"game": 1, "step": 0, "seat": decision.seat,
                                          "decisions": [decision.to_dict()]}).decisions[0]
        assert type(parsed).__name__ == f"{decision.kind}Decision"
        body = typed_bot.AnswerRequest(decision=parsed.id, answer=typed_bot.choose(parsed))
        decision.validate(json.loads(json.dumps(body.to_dict()["answer"])))  # raises if illegal
        answered.add(decision.kind)

    played_games(seeds=8, on_decision=check)
    assert answered == set(KINDS)


def test_a_bot_on_the_generated_client_plays_a_game_to_the_end(generated_client, live_asgi,
                                                               catalog, alice, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        "read": "100000/min", "write": "100000/min", "create_game": "100/hour"}}
    _, token = api_services.token_create(user=alice, name="typed client")
    env = {**os.environ, "PYTHONPATH": str(generated_client)}
    run = subprocess.run(
        [sys.executable, str(BOT), "--url", live_asgi.url, "--token", token],
        capture_output=True, text=True, timeout=600, env=env, cwd=generated_client)
    assert run.returncode == 0, run.stdout + run.stderr
    game = Game.objects.get(creator=alice)
    assert game.status == GameStatus.FINISHED
    assert f"game over after {game.step} steps" in run.stdout
    assert "alice" in run.stdout
