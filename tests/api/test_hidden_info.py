"""No API response or event for seat A shows seat B's hand, any deck, or the seed.

Games between two humans and a bot are played through the services (the humans answered by
the engine's bots, with varied strategies); at random positions every read endpoint is called
as each human, and every event sent to them is captured. A card shows up in a response as
{"id": n, "name": ...}; the omniscient state says which ids are hidden from A: B's hand, B's
face-down `looking` cards, and every card still in any deck.
"""

from __future__ import annotations

import json
import random

import pytest

from games import broadcast, selectors, services
from games.models import Game, GameStatus
from tests.card_refs import card_refs, hidden_card_ids

pytestmark = pytest.mark.django_db

GAMES = 5
MAX_STEPS = 100
SAMPLES_PER_GAME = 6
HUMAN_STRATEGIES = ["heuristic", "random", "bmu"]
READS = ("", "view/", "decisions/", "log/", "record/")


def _keys(value):
    if isinstance(value, dict):
        yield from value
        for item in value.values():
            yield from _keys(item)
    elif isinstance(value, list):
        for item in value:
            yield from _keys(item)


def _check(payload, text: str, game: Game, viewer: int, where: str) -> None:
    leaked = set(card_refs(payload)) & hidden_card_ids(game, viewer)
    assert not leaked, f"{where}: seat {viewer} sees hidden cards {leaked}"
    assert "deck" not in set(_keys(payload)), f"{where}: a deck's contents"
    if game.status == GameStatus.RUNNING:
        assert game.seed not in text, f"{where}: the seed while the game runs"
    assert game.snapshot not in text


def _answer_as_human(game: Game, decision: dict, strategy: str):
    seat = game.seats.get(position=decision["seat"])
    seat.bot_strategy = strategy  # in memory only: the row stays a human seat
    return selectors.bot_answer_for(game, seat, decision["id"])


@pytest.fixture
def sent_events(monkeypatch) -> list[tuple[str, dict, Game | None]]:
    """Every (group, message) the event stream sends, captured instead of delivered, with the
    game as it stood when it was sent: an event is checked against what was hidden then (a
    `your_turn` shows the seat's hand of that moment, which may be in its deck by now)."""
    sent: list[tuple[str, dict, Game | None]] = []
    real = broadcast.group_send

    def capture(group: str, message: dict) -> None:
        if group.startswith("user-"):
            games = {e.get("game") for e in message.get("events", ())}
            then = Game.objects.get(pk=games.pop()) if len(games) == 1 else None
            sent.append((group, message, then))
        else:
            real(group, message)

    monkeypatch.setattr(broadcast, "group_send", capture)
    return sent


def _look(game: Game, clients: dict, sent_events: list) -> int:
    """Call every read endpoint as each human, and check the events sent so far."""
    game.refresh_from_db()
    checked = 0
    for viewer, (user, client) in clients.items():
        for part in READS:
            response = client.get(f"/api/v1/games/{game.pk}/{part}")
            text = response.content.decode()
            _check(response.json(), text, game, viewer, f"GET {part or 'game'}")
            checked += 1
        listing = client.get("/api/v1/games/?filter=mine")
        _check(listing.json(), listing.content.decode(), game, viewer, "GET games")
        for group, message, then in sent_events:
            if group == f"user-{user.pk}":
                text = json.dumps(message)
                _check(message, text, then or game, viewer, "event")
                checked += 1
    sent_events.clear()
    return checked


def test_no_response_or_event_leaks_hidden_cards_or_the_seed(
        catalog, make_user, client_for, committed, sent_events):
    rng = random.Random(6)
    checked = 0
    for number in range(GAMES):
        alice, bob = make_user(f"a{number}"), make_user(f"b{number}")
        clients = {0: (alice, client_for(alice)), 1: (bob, client_for(bob))}
        kingdom = selectors.kingdom_random(rng=rng)
        game = services.game_create(creator=alice, seats=["me", "open", "heuristic"],
                                    kingdom=kingdom)
        services.seat_join(game=game, user=bob)
        with committed():
            services.game_start(game=game, user=alice)
        strategy = HUMAN_STRATEGIES[number % len(HUMAN_STRATEGIES)]
        samples = set(rng.sample(range(MAX_STEPS), SAMPLES_PER_GAME))
        for move in range(MAX_STEPS):
            game.refresh_from_db()
            if game.status != GameStatus.RUNNING:
                break
            if move in samples:
                checked += _look(game, clients, sent_events)
            decision = game.decisions[0]
            with committed():
                services.decision_submit(
                    game_id=game.pk, seat=decision["seat"], decision_id=decision["id"],
                    answer=_answer_as_human(game, decision, strategy), step=game.step)
        checked += _look(game, clients, sent_events)
    assert checked > GAMES * SAMPLES_PER_GAME * 10
