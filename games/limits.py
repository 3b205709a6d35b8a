"""Limits on tries (wrong join codes, the grown-up's password typed again in kid mode, a
browser's guest games a day): at most so many in a window, the window fixed from its first
try and never made longer by the tries after it, so it ends when the page says it does.

One way to count for every limit: ``spend`` takes one try from a count in the database
(games.models.Count) with a single ``UPDATE … SET used = used + 1`` that only matches while
tries are left, so thirty tries at once on any database let through exactly as many as the
limit allows. A try that turns out right is given back (``give_back``): only wrong ones
count.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import HttpRequest
from django.utils import timezone
from django.utils.crypto import salted_hmac

from games import models
from games.models import Count
from games.requests import Request


def spend(key: str, allowed: int, window: timedelta) -> bool:
    """One try more under ``key``: True if it is one of the ``allowed`` of its window, False
    (nothing changed) if they are used up. A try after the window ends starts a new one."""
    if allowed < 1:
        return False
    while True:
        now = timezone.now()
        counts = Count.objects.filter(key=key)
        # A window that has ended starts again from this try. Only one of two tries at once
        # matches: the other then finds the new window and counts in it.
        if counts.filter(ends__lte=now).update(used=1, ends=now + window):
            return True
        if counts.filter(ends__gt=now, used__lt=allowed).update(used=F("used") + 1):
            return True
        if counts.filter(ends__gt=now).exists():
            return False  # used up until its window ends
        if not counts.exists():
            try:
                with transaction.atomic():
                    Count.objects.create(key=key, used=1, ends=now + window)
                return True
            except IntegrityError:
                pass  # another try made the count first: count in it
        # Otherwise the window ended between two looks: look again.


def give_back(key: str) -> None:
    """A try spent under ``key`` was right after all: it does not count."""
    now = timezone.now()
    Count.objects.filter(key=key, ends__gt=now, used__gt=0).update(used=F("used") - 1)


def guest_game(request: Request) -> bool:
    """This browser may start one more guest game: it started fewer than GUEST_GAMES_A_DAY
    of its games in the last day (games.models.guest_limit_reached), and its count for the
    day has one left, so many starts at once make no more than that. A browser's first game
    makes its key, so is never counted: the count holds one fewer."""
    if models.guest_limit_reached(request):
        return False
    key = models.guest_key(request)
    if key is None:
        return True
    hashed = hashlib.sha256(key.encode()).hexdigest()[:32]  # no key to the browser's games
    return spend(f"guest-games:{hashed}", models.GUEST_GAMES_A_DAY - 1, models.GUEST_LIFETIME)


def expired():
    """The counts whose window has ended: purge_expired deletes them."""
    return Count.objects.filter(ends__lte=timezone.now())


@dataclass(frozen=True)
class Tries:
    """At most ``most`` tries in ``window``, which starts at the first of them."""

    most: int
    window: timedelta


@dataclass(frozen=True)
class Limit:
    """How many wrong tries a page lets through: per internet address and, where the page
    knows the device, per device too, each its own count with its own window. The address
    is kept only as a keyed hash."""

    kind: str  # the counts' keys: "friend-code"
    per_address: Tries
    per_device: Tries | None = None

    def spend(self, request: HttpRequest, device: str = "") -> bool:
        """One try from this address (and device); False, with nothing counted, if either
        has had its most of late."""
        spent: list[str] = []
        for key, tries in self.counts(request, device):
            if not spend(key, tries.most, tries.window):
                for earlier in spent:
                    give_back(earlier)
                return False
            spent.append(key)
        return True

    def give_back(self, request: HttpRequest, device: str = "") -> None:
        """The try was right: it counts against neither."""
        for key, _ in self.counts(request, device):
            give_back(key)

    def counts(self, request: HttpRequest, device: str) -> list[tuple[str, Tries]]:
        counts = []
        if self.per_device is not None and device:
            counts.append((f"{self.kind}:device:{device}", self.per_device))
        address = request.META.get("REMOTE_ADDR", "")
        hashed = salted_hmac(f"{self.kind}-tries", address, algorithm="sha256").hexdigest()
        counts.append((f"{self.kind}:address:{hashed[:32]}", self.per_address))
        return counts
