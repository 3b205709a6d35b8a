"""The lesson pages: "How to play" at /rules/, the teacher's slides at /teach/, and the one
hole the class plays together after them.

The tables are drawn with the game's own view models (``games.board``) and templates. The
rules page and the slides write nothing to the session, so they set no cookie, and hold no
form, token or anything of the visitor's, so they are safe to send compressed (compressing a
page that holds a secret can leak it: BREACH).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_POST, require_safe

from games import limits
from games.adapting import fitting
from games.board import (
    BOT_FACES,
    PERSON,
    CardView,
    HoleView,
    Seating,
    TableView,
    hole_view,
    table_view,
)
from games.classes.models import ClassSession
from games.engine import PRESETS, observe
from games.models import Game, new_guest_game_key
from games.number_lines import LineView
from games.requests import Request
from games.slides import SlideTold, slides_told
from games.words import rules as rule_words
from games.words.modes import MODE_NAMES
from games.words.walkthrough import NAMES
from lessons.core import walkthrough
from lessons.core.rules import RULE_SETS, CardsPicture, RuleSet, RuleStep
from lessons.core.walkthrough import Slide
from peabody import sessions

# One hole of the easy game against one gentle bot: short enough for a lesson.
CLASS_RULES = replace(PRESETS["easy4"], holes=1)
CLASS_BOTS = ["gentle"]


# --- "How to play" ----------------------------------------------------------------------


@dataclass(frozen=True)
class PictureView:
    """A rule's picture as cards the table's templates draw, row by row."""

    cols: int
    cards: list[CardView]
    beside: CardView | None
    beside_label: str
    description: str


@dataclass(frozen=True)
class RuleStepView:
    number: int
    text: str
    picture: PictureView | None


@dataclass(frozen=True)
class RulesView:
    preset: str  # the page's anchor for this game: /rules/#knock9
    name: str  # "Knock Golf", as the table names the game
    title: str
    steps: list[RuleStepView]


def picture_card(code: str, face_up: bool) -> CardView:
    # The picture is described as a whole (``PictureView.description``): a card needs no name.
    return CardView(code if face_up else None, label="")


def picture_view(rule_set: RuleSet, step: RuleStep, picture: CardsPicture) -> PictureView:
    beside = picture.beside
    return PictureView(
        cols=len(picture.rows[0]),
        cards=[picture_card(c.code, c.face_up) for row in picture.rows for c in row],
        beside=picture_card(beside.code, beside.face_up) if beside else None,
        beside_label=rule_words.beside_label(picture),
        description=rule_words.description(rule_set, step),
    )


def rules_view(rule_set: RuleSet) -> RulesView:
    """A game's rules in the page's language, from their facts (``lessons.core.rules``)."""
    return RulesView(
        preset=rule_set.preset,
        name=MODE_NAMES[rule_set.preset],
        title=rule_words.title(rule_set),
        steps=[
            RuleStepView(
                s.number,
                rule_words.text(rule_set, s),
                picture_view(rule_set, s, s.picture) if s.picture else None,
            )
            for s in rule_set.steps
        ],
    )


@require_safe
@gzip_page
def rules(request: Request) -> HttpResponse:
    games = [rules_view(rule_set) for rule_set in RULE_SETS.values()]
    return render(request, "lessons/rules.html", {"games": games})


# --- the teacher's slides ---------------------------------------------------------------


@dataclass(frozen=True)
class SlideView:
    number: int  # counted from 1
    slide: SlideTold
    url: str
    previous_url: str  # "" on the first slide
    next_url: str  # "" on the last
    table: TableView | None  # the table at this moment; None once the hole is over
    scores: HoleView | None  # once the hole is over: every layout, column by column
    number_line: LineView | None  # the scores side by side, on the slide of the winner


def slide_url(slide: Slide) -> str:
    first = walkthrough.slides()[0]
    if slide == first:
        return reverse("games:teach")
    return reverse("games:slide", args=[slide.key])


# The slides' table: the class, and the other player as the slides' words call them.
SEATING = Seating(
    you=walkthrough.SEAT,
    names=NAMES,
    faces=tuple(
        PERSON if seat == walkthrough.SEAT else BOT_FACES[0] for seat in range(walkthrough.PLAYERS)
    ),
    pictures=("",) * walkthrough.PLAYERS,
    people_seats=(walkthrough.SEAT,),
)


def slide_table(slide: Slide) -> TableView | None:
    obs = observe(slide.state(), walkthrough.SEAT)
    if obs.results:
        return None
    return table_view(obs, SEATING, peeking=slide.show_memory)


def slide_scores(slide: Slide) -> HoleView | None:
    obs = observe(slide.state(), walkthrough.SEAT)
    if not obs.results:
        return None
    return hole_view(obs, SEATING, 0)


def slide_views() -> list[SlideView]:
    slides = slides_told()
    urls = [slide_url(said.slide) for said in slides]
    return [
        SlideView(
            number=n + 1,
            slide=said,
            url=urls[n],
            previous_url=urls[n - 1] if n > 0 else "",
            next_url=urls[n + 1] if n + 1 < len(slides) else "",
            table=slide_table(said.slide),
            scores=slide_scores(said.slide),
            number_line=said.winner.number_line if said.winner else None,
        )
        for n, said in enumerate(slides)
    ]


@require_safe
@gzip_page
def teach(request: Request, key: str = "") -> HttpResponse:
    """One slide, with every other slide beside it in a ``<template>``: the slides' script
    moves between them at once, with no trip to the server (a classroom's network may be
    slow), and without the script each slide is a page of its own."""
    views = slide_views()
    found = [v for v in views if v.slide.key == key] if key else views[:1]
    if not found:
        raise Http404("No such slide")
    current = found[0]
    context = {"slides": views, "current": current, "total": len(views)}
    return render(request, "lessons/teach.html", context)


# --- the class's game -------------------------------------------------------------------


@require_safe
def class_game(request: Request) -> HttpResponse:
    """What the class is about to play, and the button that deals: the first page that
    sets a cookie, for the game's sake."""
    back = slide_url(walkthrough.slides()[-1])
    # The class's devices are still in the last deal's lesson: the teacher may see what the
    # class found tricky, and end it, here.
    dealt = request.session.get(sessions.CLASS_GAME) if request.session.session_key else None
    lessons = ClassSession.objects.filter(game__public_id=dealt)
    lesson_open = bool(dealt) and lessons.exists()
    live = lessons.live().values_list("pk", flat=True).first() if lesson_open else None
    context = {"back": back, "lesson_open": lesson_open, "lesson": live}
    return render(request, "lessons/class_game.html", context)


@require_POST
def start_class_game(request: Request) -> HttpResponse:
    """The class is one guest player, "You", against a gentle bot: no names, and nothing
    kept but the guest game itself, which goes after a day like every guest game."""
    expired = Game.objects.expired()  # as the new-game form does, see games.views.create
    if expired.exists():
        expired.delete()
    if not limits.guest_game(request):
        return render(request, "games/too_many.html", status=429)
    # The class's questions and bot are fitted to the class's own earlier games of the day.
    fit = fitting(request)
    previous = request.session.get(sessions.CLASS_GAME)
    game = Game.start(
        CLASS_RULES,
        CLASS_BOTS,
        guest_key=new_guest_game_key(request),
        gentleness=fit.gentleness,
        plans=[fit.plan],
        walk_first=True,  # a clicker has no digits: its sums are walked on the line
    )
    request.session[sessions.CLASS_GAME] = game.public_id
    # The class's devices join with a new code: the code of the deal before ends with it.
    ClassSession.objects.filter(game__public_id=previous).delete()
    ClassSession.open(game)
    # A room full of children hears the table only once the teacher switches its sound on.
    request.session.setdefault(sessions.SOUND, False)
    return redirect(game)
