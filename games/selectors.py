"""Reads: what pages, the API and services need to know, without writing anything.

Views get a seat's view of a game only through `game_view`, which asks the engine for exactly
what that seat may see; the snapshot and the seed never leave this module and services.py.
"""

from __future__ import annotations

import hashlib
import random
import re
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db.models import (
    BooleanField,
    Case,
    Count,
    F,
    IntegerField,
    Prefetch,
    Q,
    QuerySet,
    Value,
    When,
)
from django.db.models.expressions import RawSQL

import engine
from engine import canonical
from engine import kingdoms as engine_kingdoms
from games import history
from games.models import Card, CardSet, Game, GameStatus, Kingdom, Seat
from games.prepared import Prepared

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


def cards_waiting() -> set[str]:
    """Real kingdom cards the engine does not play yet: those of the rulebooks' recommended
    kingdoms and the cards it dropped. A kingdom may name them, and waits for them."""
    printed = {name for kingdom in engine_kingdoms.RECOMMENDED for name in kingdom.cards}
    dropped = set(Card.objects.filter(implemented=False, is_kingdom=True)
                  .values_list("name", flat=True))
    return (printed | dropped) - implemented_kingdom_names()


# Cards of a kingdom checked one by one: a list far longer than ten is refused for its length
# (a body of repeated names made a reason three times the size of the request, at 2.5 MB).
MAX_KINGDOM_CHECKED = 20


ECHO_MOST = 60  # characters of a refused name repeated back in an error message


def echo(name: str) -> str:
    """A refused name as an error message repeats it: cut short, so that a 100 KB name does
    not come back in full (or many times over)."""
    return name if len(name) <= ECHO_MOST else name[:ECHO_MOST - 1] + "…"


def kingdom_problems(cards: Sequence[str], waiting: Iterable[str] = ()) -> list[str]:
    """Why `cards` is not a valid kingdom, naming each bad card; empty when it is valid.
    Cards in `waiting` are accepted though not implemented (a kingdom saved for later)."""
    problems = []
    if len(cards) != 10:
        problems.append(f"a kingdom has exactly 10 cards, not {len(cards)}")
    known = implemented_kingdom_names() | set(waiting)
    seen: set[str] = set()
    repeated: set[str] = set()
    for name in map(canonical, cards[:MAX_KINGDOM_CHECKED]):
        if name in seen and name not in repeated:  # each name once: the reason stays short
            problems.append(f"{echo(name)} appears more than once")
            repeated.add(name)
        elif name not in known and name not in seen:
            problems.append(f"{echo(name)} is not an implemented kingdom card")
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


_PLUS_BUY = re.compile(r"\+\d*\s*Buy\b")


def kingdom_picker() -> list[dict[str, Any]]:
    """Playable recommended kingdoms with what the picker shows and filters on: the 10 cards
    (by cost), the sets, whether one is an Attack and whether one gives +Buy."""
    kingdoms = list(Kingdom.objects.filter(recommended=True, playable=True).order_by("name"))
    names = {name for k in kingdoms for name in k.cards}
    cards = {c.name: c for c in Card.objects.filter(name__in=names).select_related("card_set")}
    out = []
    for kingdom in kingdoms:
        rows = sorted((cards[n] for n in kingdom.cards if n in cards),
                      key=lambda c: (c.cost, c.name))
        out.append({
            "pk": kingdom.pk, "name": kingdom.name, "set_label": kingdom.set_label,
            "sets": sorted({c.card_set.slug for c in rows} | set(kingdom.sets)),
            "cards": rows,
            "attack": any("Attack" in c.types for c in rows),
            "plus_buy": any(_PLUS_BUY.search(c.text or c.text_first_edition) for c in rows),
        })
    return out


def card_sets() -> QuerySet[CardSet]:
    return CardSet.objects.all()


def cards_named(names: Iterable[str]) -> list[Card]:
    """Card rows in the order given (unknown names are skipped)."""
    by_name = {card.name: card for card in Card.objects.filter(name__in=list(names))}
    return [by_name[name] for name in names if name in by_name]


# --- games -----------------------------------------------------------------------------------


# Lists never load a game's state (snapshot, the deal's log, the seed): a row stays small.
LIST_DEFER = ("snapshot", "log_start", "seed")


def seats_prefetch(path: str = "seats") -> Prefetch:
    """A game's seats with their users and display names, in one query for a whole list."""
    return Prefetch(path, queryset=Seat.objects.select_related("user__preferences"))


