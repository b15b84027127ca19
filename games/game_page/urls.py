"""Routes of the game page, included from games/urls.py (names live in the "games" namespace)."""

from __future__ import annotations

from django.urls import path

from games.game_page import views

urlpatterns = [
    path("games/<id:pk>/play/", views.game_page, name="play"),
    path("games/<id:pk>/play/live/", views.game_live, name="play_live"),
    path("games/<id:pk>/play/decide/", views.game_decide, name="decide"),
]
