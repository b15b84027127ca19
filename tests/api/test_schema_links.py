"""The schema's links lead somewhere: a client that only follows them creates a game, gets the
other seat joined, starts it, reads its decisions and answers, answer after answer."""

from __future__ import annotations

from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator


@pytest.fixture(scope="module")
def openapi() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


def _resolve(expression: Any, body: Any) -> Any:
    """A link's value: `$response.body#/json/pointer` read from `body`, or a constant."""
    if isinstance(expression, dict):
        return {key: _resolve(value, body) for key, value in expression.items()}
    if not (isinstance(expression, str) and expression.startswith("$response.body#")):
        return expression
    node = body
    for part in expression.split("#", 1)[1].strip("/").split("/"):
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


class Follower:
    """Follows links by name from the last response, as a generated client could."""

    def __init__(self, openapi: dict) -> None:
        self.openapi = openapi
        self.operations = {op["operationId"]: (path, method)
                           for path, methods in openapi["paths"].items()
                           for method, op in methods.items()}

    def follow(self, client, source: tuple[str, str, int], body: dict, name: str):
        path, method, status = source
        link = self.openapi["paths"][path][method]["responses"][str(status)]["links"][name]
        target_path, target_method = self.operations[link["operationId"]]
        url = target_path.format(**{k: _resolve(v, body) for k, v in link["parameters"].items()})
        request = _resolve(link.get("requestBody"), body)
        if target_method == "get":
            response = client.get(url)
        else:
            response = client.post(url, request or {}, format="json")
        return (target_path, target_method, response.status_code), response.json()


def test_create_join_start_decide_and_answer_by_links_only(openapi, as_alice, as_bob,
                                                           catalog, base_kingdom):
    walk = Follower(openapi)
    created = as_alice.post("/api/v1/games/", {"seats": ["me", "open"], "kingdom": base_kingdom},
                            format="json")
    step: tuple[str, str, int] = ("/api/v1/games/", "post", created.status_code)
    step, joined = walk.follow(as_bob, step, created.json(), "JoinGame")
    assert step[2] == 200, joined
    step, started = walk.follow(as_alice, step, joined, "StartGame")
    assert step[2] == 200 and started["status"] == "running", started
    for client in (as_alice, as_bob):
        source, state = walk.follow(client, step, started, "GetDecisions")
        assert source[2] == 200, state
        answers = 0
        while state.get("decisions") and answers < 6:
            kind = state["decisions"][0]["kind"]
            link = "EndBuyPhase" if kind == "BuyPhase" else "PlayNoAction"
            source, state = walk.follow(client, source, state, link)
            assert source == ("/api/v1/games/{id}/answer/", "post", 200), state
            answers += 1
        if answers:
            return  # the first seat to move answered through the links
    pytest.fail("no seat had a decision to answer")
