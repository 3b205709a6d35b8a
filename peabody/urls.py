from django.urls import include, path

from peabody import views

urlpatterns = [
    path("", views.home, name="home"),
    path("play/", include("games.urls")),
]
