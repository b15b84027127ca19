"""Admin: curate cards and kingdoms; look at games (read-mostly) and end abandoned ones.

Card fields mirrored from the engine are read-only here, because sync_cards overwrites them;
what admins own (random eligibility) is editable and survives every sync.
"""

from __future__ import annotations

import json

from django import forms
from django.contrib import admin, messages
from django.db.models import F
from django.utils.html import format_html

from engine import canonical
from games import selectors, services
from games.admin_login import LimitedAdminLoginForm
from games.exceptions import GameError
from games.models import (
    Card,
    CardSet,
    Game,
    GameStatus,
    GameStep,
    Kingdom,
    PlayerPreferences,
    Seat,
)


class _JsonListFilter(admin.SimpleListFilter):
    """Filter on membership in a JSON list field, done in Python (SQLite lacks JSON contains)."""

    field = ""

    def lookups(self, request, model_admin):
        values = set()
        for items in Card.objects.values_list(self.field, flat=True):
            values.update(items)
        return [(str(value), str(value)) for value in sorted(values, key=str)]

    def queryset(self, request, queryset):
        wanted = self.value()
        if wanted is None:
            return queryset
        ids = [pk for pk, items in queryset.values_list("pk", self.field)
               if wanted in map(str, items)]
        return queryset.filter(pk__in=ids)


class TypeFilter(_JsonListFilter):
    title = "type"
    parameter_name = "type"
    field = "types"


class EditionFilter(_JsonListFilter):
    title = "edition"
    parameter_name = "edition"
    field = "editions"


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "editions"]
    readonly_fields = ["slug", "editions"]


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["name", "card_set", "cost", "type_line", "editions", "is_kingdom",
                    "implemented", "random_eligible"]
    list_editable = ["random_eligible"]
    list_filter = ["card_set", EditionFilter, TypeFilter, "cost", "is_kingdom", "implemented",
                   "random_eligible"]
    search_fields = ["name", "text"]
    readonly_fields = ["name", "card_set", "editions", "cost", "types", "text",
                       "text_first_edition", "in_supply", "is_kingdom", "implemented"]
    actions = ["allow_random", "forbid_random"]

    def has_add_permission(self, request) -> bool:
        return False  # cards come from the engine through sync_cards

    @admin.action(description="Allow in random kingdoms")
    def allow_random(self, request, queryset) -> None:
        self.message_user(request, f"{queryset.update(random_eligible=True)} card(s) allowed.")

    @admin.action(description="Keep out of random kingdoms")
    def forbid_random(self, request, queryset) -> None:
        self.message_user(request, f"{queryset.update(random_eligible=False)} card(s) kept out.")


class KingdomAdminForm(forms.ModelForm):
    """Edit the 10 cards as text, one per line (or comma-separated), validated by name.

    A card of the rulebooks that the engine does not play yet (Crossroads) is accepted: the
    kingdom is saved, annotated and kept unplayable until the card exists, with a warning.
    """

    card_names = forms.CharField(
        label="Cards", widget=forms.Textarea(attrs={"rows": 10}),
        help_text="Exactly 10 distinct kingdom cards, one per line. Cards not implemented "
                  "yet are allowed: the kingdom then waits for them (not offered to players).",
    )

    class Meta:
        model = Kingdom
        fields = ["name", "card_names", "sets", "options", "edition", "source", "recommended",
                  "note"]
        labels = {"recommended": "Listed as recommended"}
        help_texts = {"recommended": "Offered in the create-game picker (once playable). "
                                     "Untick to unlist it."}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["sets"].required = False
        self.fields["card_names"].initial = "\n".join(self.instance.cards or [])
        self.missing: list[str] = []

    def clean_card_names(self) -> list[str]:
        raw = self.cleaned_data["card_names"].replace(",", "\n")
        names = [canonical(line.strip()) for line in raw.splitlines() if line.strip()]
        waiting = selectors.cards_waiting()
        problems = selectors.kingdom_problems(names, waiting=waiting)
        if problems:
            raise forms.ValidationError(problems)
        self.missing = [name for name in names if name in waiting]
        return names

    def save(self, commit: bool = True) -> Kingdom:
        kingdom = super().save(commit=False)
        kingdom.cards = self.cleaned_data["card_names"]
        kingdom.missing_cards = self.missing
        kingdom.playable = not self.missing
        if not kingdom.sets:
            kingdom.sets = sorted({c.card_set.slug for c in selectors.cards_named(kingdom.cards)})
        if commit:
            kingdom.save()
        return kingdom


