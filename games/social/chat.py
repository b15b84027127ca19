"""Writes for table talk: post a line, hide one (staff), mute a player, the game's options.

A line is plain text: it is stored as typed (trimmed, control characters dropped) and only
ever rendered escaped (Django templates, textContent in JavaScript, JSON in the API).
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import limits
from games import selectors as game_selectors
from games.models import Game, GameStatus, display_name
from games.social import conf, live, selectors
from games.social.exceptions import BadMessage, Forbidden, RateLimited
from games.social.models import ChatMessage, Mute, SocialPreferences, TableOptions

CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")


def message_dict(message: ChatMessage) -> dict[str, Any]:
    """A chat line as the API and the event stream give it."""
    return {
        "id": message.pk,
        "author": message.author.username,
        "name": display_name(message.author),
        "seat": message.position,
        "spectator": message.from_spectator,
        "body": message.body,
        "created_at": message.created_at.isoformat(),
    }


def chat_post(*, game: Game, user, body: Any, now: datetime | None = None) -> ChatMessage:
    """Post a line as a player (their seat) or a spectator; refused if empty, long or too fast."""
    now = now or timezone.now()
    text = _clean(body)
    if user is None or not user.is_authenticated:
        raise Forbidden("log in to chat")
    if not game_selectors.game_visible_to(game, user):
        raise Forbidden("you cannot see this game")
    position = game_selectors.playing_position(game, user)  # (resigned: a spectator's line)
    with transaction.atomic():
        # One account's posts take turns, so lines sent at once cannot all count the same
        # recent lines and pass the limits together.
        if not limits.lock_account(user):
            raise Forbidden(limits.ACCOUNT_GONE)
        _rate_check(game, user, now)
        message = ChatMessage.objects.create(
            game=game, author=user, position=position, body=text,
            created_at=now)
        live.on_commit(game.pk, "chat", id=message.pk)
        _tell_players(game, message, now)
    return message


def _clean(body: Any) -> str:
    if not isinstance(body, str):
        raise BadMessage("the message must be text")
    text = CONTROL.sub("", body.replace("\r\n", "\n").replace("\r", "\n")).strip()
    limit = conf.get("SOCIAL_CHAT_MAX_LENGTH")
    if not any(_visible(ch) for ch in text):  # (zero-width and other format characters)
        raise BadMessage("the message is empty")
    if len(text) > limit:
        raise BadMessage(f"a message has at most {limit} characters, not {len(text)}")
    return text


def _visible(ch: str) -> bool:
    """Whether a reader sees the character: not a space, nor a format character (Cf: the
    zero-width ones, bidi marks), which made a line that reads as blank."""
    return not ch.isspace() and unicodedata.category(ch) != "Cf"


def _rate_check(game: Game, user, now: datetime) -> None:
    """Per game (a conversation's pace) and over all games (a spectator may chat in every
    listed game), from one query: the user's latest lines over the longer window."""
    in_game, game_seconds = conf.get("SOCIAL_CHAT_RATE")
    in_all, all_seconds = conf.get("SOCIAL_CHAT_RATE_ALL_GAMES")
    span = max(game_seconds, all_seconds)
    recent = list(ChatMessage.objects.filter(author=user, created_at__gt=now - timedelta(
        seconds=span)).order_by("-created_at").values_list("game_id", "created_at")[:in_all])
    overall = [at for _, at in recent if at > now - timedelta(seconds=all_seconds)]
    if len(overall) >= in_all:  # (fewer rows than in_all: all of the window's are here)
        _refuse(in_all, all_seconds, overall[in_all - 1], now, " over all games")
    here = [at for g, at in recent if g == game.pk and at > now - timedelta(seconds=game_seconds)]
    if len(here) >= in_game:
        _refuse(in_game, game_seconds, here[in_game - 1], now, "")


def _refuse(count: int, seconds: int, oldest: datetime, now: datetime, where: str) -> None:
    since = now - timedelta(seconds=seconds)
    wait = max(1, int((oldest - since).total_seconds()) + 1)
    raise RateLimited(f"at most {count} messages in {seconds} seconds{where}; wait {wait} s",
                      retry_after=wait)


def _tell_players(game: Game, message: ChatMessage, now: datetime) -> None:
    """The event stream and a notification for each seated player who may read the line."""
    from games.play import notify  # a sibling app: in-site notifications live there

    events: dict[int, list[dict]] = {}
    gone = selectors.resigned_positions_of(game)  # (they read as spectators)
    for seat in selectors.human_seats(game):
        if seat.user_id == message.author_id:
            events[seat.user_id] = [{"type": "chat_message", "message": message_dict(message)}]
            continue
        position = None if seat.position in gone else seat.position
        if not selectors.chat_visible_to(message, game, seat.user, position):
            continue
        events[seat.user_id] = [{"type": "chat_message", "message": message_dict(message)}]
        if selectors.chat_notify_on(seat.user) and game.status == GameStatus.RUNNING:
            notify.notification_add(
                user=seat.user, game_id=game.pk, kind="chat", now=now, once=True,
                text=f"{display_name(message.author)} wrote in game #{game.pk}.")
    live.events_on_commit(game, events)


def chat_hide(*, message: ChatMessage, staff, now: datetime | None = None) -> ChatMessage:
    """Staff hide a line: from then on nobody sees it (page, API, stream)."""
    if message.hidden_at is None:
        message.hidden_at = now or timezone.now()
        message.hidden_by = staff
        message.save(update_fields=["hidden_at", "hidden_by"])
        live.on_commit(message.game_id, "chat_hidden", id=message.pk)
    return message


def mute_set(*, user, other, muted: bool) -> bool:
    """Mute (or unmute) `other`'s chat for `user`, in every game."""
    if other.pk == user.pk:
        raise BadMessage("you cannot mute yourself")
    if muted:  # (not get_or_create: with an unmute at once, its retry found no row and raised)
        Mute.objects.bulk_create([Mute(user=user, muted=other)], ignore_conflicts=True)
    else:
        Mute.objects.filter(user=user, muted=other).delete()
    return muted


def table_options_set(*, game: Game, user, spectator_chat_hidden: bool) -> TableOptions:
    """The creator chooses whether players see the spectators' chat before the end."""
    if user is None or game.creator_id != user.pk:
        raise Forbidden("only the player who created the game can change its options")
    if game.status in selectors.ENDED:
        raise Forbidden("the game is over")
    if game_selectors.seat_resigned(game, game_selectors.seat_of(game, user)):
        # (a spectator now: turning it off let their lines, and every spectator's, reach the
        # table; the players they left keep the option as it was)
        raise Forbidden("you resigned this game: its options stay as they are")
    options, _ = TableOptions.objects.update_or_create(
        game=game, defaults={"spectator_chat_hidden": bool(spectator_chat_hidden)})
    live.on_commit(game.pk, "changed")
    return options


def preferences_set(*, user, notify_chat: bool) -> SocialPreferences:
    prefs, _ = SocialPreferences.objects.update_or_create(
        user=user, defaults={"notify_chat": bool(notify_chat)})
    return prefs
