"""Clients that play games through the public API and the WebSocket event stream.

Each user has one token, one socket (the event stream serves all of a user's games) and plays
one game at a time: it answers its open decisions after a think time, learns them when the
stream says a turn became its own, and starts a new game with the same partner when one ends.
Everything is timed; errors are counted, never raised.

Two kinds of client: a bot (`table=False`) answers from the `your_turn` event, which carries
its decisions; it reads `/decisions/` only when the event does not (an older site), when its
answer was refused, and when its game has been silent for longer than any think time (at
least EVENT_WAIT seconds: an event may have been lost). A
client that shows the table (`table=True`) reads its `/view/` after every move it did not make
itself (its own answer's reply brings the view) and takes its decisions from that view.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field

import httpx
from websockets.asyncio.client import connect

KINGDOM = ["Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy",
           "Village", "Workshop"]  # the rulebook's First Game: attacks open parallel decisions
EVENT_WAIT = 10.0


@dataclass
class Metrics:
    window: list[float] = field(default_factory=lambda: [float("inf"), float("inf")])
    submits: list[float] = field(default_factory=list)
    sent: dict[tuple[int, int], tuple[float, int]] = field(default_factory=dict)
    received: dict[tuple[int, int, int], float] = field(default_factory=dict)
    moves: set[tuple[int, int]] = field(default_factory=set)
    ended: set[int] = field(default_factory=set)
    errors: Counter = field(default_factory=Counter)
    refused: Counter = field(default_factory=Counter)
    requests: int = 0
    calls: Counter = field(default_factory=Counter)
    repeated: Counter = field(default_factory=Counter)  # game_moved again for a step, by status

    def inside(self, t: float) -> bool:
        return self.window[0] <= t < self.window[1]

    def error(self, kind: str, at: float) -> None:
        """Every error counts; its kind says when it happened if not inside the window."""
        when = "" if self.inside(at) else (
            ", before the window" if at < self.window[0] else ", after the window")
        self.errors[kind + when] += 1

    def event_latencies(self, seats: dict[int, list[int]]) -> list[float]:
        """Submit → the event reaching each other human seat of the game (same step)."""
        out = []
        for (game, step), (sent_at, user) in self.sent.items():
            if not self.inside(sent_at):
                continue
            for other in seats.get(game, ()):
                got = self.received.get((game, step, other))
                if other != user and got is not None:
                    out.append(got - sent_at)
        return out


class User:
    def __init__(self, index: int, token: str, base: str, http: httpx.AsyncClient,
                 metrics: Metrics, table: bool = False) -> None:
        self.index, self.token, self.base, self.http = index, token, base, http
        self.metrics, self.table = metrics, table
        self.answering: int | None = None  # the game whose answer is in flight
        self.mine: set[tuple[int, int]] = set()  # (game, step) of my answers' moves
        self.seen: dict[int, asyncio.Task] = {}  # a table client's last view read, per game
        self.reads: set[asyncio.Task] = set()  # its reads in flight (cancelled at the end)
        self.headers = {"Authorization": f"Bearer {token}"}
        self.events: asyncio.Queue = asyncio.Queue()
        self.ws_task: asyncio.Task | None = None

    async def request(self, method: str, path: str, body: dict | None = None):
        self.metrics.requests += 1
        sent, what = time.perf_counter(), f"{method} {re.sub(r'[0-9]+', 'N', path)}"
        if self.metrics.inside(sent):
            self.metrics.calls[what] += 1
        try:
            response = await self.http.request(method, f"{self.base}/api/v1{path}", json=body,
                                               headers=self.headers)
        except httpx.HTTPError as exc:
            self.metrics.error(f"{type(exc).__name__} ({what})", sent)
            return None
        if response.status_code >= 500 or response.status_code in (401, 403, 429):
            self.metrics.error(f"HTTP {response.status_code} ({what})", sent)
            return None
        return response

    async def listen(self, ready: asyncio.Event) -> None:
        url = self.base.replace("http", "ws", 1) + "/ws/api/v1/events/"
        try:
            async with connect(url, additional_headers=self.headers, open_timeout=60,
                               ping_interval=None, max_queue=None) as ws:
                await ws.recv()  # hello
                ready.set()
                async for raw in ws:
                    self._got(json.loads(raw))
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a dropped stream is an error of the run
            self.metrics.error(f"socket {type(exc).__name__}", time.perf_counter())
            ready.set()

    def _got(self, event: dict) -> None:
        now = time.perf_counter()
        key = (event.get("game"), event.get("step"))
        if event.get("type") == "game_moved":
            if (*key, self.index) in self.metrics.received and self.metrics.inside(now):
                self.metrics.repeated[event.get("status", "")] += 1
            self.metrics.received.setdefault((*key, self.index), now)
            if self.metrics.inside(now):
                self.metrics.moves.add(key)
            if self.table and self.answering != key[0] and key not in self.mine:  # not mine
                read = self.seen[key[0]] = asyncio.create_task(
                    self.request("GET", f"/games/{key[0]}/view/"))
                self.reads.add(read)
                read.add_done_callback(self.reads.discard)
        elif event.get("type") == "game_ended" and self.metrics.inside(now):
            self.metrics.ended.add(event.get("game"))
        self.events.put_nowait(event)


async def play_seat(user: User, game: int, think: float, rng: random.Random,
                    stop: asyncio.Event) -> None:
    """Answer this seat's decisions until the game ends or the run stops."""
    mine = await _decisions(user, game)
    while not stop.is_set() and mine is not None:
        if mine.get("status", "running") != "running":
            return
        if mine["decisions"]:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            mine = await _answer(user, game, mine, rng)
            continue
        event = await _next_event(user, game, mine["step"], stop, max(EVENT_WAIT, 2 * think))
        if event is not None and event["type"] == "game_ended":
            return
        if event is not None and "pending" in event and not user.table:
            mine = {"step": event["step"], "status": "running", "decisions": event["pending"]}
        else:
            mine = await _decisions(user, game, event["step"] if event else 0)


