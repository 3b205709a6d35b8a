from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Q, QuerySet
from django.utils import timezone

from peabody.families.deletion import delete_accounts


def months_before(moment: datetime, months: int) -> datetime:
    """The same day and time ``months`` calendar months earlier (the month's last day if
    that month is shorter)."""
    index = moment.year * 12 + moment.month - 1 - months
    year, month = divmod(index, 12)
    month += 1
    for day in range(moment.day, 0, -1):
        try:
            return moment.replace(year=year, month=month, day=day)
        except ValueError:
            continue
    raise AssertionError("every month has a first day")


def inactive_parents(cutoff: datetime) -> QuerySet:
    """Parents who have not logged in since ``cutoff`` and whose children have not played
    since either. Staff accounts are never purged."""
    return (
        get_user_model()
        .objects.filter(is_staff=False, is_superuser=False)
        .filter(Q(last_login__lt=cutoff) | Q(last_login=None, date_joined__lt=cutoff))
        .exclude(children__games__updated__gte=cutoff)
        .exclude(children__created__gte=cutoff)
    )


class Command(BaseCommand):
    help = "Delete parent accounts, with all they hold, that nobody has used for a while."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--months", type=int, default=24, help="how long unused (default: 24 months)"
        )

    def handle(self, *args, **options) -> None:
        if options["months"] < 1:
            raise CommandError("--months must be 1 or more.")
        cutoff = months_before(timezone.now(), options["months"])
        deleted = delete_accounts(inactive_parents(cutoff))
        if options["verbosity"]:
            self.stdout.write(f"Deleted {deleted} accounts unused since {cutoff:%Y-%m-%d}.")
