"""API request bodies (validated here) and response shapes (for the OpenAPI schema)."""

from __future__ import annotations

from rest_framework import serializers

from games.api.strict import StrictSerializer

MAX_INT = 2**31 - 1


# --- requests --------------------------------------------------------------------------------


class ChatPostSerializer(StrictSerializer):
    body = serializers.CharField(allow_blank=True, trim_whitespace=False,
                                 help_text="Plain text, 1 to 500 characters; never HTML.")


class ChatOptionsSerializer(StrictSerializer):
    spectator_chat_hidden = serializers.BooleanField(
        help_text="Players see the spectators' chat only once the game is over.")


class MuteSerializer(StrictSerializer):
    username = serializers.CharField(max_length=150)
    muted = serializers.BooleanField(default=True, help_text="false to unmute.")


class RematchOfferSerializer(StrictSerializer):
    first_player_rule = serializers.ChoiceField(
        choices=["2e", "1e"], default="2e",
        help_text="2e: the winner goes last (a tie: random). 1e: left of the winner starts "
        "(a tie: random among those who did not win).")


class AcceptSerializer(StrictSerializer):
    accept = serializers.BooleanField()


class UndoAskSerializer(StrictSerializer):
    to_step = serializers.IntegerField(min_value=0, max_value=MAX_INT,
                                       help_text="The step to go back to (see options).")
    step = serializers.IntegerField(min_value=0, max_value=MAX_INT,
                                    help_text="The game's step as you saw it.")


class UndoAnswerSerializer(StrictSerializer):
    request = serializers.IntegerField(min_value=1, max_value=MAX_INT)
    accept = serializers.BooleanField()


# --- responses -------------------------------------------------------------------------------


class ChatMessageSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    author = serializers.CharField(help_text="Username.")
    name = serializers.CharField(help_text="Display name.")
    seat = serializers.IntegerField(allow_null=True, help_text="null: a spectator.")
    spectator = serializers.BooleanField()
    body = serializers.CharField(help_text="Plain text: escape it before showing it as HTML.")
    created_at = serializers.DateTimeField()


class ChatListSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    spectator_chat_hidden = serializers.BooleanField()
    messages = ChatMessageSerializer(many=True)


class MuteListSerializer(serializers.Serializer):
    muted = serializers.ListField(child=serializers.CharField())


class RematchSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.IntegerField()
    offered_by = serializers.CharField(
        allow_null=True, help_text="Null once the offerer has deleted their account.")
    first_player_rule = serializers.CharField()
    status = serializers.CharField(help_text="pending, accepted, declined or expired.")
    answers = serializers.DictField(child=serializers.CharField(),
                                    help_text="Seat -> pending, accepted or declined.")
    deadline_at = serializers.DateTimeField()
    new_game = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()


class RematchStateSerializer(serializers.Serializer):
    rematch = RematchSerializer(allow_null=True)


class UndoSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    seat = serializers.IntegerField()
    kind = serializers.CharField(help_text="free (applied at once) or request.")
    status = serializers.CharField(help_text="pending, applied, declined, expired or void.")
    from_step = serializers.IntegerField()
    to_step = serializers.IntegerField()
    count = serializers.IntegerField()
    votes = serializers.DictField(child=serializers.CharField())
    deadline_at = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()


class UndoOptionSerializer(serializers.Serializer):
    to_step = serializers.IntegerField()
    count = serializers.IntegerField()
    free = serializers.BooleanField()


class UndoStateSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    step = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    options = UndoOptionSerializer(many=True)
    pending = UndoSerializer(allow_null=True)
    history = UndoSerializer(many=True)


class LeaderboardEntrySerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()
    rating = serializers.FloatField()
    deviation = serializers.FloatField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    provisional = serializers.BooleanField()


class LeaderboardSerializer(serializers.Serializer):
    pool = serializers.CharField(help_text="duel or multi.")
    provisional_games = serializers.IntegerField()
    entries = LeaderboardEntrySerializer(many=True)


class PoolRatingSerializer(serializers.Serializer):
    pool = serializers.CharField()
    rating = serializers.FloatField(allow_null=True)
    deviation = serializers.FloatField(allow_null=True)
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    provisional = serializers.BooleanField()


class HistorySerializer(serializers.Serializer):
    game = serializers.IntegerField()
    finished_at = serializers.DateTimeField()
    players = serializers.IntegerField()
    won = serializers.BooleanField()
    score = serializers.IntegerField()
    rated = serializers.BooleanField()
    unrated_reason = serializers.CharField()
    pool = serializers.CharField()
    rating_before = serializers.FloatField(allow_null=True)
    rating_after = serializers.FloatField(allow_null=True)


class SetRateSerializer(serializers.Serializer):
    set = serializers.CharField()
    name = serializers.CharField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    win_rate = serializers.FloatField()


class FavouriteSerializer(serializers.Serializer):
    card = serializers.CharField()
    games = serializers.IntegerField()
    copies = serializers.IntegerField()


class ProfileSerializer(serializers.Serializer):
    username = serializers.CharField()
    name = serializers.CharField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    ratings = PoolRatingSerializer(many=True)
    history = HistorySerializer(many=True)
    by_set = SetRateSerializer(many=True)
    favourite_cards = FavouriteSerializer(many=True)
