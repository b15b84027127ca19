"""Plain HTML forms for the lobby and the profile; every one works without JavaScript."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.forms.utils import ErrorDict
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from rest_framework.exceptions import Throttled

from engine import bots as engine_bots
from games import names, selectors
from games.api.throttles import quota_refuse_if_used_up, wait_message
from games.models import TIME_LIMIT_CHOICES, Kingdom, PlayerPreferences

MAX_SEATS = 6


def whole_number(raw: str, digits: int = 18) -> int | None:
    """A number a form or query string wrote: ASCII digits only, at most `digits` of them;
    None otherwise (int() also reads " 1", "1_0", "-0" and "١", an Arabic-Indic one)."""
    if not (raw.isascii() and raw.isdigit()) or len(raw) > digits:
        return None
    return int(raw)
KINGDOM_MODES = [
    ("random", "Random"),
    ("recommended", "A recommended set"),
    ("custom", "Pick 10 cards myself"),
]
EDITIONS = [(2, "2nd edition"), (1, "1st edition")]
SHELTER_CHOICES = [
    ("auto", "As the rules say (a random Kingdom card decides)"),
    ("always", "Always"),
    ("never", "Never"),
]


def over_quota_page(request: HttpRequest, form: forms.Form, throttle: Any, what: str,
                    template: str) -> HttpResponse | None:
    """The 429 page for a form posted over its quota (None when within it). It is told when to
    try again before its fields are judged, as the API's 429 comes before its 400
    (games.api.throttles.quota_refuse_if_used_up); what was sent stays in the fields."""
    if request.method != "POST":
        return None
    try:
        quota_refuse_if_used_up(request.user, throttle)
    except Throttled as exc:
        form._errors, form.cleaned_data = ErrorDict(), {}  # (as full_clean starts; not run)
        form.add_error(None, wait_message(exc.wait, what))
        return render(request, template, {"form": form}, status=429)
    return None


def seat_choices() -> list[tuple[str, str]]:
    bots = [(name, f"Bot: {label}" + (" (default)" if name == engine_bots.DEFAULT else ""))
            for name, label in selectors.bot_choices()]
    return [("", "— no seat —"), ("me", "Me"), ("open", "Open seat for another player"), *bots]


class GameCreateForm(forms.Form):
    """Seats, kingdom and options of a new game; `game_kwargs()` feeds services.game_create."""

    kingdom_mode = forms.ChoiceField(
        choices=KINGDOM_MODES, initial="random", widget=forms.RadioSelect, label="Kingdom"
    )
    random_sets = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label="Random: from these sets",
        help_text="None ticked: all sets.",
    )
    random_editions = forms.TypedMultipleChoiceField(
        required=False, coerce=int, choices=EDITIONS, widget=forms.CheckboxSelectMultiple,
        label="Random: cards printed in", help_text="None ticked: any edition.",
    )
    recommended = forms.ChoiceField(required=False, label="Recommended set")
    custom_cards = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label="Your 10 cards"
    )
    edition = forms.TypedChoiceField(
        choices=EDITIONS, coerce=int, initial=2, label="Card texts",
        help_text="Cards that exist in one edition only always use that edition.",
    )
    shelters = forms.ChoiceField(
        choices=SHELTER_CHOICES, initial="auto", required=False, label="Shelters",
        help_text="Dark Ages: Shelters (Hovel, Necropolis, Overgrown Estate) replace the "
                  "starting Estates. The rule: a random Kingdom card decides, Shelters if it "
                  "is a Dark Ages card (always with only Dark Ages cards).",
    )
    time_limit_days = forms.TypedChoiceField(
        choices=TIME_LIMIT_CHOICES, coerce=int, initial=3, label="Time per move"
    )
    vp_counter = forms.BooleanField(
        required=False, initial=False, label="VP counter",
        help_text="Show every player's victory points during the game.",
    )
    listed = forms.BooleanField(
        required=False, initial=True, label="List in the lobby",
        help_text="Unticked, the game is private: only people with its invite link can join.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = seat_choices()
        for number in range(1, MAX_SEATS + 1):
            initial = {1: "me", 2: engine_bots.DEFAULT}.get(number, "")
            self.fields[f"seat_{number}"] = forms.ChoiceField(
                choices=choices, required=False, initial=initial, label=f"Seat {number}"
            )
        self.fields["random_sets"].choices = [(s.slug, s.name) for s in selectors.card_sets()]
        self.fields["recommended"].choices = [("", "—")] + [
            (label, [(str(k.pk), k.name) for k in kingdoms])
            for label, kingdoms in selectors.kingdoms_recommended_by_set()
        ]
        self.fields["custom_cards"].choices = [
            (set_name, [(c.name, f"{c.name} (${c.cost})") for c in cards])
            for set_name, cards in selectors.kingdom_cards_by_set()
        ]

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"seat_{number}"] for number in range(1, MAX_SEATS + 1)]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        seats = [data.get(f"seat_{n}") for n in range(1, MAX_SEATS + 1)]
        data["seats"] = [spec for spec in seats if spec]
        if not 2 <= len(data["seats"]) <= MAX_SEATS:
            raise forms.ValidationError("Choose between 2 and 6 seats.")
        if data["seats"].count("me") > 1:
            raise forms.ValidationError("You can take only one seat.")
        mode = self._mode(data)
        data["kingdom_mode"] = mode
        chooser = {"random": self._random, "recommended": self._recommended,
                   "custom": self._custom}.get(mode)
        if chooser is not None:
            chooser(data)
        return data

    def _mode(self, data: dict[str, Any]) -> str | None:
        """Choosing a recommended kingdom (or ticking cards) selects that way of choosing,
        unless the player explicitly picked a mode afterwards (the page's script says so)."""
        mode = data.get("kingdom_mode")
        if mode == "random" and not self.data.get("kingdom_mode_explicit"):
            if data.get("recommended"):
                return "recommended"
            if data.get("custom_cards"):
                return "custom"
        return mode

    def picker(self) -> list[dict[str, Any]]:
        chosen = str(self["recommended"].value() or "")
        return [{**k, "checked": str(k["pk"]) == chosen} for k in selectors.kingdom_picker()]

    def _random(self, data: dict[str, Any]) -> None:
        try:
            data["kingdom"] = selectors.kingdom_random(
                sets=data.get("random_sets") or None, editions=data.get("random_editions") or None
            )
        except ValueError:
            self.add_error("random_sets", "Too few cards match these sets and editions.")

    def _recommended(self, data: dict[str, Any]) -> None:
        kingdom = Kingdom.objects.filter(pk=data.get("recommended") or 0, playable=True).first()
        if kingdom is None:
            self.add_error("recommended", "Choose one of the recommended sets.")
            return
        data["kingdom"] = list(kingdom.cards)
        data["kingdom_ref"] = kingdom
        if kingdom.edition:
            data["edition"] = kingdom.edition

    def _custom(self, data: dict[str, Any]) -> None:
        cards = data.get("custom_cards") or []
        problems = selectors.kingdom_problems(cards)
        if problems:
            self.add_error("custom_cards", problems)
        else:
            data["kingdom"] = list(cards)

    def game_kwargs(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "seats": data["seats"],
            "kingdom": data["kingdom"],
            "kingdom_ref": data.get("kingdom_ref"),
            "edition": data["edition"],
            "shelters": data.get("shelters") or "auto",
            "time_limit_days": data["time_limit_days"],
            "listed": data.get("listed", False),
            "vp_counter": data.get("vp_counter", False),
        }


class ProfileForm(forms.ModelForm):
    class Meta:
        model = PlayerPreferences
        fields = ["display_name", "email_on_turn", "email_daily_digest"]
        help_texts = {"display_name": "The name other players see. Empty: your username."}

    def clean_display_name(self) -> str:
        """Refuse what would let one player pass for another at the table and in chat: hidden
        characters (bidi overrides, zero-width ones), letters of look-alike scripts mixed
        ("аlice" with a Cyrillic "а"), and another account's name, also when read with its
        Cyrillic or Greek look-alikes as Latin. The field has already stripped surrounding
        whitespace."""
        name = names.normal(self.cleaned_data["display_name"])
        most = PlayerPreferences._meta.get_field("display_name").max_length
        if len(name) > most:  # (NFKC can lengthen a name: "ﷺ" is 18 letters)
            raise forms.ValidationError(f"A display name has at most {most} characters.",
                                        code="too_long")
        hidden = names.hidden_character(name)
        if hidden is not None:
            raise forms.ValidationError(
                f"A display name cannot contain invisible or control characters "
                f"(it has U+{ord(hidden):04X}).", code="hidden_character")
        mixed = names.mixed_scripts(name)
        if mixed:
            raise forms.ValidationError(names.mixed_scripts_message(mixed), code="mixed_scripts")
        if name and any(self._taken(reading) for reading in names.readings(name)):
            raise forms.ValidationError(
                "Another player has that name, or one that looks the same: choose another.",
                code="taken")
        return name

    def _taken(self, name: str) -> bool:
        """Whether another account's username or display name is `name` in any case. Names
        are compared in their NFKC form (fullwidth "ａｌｉｃｅ" is "alice"): usernames are kept
        so by Django, display names by this form, so the database compares them."""
        me = self.instance.user_id
        User = get_user_model()
        by_username = {f"{User.USERNAME_FIELD}__iexact": name}
        return (User.objects.exclude(pk=me).filter(**by_username).exists()
                or PlayerPreferences.objects.exclude(user_id=me)
                .filter(display_name__iexact=name).exists())
