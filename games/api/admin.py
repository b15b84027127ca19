from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin

from games.api.account_removal import account_delete
from games.api.models import ApiToken, IdempotencyRecord

User = get_user_model()
admin.site.unregister(User)


@admin.register(User)
class AccountAdmin(UserAdmin):
    """Django's user admin, whose deletions (the delete page, the bulk action) go through
    account_delete: the account's lock before the rows to delete are collected."""

    def delete_model(self, request, obj) -> None:
        account_delete(obj)

    def delete_queryset(self, request, queryset) -> None:
        for user in queryset.order_by("pk"):  # (each its own transaction, in one order)
            account_delete(user)


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
