"""The children's pages: "Who's playing?", playing together, the profile pictures and the
privacy pages."""

from __future__ import annotations

from allauth.account.forms import ResetPasswordForm
from allauth.core import ratelimit
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from games import once
from peabody.families import avatars, kid_mode
from peabody.families.forms import ChildForm, TogetherForm
from peabody.families.models import PRIVACY_NOTICE_VERSION, Child
from peabody.requests import ParentRequest
from peabody.words import grown_ups


@login_required
@require_safe
def who(request: ParentRequest) -> HttpResponse:
    return render(request, "families/who.html", {"children": request.user.children.all()})


@login_required
@require_POST
def play_as(request: ParentRequest, child_id: int) -> HttpResponse:
    child = get_object_or_404(Child, pk=child_id, parent=request.user)
    if request.child is not None and request.child != child:
        return kid_mode.grown_up_first(reverse("kids:who"))
    kid_mode.start(request, child)
    return redirect("games:new")


@login_required
@require_http_methods(["GET", "POST"])
def play_together(request: ParentRequest) -> HttpResponse:
    """A game for two to four of the family, with bots or without, at one device passed
    round or a device each. In kid mode the device stays in kid mode, as one of the children
    at the table."""
    children = list(request.user.children.all())
    child = request.child
    trickiest = child.trickiest_bots if child is not None else None
    form = TogetherForm(request.POST or None, children=children, first=child, trickiest=trickiest)
    if request.method == "POST" and form.is_valid():
        if child is not None and child not in form.people:
            return kid_mode.grown_up_first(reverse("kids:together"))  # a table without them
        token = request.POST.get(once.ONCE, "")
        if made := once.claim(token):  # a double tap: one table
            return once.earlier_answer(request, token, made)
        game = form.start_game()
        once.remember(token, game)
        return redirect(game)
    # With a device each, every child whose practice is on answers their own questions.
    asks = any(c.practice_questions for c in children)
    context = {"form": form, "children": children, "asks": asks}
    return render(request, "families/together.html", context, status=400 if form.errors else 200)


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
    # The switch named as the child's settings name it.
    switch = ChildForm.base_fields["adapting"].label
    context = {"version": PRIVACY_NOTICE_VERSION, "switch": switch}
    return render(request, "families/privacy.html", context)


@require_safe
def privacy_for_kids(request: HttpRequest) -> HttpResponse:
    return render(request, "families/privacy_kids.html")


@login_required
@require_POST
def send_reset_link(request: ParentRequest) -> HttpResponse:
    """From the password page: email a link to choose a new password to the account's own
    address (nothing typed, so a child cannot send it elsewhere). Kid mode stays on."""
    form = ResetPasswordForm({"email": request.user.email})
    # The reset page's own limit (allauth's, per address), counted with it: a child pressing
    # again and again sends the grown-up a few emails, not twenty.
    if not ratelimit.consume(request, action="reset_password", key=request.user.email.lower()):
        messages.error(request, grown_ups.reset_link_wait())
    elif form.is_valid():
        form.save(request)
        messages.success(request, grown_ups.reset_link_sent())
    else:
        messages.error(request, grown_ups.reset_link_not_sent())
    # Back to the password page, still saying what it is asked for (peabody.families.reauth).
    back = reverse("account_reauthenticate")
    then = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(then, allowed_hosts={request.get_host()}):
        back += "?" + urlencode({"next": then})
    return redirect(back)


@login_required
@require_POST
def log_out_device(request: ParentRequest) -> HttpResponse:
    """From the password page: log this device out, which ends kid mode. The family page
    then needs the email and password again."""
    logout(request)
    messages.success(request, grown_ups.device_logged_out())
    return redirect("home")
