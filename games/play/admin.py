from __future__ import annotations

from django.contrib import admin

from games.play.models import DecisionClock, Notification, SeatTakeover, Webhook, WebhookDelivery


@admin.register(DecisionClock)
class DecisionClockAdmin(admin.ModelAdmin):
    list_display = ["game", "position", "user", "wait_started", "deadline_at", "reminded_at"]


@admin.register(SeatTakeover)
class SeatTakeoverAdmin(admin.ModelAdmin):
    list_display = ["game", "position", "user", "strikes", "taken_over_at"]


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["user", "kind", "text", "created_at", "read_at"]


@admin.register(Webhook)
class WebhookAdmin(admin.ModelAdmin):
    list_display = ["user", "url", "active", "created_at"]
    exclude = ["secret"]


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(admin.ModelAdmin):
    list_display = ["webhook", "event_key", "status", "attempts", "last_status_code"]