def games_lobby() -> QuerySet[Game]:
    """Listed games still taking players, newest first, with their free-seat count."""
    return (
        Game.objects.filter(status=GameStatus.OPEN, listed=True)
        .annotate(free=Count("seats", filter=Q(seats__user__isnull=True, seats__bot_strategy="")))
        .filter(free__gt=0)
        .select_related("creator", "kingdom")
        .defer(*LIST_DEFER)
        .prefetch_related(seats_prefetch())
        .order_by("-created_at")
    )


def open_game_max_age() -> timedelta:
    return timedelta(days=getattr(settings, "OPEN_GAME_MAX_AGE_DAYS", 14))


def open_games_idle(*, now: datetime) -> list[int]:
    """Open games nobody has joined for OPEN_GAME_MAX_AGE_DAYS (since their creation or their
    latest join), oldest first, a hundred at most (the sweep takes the rest next time)."""
    since = now - open_game_max_age()
    return list(Game.objects.filter(status=GameStatus.OPEN, created_at__lte=since)
                .exclude(seats__joined_at__gt=since).order_by("created_at")
                .values_list("pk", flat=True)[:100])


def games_for_user(user) -> QuerySet[Seat]:
    """The user's seats: games waiting for them first (longest wait first), then the rest.

    Ordered by the database, so a page of it (games/mine/) reads one slice; each seat's game
    comes with its creator and every seat (a constant number of queries).
    """
    waiting = Q(waiting_since__isnull=False, game__status=GameStatus.RUNNING)
    bucket = Case(
        When(waiting, then=Value(0)),
        When(game__status=GameStatus.RUNNING, then=Value(1)),
        When(game__status=GameStatus.OPEN, then=Value(2)),
        When(game__status=GameStatus.FINISHED, then=Value(3)),
        default=Value(4), output_field=IntegerField(),
    )
    waited_since = Case(When(waiting, then=F("waiting_since")), default=None)
    return (
        Seat.objects.filter(user=user)
        .exclude(game__status=GameStatus.ABANDONED)
        .select_related("game__creator")
        .defer(*(f"game__{name}" for name in LIST_DEFER))
        .prefetch_related(seats_prefetch("game__seats"))
        .order_by(bucket, waited_since, "-game__created_at", "-pk")
    )


def games_waiting_for(user) -> QuerySet[Game]:
    """Running games with a decision open for a seat the user plays: not one the bot plays
    for them (resigned, or taken over), as games.play.selectors.your_turn_count counts."""
    return (Game.objects.filter(status=GameStatus.RUNNING, seats__user=user,
                                seats__waiting_since__isnull=False, seats__bot_strategy="")
            .select_related("creator").defer(*LIST_DEFER).prefetch_related(seats_prefetch()))


def game_seats(game: Game) -> list[Seat]:
    """The game's seats, users and display names loaded (from a list's prefetch if it had one)."""
    if "seats" in getattr(game, "_prefetched_objects_cache", {}):
        return list(game.seats.all())
    return list(game.seats.select_related("user__preferences"))


def seat_of(game: Game, user) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    return game.seats.filter(user=user).first()


def position_resigned(game: Game, position: int) -> bool:
    """Whether seat `position` resigned `game` while it runs (the bot plays it on)."""
    from games.api.models import Resignation  # (the API app records resignations)

    return (game.status == GameStatus.RUNNING
            and game.player_count >= 3  # (with two, a resignation ends the game: no query)
            and Resignation.objects.filter(game_id=game.pk, position=position).exists())


def seat_resigned(game: Game, seat: Seat | None) -> bool:
    """Whether `seat`'s player resigned `game`, which the bot plays on for them (a query
    only for a seat a bot plays: a person's own seat never resigned)."""
    return seat is not None and seat.is_bot and position_resigned(game, seat.position)


def playing_position(game: Game, user) -> int | None:
    """The seat `user` plays and sees `game` as; None for a spectator, and for a player who
    resigned while the game runs on: they left the table, so they get no decisions and watch
    as anyone may, seeing no hand (not the one the bot now plays for their seat, whose cards
    they could tell a friend at the table). A seat the bot took over after missed deadlines
    is still its player's (they may take it back): it stays theirs."""
    seat = seat_of(game, user)
    return None if seat is None or seat_resigned(game, seat) else seat.position


def game_for_viewer(pk: int, user, state: bool = True, creator: bool = True) -> Game | None:
    """The game with its creator and `viewer_position` (the user's seat, None: none) in one
    query; without its state (snapshot, the deal's log) when `state` is False (a write
    reloads the game under its lock anyway), without its creator when `creator` is False.
    Every API request about a game asks this: compiled once (games/prepared.py)."""
    viewer = user.pk if user is not None and user.is_authenticated else None
    variant = (state, creator, viewer is not None)
    # (the viewer twice: each parameter of a prepared query appears once in its SQL)
    return _GAME_FOR_VIEWER.first(pk, viewer or 0, viewer or 0, variant=variant)


