"""Writes for play by the turn: clocks, deadlines, standing orders, takeover, vacation.

Moves are made only through games.services.decision_submit, with the actor the log shows:
"standing_order" (the player's own orders), "deadline" (the heuristic bot answering an expired
decision on the player's behalf); a seat taken over is an ordinary bot seat ("bot").
Every function takes `now` so tests control the clock.
"""

from __future__ import annotations

import logging
import math
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

import engine
from games import background, prepared, seat_extras, selectors
from games import services as game_services
from games.exceptions import (
    BotHeld,
    DecisionClosed,
    GameError,
    IllegalMove,
    NotAllowed,
    StaleStep,
    WrongStatus,
)
from games.models import Game, GameStatus, GameStep, Seat
from games.play import conf, notify, webhooks
from games.play.models import (
    DecisionClock,
    PlayerState,
    Presence,
    SeatTakeover,
    StandingOrderOverride,
)
from games.play.selectors import move_limit
from games.play.standing_orders import orders_clean, orders_merge, standing_answer

log = logging.getLogger(__name__)

ACTOR_STANDING_ORDER = "standing_order"
ACTOR_DEADLINE = "deadline"
MAX_MOVES_PER_EXPIRY = 200  # a turn is far shorter; this only bounds a buggy loop


class VacationError(GameError):
    code = "vacation"


# --- after every committed move --------------------------------------------------------------


def game_moved_handle(*, game_id: int, step: int, status: str, decisions: list[dict],
                      now: datetime | None = None, active: int | None = None,
                      seats: list[Seat] | None = None, revision: int | None = None,
                      actor: str | None = None, game: Game | None = None) -> None:
    """React to a committed move: clocks, "your turn" notices, standing orders, webhooks.

    `seats` (users loaded), `game` (as the job found it) and `revision` come from the
    after-move job; a job that finds the game changed again since leaves clocks and orders to
    the newer job.
    """
    now = now or timezone.now()
    if seats is None:
        seats = list(Seat.objects.filter(game_id=game_id).select_related("user__preferences"))
    seats = [s for s in seats if s.user_id is not None]
    if not seats:
        return  # bots only: nothing to time, tell or send
    humans = {s.position: s for s in seats if not s.is_bot}
    webhooks.game_moved_enqueue(game_id=game_id, step=step, status=status, decisions=decisions,
                                seats={s.position: s for s in seats}, now=now, revision=revision)
    if status != GameStatus.RUNNING:
        _game_ended(game_id, status, seats, now)
        return
    if actor in (None, "player") and _may_have_strikes(seats):
        _strikes_reset(game_id, step)
    if game is None:
        game = Game.objects.filter(pk=game_id).only("pk", "time_limit_days", "step",
                                                    "revision").first()
    if game is None or (revision is not None and game.revision != revision):
        return
    if any(d["seat"] in humans for d in decisions):
        if game.step != step:  # moved on since: whose turn it is must be read afresh
            active = None
        clocks_sync(game=game, seats=humans, decisions=decisions, now=now, active=active,
                    clocks=_clocks_known(seats))
        _standing_orders_schedule(game_id, step, decisions, humans, only_new=True)
    elif _clocks_known(seats) != {}:  # (known to be none: nothing to delete)
        prepared.delete_where(DecisionClock, {"game_id": game_id})


def _may_have_strikes(seats: list[Seat]) -> bool:
    """False when the seats came with their takeovers and none has a run of expiries."""
    if not seat_extras.loaded(seats, "takeover_strikes"):
        return True
    return any(s.takeover_strikes and s.takeover_at is None for s in seats)


def _clocks_known(seats: list[Seat]) -> dict[int, datetime] | None:
    """Each clock's wait start by position, when the seats came with them (else None)."""
    if not seat_extras.loaded(seats, "clock_wait_started"):
        return None
    return {s.position: s.clock_wait_started for s in seats
            if s.clock_wait_started is not None}


def _game_ended(game_id: int, status: str, seats: list[Seat], now: datetime) -> None:
    prepared.delete_where(DecisionClock, {"game_id": game_id})
    if status == GameStatus.FINISHED:
        for seat in seats:
            notify.notification_add(user=seat.user, game_id=game_id, kind="finished",
                                    text=f"Game #{game_id} is over.", now=now, once=True)


