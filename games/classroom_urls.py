"""The lesson pages' addresses, at the site's root: /rules/ and /teach/. They join the
games namespace (see peabody/urls.py), as views of the games app."""

from django.urls import path

from games import classroom

urlpatterns = [
    path("rules/", classroom.rules, name="rules"),
    path("teach/", classroom.teach, name="teach"),
    path("teach/play/", classroom.class_game, name="class_game"),
    path("teach/play/start/", classroom.start_class_game, name="start_class_game"),
    path("teach/<slug:key>/", classroom.teach, name="slide"),
]
