"""Request validation and response shapes (the latter also feed the OpenAPI schema)."""

from __future__ import annotations

from typing import Any

from rest_framework import renderers, serializers

from games import selectors
from games.api.strict import StrictSerializer
from games.models import TIME_LIMIT_CHOICES, Card, CardSet, Game, GameStatus, Kingdom, Seat

# --- errors ----------------------------------------------------------------------------------


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable identifier: branch on this.")
    detail = serializers.CharField(help_text="A sentence for humans; may change.")
    current_step = serializers.IntegerField(required=False, help_text="With stale_step only.")
    retry_after = serializers.IntegerField(required=False, help_text="With throttled only.")
    errors = serializers.JSONField(required=False, help_text="With invalid_request: per field.")
    required_scope = serializers.CharField(
        required=False, help_text="With insufficient_scope: the scope the request needs.")


# --- catalogue and users ---------------------------------------------------------------------


class UserSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    display_name = serializers.CharField()
    bot_account = serializers.BooleanField(help_text="Marked as a bot's account.")


class CardSetSerializer(serializers.ModelSerializer):
    class Meta:
        model = CardSet
        fields = ["slug", "name", "editions"]


class CardSerializer(serializers.ModelSerializer):
    set = serializers.SlugRelatedField(source="card_set", slug_field="slug", read_only=True)
    editions = serializers.ListField(child=serializers.IntegerField())
    types = serializers.ListField(child=serializers.CharField())

    class Meta:
        model = Card
        fields = ["name", "set", "editions", "cost", "types", "text", "text_first_edition",
                  "in_supply", "is_kingdom"]


class KingdomSerializer(serializers.ModelSerializer):
    cards = serializers.ListField(child=serializers.CharField())
    sets = serializers.ListField(child=serializers.CharField())
    options = serializers.DictField()
    missing_cards = serializers.ListField(child=serializers.CharField())

    class Meta:
        model = Kingdom
        fields = ["id", "name", "cards", "sets", "options", "edition", "source", "recommended",
                  "playable", "missing_cards"]


# --- games -----------------------------------------------------------------------------------


class ClockSerializer(serializers.Serializer):
    """A seat's clock: the one deadline shown for it everywhere (pages, API, events)."""

    seat = serializers.IntegerField()
    waiting_since = serializers.DateTimeField(allow_null=True,
                                              help_text="Since when the game waits for it.")
    deadline = serializers.DateTimeField(
        allow_null=True, help_text="When its open decisions expire (null: not waiting, or a bot).")
    on_vacation = serializers.BooleanField(help_text="Its clock is paused.")
    taken_over = serializers.BooleanField(help_text="The bot plays this seat for its player.")


class SeatSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["user", "bot", "open"])
    name = serializers.CharField(help_text="Display name, bot label or 'Open seat'.")
    bot_strategy = serializers.CharField(allow_blank=True)
    waiting = serializers.BooleanField(help_text="A decision addressed to this seat is open.")
    clock = ClockSerializer(required=False, help_text="In GET /games/{id}/ (not in lists).")

    resigned = serializers.BooleanField(help_text="This seat resigned (the bot plays it on).")
    username = serializers.CharField(allow_null=True, help_text="The seat's user, if any.")
    bot_account = serializers.BooleanField(
        help_text="The seat's user marked their account as a bot's (a program plays it).")

    def to_representation(self, seat: Seat) -> dict[str, Any]:
        kind = "bot" if seat.is_bot else "open" if seat.is_open else "user"
        extras = self.context.get("extras", {}).get(seat.game_id, {})
        data = {"position": seat.position, "kind": kind, "name": seat.label,
                "bot_strategy": seat.bot_strategy, "waiting": seat.waiting_since is not None,
                "resigned": seat.position in extras.get("resigned", ()),
                "username": seat.user.username if seat.user_id else None,
                "bot_account": seat.user_id in self.context.get("bot_users", ())}
        clocks = self.context.get("clocks")
        if clocks is not None:
            data["clock"] = clocks.get(seat.position)
        return data


class EndingSerializer(serializers.Serializer):
    reason = serializers.ChoiceField(choices=["resigned", "claimed", "aborted"])
    seat = serializers.IntegerField(allow_null=True, help_text="Who resigned, claimed, aborted.")