def _strikes_reset(game_id: int, step: int) -> None:
    """A decision the player answered themselves ends their run of expiries (one UPDATE)."""
    answered = GameStep.objects.filter(game_id=game_id, number=step, actor="player")
    SeatTakeover.objects.filter(
        game_id=game_id, strikes__gt=0, taken_over_at__isnull=True,
        position__in=answered.values("seat"),
    ).update(strikes=0)


def clocks_sync(*, game: Game, seats: dict[int, Seat], decisions: list[dict],
                now: datetime, active: int | None = None,
                clocks: dict[int, datetime] | None = None) -> None:
    """One clock per human seat the game waits for; a new wait gets a fresh clock.

    `clocks`: each existing clock's wait start by position, when the caller read them with
    the seats (else one query); the clocks to drop go in one DELETE."""
    if clocks is None:
        clocks = dict(DecisionClock.objects.filter(game_id=game.pk)
                      .values_list("position", "wait_started"))
    existing = dict(clocks)
    waiting = {d["seat"] for d in decisions}
    for position, seat in seats.items():
        started = existing.get(position)
        if position in waiting and seat.waiting_since is not None:
            existing.pop(position, None)
            if started == seat.waiting_since:  # (its clock runs for this wait)
                continue
            if active is None:
                active = engine.loads(game.snapshot).active
            _clock_start(game, seat, position == active, now)
    if existing:  # clocks of seats the game no longer waits for
        prepared.delete_where(DecisionClock, {"game_id": game.pk, "position__in": list(existing)})


def _clock_start(game: Game, seat: Seat, active: bool, now: datetime) -> None:
    start = seat.waiting_since
    limit = move_limit(game, active)
    fields = {
        "user_id": seat.user_id, "wait_started": start, "active_player": active,
        "deadline_at": start + limit,
        "remind_at": start + limit * conf.get("PLAY_REMINDER_FRACTION"),
        "reminded_at": None, "turn_emailed_at": None,
    }
    if active:
        text = f"Your turn in game #{game.pk}."
    else:
        text = f"Game #{game.pk} is waiting for your answer."
    try:
        # One upsert (the seat's clock, new or restarted for a new wait), its SQL written once.
        prepared.upsert(DecisionClock, {"game_id": game.pk, "position": seat.position, **fields},
                        unique=("game_id", "position"))
        notify.notification_add(user=seat.user, game_id=game.pk, kind="turn", text=text,
                                now=now, once=True,
                                unread=getattr(seat, "turn_notice_unread", None))
    except IntegrityError:
        # The job read the seats before the account's deletion committed (a rematch dealt just
        # before it): its rows would point at no account. Nobody is left to time or tell.
        if get_user_model().objects.filter(pk=seat.user_id).exists():
            raise
        log.info("game %s: seat %s's account was deleted meanwhile: no clock", game.pk,
                 seat.position)


# --- standing orders -------------------------------------------------------------------------


def standing_orders_for(*, user, game_id: int | None) -> dict[str, Any]:
    """The orders in force for `user` in a game: their defaults, then the game's override."""
    prefs = _loaded_prefs(user) or notify.prefs_of(user)
    override = None
    if game_id is not None:
        row = StandingOrderOverride.objects.filter(user=user, game_id=game_id).first()
        override = row.orders if row else None
    return orders_merge(prefs.standing_orders, override)


def _loaded_prefs(user):
    """The user's preferences when a select_related already brought them (no query)."""
    related = get_user_model().preferences.related
    if not isinstance(user, get_user_model()) or not related.is_cached(user):
        return None  # (a request's lazy user is asked the usual way)
    return related.get_cached_value(user)


