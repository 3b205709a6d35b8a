from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any

from django.db.models import prefetch_related_objects
from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST, require_safe

from games import guide, limits, once, replays
from games.adapting import Fitting, fitting, practice_at
from games.board import (
    Hint,
    HoleBoard,
    Seating,
    board,
    game_ref,
    hint_for,
    question_mark,
    seating,
    step_views,
)
from games.classes.screens import projector_view
from games.engine import IllegalAction
from games.forms import NewGameForm
from games.friends import friend_seats, friends_device, hosting
from games.models import (
    AWAY,
    FRIEND,
    Game,
    StaleMove,
    new_guest_game_key,
    open_by_token,
)
from games.requests import Request
from games.table import (
    Event,
    Ready,
    Stage,
    Table,
    must_ask_before_knocking,
    parse,
    stage_for,
    waited_on,
)
from games.words.modes import MODE_NAMES
from games.words.people import seat_names, you_first
from games.words.refusals import AGAIN_BY_THE_HOST, BAD_FORM, STALE, refusal
from games.words.table import started, still_here
from peabody import sessions


def get_game_or_404(request: Request, public_id: str) -> Game:
    try:
        return Game.objects.for_request(request).get(public_id=public_id)
    except Game.DoesNotExist:
        raise Http404("No such game") from None


