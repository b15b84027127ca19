from __future__ import annotations

from django.contrib import admin

from games.api.models import ApiToken, IdempotencyRecord


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ["name", "user", "prefix", "created_at", "last_used_at", "revoked_at"]
    list_filter = ["revoked_at"]
    search_fields = ["name", "user__username", "prefix"]
    readonly_fields = ["user", "prefix", "key_hash", "created_at", "last_used_at"]

    def has_add_permission(self, request) -> bool:
        return False  # tokens are made by their owners, who see them once


@admin.register(IdempotencyRecord)
class IdempotencyRecordAdmin(admin.ModelAdmin):
    list_display = ["user", "key", "status_code", "created_at"]
    search_fields = ["user__username", "key"]
    readonly_fields = ["user", "key", "request_hash", "status_code", "body", "created_at"]
