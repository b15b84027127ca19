from django.contrib import admin
from django.urls import include, path

from games import views as game_views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("profile/", game_views.profile, name="profile"),
    path("", include("games.urls")),
]
