"""The typed contract: decisions as a union discriminated by `kind`, the view, and each kind's
answer shape, so that clients can be generated from /api/v1/schema/.

These serializers only describe responses (the data comes from the engine's to_dict() and
view(), engine/decisions.py and engine/view.py); the answer shapes are the ones
games.api.answers enforces. Fields the engine may add later are allowed (no
additionalProperties: false), as the versioning rules promise.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

from games.api.serializers import ClockSerializer
from games.models import GameStatus

# --- decisions -------------------------------------------------------------------------------


class CardRefSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The card's id in this game (answer with it).")
    name = serializers.CharField()


class PileChoiceSerializer(serializers.Serializer):
    name = serializers.CharField()
    cost = serializers.IntegerField()


class OptionSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="Answer with this key.")
    label = serializers.CharField()


class _DecisionBase(serializers.Serializer):
    id = serializers.CharField(help_text="Its version too: the content never changes while open.")
    seat = serializers.IntegerField()
    prompt = serializers.CharField(allow_blank=True)
    card = serializers.CharField(required=False, help_text="The card asking, if any.")
    opened_step = serializers.IntegerField(required=False, help_text="The step it opened at.")
    opened_by = serializers.IntegerField(
        required=False, allow_null=True, help_text="The seat whose answer opened it (null: deal).")
    deadline = serializers.DateTimeField(
        required=False, allow_null=True, help_text="When it expires (null: a bot's seat).")


def _kind(name: str) -> serializers.ChoiceField:
    return serializers.ChoiceField(choices=[name], help_text="The discriminator.")


class _CardsChoice(_DecisionBase):
    zone = serializers.CharField(help_text="Where the cards are (hand, revealed, ...).")
    cards = CardRefSerializer(many=True)
    min = serializers.IntegerField()
    max = serializers.IntegerField()
    sizes = serializers.ListField(child=serializers.IntegerField(), required=False,
                                  help_text="When given, the only counts allowed.")


class PlayActionDecisionSerializer(_CardsChoice):
    """Answer `[card_id]` to play an Action from your hand, `[]` to go to the Buy phase."""

    kind = _kind("PlayAction")


class ChooseCardsDecisionSerializer(_CardsChoice):
    """Answer a list of `min`..`max` ids (or names) from `cards` (only `sizes` counts)."""

    kind = _kind("ChooseCards")


class RevealDecisionSerializer(_CardsChoice):
    """Answer `[card_id]` to reveal a Reaction, `[]` to decline."""

    kind = _kind("Reveal")


class OrderCardsDecisionSerializer(_CardsChoice):
    """Answer every id in `cards`, in order (first = top, or first resolved)."""

    kind = _kind("OrderCards")


class ChooseOptionDecisionSerializer(_DecisionBase):
    """Answer an option `key` (or a list of `min`..`max` keys when `max` > 1)."""

    kind = _kind("ChooseOption")
    options = OptionSerializer(many=True)
    min = serializers.IntegerField()
    max = serializers.IntegerField()


class ChoosePileDecisionSerializer(_DecisionBase):
    """Answer a pile name from `piles`; null when `optional`."""

    kind = _kind("ChoosePile")
    piles = PileChoiceSerializer(many=True)
    optional = serializers.BooleanField()


class NameCardDecisionSerializer(_DecisionBase):
    """Answer a card name from `names`."""

    kind = _kind("NameCard")
    names = serializers.ListField(child=serializers.CharField())


class BuyPhaseDecisionSerializer(_DecisionBase):
    """Answer {"play": [ids]} or {"play": "all"}, {"buy": "Pile"}, or {"end": true}."""

    kind = _kind("BuyPhase")
    treasures = CardRefSerializer(many=True, help_text="Treasures you may play.")
    piles = PileChoiceSerializer(many=True, help_text="Piles you may buy from now.")
    coins = serializers.IntegerField()
    buys = serializers.IntegerField()


DECISION_SERIALIZERS = {
    "PlayAction": PlayActionDecisionSerializer, "BuyPhase": BuyPhaseDecisionSerializer,
    "ChooseCards": ChooseCardsDecisionSerializer, "Reveal": RevealDecisionSerializer,
    "OrderCards": OrderCardsDecisionSerializer, "ChooseOption": ChooseOptionDecisionSerializer,
    "ChoosePile": ChoosePileDecisionSerializer, "NameCard": NameCardDecisionSerializer,
}


def decisions_field(**kwargs: Any) -> PolymorphicProxySerializer:
    """A list of decisions, each typed by its `kind`."""
    return PolymorphicProxySerializer(
        component_name="Decision", serializers=DECISION_SERIALIZERS,
        resource_type_field_name="kind", many=True, **kwargs)


# --- answers (JSON Schema, by kind) ----------------------------------------------------------

_REF = {"oneOf": [{"type": "integer"}, {"type": "string"}],
        "description": "A card id (or name)."}
ANSWER_SCHEMAS: dict[str, dict[str, Any]] = {
    "CardListAnswer": {"type": "array", "items": _REF,
                       "description": "PlayAction, ChooseCards, Reveal, OrderCards."},
    "PlayTreasuresAnswer": {
        "type": "object", "required": ["play"], "additionalProperties": False,
        "description": "BuyPhase: play these Treasures (or all of them).",
        "properties": {"play": {"oneOf": [{"type": "string", "enum": ["all"]},
                                          {"type": "array", "items": _REF}]}}},
    "BuyCardAnswer": {"type": "object", "required": ["buy"], "additionalProperties": False,
                      "description": "BuyPhase: buy a card from this pile.",
                      "properties": {"buy": {"type": "string"}}},
    "EndBuyPhaseAnswer": {"type": "object", "required": ["end"], "additionalProperties": False,
                          "description": "BuyPhase: buy nothing more.",
                          "properties": {"end": {"type": "boolean", "enum": [True]}}},
    "BuyPhaseAnswer": {"description": "BuyPhase.", "oneOf": [
        {"$ref": f"#/components/schemas/{name}"}
        for name in ("PlayTreasuresAnswer", "BuyCardAnswer", "EndBuyPhaseAnswer")]},
    "ChooseOptionAnswer": {"description": "ChooseOption: a key, or a list of keys.",
                           "oneOf": [{"type": "string"},
                                     {"type": "array", "items": {"type": "string"}}]},
    "ChoosePileAnswer": {"type": "string", "nullable": True, "description": "ChoosePile."},
    "NameCardAnswer": {"type": "string", "description": "NameCard."},
}
ANSWER_OF_KIND = {"PlayAction": "CardListAnswer", "ChooseCards": "CardListAnswer",
                  "Reveal": "CardListAnswer", "OrderCards": "CardListAnswer",
                  "BuyPhase": "BuyPhaseAnswer", "ChooseOption": "ChooseOptionAnswer",
                  "ChoosePile": "ChoosePileAnswer", "NameCard": "NameCardAnswer"}

# --- the view --------------------------------------------------------------------------------


class TurnSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="Whose turn it is.")
    number = serializers.IntegerField()
    phase = serializers.CharField(help_text="action, buy, cleanup or over.")
    actions = serializers.IntegerField()
    buys = serializers.IntegerField()
    coins = serializers.IntegerField()
    cost_reduction = serializers.IntegerField()
    actions_played = serializers.IntegerField()
    bought = serializers.ListField(child=serializers.CharField())


class PileViewSerializer(serializers.Serializer):
    pile = serializers.CharField()
    top = serializers.CharField(allow_null=True, help_text="The visible top card (null: empty).")
    count = serializers.IntegerField()
    cost = serializers.IntegerField()
    types = serializers.ListField(child=serializers.CharField())
    in_supply = serializers.BooleanField()


class PlayerViewSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    turns = serializers.IntegerField()
    hand_size = serializers.IntegerField()
    deck_size = serializers.IntegerField()
    discard_size = serializers.IntegerField()
    discard_top = serializers.CharField(allow_null=True)
    in_play = serializers.ListField(child=serializers.CharField())
    set_aside = serializers.ListField(child=serializers.CharField())
    looking_size = serializers.IntegerField()
    cards = serializers.ListField(child=serializers.CharField(), required=False,
                                  help_text="After the end: every card they own.")
    score = serializers.IntegerField(required=False, help_text="After the end.")


class LogEventSerializer(serializers.Serializer):
    """One log entry; `type` names it (buy, gain, play, draw, shuffle, turn, ...), the other
    fields depend on it. Others' draws are counts only."""

    type = serializers.CharField()
    seat = serializers.IntegerField(allow_null=True, required=False)


