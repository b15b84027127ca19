"""Golden scripted positions: tests/engine/positions/*.json (format: docs/positions.md).

Each file is a position for `python -m engine play`, plus a "description" and an "expect"
block: a subset of `engine.positions.report()` that the final state must match. Dicts match
when every expected key matches; lists must have the same length and match item by item.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import loads
from engine.positions import build, report, run

HERE = Path(__file__).parent
FILES = sorted((HERE / "positions").glob("*.json"))
ROOT = HERE.parent.parent


def mismatches(expected: Any, actual: Any, where: str = "") -> list[str]:
    """Where `actual` differs from the `expected` subset (empty when it matches)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where or '/'}: expected an object, got {actual!r}"]
        out = []
        for key, value in expected.items():
            if key not in actual:
                out.append(f"{where}/{key}: missing")
            else:
                out += mismatches(value, actual[key], f"{where}/{key}")
        return out
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: expected {expected!r}, got {actual!r}"]
        out = []
        for i, (e, a) in enumerate(zip(expected, actual)):
            out += mismatches(e, a, f"{where}[{i}]")
        return out
    return [] if expected == actual else [f"{where}: expected {expected!r}, got {actual!r}"]


def load(path: Path) -> dict:
    return json.loads(path.read_text())


def test_there_are_golden_positions():
    assert len(FILES) >= 20


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_position(path):
    spec = load(path)
    assert spec.get("description") and "expect" in spec
    g, _ = run(spec)
    problems = mismatches(spec["expect"], report(g))
    assert not problems, f"{path.name}: {spec['description']}\n" + "\n".join(problems)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_position_with_a_save_before_every_answer(path):
    """Saving and loading before each answer changes nothing."""
    spec = load(path)
    plain, _ = run(spec)
    g = build(spec)
    for step in spec.get("answers", []):
        g = loads(g.dumps())
        seat, answer = step[0], step[-1]
        did = step[1] if len(step) == 3 else next(d.id for d in g.pending() if d.seat == seat)
        g.answer(seat, did, answer)
    assert g.state_dict() == plain.state_dict()
    assert report(g) == report(plain)


def test_mismatches_reports_what_differs():
    assert mismatches({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2, "c": 3}], "d": 4}) == []
    assert mismatches({"a": [1]}, {"a": [1, 2]}) == ["/a: expected [1], got [1, 2]"]
    assert mismatches({"a": {"b": 1}}, {"a": {}}) == ["/a/b: missing"]
    assert mismatches({"x": 1}, {"x": 2}) == ["/x: expected 1, got 2"]


def test_command_line_play_runs_a_golden_file():
    path = HERE / "positions" / "throne_room_feast.json"
    out = subprocess.run([sys.executable, "-m", "engine", "play", str(path)], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    printed = json.loads(out.stdout)
    g, _ = run(load(path))
    assert printed == json.loads(json.dumps(report(g)))
    assert not mismatches(load(path)["expect"], printed)


def test_command_line_play_reports_an_illegal_answer(tmp_path):
    spec = load(HERE / "positions" / "throne_room_feast.json")
    spec["answers"] = [[0, ["Throne Room"]], [0, ["Copper"]]]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(spec))
    out = subprocess.run([sys.executable, "-m", "engine", "play", str(path)], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 2 and "error" in json.loads(out.stdout)
