"""The parent zone: children's profiles, their progress, downloads and deletion.

Kid mode never reaches these pages without the parent's password (see kid_mode). Every
query starts from the parent logged in, so another family's child, game, chart or download
is a 404.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta

from allauth.account.decorators import reauthentication_required, verified_email_required
from django.contrib import messages
from django.contrib.auth import get_user_model, logout
from django.contrib.auth.decorators import login_required
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_safe

from games.board import card_view
from games.models import Game, Seat
from games.questions import as_asked
from games.replays import replay_context
from games.words.people import seat_names
from peabody.families import chart, export, fitted, growth, practice
from peabody.families.deletion import delete_accounts, delete_children
from peabody.families.forms import ChildForm, FamilyForm
from peabody.families.models import Child, Family
from peabody.families.progress import progress as progress_of
from peabody.families.progress import trend
from peabody.families.talk import talk_about
from peabody.requests import ParentRequest
from peabody.words import grown_ups

View = Callable[..., HttpResponse]


def parent_zone(view: View) -> View:
    """A parent-zone page: for a logged-in parent. (Like every page, it is never kept in the
    browser's cache, so a child pressing Back after kid mode starts finds nothing there:
    peabody.private_pages.)"""
    return login_required(view)


def child_or_404(request: ParentRequest, child_id: int) -> Child:
    return get_object_or_404(Child, pk=child_id, parent=request.user)


def family_games(request: ParentRequest) -> QuerySet[Game]:
    """The games of this parent's children, each once: the only games the parent zone
    reads."""
    seats = Seat.objects.filter(child__parent=request.user)
    return Game.objects.filter(pk__in=seats.values("game_id")).prefetch_related("seats__child")


@parent_zone
@require_safe
def home(request: ParentRequest) -> HttpResponse:
    family = Family.objects.filter(parent=request.user).first()
    now = timezone.now()
    children = list(request.user.children.all())
    context = {
        "children": [
            (child, growth.headline(growth.growth(fitted.answers_of(child), now)))
            for child in children
        ],
        "family": family,
        "reads_aloud": family is None or family.read_aloud,
    }
    return render(request, "families/home.html", context)


@parent_zone
@require_http_methods(["GET", "POST"])
def time_zone(request: ParentRequest) -> HttpResponse:
    family = Family.objects.filter(parent=request.user).first() or Family(parent=request.user)
    form = FamilyForm(request.POST or None, instance=family)
    if form.is_valid():
        form.save()
        messages.success(request, grown_ups.time_zone_saved(family.time_zone))
        return redirect("families:home")
    context = {"form": form, "chosen": bool(family.time_zone)}
    return render(request, "families/time_zone.html", context, status=400 if form.errors else 200)


@parent_zone
@require_http_methods(["POST"])
def read_aloud(request: ParentRequest) -> HttpResponse:
    """Turn reading out loud off (or on again) for the whole family: off, no game reads
    to a child in kid mode and their switch is not offered; on, each child's own choice."""
    family, _ = Family.objects.get_or_create(parent=request.user)
    family.read_aloud = request.POST.get("read_aloud") == "on"
    family.save(update_fields=["read_aloud"])
    messages.success(request, grown_ups.reading_saved(family.read_aloud))
    return redirect("families:home")


@parent_zone
@verified_email_required
@require_http_methods(["GET", "POST"])
def child_new(request: ParentRequest) -> HttpResponse:
    form = ChildForm(request.POST or None)
    if form.is_valid():
        child = form.save(commit=False)
        child.parent = request.user
        child.save()
        messages.success(request, grown_ups.child_ready(child.nickname))
        return redirect("families:home")
    return render(
        request, "families/child_form.html", {"form": form}, status=400 if form.errors else 200
    )


@parent_zone
@require_http_methods(["GET", "POST"])
def child_edit(request: ParentRequest, child_id: int) -> HttpResponse:
    child = child_or_404(request, child_id)
    form = ChildForm(request.POST or None, instance=child)
    if form.is_valid():
        form.save()
        messages.success(request, grown_ups.child_saved(child.nickname))
        return redirect("families:home")
    context = {"form": form, "child": child}
    return render(request, "families/child_form.html", context, status=400 if form.errors else 200)


