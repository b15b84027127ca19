"""Challenges (invite a named user, or anyone, to a new game) and bot accounts.

A challenge creates its game at once: the challenger in the first seat, the others open. A
named challenge's game is private, so its seat is taken only through `accept` by the invited
user; an open challenge's game is listed like any lobby game. When the last seat is taken the
game is dealt. Each change is an event in the account stream (`challenge`): the invited user
hears of a new challenge, the challenger of the answer.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q, QuerySet
from django.dispatch import receiver
from django.utils import timezone

from games import broadcast, limits
from games import services as game_services
from games.api.events import EVENT_VERSION, user_group
from games.api.models import BotAccount, Challenge
from games.exceptions import GameConflict, NotAllowed
from games.models import Game, GameStatus
from games.signals import game_moved, seat_joining, seat_taken

log = logging.getLogger(__name__)


class ChallengeClosed(GameConflict):
    code = "challenge_closed"


def challenge_dict(challenge: Challenge) -> dict[str, Any]:
    return {"id": challenge.pk, "challenger": challenge.challenger.username,
            "invited": challenge.invited.username if challenge.invited else None,
            "game": challenge.game_id, "status": challenge.status,
            "created_at": _iso(challenge.created_at), "answered_at": _iso(challenge.answered_at)}


def _iso(value) -> str | None:
    from games.api.selectors import iso

    return iso(value)


def user_named(username: str):
    """An active user by username, or None."""
    return get_user_model().objects.filter(username=username, is_active=True).first()


def challenge_create(*, challenger, invited, game_options: dict[str, Any],
                     charge: Callable[[], None] | None = None) -> Challenge:
    """Create the game (challenger seated, the other seats open) and the challenge; `charge`
    as game_create calls it (the challenger's quota, once every check has passed)."""
    seats = game_options.get("seats") or ["me", "open"]
    if "open" not in seats or seats.count("me") != 1:
        raise NotAllowed('a challenge needs your seat ("me") and at least one "open" seat')
    if invited is not None and invited.pk == challenger.pk:
        raise NotAllowed("you cannot challenge yourself")
    if invited is not None and _mutes(invited, challenger):
        raise NotAllowed(f"{invited.username} does not take challenges from you")
    if invited is not None and seats.count("open") != 1:
        # Its open seats are kept for the invited player, who takes one: a second could
        # never be taken, and the game would wait for ever.
        raise NotAllowed('a challenge to a player has one "open" seat, for that player '
                         '(the others: bots)')
    options = {**game_options, "seats": seats}
    if invited is not None:
        options["listed"] = False
    with transaction.atomic():
        game = game_services.game_create(creator=challenger, **options, charge=charge)
        challenge = Challenge.objects.create(challenger=challenger, invited=invited, game=game)
        _tell_on_commit(challenge, [invited.pk] if invited else [])
    return challenge


def _mutes(user, other) -> bool:
    """Whether `user` muted `other`: a mute silences their challenges as well as their chat
    (or one player could send another 30 challenge notifications an hour)."""
    from games.social.models import Mute  # the social app imports this one

    return Mute.objects.filter(user=user, muted=other).exists()


def challenge_accept(*, challenge: Challenge, user) -> Challenge:
    """Take the challenge's seat; the game is dealt once every seat is taken. (The account's
    lock first, before the challenge's and the game's, in the order its deletion takes them:
    taken after them, the two could deadlock.)"""
    with transaction.atomic():
        if not limits.lock_account(user):
            raise NotAllowed(limits.ACCOUNT_GONE)
        challenge = Challenge.objects.select_for_update(of=("self",)).select_related(
            "challenger", "invited", "game").get(pk=challenge.pk)
        _check_open(challenge)
        if challenge.invited_id not in (None, user.pk):
            raise NotAllowed("this challenge is for another player")
        game = challenge.game
        game_services.seat_join(game=game, user=user, invite_token=game.invite_token)
        challenge.refresh_from_db(fields=["status", "answered_at"])
    return challenge


@receiver(seat_taken)
def _answer_by_taking_a_seat(sender: Any, game: Game, user: Any, **kwargs: Any) -> None:
    """A seat of a pending challenge's game taken, through `challenge_accept` or the lobby's
    join (an open challenge's game is listed): the challenger hears of it, and once the last
    seat is taken the challenge is accepted and the game dealt. A lobby join left it pending
    and listed as open though full, its game waiting for the challenger to start it."""
    challenge = Challenge.objects.select_for_update(of=("self",)).filter(
        game=game, status=Challenge.PENDING).first()
    if challenge is None:
        return
    if not game.seats.filter(user__isnull=True, bot_strategy="").exists():
        game_services.game_start(game=game)
        challenge.status = Challenge.ACCEPTED
        challenge.answered_at = timezone.now()
        challenge.save(update_fields=["status", "answered_at"])
    _tell_on_commit(challenge, [challenge.challenger_id])


def challenge_decline(*, challenge: Challenge, user) -> Challenge:
    """The invited user declines, or the challenger cancels; the game is called off."""
    with transaction.atomic():
        challenge = Challenge.objects.select_for_update(of=("self",)).select_related(
            "challenger", "invited", "game").get(pk=challenge.pk)
        _check_open(challenge)
        if user.pk == challenge.challenger_id:
            challenge.status = Challenge.CANCELLED
        elif challenge.invited_id == user.pk:
            challenge.status = Challenge.DECLINED
        else:
            raise NotAllowed("only the invited player or the challenger can do this")
        challenge.answered_at = timezone.now()
        challenge.save(update_fields=["status", "answered_at"])
        if challenge.game.status == GameStatus.OPEN:
            game_services.game_abandon(game=challenge.game)
        others = [challenge.challenger_id, challenge.invited_id]
        _tell_on_commit(challenge, [pk for pk in others if pk and pk != user.pk])
    return challenge


@receiver(seat_joining)
def _keep_a_named_seat(sender: Any, game: Game, user: Any, **kwargs: Any) -> None:
    """A named challenge's seat is for its invited user alone: its game's invite token (which
    the challenger can see) must not let anyone else take it."""
    invited = Challenge.objects.filter(
        game=game, status=Challenge.PENDING, invited__isnull=False).values_list(
        "invited_id", flat=True).first()
    if invited is not None and invited != user.pk:
        raise NotAllowed("this game's open seat is kept for the player the challenge names")


@receiver(game_moved, dispatch_uid="api-challenge-called-off")
def _end_with_its_game(sender: Any, *, game_id: int, status: str, **kwargs: Any) -> None:
    """A pending challenge's game called off by any path (the sweep, an abort, the challenger
    leaving it, a deleted account, staff) cancels the challenge, and both sides hear of it:
    it stayed pending, and accepting it said it was "pending, no longer open". (A decline
    or cancel ends the challenge before its game, so it is not told twice.)"""
    if status != GameStatus.ABANDONED:
        return
    with transaction.atomic():
        challenge = Challenge.objects.select_for_update().filter(
            game_id=game_id, status=Challenge.PENDING).first()
        if challenge is None:
            return
        challenge.status = Challenge.CANCELLED
        challenge.answered_at = timezone.now()
        challenge.save(update_fields=["status", "answered_at"])
        _tell_on_commit(challenge, [pk for pk in (challenge.challenger_id,
                                                  challenge.invited_id) if pk])


def _check_open(challenge: Challenge) -> None:
    if challenge.status != Challenge.PENDING:
        raise ChallengeClosed(f"this challenge is {challenge.status}, no longer open")
    if challenge.game.status != GameStatus.OPEN:  # (its game ended a moment ago: see above)
        raise ChallengeClosed(f"this challenge's game is {challenge.game.status}: the "
                              "challenge is no longer open")


def challenges_for(user) -> dict[str, QuerySet[Challenge]]:
    """Pending challenges: to me, by me, and open ones by others."""
    pending = Challenge.objects.filter(
        status=Challenge.PENDING, game__status=GameStatus.OPEN).select_related(
        "challenger", "invited")
    return {"incoming": pending.filter(invited=user),
            "outgoing": pending.filter(challenger=user),
            "open": pending.filter(Q(invited__isnull=True) & ~Q(challenger=user))[:100]}


def challenge_visible(challenge_id: int, user) -> Challenge | None:
    """A challenge the user may see: theirs (either side) or an open one."""
    return Challenge.objects.select_related("challenger", "invited", "game").filter(
        Q(invited__isnull=True) | Q(invited=user) | Q(challenger=user), pk=challenge_id).first()


def _tell_on_commit(challenge: Challenge, user_ids: list[int]) -> None:
    """After commit, a `challenge` event to each user in `user_ids` (account stream)."""
    game_id = challenge.game_id

    def send() -> None:
        fresh = Challenge.objects.select_related("challenger", "invited").get(pk=challenge.pk)
        step = Game.objects.filter(pk=game_id).values_list("step", flat=True).first() or 0
        event = {"v": EVENT_VERSION, "type": "challenge", "game": game_id, "step": step,
                 "challenge": challenge_dict(fresh)}
        for user_id in user_ids:
            try:
                broadcast.group_send(user_group(user_id), {"type": "api.events",
                                                           "events": [event]})
            except Exception:  # committed already; GET /challenges/ catches up
                log.exception("challenge event to user %s failed", user_id)

    transaction.on_commit(send)


# --- bot accounts ----------------------------------------------------------------------------


def bot_account_set(*, user, bot: bool, description: str = "") -> bool:
    """Mark (or unmark) the user's account as a bot's; returns the new state."""
    if bot:
        BotAccount.objects.update_or_create(user=user, defaults={"description": description})
    else:
        BotAccount.objects.filter(user=user).delete()
    return bot


def is_bot_account(user) -> bool:
    """Whether the user marked their account as a bot's (no query when it was read along)."""
    if not (user and user.pk):
        return False
    try:
        return user.bot_account is not None
    except BotAccount.DoesNotExist:
        return False
