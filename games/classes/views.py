"""The pages of a class that answers on its own devices.

A child's device joins at /class/ with the code on the big screen (four pictures, tapped in
turn); /class/play/ then shows the class's question, takes one answer, and says kindly
whether it was right once the projector shows the answer. The projector's game page draws
``projector_view``. Devices and projector hear of news on games.live's streams
(/teach/play/answers/live/ for the answers), never by polling, which would cost every device
a whole request a second (docs/lessons.md).
"""

from __future__ import annotations

import csv
from datetime import timedelta

from asgiref.sync import sync_to_async
from django.http import Http404, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games import join_codes, limits, live
from games.classes.models import ClassSession, new_device_token
from games.classes.screens import device_view, open_question, projector_view, tricky_view
from games.engine import IllegalAction
from games.models import Game
from games.requests import Request
from games.table import ANSWER, parse, question_asked
from games.words.classes import COUNTS_HEADING
from games.words.refusals import CLASS_CODE_OLD, CLASS_CODE_WAIT, CLASS_CODE_WRONG, refusal
from peabody import sessions

# --- joining ----------------------------------------------------------------------------

# Wrong codes: a device is its session's token; a script that drops its cookie to be a new
# device each time is held by a second, looser count for its internet address, roomy enough
# for a school behind one address whose children mistype. The page says "Wait a few minutes".
TRIES = limits.Limit(
    "class-code",
    per_device=limits.Tries(most=10, window=timedelta(minutes=10)),
    per_address=limits.Tries(most=200, window=timedelta(hours=1)),
)


def device_token(request: Request) -> str:
    token = request.session.get(sessions.CLASS_DEVICE)
    if token is None:
        token = request.session[sessions.CLASS_DEVICE] = new_device_token()
    return token


def lesson_device(request: Request, class_session: ClassSession) -> str:
    """The device as ``class_session``'s answers know it: from its session's token and the
    lesson, so joining again is the same device, with the answers it gave, and nothing ties
    its answers to any other lesson's."""
    mixed = f"{class_session.pk}:{device_token(request)}"
    return salted_hmac("class-device", mixed, algorithm="sha256").hexdigest()[:32]


def joined_session(request: Request) -> tuple[ClassSession, dict] | None:
    """The live class session this device joined, if it did."""
    joined = request.session.get(sessions.CLASS_JOINED)
    if not isinstance(joined, dict) or not isinstance(joined.get("lesson"), int):
        return None
    class_session = (
        ClassSession.objects.live().select_related("game").filter(pk=joined["lesson"]).first()
    )
    return None if class_session is None else (class_session, joined)


@require_http_methods(["GET", "HEAD", "POST"])
def join(request: Request) -> HttpResponse:
    """Tap the code's pictures one at a time (games.join_codes.tapped); the last tap joins."""
    if request.method != "POST":
        if joined_session(request):
            return redirect("games:class_device")
        return render_join(request, join_codes.Tapped([]))
    tapped = join_codes.tapped(request.POST)
    if not tapped.code:
        return render_join(request, tapped)
    device = device_token(request)
    if not TRIES.spend(request, device):
        return render_join(request, tapped, CLASS_CODE_WAIT, status=429)
    class_session = ClassSession.objects.filter(code=tapped.code).first()
    if class_session is None or class_session.expires <= timezone.now():
        refusal = CLASS_CODE_OLD if class_session else CLASS_CODE_WRONG
        return render_join(request, tapped, refusal, status=400)
    TRIES.give_back(request, device)  # the right code: only wrong ones count
    joined = request.session.get(sessions.CLASS_JOINED)
    if isinstance(joined, dict) and joined.get("lesson") == class_session.pk:
        # Joined this lesson before: the same device, with the answers it gave.
        number_ = joined["number"]
    else:
        number_ = class_session.join()
    # "lesson" is the session key of the class session's id (sessions already hold it so).
    request.session[sessions.CLASS_JOINED] = {"lesson": class_session.pk, "number": number_}
    if not request.user.is_authenticated and sessions.GUEST_KEY not in request.session:
        # A device here only for the lesson forgets it when the lesson ends.
        request.session.set_expiry(class_session.expires)
    url = reverse("games:class_device")
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def render_join(
    request: Request, tapped: join_codes.Tapped, refusal: object = "", status: int = 200
) -> HttpResponse:
    context = tapped.keys() | {"refusal": refusal, "action": reverse("games:class_join")}
    template = "games/join_code.html" if request.htmx else "classes/join.html"
    return render(request, template, context, status=status)


# --- the device's page ------------------------------------------------------------------


def render_device(
    request: Request, class_session: ClassSession, joined: dict, notice: str = "", status: int = 200
) -> HttpResponse:
    view = device_view(class_session, joined, lesson_device(request, class_session))
    context = {"view": view, "notice": notice, "board": view.board}
    template = "classes/device.html"
    if request.htmx:
        template += "#device"
    return render(request, template, context, status=status)


