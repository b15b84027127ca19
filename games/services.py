"""Every write to games and seats goes through here (HackSoft style); the card catalogue's
in games/catalogue.py.

Pages, the API, Celery tasks and management commands call these functions; nothing else
touches the engine or writes a Game. Each function runs in one transaction; broadcasts and
background tasks are scheduled with transaction.on_commit so they never see a rolled-back move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

import engine
from engine import ENGINE_VERSION, IllegalAnswer, canonical
from engine import bots as engine_bots
from games import aftermove, background, history, limits, prepared, seat_extras, selectors, signals
from games.exceptions import (
    BotHeld,
    DecisionClosed,
    IllegalMove,
    InvalidSetup,
    NotAllowed,
    Resigned,
    SeatUnavailable,
    StaleStep,
    StepAhead,
    WrongStatus,
)
from games.models import (
    Game,
    GameStatus,
    GameStep,
    Kingdom,
    PlayerPreferences,
    Seat,
)
from games.prepared import Prepared

SEAT_ME = "me"
SEAT_OPEN = "open"
TURN_ORDER_KEYS = ("first_player", "previous_winner")
SEAT_BOT = "bot"  # the site's default bot (the planner)
# The site's bot answering for a seat: one it plays ("bot": a bot's seat, taken over or
# resigned) or a person's whose clock ran out ("deadline", games/play/services.py). Either
# may be held back (games.signals.bot_answering).
BOT_ACTORS = frozenset({"bot", "deadline"})
# Shelters: the rulebook's rule (a random Kingdom card decides), or always, or never.
SHELTERS_AUTO, SHELTERS_ALWAYS, SHELTERS_NEVER = "auto", "always", "never"
SHELTER_RULES = {SHELTERS_AUTO: "auto", SHELTERS_ALWAYS: True, SHELTERS_NEVER: False,
                 True: True, False: False}


def shelters_rule(value: bool | str) -> bool | str:
    """The setup's `shelters` for a lobby or API choice; InvalidSetup for anything else."""
    try:
        return SHELTER_RULES[value]
    except (KeyError, TypeError):
        raise InvalidSetup('shelters must be "auto", "always" or "never"') from None


@dataclass(frozen=True)
class SubmitResult:
    """What a caller may know after a move: deliberately no engine events (they are unredacted).

    Built from what decision_submit has at hand (the saved row and the engine table it just
    moved), so the caller can answer its client without reading the game again.
    """

    game_id: int
    step: int
    status: str
    seat: int
    game: Game = field(repr=False, compare=False)
    _table: Any = field(default=None, repr=False, compare=False)
    seats: list[Seat] | None = field(default=None, repr=False, compare=False)

    def view(self, log: str = "recent", turns: int | None = None) -> dict[str, Any]:
        """The table as the seat sees it now (the engine's redacted view, never events), with
        the log of the recent turns ("recent"; see history.recent_turns), all of it ("all")
        or none ("none")."""
        return history.with_log(self.game, self._table, self.seat, log, turns)


# --- creating and filling games --------------------------------------------------------------


def game_create(
    *,
    creator,
    seats: Sequence[str],
    kingdom: Sequence[str],
    edition: int = 2,
    shelters: bool | str = SHELTERS_AUTO,
    time_limit_days: int = 3,
    listed: bool = True,
    kingdom_ref: Kingdom | None = None,
    turn_order: dict[str, int] | None = None,
    vp_counter: bool = False,
    dealt_at_once: bool = False,
    charge: Callable[[], None] | None = None,
) -> Game:
    """Create an open game. `seats` holds one entry per player: "me", "open", a bot strategy,
    or "bot" for the default bot.

    `turn_order` may set the engine's "first_player" or "previous_winner" (a rematch).
    TooManyOpenGames when the creator has MAX_OPEN_GAMES_PER_USER games not yet started,
    unless `dealt_at_once`: the caller deals it in the same transaction (a rematch), so it is
    never open.

    `charge` is called once every check has passed, just before the game is stored: the
    caller counts it in the creator's quota there (raising to refuse it), so that a refused
    game never uses up quota.
    """
    seats = [engine_bots.DEFAULT if spec == SEAT_BOT else spec for spec in seats]
    _check_seats(seats)
    kingdom = [canonical(name) for name in kingdom]
    problems = selectors.kingdom_problems(kingdom)
    if problems:
        raise InvalidSetup("; ".join(problems))
    if edition not in (1, 2):
        raise InvalidSetup("edition must be 1 or 2")
    setup = {
        "players": len(seats),
        "kingdom": list(kingdom),
        "edition": edition,
        "card_editions": selectors.card_editions_for(kingdom, edition),
        "shelters": shelters_rule(shelters),
        **{k: v for k, v in (turn_order or {}).items() if k in TURN_ORDER_KEYS},
    }
    try:
        engine.check_setup(setup)
    except ValueError as exc:
        raise InvalidSetup(str(exc)) from exc
    with transaction.atomic():
        if creator is not None and not dealt_at_once:
            limits.below_the_open_games_cap(creator)
        if charge is not None:
            charge()
        game = Game.objects.create(
            creator=creator, setup=setup, kingdom=kingdom_ref, listed=listed,
            time_limit_days=time_limit_days, vp_counter=vp_counter,
        )
        Seat.objects.bulk_create(
            [_new_seat(game, position, spec, creator) for position, spec in enumerate(seats)]
        )
    return game


