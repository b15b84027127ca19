"""The engine stays pure: no web framework, no global randomness, no clock."""
import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN_MODULES = {"django", "games", "rest_framework", "channels", "celery", "time",
                     "datetime"}
ALLOWED_TIME_USERS = {"bench.py", "simulate.py", "benchmark.py"}  # measuring speed is their job


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_engine_imports_neither_django_nor_the_site():
    for path in ENGINE.rglob("*.py"):
        bad = _imports(path) & FORBIDDEN_MODULES
        if path.name in ALLOWED_TIME_USERS:
            bad -= {"time"}
        assert not bad, f"{path.relative_to(ENGINE)} imports {sorted(bad)}"


def test_engine_never_uses_the_global_random_generator():
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if node.value.id == "random" and node.attr != "Random":
                    raise AssertionError(f"{path.name} uses random.{node.attr}")