def standing_orders_set(*, user, orders: dict, game_id: int | None = None) -> dict[str, Any]:
    """Save default orders (game_id None) or one game's override; invalid keys are dropped."""
    clean = orders_clean(orders)
    if game_id is None:
        prefs = notify.prefs_of(user)
        prefs.standing_orders = clean
        prefs.save(update_fields=["standing_orders"])
    else:
        seat = Seat.objects.filter(game_id=game_id, user=user).select_related("game").first()
        if seat is None:
            raise NotAllowed("you have no seat in this game")
        if selectors.seat_resigned(seat.game, seat):
            raise NotAllowed("you resigned this game: the bot plays your seat to the end")
        StandingOrderOverride.objects.update_or_create(
            user=user, game_id=game_id, defaults={"orders": clean})
    # Decisions already waiting that the new orders cover are answered now, not at deadline.
    waiting = Seat.objects.filter(user=user, waiting_since__isnull=False, bot_strategy="",
                                  game__status=GameStatus.RUNNING).select_related("game", "user")
    if game_id is not None:
        waiting = waiting.filter(game_id=game_id)
    for seat in waiting:
        game = seat.game
        _standing_orders_schedule(game.pk, game.step, game.decisions, {seat.position: seat})
    return clean


def standing_orders_clear(*, user, game_id: int) -> None:
    StandingOrderOverride.objects.filter(user=user, game_id=game_id).delete()


def _standing_orders_schedule(game_id: int, step: int, decisions: list[dict],
                              humans: dict[int, Seat], only_new: bool = False) -> None:
    """Schedule the first open decision a standing order answers (one move per step).

    After a move only the decisions it opened are asked (`only_new`): the others were asked
    when they opened.
    """
    for decision in decisions:
        seat = humans.get(decision["seat"])
        if seat is None or (only_new and decision.get("opened_step", step) != step):
            continue
        known = getattr(seat, "has_order_override", True)  # (from the job's seats)
        orders = standing_orders_for(user=seat.user, game_id=game_id if known else None)
        if standing_answer(decision, orders) is not None:
            background.schedule_named("games.play.tasks.standing_order_answer", game_id,
                                      decision["id"], step)
            return


def standing_order_play(*, game_id: int, decision_id: str, step: int) -> bool:
    """Answer `decision_id` by its player's standing orders, if still open at `step`."""
    game, decision, seat = _open_decision(game_id, decision_id, step)
    if decision is None or seat.is_bot or seat.user_id is None:
        return False
    answer = standing_answer(decision, standing_orders_for(user=seat.user, game_id=game_id))
    if answer is None:
        return False
    return _submit(game_id, decision, answer, step, ACTOR_STANDING_ORDER)


def _open_decision(game_id: int, decision_id: str, step: int):
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != GameStatus.RUNNING or game.step != step:
        return game, None, None
    decision = next((d for d in game.decisions if d["id"] == decision_id), None)
    if decision is None:
        return game, None, None
    return game, decision, game.seats.select_related("user").get(position=decision["seat"])


def _submit(game_id: int, decision: dict, answer: Any, step: int, actor: str) -> bool:
    try:
        game_services.decision_submit(
            game_id=game_id, seat=decision["seat"], decision_id=decision["id"], answer=answer,
            step=step, actor=actor)
    except (StaleStep, DecisionClosed, WrongStatus, BotHeld):
        return False  # (held: an undo request waits for this player; the sweep tries again)
    except IllegalMove as exc:  # an order the engine refuses leaves the player to decide
        log.warning("game %s: %s answer %r refused: %s", game_id, actor, answer, exc.detail)
        return False
    return True


# --- deadlines -------------------------------------------------------------------------------