def seat_taken_kindly(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A view of one game which, on the device of a friend whose seat a bot plays now, says
    so kindly (seat_taken) where it would say there is no such game."""

    @wraps(view)
    def answer(request: Request, public_id: str, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, public_id, *args, **kwargs)
        except Http404:
            if not Game.objects.left_by(request).filter(public_id=public_id).exists():
                raise
            return seat_taken(request, public_id)

    return answer


def seat_taken(request: Request, public_id: str) -> HttpResponse:
    """The friend's device whose seat a bot plays now: a page in a child's words with the
    way on, and nothing of the table (no name, no score). Gone (410) for this device; for
    htmx (a move, the board drawn again after another device's move), the whole page."""
    response = render(request, "games/seat_taken.html", status=410)
    if request.htmx:
        response["HX-Redirect"] = reverse("games:play", args=[public_id])
    return response


def render_game(
    request: Request,
    game: Game,
    *,
    events: list[Event] | None = None,
    notice: str = "",
    error: str = "",
    hint: Hint | None = None,
    asking: bool = False,
    status: int = 200,
) -> HttpResponse:
    """The game page, or its board for htmx. ``events``: what the request just did, told
    at once; with None, what the person at the table has not been shown yet is told again,
    without playing it out. With a device each, the table is drawn from this device's seat,
    and a board drawn again because another device moved (``?told=N``: N of what this
    seat has not made a move since were told already) tells and plays out what is new."""
    table: Table = game.table
    seat = game.device_seat(request)
    friends = friend_seats(request, game)
    if seat is None and game.devices:
        context = {"game": game_ref(game), "friends": friends}
        return render(request, "games/elsewhere.html", context, status=status)
    now = stage_for(table, seat, game.stage)
    told_before = request.GET.get("told", "")
    if events is None and told_before.isascii() and told_before.isdigit() and seat is not None:
        events = new_to(table.unseen[seat], int(told_before))
    told = to_tell(table, seat, events)
    if now == Stage.PASS:
        told = []  # what happened is told to the next person, once they have the device
    seats = seating(game, seat)
    view = board(game, table, now, seats, asking=asking, told=told)
    asked = isinstance(view, HoleBoard) and view.question is not None
    steps = step_views(told, seats, reasons=not asked)
    context = {
        "board": view,
        "steps": steps,
        "narrate": events is not None and len(steps) > 0,
        "live": game.devices and not game.finished,
        "told": len(table.unseen[seat]) if seat is not None else 0,
        "friends": friends,
        "friends_waiting": any(friend["open"] for friend in friends),  # the host sees them join
        "away": away(game, seat, seats),
        "notice": notice,
        "error": error,
        "hint": hint,
        "tips": guide.tips(request.session, game, view),
        "read_aloud": reading(request),
        "sound": request.session.get(sessions.SOUND, sessions.SOUND_STARTS_ON),
        "class_table": request.session.get(sessions.CLASS_GAME) == game.public_id,
        # A friend's device: the host plays again, not the friend (play_again).
        "friend_device": friends_device(request, game),
    }
    if context["class_table"]:
        context["class_lesson"] = projector_view(game, table, now)
    template = "games/game.html"
    if request.htmx:
        template += "#board"
    return render(request, template, context, status=status)


def away(game: Game, seat: int | None, seats: Seating) -> list[dict]:
    """At a table with a device each, the people the device at ``seat`` waits for (whoever's
    turn it is, or after a hole the others still answering their questions): each one's
    seat and name, and whether their device is away (a bot may play for them), or else in
    how many seconds it will count as away if nothing is heard from it (the page looks
    again then). ``seats`` are the game's, seen from ``seat``: the people waited for are
    never that seat."""
    if not game.devices:
        return []
    moment = timezone.now()
    names = seats.names
    waiting = []
    for number in waited_on(game.table, seat, game.stage):
        row = game.seat_row(number)
        if row is None:  # the child in that seat was deleted since: no device will come
            waiting.append({"seat": number, "name": names[number], "gone": True, "in": 0})
            continue
        left = AWAY - (moment - (row.seen or game.created))
        waiting.append(
            {
                "seat": number,
                "name": names[number],
                "gone": row.away(moment),
                "in": max(1, int(left.total_seconds()) + 1),
            }
        )
    return waiting


@require_POST
@seat_taken_kindly
def hand(request: Request, public_id: str, number: int) -> HttpResponse:
    """A bot plays seat ``number`` from now on: a friend's seat its host takes away, or the
    seat of a person whose device has been away a minute while another device at the table
    waits for them (for their turn, or after a hole for their question). A second press, or
    another device's, finds it done; a seat whose device is still here stays its own."""
    game = get_game_or_404(request, public_id)
    mine = game.device_seat(request)
    row = game.seat_row(number)
    host = row is not None and row.friend and hosting(request, game)
    if number in game.table.handed and (mine is not None or host):
        return render_game(request, game, notice=str(STALE), events=[], status=409)
    waited = mine is not None and number in waited_on(game.table, mine, game.stage)
    # A seat with no row: its child was deleted since, so no device will ever come back.
    gone = waited and (row is None or row.away(timezone.now()))
    if not (host or gone):
        if waited:
            name = seat_names(game.bot_levels, game.nicknames)[number]
            return render_game(request, game, error=still_here(name), events=[], status=400)
        return render_game(
            request, game, error=refusal(IllegalAction("not_a_move")), events=[], status=400
        )
    try:
        events = game.hand_to_bot(number)
    except IllegalAction as e:
        return render_game(request, game, error=refusal(e), events=[], status=400)
    except StaleMove:
        game = get_game_or_404(request, public_id)
        return render_game(request, game, notice=str(STALE), events=[], status=409)
    if not request.htmx:
        return redirect(game)
    return render_game(request, game, events=events)


def to_tell(table: Table, you: int | None, events: list[Event] | None) -> list[Event]:
    """What the person in seat ``you`` is told: what their request did, or once the device
    is passed to them, what happened since they last had it; on a page opened afresh
    (None), what they have not been shown yet."""
    if you is None:
        return []
    if events is None or any(isinstance(event, Ready) for event in events):
        return list(table.unseen[you])
    return events


def new_to(unseen: Sequence[Event], told: int) -> list[Event]:
    """What a device that has told ``told`` of ``unseen`` has not told yet. A hole's end
    starts everyone's unseen afresh: if it is now shorter, all of it is new."""
    return list(unseen[told:]) if told <= len(unseen) else list(unseen)


def unfinished_games(request: Request) -> list[dict]:
    """Up to five of the 20 newest games to carry on, read from the games' columns: a game
    is carried on until the child has seen its end, the last hole's scores too."""
    newest = Game.objects.for_request(request).defer("snapshot", "moves")[:20]
    recent = [g for g in newest if not g.end_seen][:5]
    prefetch_related_objects(recent, "seats__child")
    return [
        {
            "url": g.get_absolute_url(),
            "mode": MODE_NAMES[g.rules.name],
            "people": you_first(people_names(g)) if g.several_people else "",
            "hole": g.hole,
            "holes": g.rules.holes,
            "started": started(g.created),
        }
        for g in recent
    ]


def people_names(game: Game) -> list[str]:
    """The names of the people at ``game``'s table, not the bots'."""
    names = seat_names(game.bot_levels, game.nicknames)
    return [names[seat] for seat in game.people_seats]


def new_game_form(
    request: Request, data: QueryDict | None = None, chosen: str | None = None
) -> NewGameForm:
    """The new-game form, on the game ``chosen`` by its picture on the home page; in kid
    mode it starts on the child's favourite game and keeps the maths level and the practice
    questions their grown-up chose, and bots no trickier."""
    child = request.child
    if chosen not in MODE_NAMES:
        chosen = child.favourite_mode if child is not None else None
    if child is None:
        return NewGameForm(data, mode=chosen)
    return NewGameForm(
        data,
        mode=chosen,
        adding_only=child.adding_only,
        questions=child.practice_questions,
        trickiest=child.trickiest_bots,
    )


@require_safe
def new(request: Request) -> HttpResponse:
    form = new_game_form(request, chosen=request.GET.get("mode"))
    context = {
        "form": form,
        "unfinished": unfinished_games(request),
        "tables": Game.objects.for_request(request).tables_ready()[:3],
    }
    return render(request, "games/new.html", context)


@require_POST
def create(request: Request) -> HttpResponse:
    form = new_game_form(request, request.POST)
    if not form.is_valid():
        context = {"form": form, "unfinished": unfinished_games(request)}
        return render(request, "games/new.html", context, status=400)
    token = request.POST.get(once.ONCE, "")
    if made := once.claim(token):
        return once.earlier_answer(request, token, made)
    # Guest games last a day. Clearing out older ones as new ones start keeps that promise
    # where nobody has scheduled purge_guest_games; looking first keeps a start from taking
    # the database's write lock for a delete that has nothing to do.
    expired = Game.objects.expired()
    if expired.exists():
        expired.delete()
    questions = form.cleaned_data["questions"]
    if request.child is None and not limits.guest_game(request):
        once.release(token)  # refused: pressing again after a game is a day old may start one
        return too_many_games(request)
    # Fitted to the child before their new game exists: from the games they have played.
    fit = fitting(request)
    game = Game.start(
        form.rules,
        form.bot_levels,
        guest_key=new_guest_game_key(request) if request.child is None else "",
        people=[request.child] if request.child is not None else [],
        questions=questions,
        gentleness=fit.gentleness,
        plans=[fit.plan],
    )
    guide.begin(request.session, game)
    once.remember(token, game)
    return redirect(game)


@require_safe
def dealing(request: Request, token: str) -> HttpResponse:
    """Where a post goes that came while the game its token starts was still being made
    (games.once): the game once it is made; until then a page that looks again in a moment."""
    made = once.made(token)
    if made is None:  # never claimed, released, or its maker gave up: start again
        return redirect("games:new")
    if made == once.MAKING:
        return render(request, "games/dealing.html", {"token": token})
    open_by_token(request, made)
    return redirect("games:play", made)


def too_many_games(request: Request) -> HttpResponse:
    """A browser past its day's guest games gets a kind page, not an error."""
    return render(request, "games/too_many.html", status=429)


@require_POST
@seat_taken_kindly
def play_again(request: Request, public_id: str) -> HttpResponse:
    old = get_game_or_404(request, public_id)
    if friends_device(request, old):
        # The friend's device could not open the new table: its seat there has a new code.
        # Their host plays again; nothing is made, and the friend is told so kindly.
        error = str(AGAIN_BY_THE_HOST)
        return render_game(request, old, error=error, events=[], status=403)
    token = request.POST.get(once.ONCE, "")
    if made := once.claim(token):
        return once.earlier_answer(request, token, made)
    if old.guest_key and not limits.guest_game(request):
        once.release(token)
        return too_many_games(request)
    # The child playing alone gets a game fitted to them again; several people at one
    # device play with the same bots as before.
    # A table with a device each fits each child's questions to them again.
    fit = Fitting(old.gentleness, None) if old.several_people else fitting(request)
    # A friend's seat is kept for them, with a new code: not made a grown-up's seat.
    people = [FRIEND if seat.friend else seat.child for seat in old.seat_rows]
    practice = practice_at(people if old.devices else [])
    game = Game.start(
        old.rules,
        [level for level in old.bot_levels if level is not None],
        # The same key as the old game's: it is this browser's, and counts toward its limit.
        guest_key=old.guest_key and new_guest_game_key(request),
        people=people,
        questions=bool(practice.learners) if old.devices else old.questions,
        gentleness=fit.gentleness,
        plans=practice.plans if old.devices else [fit.plan],
        devices=old.devices,
        learners=practice.learners,
    )
    once.remember(token, game)
    return redirect(game)


@require_safe
@seat_taken_kindly
def play(request: Request, public_id: str) -> HttpResponse:
    game = get_game_or_404(request, public_id)
    # "Keep playing" was the answer to a knock question.
    request.session.pop(sessions.KNOCK_ASKED, None)
    seat = game.device_seat(request)
    hint = hint_for(game.table, seat, game.stage) if "hint" in request.GET else None
    return render_game(request, game, hint=hint)


@require_POST
@seat_taken_kindly
def move(request: Request, public_id: str) -> HttpResponse:
    """Load the game, apply the move, save it, and draw the board."""
    game = get_game_or_404(request, public_id)
    version = request.POST.get("version", "")
    if not (version.isascii() and version.isdigit()) or len(version) > 9:
        return render_game(request, game, error=str(BAD_FORM), events=[], status=400)
    chosen = request.POST.get("move", "")
    seat = game.device_seat(request)
    if int(version) != game.version and not still_asked(game, seat, request.POST.get("asked")):
        return render_game(request, game, notice=str(STALE), events=[], status=409)
    # A knock that ends the hole with a card face down is asked about; pressing Knock again
    # on the question (the same game at the same version) is the child's yes.
    here = [game.public_id, game.version]
    asked = request.session.pop(sessions.KNOCK_ASKED, None) == here
    if chosen == "knock" and not asked and must_ask_before_knocking(game.table, game.stage):
        request.session[sessions.KNOCK_ASKED] = here
        return render_game(request, game, events=[], asking=True)
    try:
        events = game.play(
            seat=seat,
            move=parse(
                chosen,
                typed=request.POST.get("answer", ""),
                then_knock=request.POST.get("and_knock") == "yes",
                landings=request.POST.getlist("landing"),
            ),
        )
    except IllegalAction as e:
        return render_game(request, game, error=refusal(e), events=[], status=400)
    except StaleMove:
        game = get_game_or_404(request, public_id)
        return render_game(request, game, notice=str(STALE), events=[], status=409)
    return render_game(request, game, events=events)


def still_asked(game: Game, seat: int | None, mark: str | None) -> bool:
    """With a device each, the children answer their questions at once, each answer a new
    version of the game: a page drawn before another seat's answer still answers the try
    it showed (``mark``, games.board.question_mark), if this seat is still at that try."""
    return game.devices and mark is not None and mark == question_mark(game.table, seat)


def reading(request: Request) -> bool | None:
    """The "read everything to me" switch as this browser has it; None where it is not
    offered: in kid mode, when the grown-up turned reading out loud off for the family."""
    if request.child is not None and not request.child.family_reads_aloud:
        return None
    return request.session.get(sessions.READ_ALOUD, sessions.READ_ALOUD_STARTS_ON)


@require_POST
def read_aloud(request: Request) -> HttpResponse:
    """Switch "read everything to me" on or off for this browser (and a child's profile).
    Not where the family's grown-up turned reading off: it stays off (a page from before)."""
    if reading(request) is None:
        request.session[sessions.READ_ALOUD] = False
        if request.htmx:
            return HttpResponse("")  # the switch goes: it is not this child's to turn
        return redirect("games:new")
    return flip(
        request,
        sessions.READ_ALOUD,
        sessions.READ_ALOUD_STARTS_ON,
        "games/read_switch.html",
        kept_as="read_aloud",
    )


@require_POST
def sound(request: Request) -> HttpResponse:
    """Switch the table's sounds on or off for this browser (and a child's profile)."""
    return flip(
        request,
        sessions.SOUND,
        sessions.SOUND_STARTS_ON,
        "games/sound_switch.html",
        kept_as="sounds",
    )


def flip(request: Request, key: str, starts_on: bool, template: str, kept_as: str) -> HttpResponse:
    """Turn one of this browser's switches, kept in its session under ``key`` and, in kid
    mode, on the child's profile as ``kept_as`` (their choice next time, on any device; the
    grown-up can change it there): for htmx, the switch drawn again; without a script, back
    to the page it was pressed on."""
    request.session[key] = not request.session.get(key, starts_on)
    if request.child is not None:
        setattr(request.child, kept_as, request.session[key])
        request.child.save(update_fields=[kept_as])
    if request.htmx:
        return render(request, template, {key: request.session[key]})
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = "games:new"
    return redirect(back)


@require_safe
@seat_taken_kindly
def hint(request: Request, public_id: str) -> HttpResponse:
    game = get_game_or_404(request, public_id)
    if not request.htmx:
        return redirect(f"{game.get_absolute_url()}?hint=1#hint")
    hint = hint_for(game.table, game.device_seat(request), game.stage)
    return render(request, "games/game.html#hint", {"hint": hint})


@require_safe
@seat_taken_kindly
def replay(request: Request, public_id: str) -> HttpResponse:
    game = get_game_or_404(request, public_id)
    return render(request, "games/replay.html", replays.replay_context(request, game))
