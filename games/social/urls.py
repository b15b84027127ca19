"""Routes of the social features: pages and the API (included before games.api's catch-all)."""

from __future__ import annotations

from django.urls import path

from games.social import api, views

app_name = "social"

api_v1 = [
    path("api/v1/games/<id:pk>/chat/", api.game_chat, name="api_chat"),
    path("api/v1/games/<id:pk>/chat/options/", api.game_chat_options, name="api_chat_options"),
    path("api/v1/games/<id:pk>/rematch/", api.game_rematch, name="api_rematch"),
    path("api/v1/games/<id:pk>/rematch/answer/", api.game_rematch_answer,
         name="api_rematch_answer"),
    path("api/v1/games/<id:pk>/undo/", api.game_undo, name="api_undo"),
    path("api/v1/games/<id:pk>/undo/answer/", api.game_undo_answer, name="api_undo_answer"),
    path("api/v1/mutes/", api.mutes, name="api_mutes"),
    path("api/v1/leaderboard/", api.leaderboard, name="api_leaderboard"),
    path("api/v1/players/<str:username>/", api.player, name="api_player"),
]

pages = [
    path("games/<id:pk>/chat/", views.chat_post, name="chat"),
    path("games/<id:pk>/chat/options/", views.chat_options, name="chat_options"),
    path("games/<id:pk>/social/", views.panel, name="panel"),
    path("games/<id:pk>/undo/", views.undo_ask, name="undo"),
    path("games/<id:pk>/undo/<id:undo_id>/answer/", views.undo_answer, name="undo_answer"),
    path("games/<id:pk>/rematch/", views.rematch_offer, name="rematch"),
    path("games/<id:pk>/rematch/answer/", views.rematch_answer, name="rematch_answer"),
    path("leaderboard/", views.leaderboard, name="leaderboard"),
    path("players/<str:username>/", views.profile, name="profile"),
    path("players/<str:username>/mute/", views.mute, name="mute"),
    path("social/settings/", views.settings_page, name="settings"),
]

urlpatterns = [*api_v1, *pages]
