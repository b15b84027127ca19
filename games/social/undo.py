"""Undo tied to information: free while nothing new was learnt, else with everyone's consent.

A player may take back their own latest answers at once as long as, since the first of them,
only they have answered and the log shows nothing that reveals information: no draw, shuffle,
reveal, look, card discarded face up (Vassal's, off the deck), card passed, new turn, or card
gained from a pile whose next card is hidden. Otherwise the undo is a request with a deadline
that every other seat must accept (a bot's seat, and one whose person resigned, accept at once;
a seat the bot has taken over while its person is away waits for that person: the bot does not
consent for them); a refusal, the deadline or any move in the meantime ends it. While it waits
for such a person, the bot does not move their seat either (`bot_hold`), nor answer for them
when their clock runs out (the deadline's stand-in): its move would end the request before the
one it waits for could answer. The hold lasts until the request is settled, voided by someone
else's move, or reaches its deadline, so it is bounded, and anyone asked may decline to go on
at once. A player who resigns leaves their request withdrawn and their vote accepted
(`resigned_settle`). A step has one request at most (one declined or lapsed is not asked again
until the game moves), and once a person let one lapse the bot holds their seat no more: asked
again and again, the holds would stall the game for ever. Either way the game's answers are
truncated and the game replayed (games.services.game_rewind), so the record stays exact; the
Undo rows are the log of undos.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import BooleanField
from django.db.models.expressions import RawSQL
from django.utils import timezone

import engine
from games import seat_extras
from games import selectors as game_selectors
from games import services as game_services
from games.api.models import Resignation
from games.exceptions import BotHeld, GameError
from games.models import Game, GameStatus, GameStep, Seat
from games.social import conf, live, selectors
from games.social.exceptions import Conflict, Forbidden, Missing, UndoRefused
from games.social.models import Status, Undo

log = logging.getLogger(__name__)

OWN_ACTORS = frozenset({"player", "standing_order"})
# Log entries that tell nobody anything they could not know before the answer.
SILENT = frozenset({"play", "buy", "gain", "trash", "discard", "topdeck", "set_aside",
                    "insert", "deck_discarded"})


@dataclass(frozen=True, slots=True)
class UndoOption:
    """Going back to `to_step` takes back `count` answers; `free` needs nobody's consent."""

    to_step: int
    count: int
    free: bool


def undo_options(game: Game, position: int) -> list[UndoOption]:
    """Where seat `position` may take the game back to, nearest first.

    Reads the window's steps with the log entries each wrote (games/history.py), so nothing
    is replayed to learn whether an answer revealed something."""
    if game.status != GameStatus.RUNNING or game.step == 0:
        return []
    if Resignation.objects.filter(game=game, position=position).exists():
        return []  # the bot plays a resigned seat on: its answers are no longer the player's
    lowest = max(0, game.step - conf.get("SOCIAL_UNDO_WINDOW"))
    steps = list(GameStep.objects.filter(game=game, number__gt=lowest).order_by("-number")
                 .values_list("number", "seat", "actor", "log"))
    table = engine.loads(game.snapshot)  # (its piles: which are mixed)
    options, free = [], True
    for number, seat, actor, log in steps:
        free = free and seat == position and actor in OWN_ACTORS
        free = free and not any(_reveals(table, e) for e in log)
        if seat == position:
            options.append(UndoOption(number - 1, game.step - number + 1, free))
    return options


def _reveals(table: engine.Game, entry: list) -> bool:
    kind = entry[0]
    if kind not in SILENT:
        return True
    if kind == "discard" and len(entry) == 5 and entry[3] is None and "cards" in entry[2]:
        # Discarded face up: a Vassal shows the top card of the deck this way (with no
        # "reveal" entry), and taking it back would leave its player knowing that card.
        return True
    if kind in ("gain", "trash") and len(entry) == 5:
        public = entry[2]
        from_pile = kind == "gain" or public.get("from") == "supply"
        names = [public["card"]] if "card" in public else public.get("cards", [])
        return from_pile and any(name not in table.piles for name in names)  # a mixed pile
    return False