class GameSerializer(serializers.Serializer):
    """A game's public summary, plus my seat. Never the seed, the snapshot or another hand."""

    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=GameStatus.choices)
    step = serializers.IntegerField()
    kingdom = serializers.ListField(child=serializers.CharField())
    edition = serializers.IntegerField()
    shelters = serializers.ChoiceField(
        choices=["auto", "always", "never"],
        help_text='"auto": a random Kingdom card decides, as the Dark Ages rules say (the game '
                  "view's options say what it decided).")
    players = serializers.IntegerField()
    listed = serializers.BooleanField()
    time_limit_days = serializers.IntegerField()
    vp_counter = serializers.BooleanField(
        help_text="Every player's victory points are shown during the game (a table option).")
    creator = serializers.CharField(allow_null=True)
    seats = SeatSerializer(many=True)
    my_seat = serializers.IntegerField(allow_null=True)
    waiting_for_me = serializers.BooleanField(
        help_text="A decision of my seat is open, and I play it (not the bot for me).")
    invite_token = serializers.CharField(
        allow_null=True, help_text="For players of a game still taking players; else null."
    )
    result = serializers.JSONField(allow_null=True, help_text="Scores, once finished.")
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    last_move_at = serializers.DateTimeField(allow_null=True)

    ending = EndingSerializer(allow_null=True, help_text="How it ended, if not by the rules' "
                              "end: resigned, claimed (a win on time) or aborted.")

    def to_representation(self, game: Game) -> dict[str, Any]:
        from games.api.selectors import game_extras

        user = self.context["request"].user
        seats = selectors.game_seats(game)
        if "extras" not in self.context or game.pk not in self.context["extras"]:
            self.context.update(game_extras([game], seats))
        mine = next((s for s in seats if user.is_authenticated and s.user_id == user.pk), None)
        is_open = game.status == GameStatus.OPEN
        return {
            "id": game.pk, "status": game.status, "step": game.step,
            "kingdom": game.kingdom_cards, "edition": game.setup.get("edition", 2),
            "shelters": selectors.shelters_choice(game.setup), "players": game.player_count,
            "listed": game.listed, "time_limit_days": game.time_limit_days,
            "vp_counter": game.vp_counter,
            "creator": game.creator.username if game.creator else None,
            "seats": SeatSerializer(seats, many=True, context=self.context).data,
            "my_seat": mine.position if mine else None,
            # (not a seat the bot plays for me, resigned or taken over: as filter=waiting)
            "waiting_for_me": bool(mine and mine.waiting_since and not mine.is_bot
                                   and game.status == GameStatus.RUNNING),
            "invite_token": game.invite_token if (mine and is_open) else None,
            "result": game.result if game.status == GameStatus.FINISHED else None,
            "created_at": _iso(game.created_at), "started_at": _iso(game.started_at),
            "finished_at": _iso(game.finished_at), "last_move_at": _iso(game.last_move_at),
            "ending": self.context["extras"][game.pk].get("ending"),
        }


class GamePageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = GameSerializer(many=True)


def _iso(value) -> str | None:
    return serializers.DateTimeField().to_representation(value) if value else None


EDITIONS = [(1, "1st edition"), (2, "2nd edition")]


class SheltersField(serializers.ChoiceField):
    """"auto" (the rulebook's rule), "always" or "never"; true/false mean always/never."""

    lenient_type = True  # a string or a boolean, by design (the choice checks the value)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=["auto", "always", "never"], **kwargs)

    def to_internal_value(self, data: Any) -> Any:
        if data is True or data is False:
            return data
        return super().to_internal_value(data)
SEAT_HELP = ('"me", "open", a bot strategy (see GET /api/v1/bots/), or "bot" for the '
             'default bot (the planner).')


