"""Requests of a shape we cannot read get our 400 page, never a 500.

Django raises on a body it cannot parse when the body is first read, and for some bodies the
CSRF check in the 400 view reads it again and a second exception escapes as a 500. So the
body is read once here, before anything else reads it. A Content-Type header Django cannot
parse fails as the request is built, so the handlers below build it without one.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable

import django
from django.conf import settings
from django.core.exceptions import BadRequest, SuspiciousOperation
from django.core.handlers.wsgi import WSGIHandler, WSGIRequest
from django.http import HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParserError
from django.utils import translation
from django.views.defaults import bad_request

UNREADABLE = (BadRequest, SuspiciousOperation, MultiPartParserError)


class KeepsAnUnreadableContentType(HttpRequest):
    """A request that keeps a Content-Type it cannot parse as a problem to answer."""

    problem: str | None = None

    def _set_content_type_params(self, meta: dict) -> None:
        try:
            # HttpRequest's own, which Django's stubs leave out (it is private).
            super()._set_content_type_params(meta)  # type: ignore[misc]
        except BadRequest as error:
            self.content_type, self.content_params = "", {}
            self.problem = str(error)


class TolerantRequest(KeepsAnUnreadableContentType, WSGIRequest):
    pass


class Handler(WSGIHandler):
    request_class = TolerantRequest

    # WSGI takes any iterable of bytes for an answer; Django's stubs have this handler return
    # its response, and a HEAD answer here is an empty list.
    def __call__(  # type: ignore[override]
        self, environ: dict, start_response: Callable
    ) -> Iterable[bytes]:
        response = super().__call__(environ, start_response)
        if environ.get("REQUEST_METHOD") == "HEAD":
            # A HEAD answer has the headers of a GET and no body (RFC 9110). Django leaves
            # that to the server, and gunicorn logs a warning each time it drops one.
            response.close()
            return []
        return response


def get_wsgi_application() -> Handler:
    django.setup(set_prefix=False)
    return Handler()


def readable_request_middleware(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        problem = getattr(request, "problem", None)
        if problem is None:
            try:
                # Reading them parses the query string and the body, once.
                request.GET  # noqa: B018
                request.POST  # noqa: B018
            except UNREADABLE as error:
                # HttpRequest's own, which Django's stubs leave out (it is private).
                request._mark_post_parse_error()  # type: ignore[attr-defined]
                problem = str(error) or type(error).__name__
        if problem is None:
            return get_response(request)
        # Before LocaleMiddleware: the page is in the language of its address, as there.
        language = translation.get_language_from_path(request.path_info) or settings.LANGUAGE_CODE
        with translation.override(language):
            # Django logs the 400 as one plain line: the sender's mistake, not ours to debug.
            return bad_request(request, BadRequest(problem))

    return middleware


class PlainLine(logging.Filter):
    """Logs a record as one line of information: for a wrong Host header, which any scanner
    on the internet sends and which is no fault of the site's, an error with a traceback
    would drown the real ones."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.levelno, record.levelname = logging.INFO, "INFO"
        record.exc_info = record.exc_text = None
        return True
