from __future__ import annotations

from django.urls import include, path, re_path
from django.views.decorators.http import conditional_page
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerView,
)

from games.api import challenge_views, views, web
from games.sim import api as sim_api

app_name = "api"
READ = ["get", "head"]

v1 = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # The HTML docs are read, nothing else: DRF's OPTIONS answer has no template there (a 500).
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema", http_method_names=READ),
         name="docs"),
    path("events/schema/", views.events_schema, name="events_schema"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api:schema", http_method_names=READ,
                                               template_name="api/redoc.html"), name="redoc"),
    path("me/", views.me, name="me"),
    path("bots/", views.bots, name="bots"),
    path("card-sets/", views.card_sets, name="card_sets"),
    path("cards/", views.cards, name="cards"),
    path("kingdoms/", views.kingdoms, name="kingdoms"),
    path("games/", views.games, name="games"),
    path("games/<id:pk>/", views.game, name="game"),
    path("games/<id:pk>/join/", views.game_join, name="join"),
    path("games/<id:pk>/leave/", views.game_leave, name="leave"),
    path("games/<id:pk>/start/", views.game_start, name="start"),
    # Polled reads carry an ETag: asked again with If-None-Match, an unchanged one is a 304.
    path("games/<id:pk>/view/", conditional_page(views.game_view), name="view"),
    path("games/<id:pk>/decisions/", conditional_page(views.game_decisions), name="decisions"),
    path("games/<id:pk>/log/", conditional_page(views.game_log), name="log"),
    path("games/<id:pk>/record/", views.game_record, name="record"),
    path("games/<id:pk>/answer/", views.game_answer, name="answer"),
    path("games/<id:pk>/stream/", views.game_stream, name="stream"),
    path("games/<id:pk>/resign/", views.game_resign, name="resign"),
    path("games/<id:pk>/abort/", views.game_abort, name="abort"),
    path("games/<id:pk>/claim-win/", views.game_claim_win, name="claim_win"),
    path("ws-ticket/", views.ws_ticket, name="ws_ticket"),
    path("challenges/", challenge_views.challenge_list, name="challenges"),
    path("challenges/<id:pk>/accept/", challenge_views.challenge_accept,
         name="challenge_accept"),
    path("challenges/<id:pk>/decline/", challenge_views.challenge_decline,
         name="challenge_decline"),
    path("me/bot-account/", challenge_views.bot_account, name="bot_account"),
    path("tokens/", views.tokens, name="token_list"),
    path("tokens/<id:token_id>/revoke/", views.token_revoke, name="token_list_revoke"),
    path("simulations/", sim_api.simulations, name="simulations"),
    path("simulations/<uuid:id>/", sim_api.simulation, name="simulation"),
]

urlpatterns = [
    path("api/v1/", include(v1)),
    path("profile/api-tokens/", web.tokens, name="tokens"),
    path("profile/api-tokens/<id:token_id>/revoke/", web.token_revoke, name="token_revoke"),
    re_path(r"^api/", views.not_found),
]
