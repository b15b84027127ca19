from django.urls import path

from games.play import views

app_name = "play"

urlpatterns = [
    path("notifications/", views.notifications, name="notifications"),
    path("notifications/read/", views.notifications_read, name="notifications_read"),
    path("badge/", views.badge, name="badge"),
    path("settings/", views.play_settings, name="settings"),
    path("vacation/", views.vacation_toggle, name="vacation"),
    path("webhooks/", views.webhook_add, name="webhook_add"),
    path("webhooks/<id:pk>/delete/", views.webhook_delete, name="webhook_delete"),
    path("webhooks/<id:pk>/rotate/", views.webhook_rotate, name="webhook_rotate"),
    path("games/<id:pk>/orders/", views.game_orders, name="game_orders"),
    path("games/<id:pk>/take-back/", views.take_back, name="take_back"),
    path("games/<id:pk>/presence/", views.presence, name="presence"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
]
