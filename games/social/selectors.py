"""Reads for the social features: who sees which chat line, rematch and undo state, ratings."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import F, QuerySet
from django.utils import timezone

from games import selectors as game_selectors
from games.api.models import Resignation
from games.models import Game, GameStatus, GameStep, Seat
from games.social import conf
from games.social.models import (
    ChatMessage,
    GameSummary,
    Mute,
    Pool,
    Rating,
    RematchOffer,
    SocialPreferences,
    Status,
    TableOptions,
    Undo,
)

ENDED = (GameStatus.FINISHED, GameStatus.ABANDONED)


# --- chat ------------------------------------------------------------------------------------


def resigned_positions_of(game: Game) -> set[int]:
    """The seats whose players resigned while `game` runs on. In the chat they are spectators
    (games.selectors.playing_position), so with the spectators' chat hidden from the players,
    their lines are hidden too."""
    from games.api.endings import resigned_positions  # (the API app records resignations)

    return set(resigned_positions(game.pk)) if game.status == GameStatus.RUNNING else set()


def table_options(game: Game) -> TableOptions:
    """The game's options; an unsaved default row when none was stored."""
    return TableOptions.objects.filter(game=game).first() or TableOptions(game=game)


def muted_ids(user) -> set[int]:
    if user is None or not user.is_authenticated:
        return set()
    return set(Mute.objects.filter(user=user).values_list("muted_id", flat=True))


def spectators_hidden_from(game: Game, position: int | None) -> bool:
    """Players do not see the spectators' chat while the game runs, if the option says so."""
    if position is None or game.status in ENDED:
        return False
    return table_options(game).spectator_chat_hidden


def chat_for(game: Game, user, position: int | None) -> QuerySet[ChatMessage]:
    """The chat lines `user` (sitting at `position`, None: a spectator) may read, oldest first."""
    found = ChatMessage.objects.filter(game=game, hidden_at__isnull=True)
    muted = muted_ids(user)
    if muted:
        found = found.exclude(author_id__in=muted)
    if spectators_hidden_from(game, position):
        found = found.filter(position__isnull=False)
    return found.select_related("author__preferences").order_by("pk")


def chat_recent(game: Game, user, position: int | None, after: int = 0) -> list[ChatMessage]:
    """The latest page of what `chat_for` allows, after message id `after`, oldest first."""
    found = chat_for(game, user, position).filter(pk__gt=after)
    page = list(found.order_by("-pk")[: conf.get("SOCIAL_CHAT_PAGE")])
    return page[::-1]


def chat_visible_to(message: ChatMessage, game: Game, user, position: int | None, *,
                    was: bool = False) -> bool:
    """The same rule as chat_for, for one message (the live path). `was`: whether they could
    read it before staff hid it (only they are told that it is gone)."""
    if (message.hidden_at is not None and not was) or message.author_id in muted_ids(user):
        return False
    return not (message.from_spectator and spectators_hidden_from(game, position))


def chat_notify_on(user) -> bool:
    prefs = SocialPreferences.objects.filter(user=user).first()
    return prefs.notify_chat if prefs else True


def is_muted(user, other) -> bool:
    return Mute.objects.filter(user=user, muted=other).exists()


def mutes_of(user) -> list[Mute]:
    return list(Mute.objects.filter(user=user).select_related("muted").order_by("pk"))


# --- rematch and undo ------------------------------------------------------------------------


def rematch_current(game: Game) -> RematchOffer | None:
    """The latest rematch offer of a finished game (pending, or how the last one ended)."""
    return RematchOffer.objects.filter(game=game).select_related("new_game").first()


def departed_positions(game: Game) -> list[int]:
    """Seats whose player deleted their account: no user, and not a bot's from the start.

    A deleted account's seat loses its user (SET_NULL). It has no bot strategy, unless the
    bot had taken it over: then the player's resignation, or the moves made for them when
    their time ran out (a bot has no clock), recorded at it tell it from a bot's seat.
    """
    from games.play.services import ACTOR_DEADLINE, ACTOR_STANDING_ORDER

    seats = [s for s in game_selectors.game_seats(game) if s.user_id is None]
    taken_over = [s.position for s in seats if s.bot_strategy]
    played: set[int] = set()
    if taken_over:
        played.update(Resignation.objects.filter(game=game, position__in=taken_over)
                      .values_list("position", flat=True))
        played.update(GameStep.objects.filter(
            game=game, seat__in=taken_over, actor__in=(ACTOR_DEADLINE, ACTOR_STANDING_ORDER),
        ).values_list("seat", flat=True).distinct())
    return [s.position for s in seats if not s.bot_strategy or s.position in played]


def request_is_due(deadline_at) -> bool:
    return deadline_at is not None and deadline_at <= timezone.now()


def undo_pending(game: Game) -> Undo | None:
    return Undo.objects.filter(game=game, status=Status.PENDING).first()


def undo_history(game: Game) -> list[Undo]:
    """Undos applied in this game, oldest first (the log shows them)."""
    return list(Undo.objects.filter(game=game, status=Status.APPLIED).select_related(
        "user__preferences").order_by("pk"))


def seat_names(game: Game) -> dict[int, str]:
    return {seat.position: seat.label for seat in game_selectors.game_seats(game)}


# --- ratings and profiles --------------------------------------------------------------------


