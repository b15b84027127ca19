"""Ratings: Glicko-2 after each finished game, one pool for 2 players, one for 3 and 4.

A game is rated only when every seat is a person who made a move of their own (a game
resigned or claimed before someone moved is an abort in all but name: rating it would let two
accounts trade points without playing), and no seat that played on to the end was played by
the bot (a deadline's stand-in or a takeover) for most of that player's turns. A seat that
resigned (or was claimed on its clock) lost to everyone who played on, whoever played it
after: the bot plays it on so the others' game is not spoiled, and counting those turns
against the game would let a losing player void everyone's result by resigning early.
Each game is its own rating period; in a 3-4 player game each player scores 1, 1/2 or 0
against every other one (ranked by score, then fewer turns: the rulebook's tie-break), all
from the ratings before the game. Every seat of every finished game also gets a GameSummary
for profiles.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime

from django.db import transaction
from django.utils import timezone

import engine
from games import selectors as game_selectors
from games.models import Card, Game, GameStatus, GameStep, Seat, display_name
from games.social import conf, glicko2
from games.social.models import GameSummary, Pool, Rating

BOT_ACTORS = frozenset({"bot", "deadline"})
OWN_ACTORS = frozenset({"player", "standing_order"})  # moves a player chose themselves


def pool_for(players: int) -> str | None:
    if players == 2:
        return Pool.DUEL
    if players in (3, 4):
        return Pool.MULTI
    return None


def game_finished_record(*, game_id: int, now: datetime | None = None) -> list[GameSummary]:
    """Summarise a finished game and rate it if it counts; safe to call more than once."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.status != GameStatus.FINISHED or not game.result:
            return []
        if GameSummary.objects.filter(game=game).exists():
            return list(GameSummary.objects.filter(game=game))
        seats = list(game.seats.select_related("user").order_by("position"))
        reason = unrated_reason(game, seats)
        summaries = _summaries(game, seats, reason, now or game.finished_at or timezone.now())
        if not reason:
            _rate(game, summaries)
        GameSummary.objects.bulk_create(summaries)
    return summaries


def unrated_reason(game: Game, seats: list[Seat]) -> str:
    """Why the game does not count for ratings; empty when it does."""
    pool = pool_for(game.player_count)
    if pool is None:
        return "only games of 2 to 4 players are rated"
    if any(seat.user_id is None for seat in seats):
        return "a seat was played by a bot"
    moved = set(GameStep.objects.filter(game=game, actor__in=OWN_ACTORS)
                .values_list("seat", flat=True).distinct())
    for seat in seats:
        if seat.position not in moved:
            return f"{display_name(seat.user)} never moved"
    withdrawn = set(game.result.get("resigned") or [])
    bot_turns = _bot_turns(game)
    turns = game.result.get("turns") or [0] * game.player_count
    for seat in seats:
        if seat.position not in withdrawn and 2 * bot_turns[seat.position] > turns[seat.position]:
            return f"the bot played most of {display_name(seat.user)}'s turns"
    return ""


def _bot_turns(game: Game) -> Counter[int]:
    """How many of each player's own turns had a move made by the bot for them."""
    table = engine.new_game(game.setup, game.seed)
    turns: set[tuple[int, int]] = set()
    steps = GameStep.objects.filter(game=game).order_by("number")
    for seat, decision_id, answer, actor in steps.values_list(
            "seat", "decision_id", "answer", "actor"):
        if actor in BOT_ACTORS and seat == table.active:
            turns.add((seat, table.turn_no))
        table.apply(seat, decision_id, answer)
    return Counter(seat for seat, _ in turns)


def _summaries(game: Game, seats: list[Seat], reason: str, now: datetime) -> list[GameSummary]:
    final = game_selectors.game_view(game, None, log="none") or {"players": []}
    kingdom = set(game.kingdom_cards)
    sets = sorted(set(Card.objects.filter(name__in=kingdom).values_list(
        "card_set__slug", flat=True)))
    winners = set(game.result.get("winners", []))
    scores = game.result.get("scores", [])
    found = []
    for seat in seats:
        if seat.user_id is None:
            continue
        owned = final["players"][seat.position].get("cards", []) if final["players"] else []
        found.append(GameSummary(
            game=game, user_id=seat.user_id, position=seat.position, players=game.player_count,
            won=seat.position in winners, score=scores[seat.position], sets=sets,
            cards=dict(Counter(name for name in owned if name in kingdom)),
            rated=not reason, unrated_reason=reason, pool=pool_for(game.player_count) or "",
            finished_at=now))
    return found


def pair_score(result: dict, me: int, other: int) -> float:
    """1, 1/2 or 0: my finish against another player's (score, then fewer turns)."""
    resigned = result.get("resigned", [])
    if (me in resigned) != (other in resigned):  # a resigned seat loses to one that played on
        return 0.0 if me in resigned else 1.0
    scores, turns = result["scores"], result["turns"]
    mine, theirs = (scores[me], -turns[me]), (scores[other], -turns[other])
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def _rate(game: Game, summaries: list[GameSummary]) -> None:
    pool = pool_for(game.player_count)
    users = sorted(s.user_id for s in summaries)
    for user_id in users:
        Rating.objects.get_or_create(user_id=user_id, pool=pool)
    rows = {r.user_id: r for r in Rating.objects.select_for_update().filter(
        pool=pool, user_id__in=users).order_by("user_id")}
    before = {s.position: _glicko(rows[s.user_id]) for s in summaries}
    tau = conf.get("SOCIAL_RATING_TAU")
    for summary in summaries:
        results = [glicko2.Result(before[o.position],
                                  pair_score(game.result, summary.position, o.position))
                   for o in summaries if o.position != summary.position]
        after = glicko2.update(before[summary.position], results, tau=tau)
        row = rows[summary.user_id]
        summary.rating_before = row.rating
        row.rating, row.deviation, row.volatility = after.rating, after.deviation, after.volatility
        row.games += 1
        row.wins += summary.won
        row.updated_at = summary.finished_at
        summary.rating_after, summary.deviation_after = row.rating, row.deviation
    Rating.objects.bulk_update(list(rows.values()),
                               ["rating", "deviation", "volatility", "games", "wins",
                                "updated_at"])


def _glicko(row: Rating) -> glicko2.Glicko:
    return glicko2.Glicko(row.rating, row.deviation, row.volatility)
