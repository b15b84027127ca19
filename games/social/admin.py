"""Admin: staff hide chat lines (hidden everywhere at once); the rest is to look at."""

from __future__ import annotations

import json

from django.contrib import admin, messages
from django.db.models import F

from games.models import GameStatus
from games.social import chat
from games.social.models import ChatMessage, GameSummary, Mute, Rating, RematchOffer, Undo


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ["created_at", "game", "author", "position", "body", "hidden_at"]
    list_filter = [("hidden_at", admin.EmptyFieldListFilter)]
    search_fields = ["body", "author__username"]
    readonly_fields = ["game", "author", "position", "body", "created_at", "hidden_at",
                       "hidden_by"]
    actions = ["hide_messages"]

    @admin.action(description="Hide the selected messages from everyone")
    def hide_messages(self, request, queryset) -> None:
        count = 0
        for message in queryset.filter(hidden_at__isnull=True):
            chat.chat_hide(message=message, staff=request.user)
            count += 1
        self.message_user(request, f"Hid {count} message(s).", messages.SUCCESS)

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(Undo)
class UndoAdmin(admin.ModelAdmin):
    """`removed` holds every seat's answers taken back (one can name a card from a hand):
    shown, as a step's answer (games/admin.py), only once the game is over."""

    list_display = ["game", "position", "kind", "status", "from_step", "to_step", "created_at"]
    list_filter = ["kind", "status"]
    fields = readonly_fields = [f.name if f.name != "removed" else "shown_removed"
                                for f in Undo._meta.fields]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(game_status=F("game__status"))

    @admin.display(description="removed")
    def shown_removed(self, undo: Undo) -> str:
        if undo.game_status == GameStatus.RUNNING:
            return "(hidden while the game runs)"
        return json.dumps(undo.removed)


@admin.register(RematchOffer)
class RematchOfferAdmin(admin.ModelAdmin):
    list_display = ["game", "offered_by", "status", "new_game", "created_at"]
    readonly_fields = [f.name for f in RematchOffer._meta.fields]


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["user", "pool", "rating", "deviation", "games", "wins"]
    list_filter = ["pool"]
    search_fields = ["user__username"]


admin.site.register(Mute)
admin.site.register(GameSummary)
