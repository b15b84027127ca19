"""Rematch: one click offers the same seats, kingdom and options; every other human answers.

Bots accept at once. When every seat has accepted, the new game is created and dealt with
the same seat order. Who goes first follows the rulebooks: 2nd edition, the previous winner
goes last (the player to their left starts) and a tie means a random start; the 1st edition
variant also starts left of the winner, but after a tie picks at random among the players who
did not win. A refusal or the deadline (the game's own time per move) ends the offer.

The same players, or no rematch: once a player of the game has deleted their account there is
none to offer or accept (their seat is nobody's: neither a player to ask nor a bot), and a
pending offer ends as declined.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import selectors as game_selectors
from games import services as game_services
from games.models import Game, GameStatus, Seat, display_name
from games.social import live, selectors
from games.social.exceptions import BadRequest, Conflict, Forbidden, Missing
from games.social.models import RematchOffer, Status, TableOptions

RULES = {"2e": "2nd edition: the winner goes last", "1e": "1st edition: left of the winner"}


def turn_order(result: dict, players: int, rule: str, rng=None) -> dict[str, int]:
    """The engine setup keys that decide who starts the rematch."""
    winners = list(result.get("winners") or [])
    if len(winners) == 1:
        return {"previous_winner": winners[0]}  # the engine starts left of this seat
    if rule == "1e":
        rng = rng or secrets.SystemRandom()
        others = [p for p in range(players) if p not in winners] or list(range(players))
        return {"first_player": rng.choice(others)}
    return {}  # a tie under the 2nd edition rule: the engine draws the first player


def rematch_offer(*, game: Game, user, rule: str = "2e", now: datetime | None = None,
                  charge: Callable[[], None] | None = None) -> RematchOffer:
    """Offer to play again; the offer is accepted for the offerer and for every bot.

    `charge` is called once every check has passed, just before the offer is stored (against
    bots it deals the new game at once): the caller counts it in the offerer's create_game
    quota there, raising to refuse it, so that a refused offer never uses up quota."""
    now = now or timezone.now()
    if rule not in RULES:
        raise BadRequest(f"first_player_rule must be one of {', '.join(RULES)}")
    _expire_due(game, now)  # its own commit: a refusal below must not undo it
    _end_if_a_player_left(game, now)  # (the same)
    with transaction.atomic():
        _lock_players(game)
        game = Game.objects.select_for_update().get(pk=game.pk)
        seat = game_selectors.seat_of(game, user)
        if seat is None:
            raise Forbidden("you have no seat in this game")
        if game.status == GameStatus.ABANDONED:
            raise Conflict("this game was abandoned, not played to its end: no rematch")
        if game.status != GameStatus.FINISHED:
            raise Conflict("a rematch can be offered once the game is over")
        _everyone_still_here(game)
        latest = selectors.rematch_current(game)
        if latest is not None and latest.status in (Status.PENDING, Status.ACCEPTED):
            raise Conflict("a rematch has already been offered")
        answers = {str(s.position): "accepted" if s.user_id is None else "pending"
                   for s in game.seats.all()}
        answers[str(seat.position)] = "accepted"
        if charge is not None:
            charge()
        offer = RematchOffer.objects.create(
            game=game, offered_by=user, first_player_rule=rule, answers=answers,
            deadline_at=now + timedelta(days=game.time_limit_days), created_at=now)
        return _settle(offer, now)


def rematch_answer(*, game: Game, user, accept: bool,
                   now: datetime | None = None) -> RematchOffer:
    """A seated player accepts or declines the pending offer."""
    now = now or timezone.now()
    _expire_due(game, now)  # its own commit: a refusal below must not undo it
    _end_if_a_player_left(game, now)  # (the same)
    with transaction.atomic():
        _lock_players(game)
        game = Game.objects.select_for_update().get(pk=game.pk)
        seat = game_selectors.seat_of(game, user)
        if seat is None:
            raise Forbidden("you have no seat in this game")
        # (locked: the expiry is an update that does not take the game's lock; an accept at
        # the deadline could write `accepted` over the `expired` it had just set)
        offer = RematchOffer.objects.select_for_update().filter(game=game).first()
        if offer is None:
            raise Missing("nobody has offered a rematch of this game")
        if offer.offered_by_id is None:
            raise Conflict(OFFERER_LEFT)
        _everyone_still_here(game)
        if offer.status != Status.PENDING:
            raise Conflict(f"the rematch offer is already {offer.get_status_display().lower()}")
        if offer.answers.get(str(seat.position)) != "pending":
            raise Conflict("you have already answered")
        offer.answers[str(seat.position)] = "accepted" if accept else "declined"
        offer.save(update_fields=["answers"])
        return _settle(offer, now)


def _lock_players(game: Game) -> None:
    """The players' account rows first, as an account's deletion takes its own before the
    game's offers (games/api/account_removal.py): a rematch dealt the new game (rows pointing
    at every player) holding the offer, and deadlocked with a player's deletion. Waiting
    here, the answer finds the deleted player's seat empty and is refused (409)."""
    ids = game.seats.filter(user__isnull=False).values_list("user_id", flat=True)
    list(get_user_model().objects.select_for_update().filter(pk__in=list(ids)).order_by("pk")
         .values_list("pk", flat=True))


