"""``make bench``: how long signing up and asking for a password reset take for an address
that has an account and for one that has not. The two should take about the same time, so
that the time does not tell whether an address has an account.

Run as a real server runs, in one transaction rolled back at the end: nothing is sent or
kept. Figures are compared within one run, never asserted in unit tests (docs/benchmarks.md).
"""

from __future__ import annotations

import statistics
import time

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction
from django.test import Client, override_settings
from django.urls import reverse

KNOWN = "bench-known@example.com"
PASSWORD = "a-long-bench-password"
# As a server sends mail: queued in the database (in the transaction rolled back).
SETTINGS = {
    "MAILERS": {
        "default": {"BACKEND": "peabody.mail.QueuedEmailBackend"},
        "smtp": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"},
    },
    "TASKS": {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}},
    "ALLOWED_HOSTS": ["testserver"],
    "ACCOUNT_RATE_LIMITS": False,
}


class RolledBack(Exception):
    pass


def milliseconds(client: Client, url: str, data: dict[str, str]) -> float:
    start = time.perf_counter()
    response = client.post(url, data)
    elapsed = (time.perf_counter() - start) * 1e3
    assert response.status_code == 302, response.status_code  # on to "check your email"
    return elapsed


def timings(tries: int) -> dict[str, tuple[list[float], list[float]]]:
    """Per form, the times for the known address and for unknown ones, taken in turn."""
    user = get_user_model().objects.create_user(KNOWN, KNOWN, PASSWORD)
    EmailAddress.objects.create(user=user, email=KNOWN, primary=True, verified=True)
    found: dict[str, tuple[list[float], list[float]]] = {"sign-up": ([], []), "reset": ([], [])}
    signup, reset = reverse("account_signup"), reverse("account_reset_password")
    for n in range(tries):
        for form, url, fields in (
            ("sign-up", signup, {"password1": PASSWORD, "password2": PASSWORD, "consent": "on"}),
            ("reset", reset, {}),
        ):
            # Never one signed up before: sign-up's new address becomes an account, so reset
            # takes another (timing it with sign-up's compared two known addresses).
            new = f"bench-{form}-{n}@example.com"
            known_times, new_times = found[form]
            # A fresh browser each time: allauth's limits count per address and per IP.
            known_times.append(milliseconds(Client(), url, {"email": KNOWN} | fields))
            new_times.append(milliseconds(Client(), url, {"email": new} | fields))
    return found


class Command(BaseCommand):
    help = "Compare sign-up and reset times for known and unknown addresses."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tries", type=int, default=15)

    def handle(self, *args, tries: int, **options) -> None:
        self.stdout.write("\nSign-up and password reset, known and unknown address (ms, median)")
        self.stdout.write(f"{'form':<8} {'known':>8} {'unknown':>8} {'difference':>11}")
        try:
            with override_settings(**SETTINGS), transaction.atomic():
                found = timings(tries)
                raise RolledBack
        except RolledBack:
            pass
        for form, (known_times, new_times) in found.items():
            known, new = statistics.median(known_times), statistics.median(new_times)
            self.stdout.write(f"{form:<8} {known:>8.0f} {new:>8.0f} {new - known:>+11.0f}")
