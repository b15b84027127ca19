"""A finished game's replay frame asked the table for every seat's view (for the hands) and
each view rebuilt the whole game's log, redacted for its seat, only for the frame to drop it.
The frames now build no log at all (the page reads it from the stored history), and read the
same as before."""

from __future__ import annotations

import pytest
from django.urls import reverse

import engine
from engine.view import ViewMixin
from games import selectors
from games.game_page import replay
from games.models import GameStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def log_builds(monkeypatch) -> list[int | None]:
    """The viewer of each whole log built (log_for from the start, as view() calls it; an
    answer's own events, from where they start, are not counted)."""
    built: list[int | None] = []
    log_for = ViewMixin.log_for

    def counted(self, viewer, since=0):
        if since == 0:
            built.append(viewer)
        return log_for(self, viewer, since)

    monkeypatch.setattr(ViewMixin, "log_for", counted)
    return built


def _table_at(game, step: int) -> engine.Game:
    record = selectors.game_record(game)
    table = engine.new_game(record["setup"], record["seed"])
    for seat, decision_id, answer in record["answers"][:step]:
        table.answer(seat, decision_id, answer)
    return table


def _frame_as_it_was(table: engine.Game, position: int | None) -> dict:
    """The frame as replay._frame built it for a finished game before (a view per seat)."""
    if position is None:
        position = table.active
    view = table.view(position)
    del view["log"]
    hands = [[c["name"] for c in table.view(p)["hand"]] for p in range(len(table.players))]
    return {"position": position, "view": view, "hands": hands, "log_length": len(table.log)}


def test_a_finished_games_frames_read_as_before_and_build_no_log(running_game, play_to_end,
                                                                 log_builds):
    game = play_to_end(running_game)
    assert game.status == GameStatus.FINISHED
    for step in (0, 7, 20, game.step // 2, game.step):
        for position in (None, 0, 1):
            before = _frame_as_it_was(_table_at(game, step), position)
            table = _table_at(game, step)
            log_builds.clear()
            frame = replay._frame(table, position, True)
            assert log_builds == []  # it was one per seat and one for the seat shown
            assert frame == before, (step, position)
    mid = _frame_as_it_was(_table_at(game, 7), 0)
    assert mid["view"]["hand"] != _frame_as_it_was(_table_at(game, 7), 1)["view"]["hand"]
    assert mid["hands"][0] != mid["hands"][1]  # every hand shown: the game is over
    assert all("hand" not in p for p in mid["view"]["players"])  # (only over, at the end)


def test_a_replay_page_builds_the_log_once(client, running_game, play_to_end, make_user,
                                           log_builds):
    game = play_to_end(running_game)
    client.force_login(make_user("carol"))
    log_builds.clear()
    response = client.get(reverse("games:replay", args=[game.pk]), {"step": 9, "seat": 1})
    assert response.status_code == 200 and response.context["log"]
    assert len(log_builds) <= 1  # (the stored history's view); it was 1 + 3 more


def test_a_running_games_frame_keeps_its_log(running_game, play_one, log_builds):
    game = running_game
    for _ in range(4):
        game = play_one(game)
    table = _table_at(game, 3)
    log_builds.clear()
    frame = replay._frame(table, 0, False)
    assert frame["view"]["log"] == table.view(0)["log"] and log_builds[0] == 0
    assert "hand" in frame["view"] and frame["hands"] is None


def test_a_view_without_its_log_is_the_view_less_its_log(running_game, play_one):
    table = _table_at(play_one(running_game), 1)
    for seat in (None, 0, 1):
        whole, without = table.view(seat), table.view(seat, log=False)
        del whole["log"]
        assert without == whole and list(without) == list(whole)
