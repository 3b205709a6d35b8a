from django.urls import path

from peabody import views

urlpatterns = [
    path("", views.home, name="home"),
]
