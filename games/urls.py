from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("", views.new, name="new"),
    path("start/", views.create, name="create"),
    path("read-aloud/", views.read_aloud, name="read_aloud"),
    path("sound/", views.sound, name="sound"),
    path("<str:public_id>/", views.play, name="play"),
    path("<str:public_id>/move/", views.move, name="move"),
    path("<str:public_id>/hint/", views.hint, name="hint"),
    path("<str:public_id>/again/", views.play_again, name="again"),
    path("<str:public_id>/replay/", views.replay, name="replay"),
]