# --- taking back, asking, answering ----------------------------------------------------------


def undo_take_back(*, game: Game, user, to_step: int, step: int,
                   now: datetime | None = None) -> Undo:
    """Take back answers down to `to_step`: at once if free, else open a request."""
    now = now or timezone.now()
    _expire_due(game, now)  # its own commit: a refusal below must not undo it
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        seat = _seat(game, user)
        if step != game.step:
            raise Conflict(f"the game is at step {game.step}, not {step}; reload and try again",
                           current_step=game.step)
        if selectors.undo_pending(game):
            raise Conflict("an undo request is already waiting for answers")
        if _asked_at_this_step(game):
            raise Conflict("an undo request was already made at this step and not granted: "
                           "the game goes on; ask again after its next move")
        option = next((o for o in undo_options(game, seat.position) if o.to_step == to_step),
                      None)
        if option is None:
            raise UndoRefused(f"you cannot take the game back to step {to_step}")
        undo = Undo(game=game, position=seat.position, user=user, from_step=game.step,
                    to_step=to_step, created_at=now)
        if option.free:
            undo.kind = Undo.FREE
            return _apply(undo, now)
        undo.kind = Undo.REQUEST
        undo.votes = _votes(game, seat.position)
        undo.deadline_at = now + _request_limit(game)
        undo.save()
        return _settle(undo, game, now)


def undo_answer(*, game: Game, user, undo_id: int, accept: bool,
                now: datetime | None = None) -> Undo:
    """Another player accepts or refuses a pending undo request."""
    now = now or timezone.now()
    _expire_due(game, now)  # its own commit: a refusal below must not undo it
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        seat = _seat(game, user)
        # (locked: the minute's expiry does not take the game's lock, and ended it as well
        # as this accepted and applied it)
        undo = Undo.objects.select_for_update().filter(game=game, pk=undo_id).first()
        if undo is None:
            raise Missing("no such undo request in this game")
        if undo.status != Status.PENDING:
            raise Conflict(f"this undo request is already {undo.get_status_display().lower()}")
        if Resignation.objects.filter(game=game, position=seat.position).exists():
            raise Forbidden("you resigned this game: the others decide what is taken back")
        if undo.votes.get(str(seat.position)) != "pending":
            raise Forbidden("this request is not waiting for your answer")
        undo.votes[str(seat.position)] = "accepted" if accept else "declined"
        undo.save(update_fields=["votes"])
        return _settle(undo, game, now)


def seat_extras_register() -> None:
    """The after-move job learns with the seats whether an undo request waits (usually none,
    and then `undo_void_if_moved` need not run): games/seat_extras.py."""
    undos, seats = Undo._meta.db_table, Seat._meta.db_table
    seat_extras.register("undo_pending", lambda: RawSQL(
        f'EXISTS (SELECT 1 FROM "{undos}" x WHERE x."game_id" = "{seats}"."game_id" '
        'AND x."status" = %s)', (Status.PENDING,), output_field=BooleanField()))


def bot_hold(sender, *, game: Game, position: int, **kwargs) -> None:
    """games.signals.bot_answering: the bot playing a seat for its absent person (taken over),
    or answering for them as their clock ran out, holds back while an undo request waits for
    that person's answer, until its deadline; not once they resigned (a request made before
    waits for a vote that will never come)."""
    waiting = (Undo.objects.filter(game_id=game.pk, status=Status.PENDING, from_step=game.step,
                                   deadline_at__gt=timezone.now()).only("votes").first())
    if waiting is None or waiting.votes.get(str(position)) != "pending":
        return
    if Resignation.objects.filter(game_id=game.pk, position=position).exists():
        return  # they left the table instead of answering: nobody's vote to wait for
    lapsed = Undo.objects.filter(game_id=game.pk, status=Status.EXPIRED).values_list(
        "votes", flat=True)
    if any(votes.get(str(position)) == "pending" for votes in lapsed):
        return  # they let one lapse already: away, so the bot plays on (else a hold a step)
    raise BotHeld("an undo request waits for the answer of this seat's player")


