"""What the password page (allauth's reauthentication) is asked for, and the way back.

allauth carries the page it opens next in ``next``. That address is only read here: if it
is a page of ours, its name says what the grown-up (or a child, in kid mode) was doing, and
which child it is about. The way back is made with ``reverse`` from our own page names,
never from the address given, so no link here leads off the site.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from django.http import Http404
from django.urls import resolve, reverse
from django.utils.http import url_has_allowed_host_and_scheme

from peabody.families.models import Child
from peabody.requests import FamilyRequest
from peabody.words import grown_ups

# The pages that ask for the password, by URL name, and what they are for (grown_ups.password_for).
DOING = {
    "families:home": "home",
    "families:progress": "progress",
    "families:chart": "progress",
    "families:replay": "progress",
    "families:child_edit": "child_edit",
    "families:child_new": "child_new",
    "families:child_delete": "child_delete",
    "families:child_download": "child_download",
    "families:account_download": "account_download",
    "families:account_delete": "account_delete",
    "families:time_zone": "time_zone",
    "account_change_password": "password",
    "account_email": "email",
    "account_logout": "log_out",
    "kids:who": "switch",
    "kids:together": "together",
}
# Outside kid mode, the page a grown-up came from to do it; every other way back is the
# family page.
CAME_FROM = {
    "progress": "progress",
    "child_download": "progress",
    "child_edit": "child_edit",
    "child_delete": "child_edit",
}


@dataclass(frozen=True)
class PasswordPage:
    why: str
    button: str
    back_url: str
    back: str
    name: str  # the child's nickname in those words, if any, to isolate on the page


def password_page(request: FamilyRequest) -> PasswordPage:
    doing, child = asked_for(request)
    if request.child is not None:
        # A child in kid mode was playing: the way back is the game, not the family's pages.
        place, url = "game", reverse("games:new")
    elif doing in CAME_FROM and child is not None:
        place = CAME_FROM[doing]
        url = reverse(f"families:{place}", args=[child.pk])
    else:
        place, url = "home", reverse("families:home")
    if doing == "together":
        child = request.child  # the child who is not at that table
    name = child.nickname if child is not None else ""
    why, button = grown_ups.password_for(doing, name)
    return PasswordPage(why, button, url, grown_ups.back_to(place, name), name)


def asked_for(request: FamilyRequest) -> tuple[str, Child | None]:
    """What ``next`` opens (a key of grown_ups.password_for, "" if not one of ours) and the
    family's child it is about, if any."""
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()}):
        return "", None
    try:
        match = resolve(urlsplit(next_url).path)
    except Http404:  # Resolver404 too
        return "", None
    if "child_id" not in match.kwargs:
        return DOING.get(match.view_name, ""), None
    parent = request.user if request.user.is_authenticated else None
    child = Child.objects.filter(pk=match.kwargs["child_id"], parent=parent).first()
    # Not a child of this family's (or no longer): said as for any other page.
    return (DOING.get(match.view_name, ""), child) if child else ("", None)
