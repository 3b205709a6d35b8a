from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from games.forms import NewGameForm
from games.models import Game
from peabody.languages import offered
from peabody.requests import FamilyRequest


@require_safe
@vary_on_headers("Accept-Language")
def home(request: FamilyRequest) -> HttpResponse:
    """What Peabody Golf is, and the three games to choose from by their pictures: the
    choice opens the new-game form on that game (a child in kid mode starts on their
    favourite)."""
    child = request.child
    form = NewGameForm(mode=child.favourite_mode if child is not None else None)
    context = {
        "offer": offered(request),
        "form": form,
        "tables": Game.objects.for_request(request).tables_ready()[:3],
    }
    return render(request, "home.html", context)