class ViewSerializer(serializers.Serializer):
    """The table as one seat sees it (engine game.view(seat)), plus every seat's clock."""

    seat = serializers.IntegerField(allow_null=True, help_text="null: a spectator.")
    over = serializers.BooleanField()
    step = serializers.IntegerField()
    turn = TurnSerializer()
    supply = PileViewSerializer(many=True)
    non_supply = PileViewSerializer(many=True)
    empty_supply_piles = serializers.IntegerField()
    trash = serializers.ListField(child=serializers.CharField())
    players = PlayerViewSerializer(many=True)
    pending = decisions_field(help_text="Every open decision (others' too: no secrets).")
    waiting_for = serializers.ListField(child=serializers.IntegerField())
    log = LogEventSerializer(many=True)
    options = serializers.DictField(help_text="edition, card_editions, shelters, ...")
    hand = CardRefSerializer(many=True, required=False, help_text="A seat's own hand.")
    looking = CardRefSerializer(many=True, required=False)
    result = serializers.DictField(required=False, help_text="After the end.")
    clocks = ClockSerializer(many=True)


# --- responses built from them ---------------------------------------------------------------


class DecisionListSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    step = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    decisions = decisions_field()


class AnswerResultSerializer(serializers.Serializer):
    """Everything a client needs after its own move, so it needs no GET to go on."""

    game = serializers.IntegerField()
    step = serializers.IntegerField(help_text="The game's step after your answer.")
    status = serializers.ChoiceField(choices=GameStatus.choices)
    seat = serializers.IntegerField(help_text="Your seat.")
    decisions = decisions_field(help_text="Your open decisions now (as in GET /decisions/): "
                                "answer the next one straight away.")
    view = ViewSerializer(help_text="The table as your seat sees it now (as GET /view/).")


