#!/usr/bin/env python3
"""A bot that plays one game through the game stream only: no polling, no GET per turn.

Needs `httpx` and `websockets`. It creates a game against a site bot (or plays game --game N,
where it already has a seat), opens the game's stream (ws/api/v1/games/N/stream/), and for
every `state` message answers the first open decision it has not answered yet. The stream
sends the seat's whole picture on connect and after every change, so the only requests are
the answers themselves (one POST per decision):

    python examples/stream_bot.py --url http://127.0.0.1:8000 --token dom_...

It prints the scores and the requests it made per turn, and exits 0 when the game is over.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import uuid

import httpx
from client import choose  # the same legal-option picker as the polling client
from websockets.sync.client import connect

ENDED = ("finished", "abandoned")
WAIT = 60.0  # seconds without any message (keep-alives included) before giving up


class StreamBot:
    def __init__(self, url: str, token: str, rng: random.Random) -> None:
        self.url = url.rstrip("/")
        self.token = token
        self.rng = rng
        self.http = httpx.Client(base_url=f"{self.url}/api/v1", timeout=60,
                                 headers={"Authorization": f"Bearer {token}"})
        self.requests = 0
        self.answered: set[tuple[str, int]] = set()

    def post(self, path: str, body: dict | None = None) -> httpx.Response:
        self.requests += 1
        return self.http.post(path, json=body or {},
                              headers={"Idempotency-Key": str(uuid.uuid4())})

    def stream(self, game_id: int):
        ws_url = self.url.replace("http", "ws", 1) + f"/ws/api/v1/games/{game_id}/stream/"
        return connect(ws_url, additional_headers={"Authorization": f"Bearer {self.token}"})

    def play(self, game_id: int, start: bool) -> dict:
        """Answer from the stream until the state says the game ended; returns that state."""
        with self.stream(game_id) as ws:
            if start:
                self.post(f"/games/{game_id}/start/").raise_for_status()
            while True:
                message = json.loads(ws.recv(timeout=WAIT))
                if message["type"] != "state":
                    continue  # keepalive, chat
                if message["status"] in ENDED:
                    return message
                self.answer(game_id, message)

    def answer(self, game_id: int, state: dict) -> None:
        for decision in state["decisions"]:
            key = (decision["id"], decision["opened_step"])
            if key in self.answered:
                continue
            self.answered.add(key)
            body = {"decision": decision["id"], "answer": choose(decision, self.rng)}
            reply = self.post(f"/games/{game_id}/answer/", body)
            if reply.status_code >= 500:
                reply.raise_for_status()
            return  # one answer per state: the next state shows what it changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--token", default=os.environ.get("DOMINION_TOKEN"))
    parser.add_argument("--bot", default="bmu", help="the opponent's strategy")
    parser.add_argument("--game", type=int, default=None, help="play this game instead")
    parser.add_argument("--seed", type=int, default=None, help="for repeatable choices")
    args = parser.parse_args(argv)
    if not args.token:
        parser.error("give --token or set DOMINION_TOKEN")
    bot = StreamBot(args.url, args.token, random.Random(args.seed))
    game_id = args.game
    if game_id is None:
        created = bot.post("/games/", {"seats": ["me", args.bot]})
        created.raise_for_status()
        game_id = created.json()["id"]
    final = bot.play(game_id, start=args.game is None)
    result = final["view"]["players"]
    turns = max(player["turns"] for player in result)
    scores = [player.get("score") for player in result]
    print(f"game {game_id} {final['status']} at step {final['step']}: scores {scores}")
    print(f"{bot.requests} requests in {turns} turns ({bot.requests / turns:.1f} per turn)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
