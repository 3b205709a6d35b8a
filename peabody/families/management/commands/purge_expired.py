"""Deletes what has run out: cache entries past their time (failed log-in counts, which hold
an internet address, and one-time tokens), the limits' counts past their window
(games.limits), sessions past theirs (a guest's ends a day
after their newest game), class lessons past their time with their devices' answers
(games.classes), the names and pictures of friends from other families an hour after their
game (games.models.forget_friends), and the emails the queue has sent or given up on (each holds a
parent's address and its message: peabody/mail.py). Django deletes none of these by itself.
Schedule it, e.g. hourly."""

from __future__ import annotations

from django.contrib.sessions.models import Session
from django.core.management.base import BaseCommand
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from games import limits
from games.classes.models import ClassSession
from games.models import forget_friends
from peabody.families.models import CacheEntry


class Command(BaseCommand):
    help = __doc__

    def handle(self, *args, **options) -> None:
        now = timezone.now()
        # As Django's database cache compares them, second-precise.
        entries, _ = CacheEntry.objects.filter(expires__lt=now.replace(microsecond=0)).delete()
        counts, _ = limits.expired().delete()
        sessions, _ = Session.objects.filter(expire_date__lt=now).delete()
        lessons = ClassSession.objects.expired()
        count = lessons.count()
        lessons.delete()  # with their answers
        emails, _ = DBTaskResult.objects.finished().delete()
        friends = forget_friends()
        self.stdout.write(
            f"Deleted {entries} cache entries, {counts} limits' counts, {sessions} sessions and "
            f"{count} class lessons past their time, and {emails} emails sent or given up; "
            f"{friends} friends' seats forgot their names."
        )