def _check_seats(seats: Sequence[str]) -> None:
    if not 2 <= len(seats) <= 6:
        raise InvalidSetup("a game has 2 to 6 seats")
    if list(seats).count(SEAT_ME) > 1:
        raise InvalidSetup("you can take only one seat")
    strategies = set(selectors.bot_strategies())
    for spec in seats:
        if spec not in (SEAT_ME, SEAT_OPEN) and spec not in strategies:
            raise InvalidSetup(f"unknown seat kind {spec!r}")


def _new_seat(game: Game, position: int, spec: str, creator) -> Seat:
    now = timezone.now()
    if spec == SEAT_ME:
        return Seat(game=game, position=position, user=creator, joined_at=now)
    if spec == SEAT_OPEN:
        return Seat(game=game, position=position)
    return Seat(game=game, position=position, bot_strategy=spec, joined_at=now)


def seat_join(*, game: Game, user, invite_token: str | None = None) -> Seat:
    """Seat `user` in the first open seat. Private games need their invite token.

    The account's lock comes first, as in its deletion (games.api.account_removal): a seat
    taken by an account deleted meanwhile would point at no account (an IntegrityError at
    commit, the join's or the deletion's); now the join waits for the deletion and is
    refused."""
    with transaction.atomic():
        if not limits.lock_account(user):
            raise NotAllowed(limits.ACCOUNT_GONE)
        game = _lock(game.pk)
        if game.status != GameStatus.OPEN:
            raise WrongStatus("this game is no longer taking players")
        if not game.listed and not selectors.invite_matches(game, invite_token):
            raise NotAllowed("this game is private; ask for its invite link")
        if game.seats.filter(user=user).exists():
            raise SeatUnavailable("you already have a seat in this game")
        signals.seat_joining.send(sender=Game, game=game, user=user)
        seat = game.seats.filter(user__isnull=True, bot_strategy="").first()
        if seat is None:
            raise SeatUnavailable("every seat is taken")
        seat.user = user
        seat.joined_at = timezone.now()
        seat.save(update_fields=["user", "joined_at"])
        announce_on_commit(game)
        # After the join's own announcement: a start by a receiver is announced after it.
        signals.seat_taken.send(sender=Game, game=game, user=user)
    return seat


def seat_leave(*, game: Game, user) -> Game:
    """Give up a seat before the start; a game left with no human in it is abandoned."""
    with transaction.atomic():
        game = _lock(game.pk)
        if game.status != GameStatus.OPEN:
            raise WrongStatus("you can only leave a game before it starts")
        seat = game.seats.filter(user=user).first()
        if seat is None:
            raise NotAllowed("you have no seat in this game")
        seat.user = None
        seat.joined_at = None
        seat.save(update_fields=["user", "joined_at"])
        if not game.seats.filter(user__isnull=False).exists():
            _end(game, GameStatus.ABANDONED)
            game.save()
        announce_on_commit(game)
    return game