@parent_zone
@reauthentication_required(allow_get=True)
@require_http_methods(["GET", "POST"])
def child_delete(request: ParentRequest, child_id: int) -> HttpResponse:
    child = child_or_404(request, child_id)
    if request.method == "POST":
        delete_children(request.user.children.filter(pk=child.pk))
        messages.success(request, grown_ups.child_deleted(child.nickname))
        return redirect("families:home")
    return render(request, "families/child_delete.html", {"child": child})


@parent_zone
@require_safe
def progress(request: ParentRequest, child_id: int) -> HttpResponse:
    child = child_or_404(request, child_id)
    games = family_games(request).filter(children=child)
    today = timezone.localdate()
    week = today - timedelta(days=6)
    recent = practice.first_tries(games, child).filter(answered__date__gte=week)
    shown = progress_of(games, child, today, recent.values_list("right", flat=True))
    last = games.filter(public_id=shown.recent[0].public_id).first() if shown.recent else None
    now = timezone.now()
    plan = fitted.fitted_to(child, now)
    verdicts = practice.verdicts(games, child)
    talks = (
        talk_about(last.state.results, last.rules, last.seat_of(child), child.nickname)
        if last
        else []
    )
    context = {
        "child": child,
        "progress": shown,
        "glance": growth.at_a_glance(
            growth.growth(fitted.answers_of(child), now), plan.skills, verdicts
        ),
        "judged": practice.JUDGED,
        "got_it": practice.GOT_IT,
        "tricky": practice.tricky(games, child),
        "talks": talks,
        "chart_games": chart.FEWEST_GAMES,
        "fitted": plan,
        "thresholds": fitted.Thresholds(),
        "switch": ChildForm.base_fields["adapting"].label,
        "suggestion": practice.suggestion(
            child.maths_level, practice.summaries(practice.answers_for(games, child))
        ),
    }
    return render(request, "families/progress.html", context)


@parent_zone
@require_safe
def trend_chart(request: ParentRequest, child_id: int) -> HttpResponse:
    child = child_or_404(request, child_id)
    games = family_games(request).filter(children=child)
    averages = [row.average for row in trend(games, child) if row.average is not None]
    png = chart.trend_png(averages, grown_ups.trend_titles())
    return HttpResponse(png, content_type="image/png")


@parent_zone
@require_safe
def replay(request: ParentRequest, child_id: int, public_id: str) -> HttpResponse:
    child = child_or_404(request, child_id)
    game = get_object_or_404(family_games(request), children=child, public_id=public_id)
    context = replay_context(request, game, game.seat_of(child))
    hole = game.state.results[context["number"] - 1].number
    names = practice.for_parent(seat_names(game.bot_levels, game.nicknames), child.nickname)
    asked = [
        (asked, [card_view(c.code, counts=c.counts) for c in asked.question.cards])
        if asked.question
        else (asked, [])
        for asked in as_asked(game.skill_attempts.filter(hole=hole), game.rules, names)
    ]
    context |= {"child": child, "asked": asked, "started": game.created}
    return render(request, "families/replay.html", context)


def json_download(data: dict, filename: str) -> HttpResponse:
    response = HttpResponse(
        json.dumps(data, ensure_ascii=False, indent=2), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@parent_zone
@require_safe
def child_download(request: ParentRequest, child_id: int) -> HttpResponse:
    child = child_or_404(request, child_id)
    return json_download(export.child_data(child), f"peabody-golf-child-{child.pk}.json")


@parent_zone
@require_safe
def account_download(request: ParentRequest) -> HttpResponse:
    return json_download(export.account_data(request.user), "peabody-golf-account.json")


@parent_zone
@reauthentication_required(allow_get=True)
@require_http_methods(["GET", "POST"])
def account_delete(request: ParentRequest) -> HttpResponse:
    if request.method == "POST":
        delete_accounts(get_user_model().objects.filter(pk=request.user.pk))
        logout(request)
        return redirect("families:goodbye")
    children = list(request.user.children.all())
    context = {"children": children, "nicknames": [child.nickname for child in children]}
    return render(request, "families/account_delete.html", context)


@require_safe
def goodbye(request: HttpRequest) -> HttpResponse:
    return render(request, "families/goodbye.html")