@admin.register(Kingdom)
class KingdomAdmin(admin.ModelAdmin):
    form = KingdomAdminForm
    list_display = ["name", "set_label", "edition", "recommended", "playable", "waiting_for",
                    "source"]
    list_filter = ["recommended", "playable", "edition"]
    search_fields = ["name", "note"]
    readonly_fields = ["playable", "missing_cards"]
    actions = ["unlist"]

    @admin.display(description="waiting for")
    def waiting_for(self, kingdom: Kingdom) -> str:
        return ", ".join(kingdom.missing_cards) or "—"

    def save_model(self, request, obj: Kingdom, form, change: bool) -> None:
        super().save_model(request, obj, form, change)
        if obj.missing_cards:
            self.message_user(
                request, f"Warning: “{obj.name}” is saved but not playable: "
                f"{', '.join(obj.missing_cards)} {'is' if len(obj.missing_cards) == 1 else 'are'}"
                " not implemented yet, so players are not offered this kingdom until "
                f"{'it is' if len(obj.missing_cards) == 1 else 'they are'}.", messages.WARNING)

    def render_change_form(self, request, context, add=False, change=False, form_url="",
                           obj=None):
        if obj is not None and obj.missing_cards and request.method == "GET":
            self.message_user(request, "Warning: this kingdom waits for cards that are not "
                              f"implemented yet ({', '.join(obj.missing_cards)}). You can "
                              "still edit, annotate, unlist and save it.", messages.WARNING)
        return super().render_change_form(request, context, add, change, form_url, obj)

    @admin.action(description="Unlist the selected kingdoms (not recommended)")
    def unlist(self, request, queryset) -> None:
        queryset.update(recommended=False)


class SeatInline(admin.TabularInline):
    model = Seat
    fields = ["position", "user", "bot_strategy", "waiting_since", "joined_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


class _AnswerWhenPublic:
    """A step's answer for staff, shown only once its game is over (its record publishes them
    all then): an answer can name a card from a hand (Courtyard's, by name)."""

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(game_status=F("game__status"))

    @admin.display(description="answer")
    def shown_answer(self, step: GameStep) -> str:
        if step.game_status == GameStatus.RUNNING:
            return "(hidden while the game runs)"
        return json.dumps(step.answer)


class GameStepInline(_AnswerWhenPublic, admin.TabularInline):
    model = GameStep
    fields = ["number", "seat", "decision_id", "shown_answer", "actor", "engine_version",
              "created_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    ordering = ["-number"]

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Read-only except for ending a game; the seed and raw snapshot are never shown."""

    list_display = ["pk", "status", "creator", "listed", "step", "created_at", "last_move_at"]
    list_filter = ["status", "listed"]

    class Media:
        css = {"all": ["css/admin.css"]}  # (the policy allows no style attributes)

    search_fields = ["pk", "creator__username"]
    fields = ["status", "creator", "setup", "kingdom", "listed", "time_limit_days", "step",
              "engine_version", "open_decisions", "table", "result", "created_at", "started_at",
              "last_move_at", "finished_at"]
    readonly_fields = fields
    inlines = [SeatInline, GameStepInline]
    actions = ["end_abandoned"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # the log is the audit trail; end a game instead

    @admin.display(description="open decisions")
    def open_decisions(self, game: Game) -> str:
        # without the cards they offer: a Buy phase lists the hand's Treasures, a choice a hand
        return _pretty([{key: d.get(key) for key in PUBLIC_DECISION_KEYS if key in d}
                        for d in game.decisions])

    @admin.display(description="table (spectator view)")
    def table(self, game: Game) -> str:
        return _pretty(selectors.game_view(game, None))

    @admin.action(description="End selected games as abandoned")
    def end_abandoned(self, request, queryset) -> None:
        for game in queryset:
            try:
                services.game_abandon(game=game)
            except GameError as exc:
                self.message_user(request, f"Game {game.pk}: {exc.detail}", messages.WARNING)
            else:
                self.message_user(request, f"Game {game.pk} ended as abandoned.")


PUBLIC_DECISION_KEYS = ("id", "seat", "kind", "card", "prompt", "opened_step", "opened_by")


def _pretty(value) -> str:
    return format_html('<pre class="json">{}</pre>', json.dumps(value, indent=2))


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    """Read-only: seats change only through the services (join, leave, start)."""

    list_display = ["game", "position", "user", "bot_strategy", "waiting_since"]
    list_filter = ["bot_strategy"]
    search_fields = ["user__username", "game__pk"]
    readonly_fields = ["game", "position", "user", "bot_strategy", "waiting_since", "joined_at"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(GameStep)
class GameStepAdmin(_AnswerWhenPublic, admin.ModelAdmin):
    list_display = ["game", "number", "seat", "decision_id", "actor", "created_at"]
    list_filter = ["actor"]
    fields = readonly_fields = ["game", "number", "seat", "decision_id", "shown_answer",
                                "actor", "engine_version", "created_at"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(PlayerPreferences)
class PlayerPreferencesAdmin(admin.ModelAdmin):
    list_display = ["user", "display_name", "email_on_turn", "email_daily_digest"]
    search_fields = ["user__username", "display_name"]


admin.site.login_form = LimitedAdminLoginForm  # failed logins are limited as on the site's form