def game_start(*, game: Game, user=None) -> Game:
    """Deal the cards: only the creator (or the system, user=None), only once every seat is full."""
    with transaction.atomic():
        game = _lock(game.pk)
        if game.status != GameStatus.OPEN:
            raise WrongStatus("this game has already started")
        if user is not None and game.creator_id != user.pk:
            raise NotAllowed("only the player who created the game can start it")
        seats = list(game.seats.select_related("user__preferences"))
        if any(seat.is_open for seat in seats):
            raise SeatUnavailable("wait until every seat is taken")
        game.setup = {**game.setup, "names": [seat.label for seat in seats]}
        try:
            table = engine.new_game(game.setup, game.seed)
        except ValueError as exc:
            raise InvalidSetup(str(exc)) from exc
        game.status = GameStatus.RUNNING
        game.started_at = timezone.now()
        game.engine_version = ENGINE_VERSION
        history.restart(game, table, steps_kept=0)
        _store(game, table, seats, answered=None)
        game.save()
        announce_on_commit(game, active=table.active)
    return game


def game_abandon(*, game: Game) -> Game:
    """End a game nobody will finish (admin action); its record stays for the audit trail."""
    with transaction.atomic():
        game = _lock(game.pk)
        if game.status in (GameStatus.FINISHED, GameStatus.ABANDONED):
            raise WrongStatus("this game has already ended")
        _abandon_locked(game)
    return game


def open_game_call_off(*, game_id: int, now: datetime) -> Game | None:
    """Abandon an open game nobody has joined for OPEN_GAME_MAX_AGE_DAYS, as game_abandon does
    (the same announcement); None if it started, ended or was joined meanwhile."""
    since = now - selectors.open_game_max_age()
    with transaction.atomic():
        game = _lock(game_id)
        if (game.status != GameStatus.OPEN or game.created_at > since
                or game.seats.filter(joined_at__gt=since).exists()):
            return None
        _abandon_locked(game)
    return game


def _abandon_locked(game: Game) -> None:
    _end(game, GameStatus.ABANDONED)
    game.revision += 1
    game.save()
    game.seats.update(waiting_since=None)
    announce_on_commit(game)


# --- moves -----------------------------------------------------------------------------------


def decision_submit(
    *, game_id: int, seat: int, decision_id: str, answer: Any, step: int | None = None,
    actor: str = "player",
) -> SubmitResult:
    """Apply one answer, or refuse it and change nothing.

    The caller has checked that the requester owns `seat`. A decision's content never changes
    while it is open, so its id is its version: an answer to a decision still open for `seat`
    is applied whatever other seats did meanwhile (independent decisions never conflict).
    `step`, when given, is the step the caller saw; StaleStep is raised only if the seat's own
    picture changed since (it answered something, or a new decision opened for it).
    """
    with transaction.atomic():
        game = _lock(game_id)
        if game.status != GameStatus.RUNNING:
            raise WrongStatus("this game is not running")
        if not any(d["id"] == decision_id and d["seat"] == seat for d in game.decisions):
            raise DecisionClosed(f"decision {decision_id} is not open for seat {seat}")
        if step is not None and step > game.step:
            raise StepAhead(seen=step, current=game.step)
        if actor in BOT_ACTORS:  # (a receiver may hold it back: raises BotHeld)
            signals.bot_answering.send(sender=Game, game=game, position=seat)
        if step is not None and _seat_changed_since(game, seat, step):
            raise StaleStep(seen=step, current=game.step)
        table = engine.loads(game.snapshot)
        try:
            mark = table.apply(seat, decision_id, answer)
        except IllegalAnswer as exc:
            raise IllegalMove(str(exc)) from exc
        game.step += 1
        game.last_move_at = timezone.now()
        prepared.insert(GameStep, {  # (its SQL written once: a move's hottest insert)
            "game_id": game.pk, "number": game.step, "seat": seat, "decision_id": decision_id,
            "answer": answer, "actor": actor, "engine_version": ENGINE_VERSION,
            "created_at": game.last_move_at, **history.step_fields(game, table, mark)})
        # (their users' play state and clocks too: the reply's clocks then need no query)
        seats = _seats_locked(game)
        if actor == "player" and selectors.seat_resigned(
                game, next((s for s in seats if s.position == seat), None)):
            # (the pages and the API refuse it first; this holds when the resignation
            # commits between their check and this lock; the move is rolled back)
            raise Resigned("you resigned this game: the bot plays your seat on, and you may "
                           "only watch")
        _store(game, table, seats, answered=seat)
        # Not setup, kingdom, seed...: they never change. (Its UPDATE written once.)
        prepared.update(game, MOVED_FIELDS)
        announce_on_commit(game, active=table.active, actor=actor)
    return SubmitResult(game_id=game.pk, step=game.step, status=game.status, seat=seat,
                        game=game, _table=table, seats=seats)