def deadline_expire(*, game_id: int, position: int, step: int,
                    now: datetime | None = None) -> bool:
    """Answer an expired seat's decisions for the rest of its turn; count a strike.

    Standing orders answer what they cover; the heuristic bot answers the rest on the
    player's behalf. A reaction (a Militia discard...) is one decision; on the active
    player's own turn the bot finishes the turn, so a forgotten game does not take one
    deadline per click.
    """
    now = now or timezone.now()
    game = Game.objects.filter(pk=game_id).first()
    clock = DecisionClock.objects.filter(game_id=game_id, position=position).first()
    if game is None or game.status != GameStatus.RUNNING or game.step != step:
        return False
    if clock is None or clock.deadline_at > now or vacation_is_on(clock.user_id):
        return False
    seat = game.seats.select_related("user").get(position=position)
    if seat.is_bot or seat.user_id is None:
        return False
    turn = _turn_of(game)
    moved = 0
    while moved < MAX_MOVES_PER_EXPIRY:
        decision = next((d for d in game.decisions if d["seat"] == position), None)
        if decision is None or (moved and _turn_of(game) != turn):
            break
        answer, actor = _expired_answer(game, seat, decision)
        submitted = _submit(game_id, decision, answer, game.step, actor)
        if not submitted and actor == ACTOR_STANDING_ORDER:
            submitted = _submit(game_id, decision, _bot_answer(game, seat, decision),
                                game.step, ACTOR_DEADLINE)
        if not submitted:
            break
        moved += 1
        game.refresh_from_db()
        if game.status != GameStatus.RUNNING:
            break
    if moved:
        _strike(game, seat, now)
    return bool(moved)


def _turn_of(game: Game) -> tuple[int, int]:
    """(turn number, active seat): the bot stops answering when this changes."""
    table = engine.loads(game.snapshot)
    return (table.turn_no, table.active)


def _expired_answer(game: Game, seat: Seat, decision: dict) -> tuple[Any, str]:
    answer = standing_answer(decision, standing_orders_for(user=seat.user, game_id=game.pk))
    if answer is not None:
        return answer, ACTOR_STANDING_ORDER
    return _bot_answer(game, seat, decision), ACTOR_DEADLINE


def _bot_answer(game: Game, seat: Seat, decision: dict) -> Any:
    stand_in = Seat(pk=seat.pk, game=game, position=seat.position,
                    bot_strategy=conf.get("PLAY_TAKEOVER_STRATEGY"))  # in memory only
    return selectors.bot_answer_for(game, stand_in, decision["id"])


def _strike(game: Game, seat: Seat, now: datetime) -> None:
    record, _ = SeatTakeover.objects.get_or_create(
        game_id=game.pk, position=seat.position, defaults={"user_id": seat.user_id})
    record.strikes += 1
    record.save(update_fields=["strikes"])
    notify.notification_add(
        user=seat.user, game_id=game.pk, kind="expired", now=now,
        text=f"Time ran out in game #{game.pk}; a move was made for you.")
    if record.strikes >= conf.get("PLAY_EXPIRY_STRIKES"):
        seat_takeover(game_id=game.pk, position=seat.position, now=now)


# --- bot takeover ----------------------------------------------------------------------------


def seat_takeover(*, game_id: int, position: int, now: datetime | None = None) -> None:
    """Hand a seat to the bot for the rest of the game; the player keeps it and may return."""
    now = now or timezone.now()
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        seat = game.seats.select_related("user").get(position=position)
        if game.status != GameStatus.RUNNING or seat.is_bot or seat.user_id is None:
            return
        seat.bot_strategy = conf.get("PLAY_TAKEOVER_STRATEGY")
        seat.save(update_fields=["bot_strategy"])
        SeatTakeover.objects.update_or_create(
            game_id=game_id, position=position,
            defaults={"user_id": seat.user_id, "taken_over_at": now})
        DecisionClock.objects.filter(game_id=game_id, position=position).delete()
        notify.notification_add(
            user=seat.user, game_id=game_id, kind="takeover", now=now,
            text=f"Too many deadlines passed in game #{game_id}: the bot plays your seat "
                 "until you take it back.")
        # The bot's moves and the page update are scheduled the same way as for any move.
        game_services.announce_on_commit(game)


def seat_take_back(*, game_id: int, user, now: datetime | None = None) -> Seat:
    """The player takes their seat back from the bot, with a fresh clock."""
    now = now or timezone.now()
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        record = SeatTakeover.objects.filter(
            game_id=game_id, user=user, taken_over_at__isnull=False).first()
        if record is None:
            raise NotAllowed("the bot is not playing a seat of yours in this game")
        if game.status != GameStatus.RUNNING:
            raise WrongStatus("this game is not running")
        if selectors.position_resigned(game, record.position):
            # (resigned, or counted so when another claimed the win: they left the table)
            raise NotAllowed("you resigned this game: the bot plays your seat to the end")
        seat = game.seats.get(position=record.position)
        seat.bot_strategy = ""
        if seat.waiting_since is not None:
            seat.waiting_since = now
        seat.save(update_fields=["bot_strategy", "waiting_since"])
        record.strikes = 0
        record.taken_over_at = None
        record.save(update_fields=["strikes", "taken_over_at"])
        game_services.announce_on_commit(game)
    return seat


