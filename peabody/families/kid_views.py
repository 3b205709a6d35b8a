"""The children's pages: "Who's playing?", the profile pictures and the privacy pages."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST, require_safe

from peabody.families import avatars, kid_mode
from peabody.families.models import PRIVACY_NOTICE_VERSION, Child


@login_required
@require_safe
def who(request: HttpRequest) -> HttpResponse:
    return render(request, "families/who.html", {"children": request.user.children.all()})


@login_required
@require_POST
def play_as(request: HttpRequest, child_id: int) -> HttpResponse:
    child = get_object_or_404(Child, pk=child_id, parent=request.user)
    kid_mode.start(request, child)
    return redirect("games:new")


@require_safe
def avatar(request: HttpRequest, name: str) -> HttpResponse:
    if name not in avatars.BY_NAME:
        raise Http404("No such picture")
    response = HttpResponse(avatars.png(name), content_type="image/png")
    # The URL names the drawings' version, so a picture at a URL never changes: browsers
    # may keep it for a year without asking again.
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response


@require_safe
def privacy(request: HttpRequest) -> HttpResponse:
    return render(request, "families/privacy.html", {"version": PRIVACY_NOTICE_VERSION})


@require_safe
def privacy_for_kids(request: HttpRequest) -> HttpResponse:
    return render(request, "families/privacy_kids.html")
