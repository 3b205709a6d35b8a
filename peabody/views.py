from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from peabody.languages import offered


@require_safe
@vary_on_headers("Accept-Language")
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"offer": offered(request)})