@require_GET
def device(request: Request) -> HttpResponse:
    found = joined_session(request)
    if found is None:
        return redirect("games:class_join")
    return render_device(request, *found)


@require_POST
def answer(request: Request) -> HttpResponse:
    """One answer a question: a second, or one to a question no longer asked, changes
    nothing and is told so kindly."""
    found = joined_session(request)
    if found is None:
        return redirect("games:class_join")
    class_session, joined = found
    key = open_question(class_session.game.table)
    if key is None or request.POST.get("question") != key:
        return render_device(request, class_session, joined, notice="over", status=409)
    try:
        move = parse(
            request.POST.get("move", ""),
            typed=request.POST.get("answer", ""),
            landings=request.POST.getlist("landing"),
        )
    except IllegalAction as e:
        return render_device(request, class_session, joined, notice=refusal(e), status=400)
    if move.kind != ANSWER or move.value is None:
        return render_device(request, class_session, joined, notice="over", status=400)
    device_ = lesson_device(request, class_session)
    asked = question_asked(class_session.game.table)
    assert asked is not None  # the key is the open question's
    if not class_session.answer(key, device_, move.value, right=move.value == asked.answer):
        return render_device(request, class_session, joined, notice="once", status=409)
    return render_device(request, class_session, joined)


def watch_game(request: Request) -> tuple[int, int, bool]:
    found = joined_session(request)
    if found is None:
        raise Http404("Not in a class")
    game = found[0].game
    return game.pk, game.version, game.end_seen


@require_GET
async def device_events(request: Request) -> HttpResponseBase:
    """The class's game's moves, for its devices: a question opened or closed."""
    pk, version, over = await sync_to_async(watch_game)(request)
    return live.respond(request, pk, version, over)


# --- the projector ----------------------------------------------------------------------


def projector_session(request: Request) -> ClassSession:
    """The class session of this browser's class game, on its projector."""
    public_id = request.session.get(sessions.CLASS_GAME)
    games = Game.objects.for_request(request).filter(public_id=public_id)
    class_session = (
        ClassSession.objects.live().select_related("game").filter(game__in=games).first()
    )
    if class_session is None:
        raise Http404("No class lesson")
    return class_session


@require_GET
def answers(request: Request) -> HttpResponse:
    """The spread of the class's answers, drawn again as they come."""
    class_session = projector_session(request)
    game = class_session.game
    view = projector_view(game, game.table, game.stage)
    return render(request, "classes/projector.html#answers", {"lesson": view})


def read_answered(pks: list[int]) -> list[tuple[int, int, bool]]:
    """Each class session's count of answers: its version, as games.live's poller reads them."""
    return [
        (pk, answered, False)
        for pk, answered in ClassSession.objects.filter(pk__in=pks).values_list("pk", "answered")
    ]


@require_GET
async def answers_events(request: Request) -> HttpResponseBase:
    """A new answer came: the projector draws the spread again."""
    class_session = await sync_to_async(projector_session)(request)
    return live.respond(request, class_session.pk, class_session.answered, False, read_answered)


@require_POST
def end(request: Request) -> HttpResponse:
    """The teacher ends the lesson: its code and every answer go at once."""
    public_id = request.session.pop(sessions.CLASS_GAME, None)
    games = Game.objects.for_request(request).filter(public_id=public_id)
    ClassSession.objects.filter(game__in=games).delete()
    return redirect("games:class_game")


# --- after the class's game: what the class found tricky --------------------------------


def own_session(request: Request, lesson: int) -> ClassSession:
    """The live class session ``lesson`` of a class game this browser dealt, or a 404."""
    games = Game.objects.for_request(request)
    class_session = (
        ClassSession.objects.live().select_related("game").filter(pk=lesson, game__in=games).first()
    )
    if class_session is None:
        raise Http404("No class lesson")
    return class_session


@require_GET
def tricky(request: Request, lesson: int) -> HttpResponse:
    """Each question the class's devices answered: how many answered, how many were right the
    first time, as dots and numbers; never who. It goes with the lesson."""
    class_session = own_session(request, lesson)
    context = {"tricky": tricky_view(class_session), "game": class_session.game}
    template = "classes/tricky.html"
    if request.htmx:
        template += "#questions"
    return render(request, template, context)


@require_GET
def tricky_counts(request: Request, lesson: int) -> HttpResponse:
    """The teacher keeps the counts, on their own computer: a spreadsheet of each question
    and its two counts, nothing else. The site keeps nothing past the lesson."""
    view = tricky_view(own_session(request, lesson))
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="class-counts.csv"'
    writer = csv.writer(response)
    writer.writerow([str(words) for words in COUNTS_HEADING])
    for question in view.questions:
        writer.writerow([question.label, question.answered, question.right])
    return response