# --- vacation --------------------------------------------------------------------------------


def player_state(user_id: int) -> PlayerState:
    state, _ = PlayerState.objects.get_or_create(user_id=user_id)
    return state


def vacation_is_on(user_id: int) -> bool:
    return PlayerState.objects.filter(user_id=user_id, vacation_since__isnull=False).exists()


def vacation_left(state: PlayerState, now: datetime) -> timedelta:
    """What is left of this year's bank (not counting a vacation in progress)."""
    bank = timedelta(days=conf.get("PLAY_VACATION_DAYS_PER_YEAR"))
    if state.vacation_year != now.year:
        return bank
    return max(bank - timedelta(seconds=state.vacation_used_seconds), timedelta(0))


def vacation_start(*, user, now: datetime | None = None) -> PlayerState:
    """Pause the player's clocks in every game until vacation_end (or the bank runs out)."""
    now = now or timezone.now()
    with transaction.atomic():
        state = PlayerState.objects.select_for_update().get(pk=player_state(user.pk).pk)
        if state.on_vacation:
            return state
        if vacation_left(state, now) <= timedelta(0):
            raise VacationError("you have used all your vacation days this year")
        missed = (DecisionClock.objects.filter(user=user, deadline_at__lte=now,
                                               game__status=GameStatus.RUNNING)
                  .values_list("game_id", flat=True).first())
        if missed is not None:
            # A vacation pauses clocks that are running; one that has run out would be
            # saved from its expiry (and the others' claim) until the vacation ends.
            raise VacationError(f"your deadline in game #{missed} has passed: a vacation "
                                "cannot stop a clock that has run out")
        if state.vacation_year != now.year:
            state.vacation_year, state.vacation_used_seconds = now.year, 0
        state.vacation_since = now
        state.save()
    return state


def vacation_end(*, user, now: datetime | None = None) -> PlayerState:
    """Back from vacation: charge the bank and move every paused deadline on by the pause."""
    now = now or timezone.now()
    with transaction.atomic():
        state = PlayerState.objects.select_for_update().get(pk=player_state(user.pk).pk)
        if not state.on_vacation:
            return state
        since = state.vacation_since
        end = min(now, since + vacation_left(state, since))
        # Rounded up: rounded down, a vacation of 0.9 s cost nothing and still moved every
        # deadline on by 0.9 s, so toggling it all day kept a clock from ever running out.
        state.vacation_used_seconds += math.ceil((end - since).total_seconds())
        state.vacation_since = None
        state.save()
        for clock in DecisionClock.objects.select_for_update().filter(user=user):
            paused = end - max(clock.wait_started, since)
            if paused > timedelta(0):
                clock.deadline_at += paused
                clock.remind_at += paused
                clock.save(update_fields=["deadline_at", "remind_at"])
    return state


def vacations_expire(*, now: datetime) -> int:
    """End the vacations whose bank ran out (the sweep calls this)."""
    ended = 0
    for state in PlayerState.objects.filter(vacation_since__isnull=False).select_related("user"):
        if state.vacation_since + vacation_left(state, state.vacation_since) <= now:
            vacation_end(user=state.user, now=now)
            ended += 1
    return ended


# --- presence --------------------------------------------------------------------------------


def presence_touch(user, game_id: int, now: datetime | None = None) -> None:
    """The player's browser has game `game_id` open (the game page calls this every ~30 s)."""
    Presence.objects.update_or_create(
        user=user, game_id=game_id, defaults={"seen_at": now or timezone.now()})


def is_present(user_id: int, game_id: int, now: datetime) -> bool:
    since = now - timedelta(seconds=conf.get("PLAY_PRESENCE_SECONDS"))
    return Presence.objects.filter(user_id=user_id, game_id=game_id, seen_at__gte=since).exists()
