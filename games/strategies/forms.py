"""The admin's form for a strategy: its rules as JSON text, checked by the engine's parser so
that every problem is reported with where it is (`buy[2].if: unknown name ...`)."""

from __future__ import annotations

import json
from typing import Any

from django import forms

from engine import bots as engine_bots
from engine.bots.rules import validate
from games import safejson
from games.services import SEAT_BOT, SEAT_ME, SEAT_OPEN
from games.strategies.models import Strategy

# What a game's `seats` entries already mean (games.services): a strategy so named could
# never be seated ("Bot: me" in the lobby's menu would seat the player).
SEAT_WORDS = (SEAT_ME, SEAT_OPEN, SEAT_BOT)

# Fields the row holds itself: in the rules they would only disagree with it.
ROW_FIELDS = ("name", "label", "description")


class DefinitionField(forms.CharField):
    """JSON text in, a dict out; a syntax error names its line and column."""

    widget = forms.Textarea(attrs={"rows": 24, "cols": 90, "spellcheck": "false",
                                   "style": "font-family: monospace"})

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, dict):
            return json.dumps(value, indent=2)
        return value

    def to_python(self, value: Any) -> Any:
        if isinstance(value, dict):
            return value
        text = super().to_python(value)
        if not text:
            return None
        too_deep = forms.ValidationError(
            f"Not valid JSON: nested more than {safejson.MAX_DEPTH} levels deep.")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise forms.ValidationError(
                f"Not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}.") from None
        except ValueError as e:  # a number of more than 4,300 digits
            raise forms.ValidationError(f"Not valid JSON: {e}.") from None
        except RecursionError:  # (it would have been a 500)
            raise too_deep from None
        if safejson.too_deep(data):  # deep but parsed: checking it would recurse as deep
            raise too_deep
        if not isinstance(data, dict):
            raise forms.ValidationError("The rules are a JSON object: {\"buy\": [...], ...}.")
        return data


class StrategyForm(forms.ModelForm):
    definition = DefinitionField(help_text=Strategy._meta.get_field("definition").help_text)

    class Meta:
        model = Strategy
        fields = ["name", "label", "description", "definition", "enabled"]

    def clean_name(self) -> str:
        name = self.cleaned_data["name"]
        if name in engine_bots.names():
            raise forms.ValidationError(f"{name!r} is a built-in bot; choose another name.")
        if name in SEAT_WORDS:  # a seat spelled so is the player, an open seat, the planner
            raise forms.ValidationError(f"{name!r} already means a kind of seat; choose "
                                        "another name.")
        return name

    def clean(self) -> dict:
        data = super().clean()
        definition = data.get("definition")
        if not isinstance(definition, dict):
            return data
        definition = {k: v for k, v in definition.items() if k not in ROW_FIELDS}
        data["definition"] = definition
        full = {**definition, "name": data.get("name") or "unnamed",
                "label": data.get("label", ""), "description": data.get("description", "")}
        for problem in validate(full):
            field = "name" if problem.startswith("name:") else "definition"
            if field not in self.errors:
                self.add_error(field, [])
            self.errors[field].append(problem)
        return data
