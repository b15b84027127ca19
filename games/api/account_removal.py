"""An account deleted (by staff: the site has no self-service deletion) leaves its games as
a player who walked away would, before its seats lose their user.

Without this a seat simply lost its user (the foreign key is SET_NULL) and its clock went
with the account (CASCADE): a running game kept waiting for a seat nobody could answer, whose
clock could never run out, so the other players could not even claim it; an open game the
account had created could be neither started nor aborted by anyone.
So, on pre_delete: a running game is resigned (the bot plays the seat on, or the last seat
left wins, as *Ending a game* in docs/api.md says); an open game it created is abandoned;
an open seat elsewhere is given up; the private game made for a challenge to it is called
off; a pending rematch offer of a finished game of theirs ends declined.

Staff delete through `account_delete` (the admin does), which takes the account's lock
before Django collects the rows to delete; the pre_delete receiver covers any other delete().
"""

from __future__ import annotations

import logging
from contextvars import ContextVar
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models.signals import pre_delete
from django.dispatch import receiver
from django.utils import timezone

from games import limits
from games import services as game_services
from games.api import endings
from games.api.models import Challenge
from games.exceptions import GameError
from games.models import Game, GameStatus
from games.play import notify

log = logging.getLogger(__name__)


def games_left(user: Any) -> dict[str, int]:
    """Resign, abandon or leave every unfinished game of `user`; how many of each."""
    done = {"resigned": 0, "abandoned": 0, "left": 0}
    games = Game.objects.filter(seats__user=user,
                                status__in=[GameStatus.OPEN, GameStatus.RUNNING]).distinct()
    for game in games.order_by("pk"):
        try:
            if game.status == GameStatus.RUNNING:
                endings.game_resign(game=game, user=user)
                done["resigned"] += 1
            elif game.creator_id == user.pk:
                game_services.game_abandon(game=game)
                done["abandoned"] += 1
            else:
                game_services.seat_leave(game=game, user=user)
                done["left"] += 1
        except GameError as exc:  # already resigned, or it moved on meanwhile
            log.info("account %s removal: game %s: %s", user.pk, game.pk, exc.detail)
    return done


def challenges_called_off(user: Any) -> int:
    """Call off the open games made for a pending challenge to `user`, as the sweep calls off
    an open game nobody joined (abandoned, announced, its players told); how many.

    Their seat is kept for `user` alone, and the challenge goes with the account (CASCADE):
    the challenger's private game waited, open for nobody, until aborted or swept 14 days
    later."""
    now = timezone.now()
    challenged = Challenge.objects.filter(invited=user, status=Challenge.PENDING)
    games = Game.objects.filter(pk__in=challenged.values("game_id"), status=GameStatus.OPEN)
    called_off = 0
    for game in games.order_by("pk"):
        try:
            game = game_services.game_abandon(game=game)
        except GameError as exc:  # it ended meanwhile
            log.info("account %s removal: game %s: %s", user.pk, game.pk, exc.detail)
            continue
        for seat in game.seats.filter(user__isnull=False).select_related("user"):
            notify.notification_add(
                user=seat.user, game_id=game.pk, kind="called_off", now=now,
                text=f"Game #{game.pk} was called off: the player you challenged has deleted "
                     "their account.")
        called_off += 1
    return called_off


# The accounts account_delete has already taken leave for: their pre_delete does nothing more.
_departed: ContextVar[frozenset[int]] = ContextVar("accounts_departed", default=frozenset())


def account_delete(user: Any) -> bool:
    """Delete an account, the one way staff do it (the admin's delete page and bulk action):
    in one transaction, the account's row lock first, then its games left, then the DELETE;
    False if it was gone already.

    Django's delete() collects every row to cascade or set null before pre_delete fires: a
    row written for the account in between (a token, a webhook, a chat line, a game...)
    was not collected, and the deletion failed at commit (an IntegrityError: a 500 for
    staff). Collected under the lock, every row is: a writer takes the same lock first
    (limits.lock_account), so it wrote before, or waits and finds the account gone."""
    with transaction.atomic():
        if not limits.lock_account(user):
            return False
        _leave_everything(user)
        token = _departed.set(_departed.get() | {user.pk})
        try:
            user.delete()
        finally:
            _departed.reset(token)
    return True


def _leave_everything(user: Any) -> None:
    from games.social import rematch  # (the social app imports this one's models)

    games_left(user)
    challenges_called_off(user)
    rematch.offers_ended_for_departure(user)


@receiver(pre_delete, sender=get_user_model(), dispatch_uid="games-left-by-a-deleted-account")
def _leave_games(sender: Any, instance: Any, **kwargs: Any) -> None:
    """A delete() that did not come through account_delete (the shell, a test) leaves the
    games here, still under the account's lock; but its rows were collected before this
    lock, so a row written meanwhile can still fail its commit: delete through
    account_delete."""
    if instance.pk in _departed.get():
        return
    # First the account's row lock (the deletion's transaction holds it to the end), as a
    # chat line or a token of the account takes it before its own writes: taken later, after
    # a game's lock, it deadlocked with a chat line sent at that moment.
    limits.lock_account(instance)
    _leave_everything(instance)
