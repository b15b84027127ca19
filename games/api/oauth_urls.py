"""The library's OAuth2 routes this site serves under /o/: not the device flow's (the site
speaks the authorization code grant alone: games/api/oauth.py), nor OpenID Connect's or
dynamic registration's, which are off."""

from __future__ import annotations

from oauth2_provider.urls import base_urlpatterns, management_urlpatterns, metadata_urlpatterns

app_name = "oauth2_provider"
DEVICE_ROUTES = {"device-authorization", "device", "device-confirm", "device-grant-status"}

urlpatterns = [route for route in (*metadata_urlpatterns, *base_urlpatterns,
                                   *management_urlpatterns)
               if route.name not in DEVICE_ROUTES]