def _seat_changed_since(game: Game, seat: int, step: int) -> bool:
    """Did the seat's own open decisions change after `step`? (A step from the future: yes.)

    They change only when the seat answers one, or when a move opens a new one for it; a
    decision closed by another seat's move would be caught as closed before this is asked.
    """
    if step >= game.step:
        return step > game.step
    if any(d["seat"] == seat and d.get("opened_step", 0) > step for d in game.decisions):
        return True
    return game.steps.filter(seat=seat, number__gt=step).exists()


def game_rewind(*, game_id: int, to_step: int, expected_step: int) -> list[list]:
    """Take the game back to `to_step`: drop the later answers and rebuild by replay.

    The record stays exact (setup + seed + the answers kept replay to the new snapshot).
    Returns the answers removed, [seat, decision, answer, actor] each, for the caller's log.
    Undo policy (who may, when) belongs to the caller (games/social/undo.py).
    """
    with transaction.atomic():
        game = _lock(game_id)
        if game.status != GameStatus.RUNNING:
            raise WrongStatus("this game is not running")
        if expected_step != game.step:
            raise StaleStep(seen=expected_step, current=game.step)
        if not 0 <= to_step < game.step:
            raise IllegalMove(f"cannot go back to step {to_step} from step {game.step}")
        steps = list(game.steps.order_by("number").only(
            "number", "seat", "decision_id", "answer", "actor"))
        kept = [[s.seat, s.decision_id, s.answer] for s in steps[:to_step]]
        try:
            table = engine.replay({"setup": game.setup, "seed": game.seed, "answers": kept,
                                   "engine_version": game.engine_version or None})
        except (IllegalAnswer, ValueError) as exc:  # a table set up by hand, an older engine
            raise IllegalMove("this game's record does not replay: it cannot go back") from exc
        removed = [[s.seat, s.decision_id, s.answer, s.actor] for s in steps[to_step:]]
        game.steps.filter(number__gt=to_step).delete()  # the only deletion of GameStep rows
        game.step = to_step
        game.last_move_at = timezone.now()
        history.restart(game, table, steps_kept=to_step)
        _store(game, table, list(game.seats.all()), answered=None)
        game.save()
        announce_on_commit(game)
    return removed


def bot_move_play(*, game_id: int, decision_id: str, step: int) -> bool:
    """Answer one open bot decision; do nothing once it is closed (tasks are retried).

    The bot thinks outside the transaction, on an unlocked copy, so no row lock is held while
    it computes; decision_submit then refuses the answer if the bot's own decisions changed
    meanwhile. Other seats answering their own decisions in parallel do not stop it.
    """
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != GameStatus.RUNNING or game.step < step:
        return False
    opened = next((d for d in game.decisions if d["id"] == decision_id), None)
    if opened is None:
        return False
    seat = game.seats.get(position=opened["seat"])
    if not seat.is_bot:
        return False
    if limits.endless(game):
        try:
            game_abandon(game=game)
        except WrongStatus:  # another delivery got there first
            pass
        return False
    answer = selectors.bot_answer_for(game, seat, decision_id)
    try:
        decision_submit(
            game_id=game_id, seat=seat.position, decision_id=decision_id, answer=answer,
            step=game.step, actor="bot",
        )
    except (StaleStep, DecisionClosed, WrongStatus, BotHeld):
        return False
    return True


def bots_resume() -> int:
    """Re-schedule every open bot decision (after a restart, or if a task was lost)."""
    count = 0
    for game in Game.objects.filter(status=GameStatus.RUNNING).only("pk", "step", "decisions"):
        jobs = _bot_jobs(game)
        for decision_id in jobs:
            _schedule_bot(game.pk, decision_id, game.step)
        count += len(jobs)
    return count


# --- internals -------------------------------------------------------------------------------


def _lock(game_id: int) -> Game:
    """The Game row, locked until the transaction ends (PostgreSQL; SQLite locks the file)."""
    game = _LOCKED.first(game_id)
    if game is None:
        raise Game.DoesNotExist(f"no game {game_id}")
    return game


def _seats_locked(game: Game) -> list[Seat]:
    """The seats of a locked game, their users' play state and the reply's seat extras."""
    seats = seat_extras.reply_seats(game.pk)
    for seat in seats:
        seat.game = game
    return seats