class StateMessageSerializer(serializers.Serializer):
    """A game stream's `state` message: the answer's reply, with `v` and `type`."""

    v = serializers.IntegerField(help_text="The event-schema version (1).")
    type = serializers.ChoiceField(choices=["state"])
    game = serializers.IntegerField()
    step = serializers.IntegerField()
    status = serializers.ChoiceField(choices=GameStatus.choices)
    seat = serializers.IntegerField(allow_null=True, help_text="null: a spectator.")
    decisions = decisions_field()
    view = ViewSerializer(allow_null=True, help_text="null before the deal.")


class RecordAnswerSerializer(serializers.Serializer):
    step = serializers.IntegerField()
    seat = serializers.IntegerField()
    decision = serializers.CharField()
    answer = serializers.JSONField(help_text="As it was sent (see the decision kinds).")
    actor = serializers.CharField(help_text="player, bot, deadline, standing_order.")


class RecordEndingSerializer(serializers.Serializer):
    reason = serializers.ChoiceField(choices=["resigned", "claimed"])
    seat = serializers.IntegerField(allow_null=True)


class GameRecordSerializer(serializers.Serializer):
    """The open game record (docs/game-record.schema.json, JSON Schema 2020-12)."""

    format = serializers.ChoiceField(choices=["dominion-game-record"])
    version = serializers.IntegerField()
    game = serializers.IntegerField()
    engine_version = serializers.CharField()
    setup = serializers.DictField(help_text="players, kingdom, edition, card_editions, ...")
    seed = serializers.CharField(help_text="The secret every shuffle came from.")
    answers = RecordAnswerSerializer(many=True)
    result = serializers.DictField(help_text="scores, turns, winners (resigned, ended_by).")
    final_state = serializers.DictField(help_text="The engine's view(None) at the end.")
    started_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField()
    ending = RecordEndingSerializer(allow_null=True, required=False)