async def _next_event(user: User, game: int, step: int, stop: asyncio.Event,
                      wait: float) -> dict | None:
    """The event that makes it my turn or ends the game; None once the game has been silent
    for `wait` seconds. Each move of the game heard pushes that back: a game still moving
    lost nothing, and a client that re-read its decisions during every think of the other
    player would cost the site more reads than answers."""
    deadline = time.monotonic() + wait
    while not stop.is_set():
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        try:
            event = await asyncio.wait_for(user.events.get(), min(left, 1.0))
        except TimeoutError:
            continue
        if event.get("game") != game:
            continue
        deadline = time.monotonic() + wait
        if event["type"] == "game_ended" or (event["type"] == "your_turn"
                                               and event["step"] > step):
            return event
    return None


async def _decisions(user: User, game: int, step: int = 0) -> dict | None:
    """My open decisions at `step` or later."""
    if user.table:  # from the view read for the move that made it my turn
        reading = user.seen.pop(game, None)
        view = _json(await reading) if reading else None
        if view is None or view["step"] < step:
            view = _json(await user.request("GET", f"/games/{game}/view/"))
        if view is None:
            return None
        return {"step": view["step"], "status": "finished" if view["over"] else "running",
                "decisions": [d for d in view["pending"] if d["seat"] == view["seat"]]}
    return _json(await user.request("GET", f"/games/{game}/decisions/"))


def _json(response) -> dict | None:
    """The body of a 200, else None (an error was counted, or the game refused the read)."""
    return response.json() if response is not None and response.status_code == 200 else None


async def _answer(user: User, game: int, mine: dict, rng: random.Random) -> dict | None:
    decision = mine["decisions"][0]
    body = {"decision": decision["id"], "answer": choose(decision, rng), "step": mine["step"]}
    sent = time.perf_counter()
    user.answering = game
    try:
        response = await user.request("POST", f"/games/{game}/answer/", body)
    finally:
        user.answering = None
    took = time.perf_counter() - sent
    if response is None:
        return await _decisions(user, game)
    if response.status_code != 200:
        user.metrics.refused[response.json().get("code", str(response.status_code))] += 1
        return await _decisions(user, game)
    data = response.json()
    user.metrics.sent[(game, data["step"])] = (sent, user.index)
    user.mine.add((game, data["step"]))
    if user.metrics.inside(sent):
        user.metrics.submits.append(took)
    return data


def choose(decision: dict, rng: random.Random):
    """A legal answer picked among the options the decision lists (a little Big Money)."""
    kind = decision["kind"]
    if kind == "BuyPhase":
        if decision["treasures"]:
            return {"play": "all"}
        legal = {pile["name"] for pile in decision["piles"]}
        wanted = next((w for w in ("Province", "Gold", "Smithy", "Silver") if w in legal), None)
        return {"buy": wanted} if wanted else {"end": True}
    if kind == "OrderCards":
        return [card["id"] for card in decision["cards"]]
    if kind in ("ChooseCards", "Reveal", "PlayAction"):
        ids = [card["id"] for card in decision["cards"]]
        low, high = decision["min"], min(decision["max"], len(ids))
        return rng.sample(ids, high if kind == "PlayAction" else rng.randint(low, high))
    if kind == "ChooseOption":
        keys = [option["key"] for option in decision["options"]]
        picked = rng.sample(keys, rng.randint(decision["min"], decision["max"]))
        return picked if decision["max"] > 1 else picked[0]
    if kind == "ChoosePile":
        piles = [pile["name"] for pile in decision["piles"]]
        return rng.choice(piles) if piles else None
    if kind == "NameCard":
        return rng.choice(decision["names"])
    raise ValueError(f"unknown decision kind {kind}")


async def run_pair(users: list[User], bot: str | None, think: float, rng: random.Random,
                   stop: asyncio.Event, started: asyncio.Event, seats: dict[int, list[int]],
                   setup: asyncio.Semaphore) -> None:
    """Games between these users (or one user and a bot), one after another, until stop."""
    first = True
    while not stop.is_set():
        async with setup:
            game = await _new_game(users, bot)
        if first:
            started.set()
            first = False
        if game is None:
            await asyncio.sleep(1.0)
            continue
        seats[game] = [u.index for u in users]
        await asyncio.gather(*(play_seat(u, game, think, rng, stop) for u in users))


async def _new_game(users: list[User], bot: str | None) -> int | None:
    creator = users[0]
    spec = ["me", bot] if bot else ["me", "open"]
    response = await creator.request("POST", "/games/", {"seats": spec, "kingdom": KINGDOM})
    if response is None or response.status_code != 201:
        creator.metrics.errors["game not created"] += 1
        return None
    game = response.json()["id"]
    for other in users[1:]:
        joined = await other.request("POST", f"/games/{game}/join/", {})
        if joined is None or joined.status_code != 200:
            return None
    started = await creator.request("POST", f"/games/{game}/start/", {})
    return game if started is not None and started.status_code == 200 else None


async def close_all(tasks: list[asyncio.Task]) -> None:
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(BaseException):
            await task
