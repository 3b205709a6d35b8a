"""What the site's Spanish pages are checked against: the English sentences of the site's own
words (peabody/, the site's templates), read from the Spanish catalogue, and a page's text
as a reader meets it.

A page in Spanish holds none of those English sentences. A sentence is looked for in the
pieces it is made of between its placeholders and tags ("In the last seven days,", "played"):
each piece of two words or more that its Spanish does not hold too ("Peabody Golf").
"""

from __future__ import annotations

import re
from html import unescape

from tests.catalogue import MAX_CRAWFORD, crawford, pieces_in
from tests.catalogue import english_pieces as catalogue_pieces

__all__ = ["MAX_CRAWFORD", "crawford", "english_in", "text_of", "texts_of"]

# The site's words (this catalogue also gets the games' and the lessons' templates).
SITE = (
    "peabody/",
    "templates/account/",
    "templates/allauth/",
    "templates/families/",
    "templates/base.html",
    "templates/home.html",
    "templates/400.html",
    "templates/403.html",
    "templates/403_csrf.html",
    "templates/404.html",
    "templates/500.html",
)


def english_pieces() -> set[str]:
    """Every piece of an English sentence of the site's that no Spanish page should hold."""
    return catalogue_pieces("es", SITE)


def text_of(html: str) -> str:
    """The page's words as a reader meets them: no tags, scripts or styles; spaces as one."""
    html = re.sub(r"(?s)<(script|style|head)\b.*?</\1>", " ", html)
    words = unescape(re.sub(r"<[^>]+>", " ", html.replace("<bdi>", "").replace("</bdi>", "")))
    return re.sub(r"\s+", " ", words).strip()


def texts_of(html: str) -> list[str]:
    """The texts of the page's <main> (not the site's header and footer), each as a reader
    meets it on its own: a heading, a paragraph, an item of a list, a button."""
    main = html.split("<main", 1)[1].split(">", 1)[1].split("</main>", 1)[0]
    marked = re.sub(r"</(h\d|p|li|dt|dd|legend|label|button|a)>", " \x00 ", main)
    return [text for text in text_of(marked).split("\x00") if text.strip(" .")]


def english_in(html: str) -> list[str]:
    """The site's English pieces found in the page, if any."""
    return pieces_in(text_of(html), english_pieces())
