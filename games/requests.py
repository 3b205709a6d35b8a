"""The request the games app's views are given, typed: Django's, with what the site's
middleware add to it.

The child playing in kid mode is the families app's, which the games never import: here a
child is what the games read of one (``PlayingChild``, which the families' model fits), and
the site's own request (peabody.requests) says it is that model, for the families' pages.
"""

from __future__ import annotations

from typing import Protocol

from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class PlayingChild(Protocol):
    """A child of a family, as a game is fitted to them: what their grown-up chose for their
    games, their favourite, and the table's switches as they left them (a families.Child
    is one)."""

    @property
    def pk(self) -> int: ...
    @property
    def favourite_mode(self) -> str: ...
    @property
    def gentleness(self) -> float: ...
    @property
    def trickiest_bots(self) -> str: ...
    @property
    def adding_only(self) -> bool: ...
    @property
    def practice_questions(self) -> bool: ...
    @property
    def adapting(self) -> bool: ...
    @property
    def family_reads_aloud(self) -> bool: ...  # reading out loud not off for the family

    # The table's switches, kept as the child last left them.
    read_aloud: bool
    sounds: bool

    def save(self, *, update_fields: list[str]) -> None: ...


class Request(HttpRequest):
    """A request after the middleware: ``htmx`` (django-htmx's: was it sent by htmx?) and
    ``child``, the child playing in kid mode or None (peabody.families.kid_mode)."""

    htmx: HtmxDetails
    child: PlayingChild | None
    user: User | AnonymousUser
