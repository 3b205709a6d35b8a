"""Asking the site for pages as the tests of its answers do: a raw request handed to the
site's own handler as gunicorn would, and each error page of ours (with ``failing_urls``,
a URLconf that also has a view that falls over and one that keeps out)."""

from __future__ import annotations

import io
import sys
import types
from wsgiref.util import setup_testing_defaults

from django.conf.urls.i18n import i18n_patterns
from django.core import signals
from django.core.exceptions import PermissionDenied
from django.db import close_old_connections
from django.http import HttpRequest
from django.test import Client
from django.urls import path

from peabody import urls as site_urls
from peabody.bad_requests import Handler

CSRF_COOKIE = "csrftoken=" + "a" * 32


def send(method: str = "POST", path: str = "/play/start/", body: bytes = b"", **environ: str):
    """Hand a raw WSGI request to the site's own handler, as gunicorn would."""
    env: dict = {}
    setup_testing_defaults(env)
    env |= {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "HTTP_HOST": "localhost",
        "CONTENT_LENGTH": str(len(body)),
        "HTTP_COOKIE": CSRF_COOKIE,
        "wsgi.input": io.BytesIO(body),
    }
    env |= environ
    answer: dict = {}

    def start_response(status: str, headers: list, exc_info=None) -> None:
        answer["status"], answer["headers"] = int(status.split()[0]), dict(headers)

    # As Django's test client does: the test's transaction keeps its connection open.
    for signal in (signals.request_started, signals.request_finished):
        signal.disconnect(close_old_connections)
    try:
        answer["body"] = b"".join(Handler()(env, start_response)).decode()
    finally:
        for signal in (signals.request_started, signals.request_finished):
            signal.connect(close_old_connections)
    return answer


def fall_over(request: HttpRequest) -> None:
    raise RuntimeError("the view fell over")


def keep_out(request: HttpRequest) -> None:
    raise PermissionDenied


# In every language, as the site's own pages: /fail/, /es/fail/.
failing_urls = types.ModuleType("failing_urls")
failing_urls.urlpatterns = [
    *i18n_patterns(
        path("fail/", fall_over), path("keep-out/", keep_out), prefix_default_language=False
    ),
    *site_urls.urlpatterns,
]
sys.modules["failing_urls"] = failing_urls


def answer(status: int, client: Client, language: str = "") -> str:
    """The page an error of ``status`` gets, at an address in ``language`` ("/es")."""
    if status == 400:
        response = client.post(
            f"{language}/play/start/",
            "a=1",
            content_type="application/x-www-form-urlencoded; charset=latin-1",
        )
    elif status == 403:
        response = client.get(f"{language}/keep-out/")
    elif status == 404:
        response = client.get(f"{language}/no-such-page/")
    else:
        response = client.get(f"{language}/fail/")
    assert response.status_code == status
    return response.text
