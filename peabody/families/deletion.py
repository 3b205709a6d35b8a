"""Hard deletion of whole accounts, with every row that refers to them.

Deleting a parent deletes, through foreign keys, their email addresses, consents, children,
the children's games and everything kept with those games. Sessions refer to a parent only
inside their data, so they are found by reading it: every session logged in as the parent,
and the guest games of those browsers, go too.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.db import transaction
from django.db.models import QuerySet

from games.models import Game
from peabody import sessions


def delete_accounts(parents: QuerySet) -> int:
    """Delete these parents' accounts and all they hold; returns how many were deleted."""
    ids = {str(pk) for pk in parents.values_list("pk", flat=True)}
    if not ids:
        return 0
    logged_in, guest_keys = [], []
    for session in Session.objects.iterator():
        data = session.get_decoded()
        if data.get(sessions.USER) in ids:
            logged_in.append(session.pk)
            if sessions.GUEST_KEY in data:
                guest_keys.append(data[sessions.GUEST_KEY])
    with transaction.atomic():
        Game.objects.filter(guest_key__in=guest_keys).delete()
        Session.objects.filter(pk__in=logged_in).delete()
        get_user_model().objects.filter(pk__in=ids).delete()
    return len(ids)
