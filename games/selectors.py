"""Reads: what pages, the API and services need to know, without writing anything.

Views get a seat's view of a game only through `game_view`, which asks the engine for exactly
what that seat may see; the snapshot and the seed never leave this module and services.py.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, QuerySet

import engine
from engine import canonical
from engine import kingdoms as engine_kingdoms
from games.models import Card, CardSet, Game, GameStatus, Kingdom, Seat

# --- the engine's catalogue ------------------------------------------------------------------


def engine_registry() -> dict[str, Any]:
    """Every card the engine implements, by printed name."""
    return dict(engine.CARDS)


def bot_strategies() -> list[str]:
    """Every bot a seat can have: the engine's and the site's own strategies."""
    from games.strategies import selectors as strategy_selectors

    return strategy_selectors.bot_names()


def bot_choices() -> list[tuple[str, str]]:
    """(strategy, label) for each bot, the default (the planner) first."""
    from games.strategies import selectors as strategy_selectors

    return [(b["strategy"], b["label"]) for b in strategy_selectors.bot_catalogue()]


def recommended_kingdoms_printed() -> list[dict[str, Any]]:
    """The rulebooks' recommended kingdoms as Kingdom field values (JSON-ready)."""
    sources = getattr(engine_kingdoms, "SOURCES", {})
    return [
        {
            "name": printed.name,
            "cards": list(printed.cards),
            "sets": list(printed.sets),
            "options": _jsonable(dict(printed.options)),
            "edition": printed.edition,
            "source": sources.get(printed.source, printed.source),
            "recommended": True,
        }
        for printed in engine_kingdoms.RECOMMENDED
    ]


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(item) for item in value]
    return value


# --- cards and kingdoms ----------------------------------------------------------------------


def implemented_kingdom_names() -> set[str]:
    return set(
        Card.objects.filter(implemented=True, is_kingdom=True).values_list("name", flat=True)
    )


def missing_cards(cards: Iterable[str], known: set[str]) -> list[str]:
    return [name for name in cards if name not in known]


def shelters_choice(setup: dict) -> str:
    """A game's Shelters rule as the lobby and the API name it: "auto", "always", "never"."""
    rule = setup.get("shelters", False)
    return "auto" if rule == "auto" else "always" if rule else "never"


def kingdom_problems(cards: Sequence[str]) -> list[str]:
    """Why `cards` is not a valid kingdom, naming each bad card; empty when it is valid."""
    problems = []
    if len(cards) != 10:
        problems.append(f"a kingdom has exactly 10 cards, not {len(cards)}")
    known = implemented_kingdom_names()
    seen: set[str] = set()
    for name in map(canonical, cards):
        if name in seen:
            problems.append(f"{name} appears more than once")
        elif name not in known:
            problems.append(f"{name} is not an implemented kingdom card")
        seen.add(name)
    return problems


def card_editions_for(cards: Iterable[str], edition: int) -> dict[str, int]:
    """Per-card editions for cards that do not exist in the game's edition (e.g. Feast in 2E)."""
    chosen = {}
    for card in Card.objects.filter(name__in=list(cards)):
        if card.editions and edition not in card.editions:
            chosen[card.name] = max(card.editions)
    return chosen


@dataclass(frozen=True)
class _Candidate:
    name: str
    set: str
    editions: tuple[int, ...]
    is_kingdom: bool = True


def kingdom_random(
    *, sets: Iterable[str] | None = None, editions: Iterable[int] | None = None,
    rng: random.Random | None = None,
) -> list[str]:
    """Ten random kingdom cards among those admins left eligible. ValueError if too few."""
    eligible = Card.objects.filter(implemented=True, is_kingdom=True, random_eligible=True)
    candidates = [
        _Candidate(card.name, card.card_set.slug, tuple(card.editions))
        for card in eligible.select_related("card_set")
    ]
    rng = rng or random.SystemRandom()
    return engine_kingdoms.random_kingdom(rng, candidates, sets=sets, editions=editions)


def kingdom_cards_by_set() -> list[tuple[str, list[Card]]]:
    """Implemented kingdom cards grouped by set, for the hand-picked kingdom form."""
    cards = Card.objects.filter(implemented=True, is_kingdom=True).select_related("card_set")
    groups: dict[str, list[Card]] = {}
    for card in cards.order_by("card_set_id", "name"):
        groups.setdefault(card.card_set.name, []).append(card)
    return list(groups.items())


