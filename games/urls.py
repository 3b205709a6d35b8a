from django.urls import path

from games import (
    converters,  # noqa: F401 (registers the <public_id:…> converter)
    live,
    views,
)

app_name = "games"

urlpatterns = [
    path("", views.new, name="new"),
    path("start/", views.create, name="create"),
    path("read-aloud/", views.read_aloud, name="read_aloud"),
    path("sound/", views.sound, name="sound"),
    path("dealing/<str:token>/", views.dealing, name="dealing"),
    path("<public_id:public_id>/", views.play, name="play"),
    path("<public_id:public_id>/move/", views.move, name="move"),
    path("<public_id:public_id>/hint/", views.hint, name="hint"),
    path("<public_id:public_id>/hand/<int:number>/", views.hand, name="hand"),
    path("<public_id:public_id>/again/", views.play_again, name="again"),
    path("<public_id:public_id>/replay/", views.replay, name="replay"),
    path("<public_id:public_id>/live/", live.events, name="live"),
]
