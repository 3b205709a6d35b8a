"""The languages a page can be read in. The language is part of the address (English without
a prefix, the others under theirs: /es/…), so choosing one is following a link, and no cookie
is needed to remember it: these give the links."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse, translate_url
from django.utils import translation


@dataclass(frozen=True)
class Language:
    code: str
    name: str  # in its own words: "Español"
    url: str  # this page in that language


def site_path(request: HttpRequest) -> str:
    """This page's path and query, to build a link from: a path that starts with // reads as
    another site's address ("//evil.example/play/" is a page on evil.example), and
    translate_url would keep that site, so it starts with one slash only."""
    return "/" + request.get_full_path().lstrip("/")


def in_language(request: HttpRequest, code: str) -> str:
    """The address of this page in another language; the home page in that language for an
    address that is no page of ours (a 404)."""
    here = site_path(request)
    there = translate_url(here, code)
    if there == here:
        with translation.override(code):
            there = reverse("home")
    return there


def other_languages(request: HttpRequest) -> dict[str, object]:
    """Context processor: ``other_languages``, the links of the language switch, made only
    when a page shows the switch."""

    def links() -> list[Language]:
        here = translation.get_language()
        return [
            Language(code, name, in_language(request, code))
            for code, name in settings.LANGUAGES
            if code != here
        ]

    return {"other_languages": links}


def offered(request: HttpRequest) -> Language | None:
    """The language the browser asks for (Accept-Language), when the page is in another."""
    if not request.headers.get("Accept-Language"):
        return None
    asked = translation.get_language_from_request(request)
    if asked == translation.get_language():
        return None
    return Language(asked, dict(settings.LANGUAGES)[asked], in_language(request, asked))