def _settle(offer: RematchOffer, now: datetime) -> RematchOffer:
    answers = set(offer.answers.values())
    if "declined" in answers:
        offer.status, offer.resolved_at = Status.DECLINED, now
        offer.save(update_fields=["status", "resolved_at"])
    elif answers <= {"accepted"}:
        offer.new_game = _deal(offer)
        offer.status, offer.resolved_at = Status.ACCEPTED, now
        offer.save(update_fields=["status", "resolved_at", "new_game"])
    else:
        _notify(offer, now)
    live.on_commit(offer.game_id, "changed")
    event = {"type": "rematch", "rematch": rematch_dict(offer)}
    live.events_on_commit(offer.game, {s.user_id: [event]
                                       for s in selectors.human_seats(offer.game)})
    return offer


def _deal(offer: RematchOffer) -> Game:
    """Create and start the new game: same seats in the same order, same kingdom and options."""
    old = offer.game
    seats = game_selectors.game_seats(old)
    specs = ["me" if s.user_id == offer.offered_by_id else ("open" if s.user_id else
             s.bot_strategy) for s in seats]
    new = game_services.game_create(
        creator=offer.offered_by, seats=specs, kingdom=old.kingdom_cards,
        edition=old.setup.get("edition", 2), shelters=old.setup.get("shelters", False),
        time_limit_days=old.time_limit_days, listed=old.listed, kingdom_ref=old.kingdom,
        turn_order=turn_order(old.result or {}, old.player_count, offer.first_player_rule),
        dealt_at_once=True)
    for seat in seats:  # seat_join fills the lowest open seat: join in seat order
        if seat.user_id and seat.user_id != offer.offered_by_id:
            game_services.seat_join(game=new, user=seat.user, invite_token=new.invite_token)
    hidden = selectors.table_options(old).spectator_chat_hidden
    if hidden:
        TableOptions.objects.create(game=new, spectator_chat_hidden=True)
    return game_services.game_start(game=new)


def _notify(offer: RematchOffer, now: datetime) -> None:
    from games.play import notify

    name = display_name(offer.offered_by)
    for seat in selectors.human_seats(offer.game):
        if offer.answers.get(str(seat.position)) == "pending":
            notify.notification_add(
                user=seat.user, game_id=offer.game_id, kind="rematch", now=now, once=True,
                text=f"{name} offers a rematch of game #{offer.game_id}.")


def _expire_due(game: Game, now: datetime) -> None:
    RematchOffer.objects.filter(game=game, status=Status.PENDING, deadline_at__lte=now).update(
        status=Status.EXPIRED, resolved_at=now)


PLAYER_LEFT = "a player of this game has deleted their account: there can be no rematch"
OFFERER_LEFT = "the rematch offer ended: the player who made it deleted their account"


def _everyone_still_here(game: Game) -> None:
    """A deleted account's seat has neither a player to ask nor a bot (the rematch was
    refused with "unknown seat kind ''")."""
    if selectors.departed_positions(game):
        raise Conflict(PLAYER_LEFT)


def _end_if_a_player_left(game: Game, now: datetime) -> None:
    """A pending offer a departed player can never answer ends as declined (by their seat)."""
    with transaction.atomic():
        offer = RematchOffer.objects.select_for_update().filter(
            game=game, status=Status.PENDING).first()
        if offer is None:
            return
        departed = selectors.departed_positions(game)
        if not departed:
            return
        for position in departed:
            offer.answers[str(position)] = "declined"
        offer.status, offer.resolved_at = Status.DECLINED, now
        offer.save(update_fields=["answers", "status", "resolved_at"])
        live.on_commit(offer.game_id, "changed")


def offers_ended_for_departure(user, now: datetime | None = None) -> int:
    """The pending offers of `user`'s finished games end declined by their seat, as they delete
    their account (in its transaction: the page showed the offer waiting for them until the
    next offer or answer); how many."""
    now = now or timezone.now()
    # (no DISTINCT: PostgreSQL refuses it with FOR UPDATE)
    offers = RematchOffer.objects.select_for_update().filter(
        status=Status.PENDING, game_id__in=Seat.objects.filter(user=user).values("game_id"))
    ended = 0
    for offer in offers.order_by("pk"):
        for seat in offer.game.seats.filter(user=user):
            offer.answers[str(seat.position)] = "declined"
        offer.status, offer.resolved_at = Status.DECLINED, now
        offer.save(update_fields=["answers", "status", "resolved_at"])
        live.on_commit(offer.game_id, "changed")
        ended += 1
    return ended


def rematch_dict(offer: RematchOffer) -> dict:
    """A rematch offer as the API and the event stream give it."""
    return {
        "id": offer.pk, "game": offer.game_id,
        "offered_by": offer.offered_by.username if offer.offered_by_id else None,
        "first_player_rule": offer.first_player_rule, "status": offer.status,
        # seat numbers as strings, as JSON writes them: the Redis channel layer (msgpack,
        # strict map keys) refuses a message whose dict keys are ints
        "answers": {k: v for k, v in sorted(offer.answers.items(), key=lambda kv: int(kv[0]))},
        "deadline_at": offer.deadline_at.isoformat(),
        "new_game": offer.new_game_id,
        "created_at": offer.created_at.isoformat(),
    }
