#!/usr/bin/env python3
"""Play one whole game of Dominion against a bot through the API, as a third-party client.

Needs only `httpx` and `websockets` (pip install httpx websockets). Make a token on your
profile page (Profile → API tokens), then:

    python examples/client.py --url http://127.0.0.1:8000 --token dom_...

It creates a game against a bot, starts it, and answers every decision addressed to it by
picking among the decision's legal options (a little Big Money, otherwise at random). Each
answer's reply carries the next decisions, so it reads only when the event stream says a
turn has become its own. It prints the final scores and exits 0 when the game
has ended. See docs/api.md for the endpoints, the answer formats and the event schema.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
import uuid

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

EVENT_WAIT = 15.0  # seconds to wait for an event before looking again anyway


class Api:
    """A thin wrapper: JSON in and out, the token, Retry-After on 429."""

    def __init__(self, url: str, token: str) -> None:
        self.url = url.rstrip("/")
        self.token = token
        self.http = httpx.Client(base_url=f"{self.url}/api/v1",
                                 headers={"Authorization": f"Bearer {token}"}, timeout=60)

    def get(self, path: str) -> dict:
        return self._send("GET", path)

    def post(self, path: str, body: dict | None = None) -> httpx.Response:
        # A fresh Idempotency-Key per logical request: if we retry it, it acts at most once.
        key = str(uuid.uuid4())
        return self._request("POST", path, json=body or {}, headers={"Idempotency-Key": key})

    def _send(self, method: str, path: str) -> dict:
        response = self._request(method, path)
        response.raise_for_status()
        return response.json()

    def _request(self, method: str, path: str, **kwargs) -> httpx.Response:
        while True:
            response = self.http.request(method, path, **kwargs)
            if response.status_code != 429:
                return response
            time.sleep(int(response.headers.get("Retry-After", "1")))

    def events(self, game_id: int):
        """The event stream for one game (one socket could also serve all our games)."""
        ws_url = self.url.replace("http", "ws", 1) + f"/ws/api/v1/events/?game={game_id}"
        return connect(ws_url, additional_headers={"Authorization": f"Bearer {self.token}"},
                       origin=self.url)


def choose(decision: dict, rng: random.Random):
    """A legal answer to `decision`, picked among the options it lists."""
    kind = decision["kind"]
    if kind == "BuyPhase":
        return _buy(decision, rng)
    if kind == "OrderCards":
        return [card["id"] for card in decision["cards"]]
    if kind in ("ChooseCards", "Reveal", "PlayAction"):
        ids = [card["id"] for card in decision["cards"]]
        count = rng.randint(decision["min"], min(decision["max"], len(ids)))
        return rng.sample(ids, count)
    if kind == "ChooseOption":
        keys = [option["key"] for option in decision["options"]]
        picked = rng.sample(keys, rng.randint(decision["min"], decision["max"]))
        return picked if decision["max"] > 1 else picked[0]
    if kind == "ChoosePile":
        piles = [pile["name"] for pile in decision["piles"]]
        if not piles or (decision["optional"] and rng.random() < 0.2):
            return None
        return rng.choice(piles)
    if kind == "NameCard":
        return rng.choice(decision["names"])
    raise ValueError(f"unknown decision kind {kind}")


def _buy(decision: dict, rng: random.Random):
    if decision["treasures"]:
        return {"play": "all"}
    legal = {pile["name"] for pile in decision["piles"]}
    for wanted in ("Province", "Gold", "Silver"):
        if wanted in legal:
            return {"buy": wanted}
    return {"end": True}


def play(api: Api, bot: str, rng: random.Random) -> dict:
    me = api.get("/me/")
    print(f"signed in as {me['username']}")
    created = api.post("/games/", {"seats": ["me", bot]})
    created.raise_for_status()
    game = created.json()
    print(f"game {game['id']}: {', '.join(game['kingdom'])}")
    with api.events(game["id"]) as events:
        json.loads(events.recv(timeout=EVENT_WAIT))  # hello
        api.post(f"/games/{game['id']}/start/").raise_for_status()
        mine = api.get(f"/games/{game['id']}/decisions/")
        while True:
            if mine["decisions"]:
                # The answer's reply says what comes next: no GET after our own move.
                mine = answer_one(api, game["id"], mine["step"], mine["decisions"][0], rng)
                if mine.get("status", "running") != "running":
                    break
                continue
            event = _wait(events)
            if event is not None and event["type"] == "game_ended":
                break
            if event is None and api.get(f"/games/{game['id']}/")["status"] != "running":
                break
            if event is None or (event["type"] == "your_turn" and event["step"] > mine["step"]):
                mine = api.get(f"/games/{game['id']}/decisions/")
    return api.get(f"/games/{game['id']}/record/")


def answer_one(api: Api, game_id: int, step: int, decision: dict, rng: random.Random) -> dict:
    """Answer `decision`; returns the reply (our open decisions now, the step, the status)."""
    body = {"decision": decision["id"], "answer": choose(decision, rng), "step": step}
    response = api.post(f"/games/{game_id}/answer/", body)
    if response.status_code in (409, 422):  # our picture was out of date, or a bad pick
        print(f"  refused ({response.json()['code']}): {response.json()['detail']}")
        return api.get(f"/games/{game_id}/decisions/")
    response.raise_for_status()
    return response.json()


def _wait(events) -> dict | None:
    """The next event, or None after a while without one (then we look for ourselves)."""
    try:
        return json.loads(events.recv(timeout=EVENT_WAIT))
    except TimeoutError:
        return None
    except ConnectionClosed as exc:
        raise SystemExit(f"event stream closed: {exc}") from exc


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--token", default=os.environ.get("DOMINION_TOKEN"))
    parser.add_argument("--bot", default="bmu", help="the opponent's strategy (GET /api/v1/bots/)")
    parser.add_argument("--seed", type=int, default=None, help="for repeatable choices")
    args = parser.parse_args(argv)
    if not args.token:
        parser.error("give --token or set DOMINION_TOKEN")
    record = play(Api(args.url, args.token), args.bot, random.Random(args.seed))
    result = record["result"]
    print(f"finished after {len(record['answers'])} answers: scores {result['scores']}, "
          f"winners {result['winners']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
