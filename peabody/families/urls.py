"""Three groups of pages, each its own URL namespace: kid mode opens only "kids" and
"privacy" (with "games"); everything in "families" is the parent zone."""

from django.urls import path

from games import converters  # noqa: F401 (registers the <public_id:…> converter)
from peabody.families import avatars, friends, kid_views, views

parent_zone = [
    path("", views.home, name="home"),
    path("children/new/", views.child_new, name="child_new"),
    path("children/<int:child_id>/", views.progress, name="progress"),
    path("children/<int:child_id>/edit/", views.child_edit, name="child_edit"),
    path("children/<int:child_id>/delete/", views.child_delete, name="child_delete"),
    path("children/<int:child_id>/chart.png", views.trend_chart, name="chart"),
    path("children/<int:child_id>/download/", views.child_download, name="child_download"),
    path(
        "children/<int:child_id>/games/<public_id:public_id>/",
        views.replay,
        name="replay",
    ),
    path("time-zone/", views.time_zone, name="time_zone"),
    path("read-aloud/", views.read_aloud, name="read_aloud"),
    path("download/", views.account_download, name="account_download"),
    path("delete/", views.account_delete, name="account_delete"),
    path("goodbye/", views.goodbye, name="goodbye"),
]

kids = [
    path("who/", kid_views.who, name="who"),
    path("who/<int:child_id>/", kid_views.play_as, name="play_as"),
    path("together/", kid_views.play_together, name="together"),
    path("join/", friends.join, name="join"),
    path("join/<public_id:public_id>/<int:number>/", friends.new_code, name="new_code"),
    path("who/forgot/", kid_views.send_reset_link, name="send_reset_link"),
    path("who/log-out/", kid_views.log_out_device, name="log_out_device"),
    path(f"avatars/{avatars.VERSION}/<slug:name>.png", kid_views.avatar, name="avatar"),
]

privacy = [
    path("", kid_views.privacy, name="parents"),
    path("kids/", kid_views.privacy_for_kids, name="kids"),
]