def _game_for_viewer_query(pk: int, viewer: int, viewer_again: int, state: bool,
                           creator: bool, seated: bool) -> QuerySet:
    games = Game.objects.filter(pk=pk)
    if creator:
        games = games.select_related("creator")
    if seated:
        # Written as SQL: the ORM's Subquery costs more CPU to compile than the query to run.
        seats, table = Seat._meta.db_table, Game._meta.db_table
        mine = RawSQL(f'SELECT s."position" FROM "{seats}" s WHERE s."game_id" = "{table}"."id" '
                      'AND s."user_id" = %s ORDER BY s."position" LIMIT 1', (viewer,),
                      output_field=IntegerField())
        games = games.annotate(viewer_position=mine, viewer_resigned=_viewer_resigned(viewer_again))
    else:
        games = games.annotate(viewer_position=Value(None, output_field=IntegerField()),
                               viewer_resigned=Value(False, output_field=BooleanField()))
    if not state:
        games = games.defer("snapshot", "log_start")
    return games[:1]


def _viewer_resigned(viewer: int) -> RawSQL:
    """Whether the viewer's seat resigned (playing_position, in the game's own query)."""
    from games.api.models import Resignation  # (the API app records resignations)

    seats, table = Seat._meta.db_table, Game._meta.db_table
    gone = Resignation._meta.db_table
    return RawSQL(f'EXISTS (SELECT 1 FROM "{gone}" r JOIN "{seats}" s ON s."game_id" = '
                  f'r."game_id" AND s."position" = r."position" WHERE r."game_id" = '
                  f'"{table}"."id" AND s."user_id" = %s)', (viewer,),
                  output_field=BooleanField())


_GAME_FOR_VIEWER = Prepared(_game_for_viewer_query, "int", "int", "int")


def game_visible_to(game: Game, user) -> bool:
    """Players see their games; anyone sees listed ones; private games stay hidden."""
    if hasattr(game, "viewer_position"):  # from game_for_viewer: no query
        return game.listed or game.viewer_position is not None
    return game.listed or seat_of(game, user) is not None


def invite_matches(game: Game, token: str | None) -> bool:
    """Whether `token` is the game's invite token (compared in constant time)."""
    return bool(token) and secrets.compare_digest(str(token).encode(),
                                                  (game.invite_token or "").encode())


def game_view(game: Game, position: int | None, log: str = "recent",
              turns: int | None = None) -> dict[str, Any] | None:
    """Exactly what seat `position` (None: a spectator) may see; None before the start.

    Its "log" holds the recent turns (`log="recent"`: the last round and one more turn, or
    `turns`; "log_from" says where they start in the whole log, which `game_log_page` reads
    by page), all of it ("all") or nothing ("none").
    """
    if not game.snapshot:
        return None
    return history.with_log(game, engine.loads(game.snapshot), position, log, turns)


def game_log_page(game: Game, position: int | None, since: int,
                  limit: int) -> dict[str, Any] | None:
    """Events `since` .. `since + limit` of the whole log as `position` sees them, and where
    the next page starts (None at the end); None before the start."""
    if not game.snapshot:
        return None
    table = engine.loads(game.snapshot)
    events = history.page(game, table, position, since, limit)
    end = since + len(events)
    return {"game": game.pk, "step": game.step, "since": since, "over": table.over,
            "events": events, "total": game.log_length,
            "next": end if end < game.log_length else None}


def game_scores(game: Game) -> list[int]:
    """Every player's victory points now (the optional VP counter), cached per state (a step
    can be reached twice after an undo, so the key is the snapshot's digest)."""
    key = f"game-scores:{game.pk}:{hashlib.sha256(game.snapshot.encode()).hexdigest()}"
    scores = cache.get(key)
    if scores is None:
        table = engine.loads(game.snapshot)
        scores = [table.score(p) for p in range(len(table.players))]
        cache.set(key, scores, 3600)
    return scores


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
    """Setup, seed and every answer: enough to replay the game (server-side audits only),
    with the engine that dealt it (engine.replay refuses one that deals other cards)."""
    rows = game.steps.order_by("number").values_list("seat", "decision_id", "answer")
    answers = [[seat, decision, answer] for seat, decision, answer in rows]
    return {"setup": game.setup, "seed": game.seed, "answers": answers,
            "engine_version": game.engine_version or None}


def game_replays_identically(game: Game) -> bool:
    """The golden check: replaying setup + seed + answers gives the stored state and log."""
    replayed = engine.replay(game_record(game))
    stored = history.whole_table(game)
    viewers = [None, *range(game.player_count)]
    return all(replayed.view(seat) == stored.view(seat) for seat in viewers)