# Every move runs this: compiled once (games/prepared.py).
_LOCKED = Prepared(lambda pk: Game.objects.select_for_update().filter(pk=pk), "int")


# What a move changes in its game's row (_store, _end, history.step_fields).
MOVED_FIELDS = ["snapshot", "revision", "decisions", "step", "last_move_at", "log_length",
                "result", "status", "finished_at"]


def _store(game: Game, table: Any, seats: list[Seat], answered: int | None) -> None:
    """Copy what the engine knows into the row: snapshot, open decisions, who waits, result."""
    now = timezone.now()
    game.snapshot = table.dumps(log=False)  # the log is kept on the GameStep rows
    game.revision += 1
    game.decisions = _with_origin(table.pending(), game.decisions, game.step, answered)
    waiting = {d["seat"] for d in game.decisions}
    changed: dict[datetime | None, list[int]] = {}  # new value → seats (None or now)
    for seat in seats:
        kept = seat.waiting_since if seat.position != answered else None
        wanted = (kept or now) if seat.position in waiting else None
        if wanted != seat.waiting_since:
            seat.waiting_since = wanted
            changed.setdefault(wanted, []).append(seat.pk)
    for value, ids in changed.items():  # (plain UPDATEs: a bulk_update's CASE costs more CPU)
        prepared.update_where(Seat, {"waiting_since": value}, {"pk__in": ids})
    if table.over:
        game.result = _result_of(table)
        _end(game, GameStatus.FINISHED)


def _with_origin(pending: list, before: list[dict], step: int, answered: int | None) -> list:
    """The open decisions as data, each with the step that opened it and whose move did.

    A decision keeps its origin while it stays open (the engine reopens the same ids after a
    reload), so "what is new for a seat" and "did the seat's picture change" need no history.
    """
    known = {d["id"]: d for d in before}
    out = []
    for decision in pending:
        data = decision.to_dict()
        old = known.get(data["id"])
        data["opened_step"] = old.get("opened_step", 0) if old else step
        data["opened_by"] = old.get("opened_by") if old else answered
        out.append(data)
    return out


def _result_of(table: Any) -> dict:
    """The engine exposes the result as an attribute (the agreed contract said a method)."""
    result = table.result
    return result() if callable(result) else result


def _end(game: Game, status: str) -> None:
    """Mark the game ended; the caller saves it."""
    game.status = status
    game.finished_at = timezone.now()
    if status == GameStatus.ABANDONED:
        game.decisions = []


def _bot_jobs(game: Game) -> list[str]:
    bots = set(game.seats.exclude(bot_strategy="").values_list("position", flat=True))
    return [d["id"] for d in game.decisions if d["seat"] in bots]


def announce_on_commit(game: Game, active: int | None = None, actor: str | None = None) -> None:
    """After commit: one job tells watchers, sets the bots to work, and runs every other
    concern of a move (games/aftermove.py); the request that moved waits for none of it.

    `active` (the player whose turn it is) is passed on when the caller has the engine at hand,
    so receivers timing decisions need not load it again.
    """
    aftermove.schedule(game, active=active, actor=actor)


def bots_nudge_on_commit(game: Game) -> None:
    """After commit, set the bots to work again on their open decisions: for when what held
    one back (games.signals.bot_answering) ends without a move of its own."""
    game_id, step = game.pk, game.step
    jobs = _bot_jobs(game)
    transaction.on_commit(lambda: [_schedule_bot(game_id, job, step) for job in jobs])


def _schedule_bot(game_id: int, decision_id: str, step: int) -> None:
    background.schedule_named("games.tasks.bot_move", game_id, decision_id, step)


# --- players ---------------------------------------------------------------------------------


def preferences_ensure(*, user) -> PlayerPreferences:
    prefs, _ = PlayerPreferences.objects.get_or_create(user=user)
    return prefs


def preferences_update(*, user, **fields: Any) -> PlayerPreferences:
    """Save the profile form; only the named preference fields are accepted."""
    allowed = {"display_name", "email_on_turn", "email_daily_digest"}
    unknown = set(fields) - allowed
    if unknown:
        raise ValueError(f"unknown preferences {sorted(unknown)}")
    prefs = preferences_ensure(user=user)
    for name, value in fields.items():
        setattr(prefs, name, value)
    prefs.save()
    return prefs
