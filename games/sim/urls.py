from django.urls import path

from games.sim import views

app_name = "sim"

urlpatterns = [
    path("sim/", views.sim_index, name="index"),
    path("sim/new/", views.sim_new, name="new"),
    path("sim/<uuid:pk>/", views.sim_detail, name="detail"),
    path("sim/<uuid:pk>/status/", views.sim_status, name="status"),
]