def resigned_settle(sender, *, game: Game, positions: list[int], **kwargs) -> None:
    """games.signals.seats_resigned: the players at `positions` left the table. Their own
    pending request is withdrawn (void: what it would take back is the bot's seat's now, and
    the others could still have granted it), and one waiting for their vote counts it as
    accepted, as `_votes` counts a resigned seat's, so the others' votes settle it now. A game
    the resignation ended voids it. Everyone seated is told, as of any settlement."""
    now = timezone.now()
    _expire_due(game, now)
    gone = {str(p) for p in positions}
    for undo in Undo.objects.filter(game_id=game.pk, status=Status.PENDING).order_by("pk"):
        if game.status != GameStatus.RUNNING or str(undo.position) in gone:
            _withdraw(undo, game, now)  # (the resignation's announcement sets the bots going)
            continue
        waited = [key for key, vote in undo.votes.items() if key in gone and vote == "pending"]
        if not waited:
            continue
        undo.votes.update(dict.fromkeys(waited, "accepted"))
        undo.save(update_fields=["votes"])
        if "pending" in undo.votes.values():
            _announce(undo, game)  # (the others were asked already: no new notice)
            continue
        try:
            with transaction.atomic():  # (a record that does not replay: the rewind refused)
                _apply(undo, now)
        except GameError as exc:
            log.warning("game %s: undo %s could not be applied: %s", game.pk, undo.pk, exc)
            _withdraw(undo, game, now)


def _withdraw(undo: Undo, game: Game, now: datetime) -> None:
    _end([undo], Status.VOID, game, now)


def _end(undos: list[Undo], status: str, game: Game, now: datetime) -> None:
    """Close these pending requests (locked by the caller) as `status`, and tell everyone."""
    if not undos:
        return
    Undo.objects.filter(pk__in=[u.pk for u in undos]).update(status=status, resolved_at=now)
    for undo in undos:
        undo.status, undo.resolved_at = status, now
        _announce(undo, game)


def _asked_at_this_step(game: Game) -> bool:
    """Was a request already made, and declined or let lapse, since the game reached its
    step? One request a step: asked again and again (by one player, or by friends in turn)
    the bot held a taken-over seat a deadline each time, and the game never went on."""
    reached = (GameStep.objects.filter(game=game, number=game.step)
               .values_list("created_at", flat=True).first())
    asked = Undo.objects.filter(game=game, kind=Undo.REQUEST, from_step=game.step,
                                status__in=(Status.DECLINED, Status.EXPIRED))
    if reached is not None:
        asked = asked.filter(created_at__gte=reached)
    return asked.exists()


def undo_void_if_moved(*, game_id: int, step: int, status: str, now: datetime | None = None,
                       game: Game | None = None) -> int:
    """A move made while a request waits ends it (it was about another position), and so
    does the end of the game. Everyone seated is told, as of any settlement: a client shown
    "pending" would otherwise have to guess from the move that it is over. One past its
    deadline had lapsed before the move (expired, not void): the held bot's move at the
    deadline ended it as void, so `bot_hold` never saw that its person let one lapse."""
    pending = Undo.objects.filter(game_id=game_id, status=Status.PENDING)
    if status == GameStatus.RUNNING:
        pending = pending.exclude(from_step=step)
    now = now or timezone.now()
    with transaction.atomic():  # (the rows ended are exactly those announced)
        ended = list(pending.select_for_update())
        if ended and game is None:
            game = Game.objects.defer("snapshot").get(pk=game_id)
        lapsed = [u for u in ended if u.deadline_at is not None and u.deadline_at <= now]
        _end(lapsed, Status.EXPIRED, game, now)
        _end([u for u in ended if u not in lapsed], Status.VOID, game, now)
    return len(ended)


def _seat(game: Game, user):
    seat = game_selectors.seat_of(game, user)
    if seat is None:
        raise Forbidden("you have no seat in this game")
    if game.status != GameStatus.RUNNING:
        raise Conflict("this game is not running")
    return seat