def kingdoms_recommended_by_set() -> list[tuple[str, list[Kingdom]]]:
    """Playable recommended kingdoms, grouped by the sets they use."""
    groups: dict[str, list[Kingdom]] = {}
    for kingdom in Kingdom.objects.filter(recommended=True, playable=True).order_by("name"):
        groups.setdefault(kingdom.set_label, []).append(kingdom)
    return sorted(groups.items())


def card_sets() -> QuerySet[CardSet]:
    return CardSet.objects.all()


def cards_named(names: Iterable[str]) -> list[Card]:
    """Card rows in the order given (unknown names are skipped)."""
    by_name = {card.name: card for card in Card.objects.filter(name__in=list(names))}
    return [by_name[name] for name in names if name in by_name]


# --- games -----------------------------------------------------------------------------------


def games_lobby() -> QuerySet[Game]:
    """Listed games still taking players, newest first, with their free-seat count."""
    return (
        Game.objects.filter(status=GameStatus.OPEN, listed=True)
        .annotate(free=Count("seats", filter=Q(seats__user__isnull=True, seats__bot_strategy="")))
        .filter(free__gt=0)
        .select_related("creator")
        .order_by("-created_at")
    )


def games_for_user(user) -> list[Seat]:
    """The user's seats: games waiting for them first (longest wait first), then the rest."""
    rank = {GameStatus.RUNNING: 1, GameStatus.OPEN: 2, GameStatus.FINISHED: 3}
    seats = list(
        Seat.objects.filter(user=user)
        .exclude(game__status=GameStatus.ABANDONED)
        .select_related("game")
        .order_by("-game__created_at")
    )

    def key(seat: Seat) -> tuple:
        if seat.waiting_since is not None and seat.game.status == GameStatus.RUNNING:
            return (0, seat.waiting_since.timestamp())
        return (rank.get(seat.game.status, 4), 0)

    return sorted(seats, key=key)


def games_waiting_for(user) -> QuerySet[Game]:
    return Game.objects.filter(
        status=GameStatus.RUNNING, seats__user=user, seats__waiting_since__isnull=False
    )


def game_seats(game: Game) -> list[Seat]:
    return list(game.seats.select_related("user__preferences"))


def seat_of(game: Game, user) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    return game.seats.filter(user=user).first()


def game_visible_to(game: Game, user) -> bool:
    """Players see their games; anyone sees listed ones; private games stay hidden."""
    return game.listed or seat_of(game, user) is not None


def invite_matches(game: Game, token: str | None) -> bool:
    """Whether `token` is the game's invite token (compared in constant time)."""
    return bool(token) and secrets.compare_digest(str(token).encode(),
                                                  (game.invite_token or "").encode())


def game_view(game: Game, position: int | None) -> dict[str, Any] | None:
    """Exactly what seat `position` (None: a spectator) may see; None before the start."""
    if not game.snapshot:
        return None
    return engine.loads(game.snapshot).view(position)


def decisions_for(game: Game, position: int | None) -> list[dict[str, Any]]:
    if position is None:
        return []
    return [d for d in game.decisions if d["seat"] == position]


def bot_answer_for(game: Game, seat: Seat, decision_id: str) -> Any:
    """What the seat's bot answers to the open decision (computed from the snapshot). The
    planner's plan for the table is made here the first time (stored for every worker)."""
    from games.strategies import services as strategy_services

    table = engine.loads(game.snapshot)
    decision = next(d for d in table.pending() if d.id == decision_id)
    return strategy_services.bot_answer(strategy=seat.bot_strategy, table=table,
                                        seat=seat.position, decision=decision)


def game_record(game: Game) -> dict[str, Any]:
    """Setup, seed and every answer: enough to replay the game (server-side audits only)."""
    answers = [[s.seat, s.decision_id, s.answer] for s in game.steps.order_by("number")]
    return {"setup": game.setup, "seed": game.seed, "answers": answers}


def game_replays_identically(game: Game) -> bool:
    """The golden check: replaying setup + seed + log gives the stored state."""
    replayed = engine.replay(game_record(game))
    stored = engine.loads(game.snapshot)
    viewers = [None, *range(game.player_count)]
    return all(replayed.view(seat) == stored.view(seat) for seat in viewers)
