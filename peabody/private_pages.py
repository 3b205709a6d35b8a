"""Every page the site draws shows someone's state (their game, their family, whether they
are logged in, a CSRF token for their session), so no page is kept by the browser or a
proxy: Back lands on the page as it is now, and a shared computer or a school's proxy keeps
nothing of a family. A view that draws something public and lasting (a preset avatar) says
so itself; static files never come here (WhiteNoise answers them first, immutable)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers


def private_pages_middleware(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if not response.has_header("Cache-Control"):
            add_never_cache_headers(response)  # Cache-Control: ..., no-store, private
        return response

    return middleware
