"""Times in the family's own time zone: every page a logged-in family opens (the children's
in kid mode too) and every download tells times in the zone the grown-up chose
(``Family.time_zone``). Times are kept in UTC; Django's template filters and ``localtime``
turn them into the zone made current here, for the one request."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable
from functools import cache

from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpResponse
from django.utils import timezone

from peabody.families.models import Family
from peabody.requests import FamilyRequest

# The areas of the time zone database's places ("Europe/Madrid"): the names a browser
# reports. Left out are its other names for the same zones ("GB", "US/Pacific", "EST") and
# the "Etc/GMT+5" zones, whose sign is the opposite of what it seems.
AREAS = (
    "Africa/",
    "America/",
    "Antarctica/",
    "Arctic/",
    "Asia/",
    "Atlantic/",
    "Australia/",
    "Europe/",
    "Indian/",
    "Pacific/",
)


@cache
def time_zone_names() -> list[str]:
    """Every place's zone the system's time zone database knows, by its IANA name, sorted,
    and UTC."""
    places = (name for name in zoneinfo.available_timezones() if name.startswith(AREAS))
    return ["UTC", *sorted(places)]


def family_time_zone(user: User | AnonymousUser) -> zoneinfo.ZoneInfo | None:
    """The zone the logged-in grown-up chose, or None (not chosen, or nobody logged in)."""
    if not user.is_authenticated:
        return None
    name = Family.objects.filter(parent=user).values_list("time_zone", flat=True).first()
    return zoneinfo.ZoneInfo(name) if name else None


def time_zone_middleware(get_response: Callable[[FamilyRequest], HttpResponse]):
    def middleware(request: FamilyRequest) -> HttpResponse:
        zone = family_time_zone(request.user)
        if zone is None:
            timezone.deactivate()  # settings.TIME_ZONE, UTC
        else:
            timezone.activate(zone)
        try:
            return get_response(request)
        finally:
            timezone.deactivate()  # the next request on this thread starts afresh

    return middleware
