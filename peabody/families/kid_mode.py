"""Kid mode: a child of the logged-in parent plays as themselves on the family device, every
page in the language of their profile.

The child is kept in the session (``peabody.sessions.CHILD``). Only the children's pages
open; every other page asks for the parent's password first (allauth's reauthentication,
never a maths question, which a child practising maths would answer), and the right password
ends kid mode. docs/families.md, "Kid mode", has the rest.
"""

from __future__ import annotations

from collections.abc import Callable

from allauth.account.signals import authentication_step_completed, password_reset
from django.contrib.auth.views import redirect_to_login
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse, translate_url
from django.utils import translation

from peabody import sessions
from peabody.families.models import Child
from peabody.languages import site_path
from peabody.requests import FamilyRequest

# What a child may open in kid mode, by URL namespace or by full URL name.
CHILDRENS_NAMESPACES = {"games", "kids", "privacy"}
CHILDRENS_PAGES = {
    "home",
    "account_reauthenticate",
    "account_reset_password",
    "account_reset_password_done",
    "account_reset_password_from_key",
    "account_reset_password_from_key_done",
}


def start(request: HttpRequest, child: Child) -> None:
    request.session[sessions.CHILD] = child.pk
    # The table's switches start where the child's profile says (reading, if the family's
    # grown-up lets the games read aloud at all).
    request.session[sessions.READ_ALOUD] = child.read_aloud and child.family_reads_aloud
    request.session[sessions.SOUND] = child.sounds


def grown_up_first(then: str) -> HttpResponse:
    """The parent's password before what a child may not do alone in kid mode (play as a
    sibling, or seat a table without themselves): it ends kid mode, then ``then`` opens."""
    return redirect_to_login(then, reverse("account_reauthenticate"))


def end(request: HttpRequest) -> None:
    request.session.pop(sessions.CHILD, None)


def current_child(request: HttpRequest) -> Child | None:
    """The child playing in this browser, if it belongs to the parent logged in."""
    child_id = request.session.get(sessions.CHILD)
    if child_id is None:
        return None
    child = None
    if request.user.is_authenticated:
        child = (
            Child.objects.select_related("parent__family")
            .filter(pk=child_id, parent=request.user)
            .first()
        )
    if child is None:  # deleted since, or the parent logged out
        end(request)
    return child


@receiver(authentication_step_completed)
def end_kid_mode_on_reauthentication(
    sender: type, request: HttpRequest, reauthenticated: bool = False, **kwargs: object
) -> None:
    if reauthenticated:
        end(request)


@receiver(password_reset)
def end_kid_mode_on_a_new_password(sender: type, request: HttpRequest, **kwargs: object) -> None:
    end(request)


class KidModeMiddleware:
    """Sets ``request.child`` (the child playing, or None) and keeps a child in kid mode on
    the children's pages."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: FamilyRequest) -> HttpResponse:
        request.child = current_child(request)
        return self.get_response(request)

    def process_view(
        self, request: FamilyRequest, view: Callable, args: tuple, kwargs: dict
    ) -> HttpResponse | None:
        if request.child is None:
            return None
        match = request.resolver_match
        assert match is not None, "process_view runs once the URL is resolved"
        if match.namespace in CHILDRENS_NAMESPACES or match.view_name in CHILDRENS_PAGES:
            return in_childs_language(request, request.child)
        return redirect_to_login(request.get_full_path(), reverse("account_reauthenticate"))


def in_childs_language(request: HttpRequest, child: Child) -> HttpResponse | None:
    """A page opened in kid mode in another language than the child's profile says: the same
    page in the child's language. Only for pages that are read (GET): a move is never lost."""
    if not child.language or child.language == translation.get_language():
        return None
    if request.method not in ("GET", "HEAD"):
        return None
    here = site_path(request)
    there = translate_url(here, child.language)
    return redirect(there) if there != here else None
