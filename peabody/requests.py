"""The request the site's and the families' views are given: the games app's (games.requests),
with the child in kid mode as the families' model itself, typed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib.auth.models import User

from games.requests import Request as GamesRequest

if TYPE_CHECKING:
    from peabody.families.models import Child


class FamilyRequest(GamesRequest):
    """A request after the middleware, as games.requests.Request, whose ``child`` is a
    families.Child (peabody.families.kid_mode sets it)."""

    child: Child | None


class ParentRequest(FamilyRequest):
    """A request to a page only a logged-in parent opens (``login_required``)."""

    user: User
