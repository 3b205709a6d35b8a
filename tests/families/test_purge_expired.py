"""purge_expired: cache entries and sessions past their time go, and the emails the queue is done
with; the rest stay."""

from __future__ import annotations

import time
from datetime import timedelta
from io import StringIO

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.core.management import call_command
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from games import limits
from games.models import Count
from peabody.mail import send_email


@pytest.mark.django_db
def test_it_deletes_cache_entries_and_sessions_past_their_time_and_keeps_the_rest() -> None:
    cache.set("allauth:rl:account:login_failed:10/m/ip:ip:192.0.2.1", [1.0], 1)
    cache.set("once:still-good", "abc", 3600)
    limits.spend("friend-code:address:ended", 5, timedelta(seconds=-1))
    limits.spend("friend-code:address:open", 5, timedelta(minutes=1))
    old, current = SessionStore(), SessionStore()
    old.set_expiry(timedelta(seconds=-1))
    for session in (old, current):
        session["guest_key"] = "k"
        session.save()
    time.sleep(2)  # past the first entry's one second; the cache counts whole seconds
    out = StringIO()

    call_command("purge_expired", stdout=out)

    assert out.getvalue().strip() == (
        "Deleted 1 cache entries, 1 limits' counts, 1 sessions and 0 class lessons past their"
        " time, and 0 emails"
        " sent or given up; 0 friends' seats forgot their names."
    )
    assert cache.get("once:still-good") == "abc"
    assert list(Session.objects.values_list("session_key", flat=True)) == [current.session_key]
    assert list(Count.objects.values_list("key", flat=True)) == ["friend-code:address:open"]


@pytest.mark.django_db
def test_it_deletes_the_emails_sent_or_given_up_and_keeps_those_waiting(settings) -> None:
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    data = {"to": ["parent@example.com"]}
    sent, failed, waiting = (send_email.enqueue(data) for _ in range(3))
    DBTaskResult.objects.filter(id=sent.id).update(status="SUCCESSFUL", finished_at=timezone.now())
    DBTaskResult.objects.filter(id=failed.id).update(status="FAILED", finished_at=timezone.now())

    call_command("purge_expired", stdout=StringIO())

    assert [str(id) for id in DBTaskResult.objects.values_list("id", flat=True)] == [waiting.id]
