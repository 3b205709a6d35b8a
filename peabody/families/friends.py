"""A friend at a family table: a child from another family joins a seat kept for them, from
their own device, with its join code (games.join_codes); games.friends shows their seats.

The device keeps a token in its session, the seat only its hash, and the friend is never
named by anything typed (docs/families.md).
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.db import transaction
from django.db.models import F
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from games import join_codes, limits
from games.friends import hosting
from games.models import CODE_LIFETIME, Game, Seat, seat_key
from games.models import new_code as new_seat_code
from games.table import Stage
from games.words.people import FRIEND_NAMES
from games.words.pictures import PICTURES
from games.words.refusals import FRIEND_CODE_WAIT, FRIEND_CODE_WRONG
from peabody import sessions
from peabody.requests import FamilyRequest

# Wrong codes an internet address may try a minute, as the page says ("Wait a minute"): a
# child who mixes up two pictures tries again at once; 38,416 codes with a few open are not
# found this way. Many addresses together are held by each code's own count of wrong codes
# (games.models.WRONG_CODES).
TRIES = limits.Limit("friend-code", per_address=limits.Tries(most=5, window=timedelta(minutes=1)))


@require_http_methods(["GET", "POST"])
def join(request: FamilyRequest) -> HttpResponse:
    """Tap the code a grown-up's screen shows, one picture at a time as a class's devices do
    (games.join_codes.tapped); the last tap sits the device at their table."""
    tapped = join_codes.tapped(request.POST) if request.method == "POST" else join_codes.Tapped([])
    if not tapped.code:
        return render_join(request, tapped)
    if not TRIES.spend(request):
        return render_join(request, tapped, FRIEND_CODE_WAIT, status=429)
    if (seat := claim(request, tapped.code)) is None:
        # A wrong code counts against every code open now, wherever it was tried from.
        Seat.objects.open_codes().update(wrong_codes=F("wrong_codes") + 1)
        return render_join(request, tapped, FRIEND_CODE_WRONG, status=400)
    TRIES.give_back(request)  # the right code: only wrong ones count
    url = seat.game.get_absolute_url()
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def render_join(
    request: FamilyRequest, tapped: join_codes.Tapped, refusal: object = "", status: int = 200
) -> HttpResponse:
    context = tapped.keys() | {"refusal": refusal, "action": reverse("kids:join")}
    template = "games/join_code.html" if request.htmx else "families/join.html"
    return render(request, template, context, status=status)


def claim(request: FamilyRequest, code: str) -> Seat | None:
    """The friend's seat whose open code is ``code``, now this device's; None if there is
    none (a wrong code, its time up, or another device was first)."""
    token = secrets.token_urlsafe(24)
    child = request.child
    with transaction.atomic():
        open_seat = Seat.objects.open_codes().filter(code=code).first()
        if open_seat is None:
            return None
        if Game.objects.for_request(request).filter(pk=open_seat.game_id).exists():
            return None  # a device of the family at the table: a friend joins on their own
        # Every picture at the table already, the family's children's too: no two alike.
        seats = open_seat.game.seats.select_related("child")
        taken = {s.avatar or (s.child.avatar if s.child else "") for s in seats} - {""}
        name, avatar = made_up(taken)
        if child is not None:  # their own nickname, and their own picture unless it is taken
            name, avatar = child.nickname, child.avatar if child.avatar not in taken else avatar
        # Only if still open: two devices with one code, one seat.
        won = (
            Seat.objects.open_codes()
            .filter(pk=open_seat.pk)
            .update(
                device_key=seat_key(token), code="", name=name, avatar=avatar, seen=timezone.now()
            )
        )
    if not won:
        return None
    request.session[sessions.SEAT_TOKENS] = [
        *request.session.get(sessions.SEAT_TOKENS, [])[-9:],  # the newest ten
        token,
    ]
    request.session[sessions.FRIEND_TABLES] = [
        *request.session.get(sessions.FRIEND_TABLES, [])[-9:],
        open_seat.game.public_id,
    ]
    return open_seat


def made_up(taken: set[str]) -> tuple[str, str]:
    """A friendly name and a picture no one else at the table has."""
    name = secrets.choice(FRIEND_NAMES)
    pictures = [p for p in PICTURES if p not in taken] or list(PICTURES)
    return str(name), secrets.choice(pictures)


@require_http_methods(["POST"])
def new_code(request: FamilyRequest, public_id: str, number: int) -> HttpResponse:
    """A friend's seat whose code ran out, or closed after wrong codes, gets a new one, from
    its host."""
    game = Game.objects.for_request(request).filter(public_id=public_id).first()
    if game is None or not hosting(request, game):
        raise Http404("No such table")
    if number in game.table.handed or game.stage == Stage.OVER:
        return redirect(game)  # a bot plays the seat now, or nobody will: no code opens it
    Seat.objects.filter(game=game, number=number, friend=True, device_key="").update(
        code=new_seat_code(), code_expires=timezone.now() + CODE_LIFETIME, wrong_codes=0
    )
    return redirect(game)
