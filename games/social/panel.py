"""What the game page's social panel shows one viewer: chat, undo, rematch, the undo log."""

from __future__ import annotations

from typing import Any

from games import selectors as game_selectors
from games.models import Game, GameStatus
from games.social import rematch, selectors, undo


def panel_context(game: Game, user) -> dict[str, Any]:
    seat = game_selectors.seat_of(game, user)
    position = seat.position if seat else None
    resigned = game_selectors.seat_resigned(game, seat)  # (they watch as a spectator)
    talks_from = None if resigned else position
    names = selectors.seat_names(game)
    authenticated = bool(user is not None and user.is_authenticated)
    return {
        "game": game,
        "me": position,
        "names": names,
        "can_chat": authenticated,
        # (a creator who resigned is a spectator: the table's options are no longer theirs)
        "is_creator": authenticated and game.creator_id == user.pk and not resigned,
        "chat": selectors.chat_recent(game, user, talks_from),
        "options": selectors.table_options(game),
        "spectators_hidden": selectors.spectators_hidden_from(game, talks_from),
        "running": game.status == GameStatus.RUNNING,
        **_undo_context(game, talks_from, names),  # (resigned: no vote, no undo)
        **_rematch_context(game, position, names),
    }


def _undo_context(game: Game, position: int | None, names: dict[int, str]) -> dict[str, Any]:
    pending = selectors.undo_pending(game)
    if pending is not None and selectors.request_is_due(pending.deadline_at):
        pending = None  # expired: the next write marks it so
    history = [{"undo": u, "name": names.get(u.position, "?")}
               for u in selectors.undo_history(game)]
    found: dict[str, Any] = {"undo_history": history, "undo_pending": pending}
    if pending is not None:
        found["undo_votes"] = [(names.get(int(p), "?"), vote)
                               for p, vote in sorted(pending.votes.items())]
        found["undo_mine_to_answer"] = (
            position is not None and pending.votes.get(str(position)) == "pending")
        found["undo_requester"] = names.get(pending.position, "?")
    if position is not None and game.status == GameStatus.RUNNING and pending is None:
        options = undo.undo_options(game, position)
        found["undo_options"] = options
        found["undo_last"] = options[0] if options else None
    return found


def _rematch_context(game: Game, position: int | None, names: dict[int, str]) -> dict:
    if game.status != GameStatus.FINISHED:
        return {}
    offer = selectors.rematch_current(game)
    if offer is not None and offer.status == "pending" and \
            selectors.request_is_due(offer.deadline_at):
        offer = None
    found: dict[str, Any] = {"rematch": offer, "rematch_rules": rematch.RULES.items()}
    if offer is not None:
        found["rematch_answers"] = [(names.get(int(p), "?"), a)
                                    for p, a in sorted(offer.answers.items())]
        found["rematch_mine_to_answer"] = (
            position is not None and offer.status == "pending"
            and offer.answers.get(str(position)) == "pending")
    found["can_offer_rematch"] = position is not None and (
        offer is None or offer.status not in ("pending", "accepted"))
    if found["can_offer_rematch"] and selectors.departed_positions(game):
        found["can_offer_rematch"] = False
        found["rematch_refused"] = rematch.PLAYER_LEFT
    return found
