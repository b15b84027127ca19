"""The caps that keep one account, or bots alone, from filling the site (open games per
account, the turn limit of a game only bots play), and the locks that make counting rows
against a cap safe when requests come at once (an account's, the site's)."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection

import engine
from games.exceptions import NotAllowed, TooManyOpenGames
from games.models import Game, GameStatus

# What a write for an account deleted meanwhile is refused with (lock_account returned False).
ACCOUNT_GONE = "your account has been deleted"


def max_open_games() -> int:
    return getattr(settings, "MAX_OPEN_GAMES_PER_USER", 10)


def below_the_open_games_cap(creator) -> None:
    """Counted under the account's lock, so that two creations sent at once take turns and
    cannot both pass the cap. An account deleted meanwhile is refused (its game's seat would
    point at no account: an IntegrityError at commit)."""
    if not lock_account(creator):
        raise NotAllowed(ACCOUNT_GONE)
    most = max_open_games()
    waiting = Game.objects.filter(creator=creator, status=GameStatus.OPEN).count()
    if waiting >= most:
        raise TooManyOpenGames(
            f"you have {waiting} games that have not started, the most an account may have "
            f"({most}): start one or call one off (abort) before creating another")


def endless(game: Game) -> bool:
    """A game only bots play on, far past any game's length: some bots never buy what would
    end the game on some kingdoms (Workshop/Gardens with neither buys Silver and Copper, then
    nothing), and would move for ever. A person still seated makes each of their turns."""
    limit = getattr(settings, "BOT_GAME_MAX_TURNS", 200)
    if game.step <= limit * game.player_count:  # (a turn takes an answer at least: cheap)
        return False
    if game.seats.filter(bot_strategy="").exists():
        return False
    return max(p.turns for p in engine.loads(game.snapshot).players) > limit


def lock_account(user) -> bool:
    """Lock the user's row until the transaction ends, so that two requests of one account
    counting its rows against a cap (tokens, webhooks, OAuth apps) take turns; False if the
    account is gone (deleted meanwhile: its deletion takes this lock first, see
    games/api/account_removal.py, and a row written for it now would fail at commit)."""
    return get_user_model().objects.select_for_update().filter(pk=user.pk).exists()


def lock_site(name: str) -> None:
    """Take the site-wide lock `name` until the transaction ends, so that requests of any
    accounts counting rows against a cap for the whole site take turns (an account's own
    lock lets two accounts count together). PostgreSQL: a transaction-level advisory lock
    (no row to create first; released at commit or rollback, so it works behind PgBouncer's
    transaction pooling too). SQLite needs nothing: every atomic block takes the database's
    write lock at BEGIN (IMMEDIATE, dominion_site/settings.py)."""
    if not connection.in_atomic_block:
        raise RuntimeError("lock_site holds until the transaction ends: call it in one")
    if connection.vendor == "postgresql":
        digest = hashlib.blake2b(f"dominion:{name}".encode(), digest_size=8).digest()
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)",
                           [int.from_bytes(digest, "big", signed=True)])