def _votes(game: Game, requester: int) -> dict[str, str]:
    """Who must still answer. A seat created as a bot accepts at once (such a game is never
    rated: games/social/ratings.py), and so does a seat whose person resigned (they left the
    game). A seat the bot plays for an absent person (taken over after missed deadlines) is
    still theirs, so its vote waits for them like any other player's."""
    resigned = set(Resignation.objects.filter(game=game).values_list("position", flat=True))
    return {str(seat.position): "accepted" if seat.user_id is None or seat.position in resigned
            else "pending"
            for seat in game.seats.all() if seat.position != requester}


def _request_limit(game: Game) -> timedelta:
    from games.play import conf as play_conf

    hours = play_conf.get("PLAY_REACTION_LIMIT_HOURS")
    return min(timedelta(days=game.time_limit_days), timedelta(hours=hours))


def _settle(undo: Undo, game: Game, now: datetime) -> Undo:
    """Apply the request once everyone accepted; close it on the first refusal."""
    votes = set(undo.votes.values())
    if "declined" in votes:
        undo.status, undo.resolved_at = Status.DECLINED, now
        undo.save(update_fields=["status", "resolved_at"])
        _announce(undo, game)
        game_services.bots_nudge_on_commit(game)  # a bot held back by it (bot_hold) goes on
    elif votes <= {"accepted"}:
        _apply(undo, now)
    else:
        _announce(undo, game)
        _notify_voters(undo, game, now)
    return undo


def _apply(undo: Undo, now: datetime) -> Undo:
    undo.removed = game_services.game_rewind(
        game_id=undo.game_id, to_step=undo.to_step, expected_step=undo.from_step)
    undo.status, undo.resolved_at = Status.APPLIED, now
    undo.save()
    undo.game.refresh_from_db()
    _announce(undo, undo.game)
    return undo


def _announce(undo: Undo, game: Game) -> None:
    live.on_commit(game.pk, "undo", id=undo.pk, status=undo.status, to_step=undo.to_step)
    event = {"type": "undo", "undo": undo_dict(undo)}
    live.events_on_commit(game, {s.user_id: [event] for s in selectors.human_seats(game)})


def _notify_voters(undo: Undo, game: Game, now: datetime) -> None:
    from games.play import notify

    for seat in selectors.human_seats(game):
        if undo.votes.get(str(seat.position)) == "pending":
            notify.notification_add(
                user=seat.user, game_id=game.pk, kind="undo", now=now,
                text=f"A player asks to take back {undo.count} answer(s) in game #{game.pk}.")


def undo_requests_expire(*, now: datetime | None = None) -> int:
    """Beat, every minute: requests past their deadline end `expired` now, each table is told,
    and a bot they held is set going, rather than at the game's next touch (a held bot waited
    for the periodic `bots_resume`, up to five minutes more)."""
    now = now or timezone.now()
    due = (Undo.objects.filter(status=Status.PENDING, deadline_at__lte=now)
           .values_list("game_id", flat=True).distinct())
    return sum(_expire_due(game, now)
               for game in Game.objects.filter(pk__in=list(due)).defer("snapshot"))


def _expire_due(game: Game, now: datetime) -> int:
    """End the game's requests past their deadline, and tell everyone seated."""
    with transaction.atomic():  # (the rows ended are exactly those announced)
        due = list(Undo.objects.select_for_update()
                   .filter(game=game, status=Status.PENDING, deadline_at__lte=now))
        if not due:
            return 0
        _end(due, Status.EXPIRED, game, now)
        game_services.bots_nudge_on_commit(game)  # (else the periodic bots_resume would)
    return len(due)


def undo_dict(undo: Undo) -> dict:
    """An undo as the API and the event stream give it."""
    return {
        "id": undo.pk, "seat": undo.position, "kind": undo.kind, "status": undo.status,
        "from_step": undo.from_step, "to_step": undo.to_step, "count": undo.count,
        # seat numbers as strings, as JSON writes them (the Redis channel layer's msgpack
        # refuses int dict keys)
        "votes": {k: v for k, v in sorted(undo.votes.items(), key=lambda kv: int(kv[0]))},
        "deadline_at": undo.deadline_at.isoformat() if undo.deadline_at else None,
        "created_at": undo.created_at.isoformat(),
    }
