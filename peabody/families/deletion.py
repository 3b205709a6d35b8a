"""Hard deletion of children and of whole accounts, with every row that refers to them.

Every page or command that deletes a child or a parent comes here (the parent's pages,
purge_inactive, the admin), and a child's games are deleted by name, not by a signal. A game
a sibling played is kept for them, the deleted child's seat left unnamed. A parent goes with
their children, and with every session logged in as them and those browsers' guest games.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.db import transaction
from django.db.models import QuerySet

from games.models import Game, Seat
from peabody import sessions
from peabody.families.models import Child


def delete_children(children: QuerySet[Child]) -> None:
    """Delete these children, and the games no other child plays."""
    with transaction.atomic():
        ids = list(children.values_list("pk", flat=True))
        theirs = Seat.objects.filter(child__in=ids).values("game_id")
        others = Seat.objects.filter(child__isnull=False).exclude(child__in=ids).values("game_id")
        Game.objects.filter(pk__in=theirs).exclude(pk__in=others).delete()
        Child.objects.filter(pk__in=ids).delete()


def delete_accounts(parents: QuerySet[User]) -> int:
    """Delete these parents' accounts and all they hold; returns how many were deleted."""
    pks = list(parents.values_list("pk", flat=True))
    if not pks:
        return 0
    ids = {str(pk) for pk in pks}  # as a session holds them
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
        delete_children(Child.objects.filter(parent__in=pks))
        get_user_model().objects.filter(pk__in=pks).delete()
    return len(pks)
