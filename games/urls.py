from django.urls import path

from games import views
from games.game_page import replay as replay_views
from games.game_page.urls import urlpatterns as game_page_urls

app_name = "games"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("favicon.ico", views.favicon),
    path("games/<id:pk>/replay/", replay_views.game_replay, name="replay"),
    path("games/new/", views.game_new, name="new"),
    path("games/mine/", views.my_games, name="my_games"),
    path("games/<id:pk>/", views.game_detail, name="detail"),
    path("games/<id:pk>/join/", views.game_join, name="join"),
    path("games/<id:pk>/leave/", views.game_leave, name="leave"),
    path("games/<id:pk>/start/", views.game_start, name="start"),
    path("invite/<str:token>/", views.game_invite, name="invite"),
    *game_page_urls,  # the game page: /games/<pk>/play/ (games/game_page/)
]
