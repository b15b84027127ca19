"""The open game-record format (docs/game-record.schema.json): setup, seed, answers, result.

A record exists only once a game has ended. The seed is the secret every shuffle derives from,
so it is revealed only then; with it anyone can replay the answers and check every shuffle.
"""

from __future__ import annotations

from typing import Any

from games import selectors
from games.models import Game, GameStatus

RECORD_FORMAT = "dominion-game-record"
RECORD_VERSION = 1


def game_is_over(game: Game) -> bool:
    return game.status == GameStatus.FINISHED and bool(game.snapshot)


def record_build(game: Game) -> dict[str, Any]:
    """The whole record of an ended game; callers must check game_is_over first."""
    if not game_is_over(game):
        raise ValueError("a record is published only after the game ends")
    audit = selectors.game_record(game)
    actors = dict(game.steps.values_list("number", "actor"))
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": game.pk,
        "engine_version": game.engine_version,
        "setup": audit["setup"],
        "seed": audit["seed"],
        "answers": [
            {"step": number, "seat": seat, "decision": decision, "answer": answer,
             "actor": actors.get(number, "player")}
            for number, (seat, decision, answer) in enumerate(audit["answers"], start=1)
        ],
        "result": game.result,
        "final_state": selectors.game_view(game, None, log="all"),
        "started_at": _iso(game.started_at),
        "finished_at": _iso(game.finished_at),
        "ending": _ending(game),
    }


def _ending(game: Game) -> dict[str, Any] | None:
    from games.api.models import GameEnding

    ending = GameEnding.objects.filter(game=game).first()
    return {"reason": ending.reason, "seat": ending.position} if ending else None


def record_to_replay(record: dict[str, Any]) -> dict[str, Any]:
    """The engine's replay input (engine.replay) from a published record."""
    return {
        "setup": record["setup"],
        "seed": record["seed"],
        "answers": [[a["seat"], a["decision"], a["answer"]] for a in record["answers"]],
        "engine_version": record.get("engine_version") or None,
    }


def _iso(value) -> str | None:
    return value.isoformat() if value else None
