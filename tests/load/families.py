"""Families for `make loadtest --tables N`, made straight in the server's database.

Each family is a grown-up with one, two or three children in turn (so tables of two, three
and four devices, three on average), and each device (the grown-up's, and one for each
child) is already logged in: a session of its own in the
database, as a log-in leaves it. Run by tests/load/run.py with the server's environment
(its DATABASE_URL and SECRET_KEY, which signs what a session holds) once the database is
migrated; it prints the families as JSON for the locustfile, with the session cookie's name:

    {"cookie": "sessionid", "families": [
        {"grown_up": "<session key>", "children": [[<child pk>, "<session key>"], ...]}, ...]}

Logging in through the site instead would cost the server a password hash a device (a
third of a second of CPU each, 900 for 300 tables) and run into allauth's limit on
log-ins from one address, and the settings a real server runs offer no quick hasher to
give these grown-ups. So they have no usable password: nobody logs in as them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import defaultdict
from importlib import import_module
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]
if str(BASE_DIR) not in sys.path:  # run as a script, from tests/load/
    sys.path.insert(0, str(BASE_DIR))

# The backend allauth logs a grown-up in with (settings.AUTHENTICATION_BACKENDS).
BACKEND = "allauth.account.auth_backends.AuthenticationBackend"


def children_in(family: int) -> int:
    """How many children the family numbered ``family`` has: 1, 2, 3, 1, 2, 3, ..."""
    return family % 3 + 1


def make_families(tables: int, children: int | None = None) -> dict:
    """``tables`` families, with ``children`` children each (by default one, two or three
    in turn)."""
    # Imported here: models can be imported only once django.setup() has run.
    from allauth.account.models import EmailAddress
    from django.conf import settings
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.auth.hashers import make_password
    from django.db import transaction

    from peabody.families.models import PRIVACY_NOTICE_VERSION, Child, Consent

    SessionStore = import_module(settings.SESSION_ENGINE).SessionStore
    User = get_user_model()
    with transaction.atomic():
        first = User.objects.count()  # a database used before keeps its families
        unusable = make_password(None)
        parents = User.objects.bulk_create(
            User(
                username=f"load{first + n}", email=f"load{first + n}@example.com", password=unusable
            )
            for n in range(tables)
        )
        EmailAddress.objects.bulk_create(
            EmailAddress(user=p, email=p.email, primary=True, verified=True) for p in parents
        )
        Consent.objects.bulk_create(
            Consent(parent=p, notice_version=PRIVACY_NOTICE_VERSION) for p in parents
        )
        theirs: dict[int, list[Child]] = defaultdict(list)
        kids = (("Robin", "fox"), ("Sam", "owl"), ("Alex", "cat"))
        made = Child.objects.bulk_create(
            Child(parent=p, nickname=name, avatar=avatar)
            for n, p in enumerate(parents)
            for name, avatar in kids[: children or children_in(first + n)]
        )
        for kid in made:
            theirs[kid.parent_id].append(kid)

        def logged_in(parent) -> str:
            session = SessionStore()
            session[SESSION_KEY] = str(parent.pk)
            session[BACKEND_SESSION_KEY] = BACKEND
            session[HASH_SESSION_KEY] = parent.get_session_auth_hash()
            session.create()
            return session.session_key

        families = [
            {
                "grown_up": logged_in(parent),
                "children": [[kid.pk, logged_in(parent)] for kid in theirs[parent.pk]],
            }
            for parent in parents
        ]
    return {"cookie": settings.SESSION_COOKIE_NAME, "families": families}


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, required=True, help="families to make")
    parser.add_argument(
        "--children-each", type=int, choices=[1, 2, 3], help="by default 1, 2 or 3 in turn"
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "peabody.settings")
    import django

    django.setup()
    json.dump(make_families(args.tables, args.children_each), sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1:])
