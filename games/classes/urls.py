"""A class's devices at /class/, and the projector's view of their answers beside the class's
game at /teach/play/. They join the games namespace (see peabody/urls.py): kid mode opens
it, so a family's device in kid mode joins a class too."""

from django.urls import path

from games.classes import views

urlpatterns = [
    path("class/", views.join, name="class_join"),
    path("class/play/", views.device, name="class_device"),
    path("class/play/answer/", views.answer, name="class_answer"),
    path("class/play/live/", views.device_events, name="class_device_live"),
    path("teach/play/answers/", views.answers, name="class_answers"),
    path("teach/play/answers/live/", views.answers_events, name="class_answers_live"),
    path("teach/play/end/", views.end, name="class_end"),
    path("teach/play/tricky/<int:lesson>/", views.tricky, name="class_tricky"),
    path(
        "teach/play/tricky/<int:lesson>/counts.csv",
        views.tricky_counts,
        name="class_tricky_counts",
    ),
]
