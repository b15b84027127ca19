from __future__ import annotations

from django import forms

from games.play import netguard
from games.play.standing_orders import DEFAULTS

MOAT_LABELS = [
    ("ask", "Ask me"),
    ("always", "Always reveal Moat"),
    ("never", "Never reveal Moat"),
]


class StandingOrdersForm(forms.Form):
    moat = forms.ChoiceField(choices=MOAT_LABELS, label="When attacked and holding a Moat")
    autoplay_treasures = forms.BooleanField(
        required=False, label="Play all my Treasures when my Buy phase starts")
    discard_down = forms.BooleanField(
        required=False,
        label="When made to discard down, discard Victory cards and Curses first, then the "
              "cheapest")
    only_answer = forms.BooleanField(
        required=False, label="Answer at once any decision with only one legal answer")

    def __init__(self, *args, orders: dict | None = None, **kwargs) -> None:
        kwargs.setdefault("initial", {**DEFAULTS, **(orders or {})})
        super().__init__(*args, **kwargs)


class WebhookForm(forms.Form):
    url = forms.URLField(max_length=500, assume_scheme="https", label="URL to POST events to")

    def clean_url(self) -> str:
        url = self.cleaned_data["url"]
        try:
            netguard.target_for(url)
        except netguard.Refused as exc:
            raise forms.ValidationError(f"This URL cannot be used: {exc}.") from exc
        return url
