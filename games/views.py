from __future__ import annotations

import random
from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from games import replays, turns
from games.engine import IllegalAction, observe
from games.engine import hint as engine_hint
from games.forms import NewGameForm
from games.models import UNREAD, UNREAD_BY_A_MOVE, Game, guest_key
from games.narration import Step, advice
from games.table import MODE_NAMES, step_list, table_context

BAD_FORM = "That move did not come from this game's page. Please tap a card again."
STALE = "That move was already made. Here is the game as it is now."


def get_game_or_404(request: HttpRequest, public_id: str, unread: tuple[str, ...] = UNREAD) -> Game:
    try:
        return Game.objects.get_for_request(request, public_id, unread)
    except Game.DoesNotExist:
        raise Http404("No such game") from None


def render_game(
    request: HttpRequest,
    game: Game,
    *,
    steps: list[Step] | None = None,
    fresh: bool = False,
    notice: str = "",
    error: str = "",
    hint: Hint | None = None,
    status: int = 200,
) -> HttpResponse:
    context = table_context(game)
    if steps is None:
        steps = [Step.from_json(s) for s in game.last_steps]
    context |= {
        "steps": step_list(steps, game.human_seat),
        "narrate": fresh and len(steps) > 0,
        "notice": notice,
        "error": error,
        "hint": hint,
    }
    template = "games/board.html" if request.htmx else "games/game.html"
    return render(request, template, context, status=status)


def unfinished_games(request: HttpRequest) -> list[dict]:
    recent = Game.objects.for_request(request)[:20]
    games = [g for g in recent if not g.is_finished]
    return [
        {
            "url": g.get_absolute_url(),
            "mode": MODE_NAMES[g.rules["name"]],
            "hole": g.snapshot["hole"],
            "holes": g.rules["holes"],
            "started": g.created,
        }
        for g in games[:5]
    ]


@require_safe
def new(request: HttpRequest) -> HttpResponse:
    context = {"form": NewGameForm(), "unfinished": unfinished_games(request)}
    return render(request, "games/new.html", context)


@require_POST
def create(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST)
    if not form.is_valid():
        context = {"form": form, "unfinished": unfinished_games(request)}
        return render(request, "games/new.html", context, status=400)
    key = guest_key(request, create=True)
    # Guest games last a day. Clearing out older ones as new ones start keeps that promise
    # even where nobody has scheduled purge_guest_games.
    Game.objects.expired().delete()
    game = Game.start(form.rules, form.bot_levels, guest_key=key)
    turns.begin(game)
    return redirect("games:play", public_id=game.public_id)


@require_POST
def play_again(request: HttpRequest, public_id: str) -> HttpResponse:
    old = get_game_or_404(request, public_id)
    game = Game.start(old.rules_object, old.bot_levels[1:], guest_key=old.guest_key)
    turns.begin(game)
    return redirect("games:play", public_id=game.public_id)


@require_safe
def play(request: HttpRequest, public_id: str) -> HttpResponse:
    game = get_game_or_404(request, public_id)
    return render_game(request, game, hint=hint_for(game) if "hint" in request.GET else None)


@require_POST
def move(request: HttpRequest, public_id: str) -> HttpResponse:
    game = get_game_or_404(request, public_id, UNREAD_BY_A_MOVE)
    version = request.POST.get("version", "")
    if not version.isdigit() or len(version) > 9:
        return render_game(request, game, error=BAD_FORM, steps=[], status=400)
    if version != str(game.version):
        return render_game(request, game, notice=STALE, steps=[], status=409)
    try:
        outcome = turns.take(game, request.POST.get("move", ""))
    except IllegalAction as e:
        return render_game(request, game, error=str(e), steps=[], status=400)
    except turns.StaleMove:
        game.refresh_from_db()
        return render_game(request, game, notice=STALE, steps=[], status=409)
    return render_game(request, game, steps=outcome.steps, fresh=True)


@dataclass(frozen=True)
class Hint:
    text: str  # the advice
    where: str = ""  # where on the table, when it is about a card


def hint_for(game: Game) -> Hint:
    """The steady bot's choice for the child's seat, and its reason."""
    state = game.state
    if not turns.is_childs_turn(game, state):
        return Hint("There is nothing for you to do just now.")
    obs = observe(state, game.human_seat)
    rng = random.Random(f"hint:{game.seed}:{game.action_count}")
    action, why = engine_hint(obs, rng=rng)
    # The bot's advice says what and why; the place, when there is one, comes from us.
    return Hint(why, advice(obs, action) if action.pos is not None else "")


@require_safe
def hint(request: HttpRequest, public_id: str) -> HttpResponse:
    game = get_game_or_404(request, public_id)
    if not request.htmx:
        return redirect(f"{game.get_absolute_url()}?hint=1#hint")
    return render(request, "games/hint.html", {"hint": hint_for(game)})


@require_safe
def replay(request: HttpRequest, public_id: str) -> HttpResponse:
    game = get_game_or_404(request, public_id)
    if not game.state.is_over:
        raise Http404("A game can be watched again once it is finished")
    holes = replays.holes(game)
    try:
        number = int(request.GET.get("hole", "1"))
    except ValueError:
        number = 1
    number = min(max(number, 1), len(holes))
    context = {"game": game, "holes": holes, "hole": holes[number - 1], "number": number}
    return render(request, "games/replay.html", context)
