from django.contrib import admin
from django.urls import include, path

from games import views as game_views
from games.api import oauth

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    # OAuth2 for third-party apps: /o/authorize/, /o/token/, /o/revoke_token/, /o/applications/
    # (the registration form, capped per account, and the update form, both for the
    # authorization code grant alone, before the library's own at the same URLs; not the
    # device flow: games/api/oauth.py)
    path("o/applications/register/", oauth.CappedApplicationRegistration.as_view()),
    path("o/applications/<slug:pk>/update/", oauth.ApplicationUpdateAuthorizationCode.as_view()),
    path("o/", include("games.api.oauth_urls", namespace="oauth2_provider")),
    path("profile/", game_views.profile, name="profile"),
    path("", include("games.social.urls")),  # chat, rematch, undo, ratings (+ their API)
    path("", include("games.api.urls")),  # /api/v1/ and the profile's API tokens
    path("play/", include("games.play.urls")),
    path("", include("games.sim.urls")),
    path("", include("games.urls")),
]

# The API answers its errors in JSON, Django's own 400 (a bad Host header) included.
handler400 = "games.views.bad_request"
