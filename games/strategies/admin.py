"""Staff add and edit strategies here; the form reports each problem with where it is."""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from games.strategies.forms import StrategyForm
from games.strategies.models import Plan, Strategy


@admin.register(Strategy)
class StrategyAdmin(admin.ModelAdmin):
    form = StrategyForm
    list_display = ["name", "label", "enabled", "updated_at", "simulate"]
    list_filter = ["enabled"]
    search_fields = ["name", "label", "description"]
    readonly_fields = ["created_by", "created_at", "updated_at"]

    def save_model(self, request, obj, form, change) -> None:
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)

    @admin.display(description="Try it")
    def simulate(self, obj: Strategy) -> str:
        url = reverse("sim:new") + f"?bots={obj.name},bmu"
        return format_html('<a href="{}">simulate against bmu</a>', url)


@admin.register(Plan)
class PlanAdmin(admin.ModelAdmin):
    """The planner's stored plans: read-only (delete one to have it planned again)."""

    list_display = ["__str__", "engine_version", "seconds", "created_at"]
    readonly_fields = ["key_hash", "key", "definition", "engine_version", "seconds",
                       "created_at"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
