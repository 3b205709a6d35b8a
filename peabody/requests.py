"""The request our views are given: Django's, with what our middleware add to it, typed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

if TYPE_CHECKING:
    from peabody.families.models import Child


class Request(HttpRequest):
    """A request after the middleware: ``htmx`` (django-htmx's: was it sent by htmx?) and
    ``child``, the child playing in kid mode or None (peabody.families.kid_mode)."""

    htmx: HtmxDetails
    child: Child | None
    user: User | AnonymousUser


class ParentRequest(Request):
    """A request to a page only a logged-in parent opens (``login_required``)."""

    user: User
