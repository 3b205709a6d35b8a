"""A friend at a family table: a child from another family joins a seat kept for them, from
their own device, with its join code (games.join_codes); games.friends shows their seats.

The device keeps a token in its session, the seat only its hash, and the friend is never
named by anything typed (docs/families.md).
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django import forms
from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_http_methods

from games import join_codes
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
# found this way.
TRIES = join_codes.Limit(
    "friend-code", per_address=join_codes.Tries(most=5, window=timedelta(minutes=1))
)
PLACES = (
    pgettext_lazy("a join code's pictures, in order", "1st picture"),
    pgettext_lazy("a join code's pictures, in order", "2nd picture"),
    pgettext_lazy("a join code's pictures, in order", "3rd picture"),
    pgettext_lazy("a join code's pictures, in order", "4th picture"),
)


class CodeForm(forms.Form):
    """The code, one picture at a time: a choice of every picture for each place."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        choices = [(name, PICTURES[name]) for name in join_codes.PICTURES]
        for n in range(join_codes.LENGTH):
            self.fields[f"p{n}"] = forms.ChoiceField(
                label=PLACES[n], choices=choices, widget=forms.RadioSelect
            )

    @property
    def code(self) -> str:
        return join_codes.code_of([self.cleaned_data[f"p{n}"] for n in range(join_codes.LENGTH)])


@require_http_methods(["GET", "POST"])
def join(request: FamilyRequest) -> HttpResponse:
    """Type (tap) the code a grown-up's screen shows, and sit at their table."""
    form = CodeForm(request.POST or None)
    error = ""
    if request.method == "POST":
        if TRIES.reached(request):
            error = str(FRIEND_CODE_WAIT)
        elif form.is_valid() and (seat := claim(request, form.code)) is not None:
            return redirect(seat.game)
        else:
            TRIES.count_wrong(request)
            error = str(FRIEND_CODE_WRONG)
    rows = [(form[f"p{n}"], PLACES[n]) for n in range(join_codes.LENGTH)]
    status = 400 if error else 200
    return render(request, "families/join.html", {"rows": rows, "error": error}, status=status)


def claim(request: FamilyRequest, code: str) -> Seat | None:
    """The friend's seat whose open code is ``code``, now this device's; None if there is
    none (a wrong code, its time up, or another device was first)."""
    token = secrets.token_urlsafe(24)
    child = request.child
    with transaction.atomic():
        open_seat = Seat.objects.filter(
            friend=True, code=code, device_key="", code_expires__gt=timezone.now()
        ).first()
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
        won = Seat.objects.filter(pk=open_seat.pk, device_key="").update(
            device_key=seat_key(token), code="", name=name, avatar=avatar, seen=timezone.now()
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
    """A friend's seat whose code ran out gets a new one, from its host."""
    game = Game.objects.for_request(request).filter(public_id=public_id).first()
    if game is None or not hosting(request, game):
        raise Http404("No such table")
    if number in game.table.handed or game.stage == Stage.OVER:
        return redirect(game)  # a bot plays the seat now, or nobody will: no code opens it
    Seat.objects.filter(game=game, number=number, friend=True, device_key="").update(
        code=new_seat_code(), code_expires=timezone.now() + CODE_LIFETIME
    )
    return redirect(game)
