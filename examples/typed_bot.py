#!/usr/bin/env python3
"""A bot written against a typed client generated from the OpenAPI schema.

Every decision kind is its own class in the generated client (a union discriminated by
`kind`), and each kind's answer has its own type, so a type checker sees a wrong answer before
the server does. Generate the client once (openapi-python-client, from PyPI):

    openapi-python-client generate --meta none --output-path dominion_client \\
        --url http://127.0.0.1:8000/api/v1/schema/?format=json

then, with `dominion_client` importable (PYTHONPATH):

    python examples/typed_bot.py --url http://127.0.0.1:8000 --token dom_...

It creates a game against a site bot, starts it, and plays Big Money: every answer's reply
carries the next decisions, so it asks for them only when the reply has none (the other seat
is still moving). It prints the scores and exits 0 when the game is over.
"""

from __future__ import annotations

import argparse
import sys
import time
import uuid
from typing import Any

from dominion_client import AuthenticatedClient
from dominion_client.api.games import games_create, games_retrieve, games_start_create
from dominion_client.api.play import (
    games_answer_create,
    games_decisions_retrieve,
    games_view_retrieve,
)
from dominion_client.models import (
    AnswerRequest,
    AnswerResult,
    BuyCardAnswer,
    BuyPhaseDecision,
    ChooseOptionDecision,
    ChoosePileDecision,
    DecisionList,
    EndBuyPhaseAnswer,
    Error,
    Game,
    GameCreateRequest,
    GameStatusEnum,
    NameCardDecision,
    PlayTreasuresAnswer,
    PlayTreasuresAnswerPlayType0,
    View,
)

# The order Big Money buys in: (pile, coins needed).
BUYS = (("Province", 8), ("Gold", 6), ("Silver", 3))
ENDED = (GameStatusEnum.FINISHED, GameStatusEnum.ABANDONED)
WAIT = 0.2  # seconds between looks while the other seat moves


def choose(decision: Any) -> Any:
    """A legal answer of the decision's own answer type."""
    if isinstance(decision, BuyPhaseDecision):
        if decision.treasures:
            return PlayTreasuresAnswer(play=PlayTreasuresAnswerPlayType0.ALL)
        piles = {pile.name for pile in decision.piles}
        for name, coins in BUYS:
            if name in piles and decision.coins >= coins:
                return BuyCardAnswer(buy=name)
        return EndBuyPhaseAnswer(end=True)
    if isinstance(decision, ChooseOptionDecision):
        keys = [option.key for option in decision.options]
        return keys[0] if decision.max_ == 1 else keys[: max(decision.min_, 1)]
    if isinstance(decision, ChoosePileDecision):
        return decision.piles[0].name if decision.piles else None
    if isinstance(decision, NameCardDecision):
        return decision.names[0]
    # PlayAction, ChooseCards, Reveal, OrderCards: a list of card ids, as few as allowed.
    # (`min` and `max` are `min_` and `max_` in the generated classes: they are builtins.)
    sizes = decision.sizes if isinstance(decision.sizes, list) else None
    count = min(n for n in (sizes or [decision.min_]) if n >= decision.min_)
    return [card.id for card in decision.cards[:count]]


def ok(reply: Any) -> Any:
    """The typed reply, or exit with the API's error."""
    if reply is None or isinstance(reply, Error):
        sys.exit(f"API error: {reply.to_dict() if reply else 'unexpected status'}")
    return reply


class TypedBot:
    def __init__(self, url: str, token: str) -> None:
        self.client = AuthenticatedClient(base_url=url.rstrip("/"), token=token,
                                          raise_on_unexpected_status=True)
        self.requests = 0

    def call(self, endpoint: Any, **kwargs: Any) -> Any:
        self.requests += 1
        return ok(endpoint.sync(client=self.client, **kwargs))

    def play(self, opponent: str) -> View:
        """Plays a new game against `opponent` to its end; returns the final view."""
        game: Game = self.call(games_create, body=GameCreateRequest(seats=["me", opponent]),
                               idempotency_key=str(uuid.uuid4()))
        self.call(games_start_create, id=game.id, idempotency_key=str(uuid.uuid4()))
        state: AnswerResult | DecisionList = self.call(games_decisions_retrieve, id=game.id)
        while True:
            if state.decisions:
                decision = state.decisions[0]
                body = AnswerRequest(decision=decision.id, answer=choose(decision),
                                     step=state.step)
                state = self.call(games_answer_create, id=game.id, body=body,
                                  idempotency_key=str(uuid.uuid4()))
                continue
            # Nothing for me: the game ended, or the other seat is still moving.
            game = self.call(games_retrieve, id=game.id)
            if game.status in ENDED:
                return self.call(games_view_retrieve, id=game.id)
            time.sleep(WAIT)
            state = self.call(games_decisions_retrieve, id=game.id)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True, help="the site, e.g. http://127.0.0.1:8000")
    parser.add_argument("--token", required=True, help="an API token with the play scope")
    parser.add_argument("--bot", default="bmu", help="the opponent's strategy")
    args = parser.parse_args()
    bot = TypedBot(args.url, args.token)
    end = bot.play(args.bot)
    scores = ", ".join(f"{player.name} {player.score}" for player in end.players)
    print(f"game over after {end.step} steps and {bot.requests} requests: {scores}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
