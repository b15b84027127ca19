"""The simulator's form: a kingdom (random, recommended or typed), 2 to 4 bots, how many
games. Works without JavaScript."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.validators import MaxValueValidator

from games import selectors
from games.models import Kingdom
from games.sim import services
from games.strategies import selectors as strategy_selectors

MODES = [("random", "Random"), ("recommended", "A recommended set"),
         ("cards", "These 10 cards")]
EDITIONS = [(2, "2nd edition"), (1, "1st edition")]
SHELTERS = [("auto", "As the rules say"), ("always", "Always"), ("never", "Never")]


class SimulationForm(forms.Form):
    kingdom_mode = forms.ChoiceField(choices=MODES, initial="random", widget=forms.RadioSelect,
                                     label="Kingdom")
    recommended = forms.ChoiceField(required=False, label="Recommended set")
    cards = forms.CharField(required=False, label="Cards", max_length=1000,  # 10 names
                            help_text="10 card names, separated by commas.",
                            widget=forms.TextInput(attrs={"size": 80}))
    games = forms.IntegerField(min_value=1, initial=200, label="Games")
    edition = forms.TypedChoiceField(choices=EDITIONS, coerce=int, initial=2)
    shelters = forms.ChoiceField(choices=SHELTERS, initial="auto")

    def __init__(self, *args: Any, bots: list[str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        most = services.max_games()
        self.fields["games"].validators.append(MaxValueValidator(most))
        self.fields["games"].widget.attrs["max"] = most
        self.fields["games"].help_text = f"1 to {most}."
        choices = [(b["strategy"], b["label"]) for b in strategy_selectors.bot_catalogue()]
        initial = (bots or []) + ["planner", "bmu", "", ""][len(bots or []):]
        for n in range(1, 5):
            self.fields[f"bot_{n}"] = forms.ChoiceField(
                choices=[("", "—")] + choices, required=n <= 2, label=f"Bot {n}",
                initial=initial[n - 1] if n - 1 < len(initial) else "")
        self.fields["recommended"].choices = [("", "—")] + [
            (label, [(str(k.pk), k.name) for k in kingdoms])
            for label, kingdoms in selectors.kingdoms_recommended_by_set()]

    def bot_fields(self) -> list[forms.BoundField]:
        return [self[f"bot_{n}"] for n in range(1, 5)]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["bots"] = [data[f"bot_{n}"] for n in range(1, 5) if data.get(f"bot_{n}")]
        mode = data.get("kingdom_mode")
        if mode == "random":
            data["kingdom"] = selectors.kingdom_random()
        elif mode == "recommended":
            kingdom = Kingdom.objects.filter(pk=data.get("recommended") or 0,
                                             playable=True).first()
            if kingdom is None:
                self.add_error("recommended", "Choose one of the recommended sets.")
            else:
                data["kingdom"] = list(kingdom.cards)
        elif mode == "cards":
            cards = [c.strip() for c in (data.get("cards") or "").split(",") if c.strip()]
            problems = selectors.kingdom_problems(cards)
            if problems:
                self.add_error("cards", problems)
            data["kingdom"] = cards
        return data

    def create_kwargs(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {"kingdom": data["kingdom"], "bots": data["bots"], "games": data["games"],
                "edition": data["edition"], "shelters": data["shelters"]}