class GameCreateSerializer(StrictSerializer):
    """The lobby's options. Kingdom: `kingdom` (10 names), `kingdom_id`, or random (default)."""

    seats = serializers.ListField(child=serializers.CharField(help_text=SEAT_HELP),
                                  min_length=2, max_length=6)
    # (max_length: far longer lists are refused unread; a wrong count of cards up to it is
    # an invalid_setup that names the problem)
    kingdom = serializers.ListField(child=serializers.CharField(), required=False,
                                    max_length=selectors.MAX_KINGDOM_CHECKED,
                                    help_text="Exactly 10 implemented kingdom card names.")
    kingdom_id = serializers.IntegerField(required=False, help_text="A playable kingdom's id.")
    random_sets = serializers.ListField(child=serializers.CharField(), required=False,
                                        max_length=50,
                                        help_text="Random kingdom: only these set slugs.")
    random_editions = serializers.ListField(
        child=serializers.ChoiceField(choices=EDITIONS), required=False, max_length=10,
        help_text="Random kingdom: only cards printed in these editions.")
    edition = serializers.ChoiceField(choices=EDITIONS, default=2)
    shelters = SheltersField(default="auto")
    time_limit_days = serializers.ChoiceField(choices=TIME_LIMIT_CHOICES, default=3)
    listed = serializers.BooleanField(default=True)
    vp_counter = serializers.BooleanField(
        default=False, help_text="Show every player's victory points during the game.")

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        if "kingdom" in data and "kingdom_id" in data:
            raise serializers.ValidationError("give kingdom or kingdom_id, not both")
        if "kingdom_id" in data:
            kingdom = Kingdom.objects.filter(pk=data.pop("kingdom_id"), playable=True).first()
            if kingdom is None:
                raise serializers.ValidationError({"kingdom_id": "no playable kingdom has this id"})
            data["kingdom"] = list(kingdom.cards)
            data["kingdom_ref"] = kingdom
            data["edition"] = kingdom.edition or data["edition"]
        elif "kingdom" not in data:
            data["kingdom"] = self._random(data)
        data.pop("random_sets", None)
        data.pop("random_editions", None)
        return data

    def _random(self, data: dict[str, Any]) -> list[str]:
        try:
            return selectors.kingdom_random(sets=data.get("random_sets") or None,
                                            editions=data.get("random_editions") or None)
        except ValueError as exc:
            raise serializers.ValidationError(
                {"random_sets": "too few cards match these sets and editions"}) from exc


class JoinSerializer(StrictSerializer):
    invite_token = serializers.CharField(required=False, allow_blank=True,
                                         help_text="Needed for a private game.")


class AnswerSerializer(StrictSerializer):
    decision = serializers.CharField(max_length=40, help_text="The open decision's id.")
    answer = serializers.JSONField(
        allow_null=True, help_text="In the format of the decision's kind (docs/api.md).")
    step = serializers.IntegerField(
        min_value=0, required=False,
        help_text="Optional: the step you saw. Given, the answer is refused (stale_step) if your "
                  "own open decisions changed since; moves by other seats do not matter.")
    seat = serializers.IntegerField(required=False, min_value=0,
                                    help_text="Optional: your seat, checked if given.")


class TicketSerializer(serializers.Serializer):
    ticket = serializers.CharField(help_text="Pass as ?ticket= when opening the event stream.")
    expires = serializers.DateTimeField(help_text="Unused tickets die then (a minute).")


class LogSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    step = serializers.IntegerField()
    since = serializers.IntegerField(help_text="Position of the first event in the whole log.")
    over = serializers.BooleanField()
    events = serializers.ListField(child=serializers.DictField())
    total = serializers.IntegerField(help_text="Events in the whole log so far.")
    next = serializers.IntegerField(allow_null=True,
                                    help_text="`since` of the next page; null at the end.")


class BotSerializer(serializers.Serializer):
    strategy = serializers.CharField(help_text="What a seat names: \"seats\": [\"me\", ...].")
    label = serializers.CharField()
    description = serializers.CharField(allow_blank=True)
    kind = serializers.ChoiceField(
        choices=["engine", "data", "custom"],
        help_text="engine: written in Python; data: a shipped strategy in the strategy format "
                  "(docs/strategies.md); custom: one the site's staff wrote.")
    requires = serializers.ListField(child=serializers.CharField(),
                                     help_text="Cards the strategy is written for (it still "
                                               "plays, as Big Money, without them).")
    default = serializers.BooleanField(help_text="The site's default bot (\"bot\" in seats).")


class TokenSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    prefix = serializers.CharField(help_text="The token's first characters.")
    scopes = serializers.ListField(child=serializers.ChoiceField(
        choices=["read", "play", "manage-games"]))
    created_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(allow_null=True)
    expires_at = serializers.DateTimeField(allow_null=True, help_text="null: never.")
    active = serializers.BooleanField(source="is_active", help_text="false once expired.")


class NDJSONRenderer(renderers.JSONRenderer):
    """application/x-ndjson: the game stream's lines (its errors are one JSON line too)."""

    media_type = "application/x-ndjson"
    format = "ndjson"

    def render(self, data, accepted_media_type=None, renderer_context=None) -> bytes:
        return super().render(data, accepted_media_type, renderer_context) + b"\n"