def leaderboard(pool: str, include_provisional: bool = False, limit: int = 100) -> list[Rating]:
    """Ratings of a pool, best first; provisional ones only if asked."""
    found = Rating.objects.filter(pool=pool).select_related("user__preferences")
    if not include_provisional:
        found = found.filter(games__gte=conf.get("SOCIAL_PROVISIONAL_GAMES"))
    return list(found.order_by("-rating", "deviation", "user_id")[:limit])


def is_provisional(rating: Rating) -> bool:
    return rating.games < conf.get("SOCIAL_PROVISIONAL_GAMES")


def player_named(username: str):
    if "\x00" in username:  # no username has one, and PostgreSQL refuses NUL in a query
        return None
    return get_user_model().objects.filter(username=username).select_related(
        "preferences").first()


def profile(user, history: int = 50, viewer=None) -> dict[str, Any]:
    """Ratings, rating history, win rate by set and favourite cards of one player.

    The history lists a private game only to its players (`viewer`): to anyone else it would
    say that the game exists, when and with whom; the totals count every game."""
    # Only whether each game is listed: joining the whole game read every game's state (its
    # snapshot, kilobytes each) on every profile view, thousands for a busy player.
    summaries = list(GameSummary.objects.filter(user=user).annotate(
        game_listed=F("game__listed")))
    ratings = {r.pool: r for r in Rating.objects.filter(user=user)}
    return {
        "ratings": [{"pool": pool, "label": label, "rating": ratings.get(pool)}
                    for pool, label in Pool.choices],
        "games": len(summaries),
        "wins": sum(1 for s in summaries if s.won),
        "history": _seen_by(summaries, viewer)[:history],
        "by_set": _win_rate_by_set(summaries),
        "favourite_cards": _favourite_cards(summaries),
    }


def _seen_by(summaries: list[GameSummary], viewer) -> list[GameSummary]:
    """The summaries of the games `viewer` may see: listed ones, and private ones they played."""
    private = [s.game_id for s in summaries if not s.game_listed]
    if not private:
        return summaries
    mine: set[int] = set()
    if viewer is not None and viewer.is_authenticated:
        mine = set(Seat.objects.filter(user=viewer, game_id__in=private)
                   .values_list("game_id", flat=True))
    return [s for s in summaries if s.game_listed or s.game_id in mine]


def _win_rate_by_set(summaries: list[GameSummary]) -> list[dict[str, Any]]:
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for summary in summaries:
        for card_set in summary.sets:
            played[card_set] += 1
            won[card_set] += summary.won
    names = dict(game_selectors.card_sets().values_list("slug", "name"))
    return [{"set": slug, "name": names.get(slug, slug), "games": n, "wins": won[slug],
             "win_rate": round(won[slug] / n, 3)} for slug, n in sorted(played.items())]


def _favourite_cards(summaries: list[GameSummary], count: int = 5) -> list[dict[str, Any]]:
    """The kingdom cards most often in the player's final deck (then the most copies)."""
    games: Counter[str] = Counter()
    copies: Counter[str] = Counter()
    for summary in summaries:
        for name, n in summary.cards.items():
            games[name] += 1
            copies[name] += n
    best = sorted(games, key=lambda name: (-games[name], -copies[name], name))[:count]
    return [{"card": name, "games": games[name], "copies": copies[name]} for name in best]


def human_seats(game: Game) -> list[Seat]:
    return [seat for seat in game_selectors.game_seats(game) if seat.user_id is not None]


def leaderboard_data(pool: str, include_provisional: bool = False) -> dict[str, Any]:
    """The leaderboard as the page and the API give it."""
    from games.models import display_name

    rows = leaderboard(pool, include_provisional)
    return {
        "pool": pool,
        "provisional_games": conf.get("SOCIAL_PROVISIONAL_GAMES"),
        "entries": [{
            "rank": rank, "username": r.user.username, "name": display_name(r.user),
            "rating": round(r.rating, 1), "deviation": round(r.deviation, 1),
            "games": r.games, "wins": r.wins, "provisional": is_provisional(r),
        } for rank, r in enumerate(rows, start=1)],
    }


def profile_data(user, name: str, viewer=None) -> dict[str, Any]:
    """A player's profile as the API gives it (the page renders `profile` directly)."""
    found = profile(user, viewer=viewer)
    return {
        "username": user.username, "name": name, "games": found["games"],
        "wins": found["wins"],
        "ratings": [_pool_rating(item) for item in found["ratings"]],
        "history": [{
            "game": s.game_id, "finished_at": s.finished_at.isoformat(), "players": s.players,
            "won": s.won, "score": s.score, "rated": s.rated,
            "unrated_reason": s.unrated_reason, "pool": s.pool,
            "rating_before": _rounded(s.rating_before), "rating_after": _rounded(s.rating_after),
        } for s in found["history"]],
        "by_set": found["by_set"],
        "favourite_cards": found["favourite_cards"],
    }


def _pool_rating(item: dict[str, Any]) -> dict[str, Any]:
    rating = item["rating"]
    return {
        "pool": item["pool"],
        "rating": _rounded(rating.rating) if rating else None,
        "deviation": _rounded(rating.deviation) if rating else None,
        "games": rating.games if rating else 0, "wins": rating.wins if rating else 0,
        "provisional": rating is None or is_provisional(rating),
    }


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 1)
