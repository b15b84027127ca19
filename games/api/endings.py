"""Ending a game other than by the rules: resign, abort, claim a win (writes, HackSoft style).

The table's rules, as docs/api.md states them:
- **Resign.** A resigned seat cannot win. While two or more seats have not resigned, the bot
  plays the resigned seat on (the takeover strategy) so nobody else's game is spoiled, and at
  the end the winner is the best of the others (score, then fewer turns). When a resignation
  leaves one seat (always in a 2-player game), that seat wins and the game ends at once.
- **Abort**, only before the first move by a person, and only by a player who has not
  resigned: the game is abandoned, unrated, without a winner. The creator may also abort a
  game still taking players.
- **Claim a win** when the others' clocks ran out, as the deadline rules count it: a seat
  whose deadline has passed (not on vacation), or that the bot took over after repeated
  expiries. Those seats count as resigned (reason "timeout"); if that leaves only the
  claimant, the claimant wins now, else the game goes on without them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone

import engine
from games import services as game_services
from games import signals
from games.api.models import GameEnding, Resignation
from games.exceptions import GameConflict, NotAllowed, Resigned, WrongStatus
from games.models import Game, GameStatus, Seat
from games.play import conf as play_conf
from games.play import selectors as play_selectors

RESIGNED, CLAIMED, ABORTED = "resigned", "claimed", "aborted"


class NothingToClaim(GameConflict):
    code = "nothing_to_claim"


class TooLateToAbort(GameConflict):
    code = "too_late"


class AlreadyResigned(GameConflict):
    code = "already_resigned"


def _lock_running(game_id: int) -> Game:
    game = Game.objects.select_for_update().get(pk=game_id)
    if game.status != GameStatus.RUNNING:
        raise WrongStatus("this game is not running")
    return game


def _my_seat(game: Game, user) -> Seat:
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise NotAllowed("you have no seat in this game")
    return seat


def resigned_positions(game_id: int) -> list[int]:
    return sorted(Resignation.objects.filter(game_id=game_id).values_list("position", flat=True))


def game_resign(*, game: Game, user) -> Game:
    """Resign my seat; the game ends if one seat is left, else the bot plays mine on."""
    with transaction.atomic():
        game = _lock_running(game.pk)
        seat = _my_seat(game, user)
        if Resignation.objects.filter(game=game, position=seat.position).exists():
            raise AlreadyResigned("you have already resigned this game")
        Resignation.objects.create(game=game, position=seat.position)
        _after_withdrawals(game, [seat], RESIGNED, seat.position)
    return game


def game_claim_win(*, game: Game, user, now: datetime | None = None) -> Game:
    """Count every other seat whose clock ran out as resigned; win if none is left."""
    now = now or timezone.now()
    with transaction.atomic():
        game = _lock_running(game.pk)
        mine = _my_seat(game, user)
        gone = set(resigned_positions(game.pk))
        if mine.position in gone:
            raise AlreadyResigned("you have resigned this game")
        statuses = play_selectors.seat_statuses(game)
        seats = list(game.seats.all())
        expired = [s for s in seats if s.position not in gone and s.position != mine.position
                   and _ran_out(s, statuses.get(s.position, {}), now)]
        if not expired:
            raise NothingToClaim("no other player's clock has run out")
        Resignation.objects.bulk_create(
            [Resignation(game=game, position=s.position, reason="timeout") for s in expired])
        _after_withdrawals(game, expired, CLAIMED, mine.position)
    return game


def _ran_out(seat: Seat, status: dict[str, Any], now: datetime) -> bool:
    if seat.user_id is None:
        return False  # a bot seat never runs out of time
    if status.get("taken_over"):
        return True
    deadline = status.get("deadline_at")
    return bool(deadline and deadline <= now and not status.get("on_vacation"))


def _after_withdrawals(game: Game, withdrawn: list[Seat], reason: str, by: int) -> None:
    """End the game if one seat is left; else hand the withdrawn seats to the bot."""
    gone = set(resigned_positions(game.pk))
    left = [p for p in range(game.player_count) if p not in gone]
    if len(left) == 1:
        _finish_early(game, left[0], reason, by)
    else:
        strategy = play_conf.get("PLAY_TAKEOVER_STRATEGY")
        for seat in withdrawn:
            seat.bot_strategy = seat.bot_strategy or strategy
            seat.save(update_fields=["bot_strategy"])
        game_services.announce_on_commit(game)
    signals.seats_resigned.send(sender=Game, game=game,
                                positions=[seat.position for seat in withdrawn])


def _finish_early(game: Game, winner: int, reason: str, by: int) -> None:
    table = engine.loads(game.snapshot)
    players = range(game.player_count)
    game.result = {"scores": [table.score(p) for p in players],
                   "turns": [table.players[p].turns for p in players],
                   "winners": [winner], "resigned": resigned_positions(game.pk),
                   "ended_by": reason}
    game.status = GameStatus.FINISHED
    game.finished_at = timezone.now()
    game.decisions = []
    game.save()
    game.seats.update(waiting_since=None)
    GameEnding.objects.create(game=game, reason=reason, position=by)
    game_services.announce_on_commit(game)


def game_abort(*, game: Game, user) -> Game:
    """Call the game off before anyone has moved; it is abandoned, with no winner. Only a
    player still at the table may (not one who resigned, or was counted resigned)."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        seat = _my_seat(game, user)
        if game.status == GameStatus.OPEN and game.creator_id != user.pk:
            raise NotAllowed("only the creator can abort a game still taking players")
        if game.status not in (GameStatus.OPEN, GameStatus.RUNNING):
            raise WrongStatus("this game has already ended")
        if Resignation.objects.filter(game=game, position=seat.position).exists():
            # (gone from the table, as from answering: the bot plays the seat on for them)
            raise Resigned("you have resigned from this game: the others decide whether it "
                           "is called off")
        if game.steps.exclude(actor="bot").exists():
            raise TooLateToAbort("a player has moved: resign instead")
        game.status = GameStatus.ABANDONED
        game.finished_at = timezone.now()
        game.decisions = []
        game.save()
        game.seats.update(waiting_since=None)
        GameEnding.objects.create(game=game, reason=ABORTED, position=seat.position)
        game_services.announce_on_commit(game)
    return game


def winners_without_resigned(result: dict[str, Any], resigned: list[int]) -> list[int]:
    """The winners among the seats that did not resign: best score, then fewer turns."""
    scores, turns = result["scores"], result["turns"]
    left = [p for p in range(len(scores)) if p not in resigned]
    best = max((scores[p], -turns[p]) for p in left)
    return [p for p in left if (scores[p], -turns[p]) == best]


@receiver(signals.game_moved, dispatch_uid="api-resigned-cannot-win")
def _resigned_cannot_win(sender, *, game_id: int, status: str, **extra) -> None:
    """A game played on after a resignation ended by the rules: resigned seats cannot win."""
    if status != GameStatus.FINISHED:
        return
    resigned = resigned_positions(game_id)
    if not resigned:
        return
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if not game.result or "resigned" in game.result:
            return
        game.result = {**game.result, "resigned": resigned,
                       "winners": winners_without_resigned(game.result, resigned)}
        game.save(update_fields=["result"])
