"""What the site's Spanish pages are checked against: the English sentences of the site's own
words (peabody/, the site's templates), read from the Spanish catalogue, and a page's text
as a reader meets it.

A page in Spanish holds none of those English sentences. A sentence is looked for in the
pieces it is made of between its placeholders and tags ("In the last seven days,", "played"):
each piece of two words or more that its Spanish does not hold too ("Peabody Golf").
"""

from __future__ import annotations

import ast
import re
import warnings
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path

with warnings.catch_warnings():
    # textstat 0.7.3 imports pkg_resources, which warns that it is going away.
    warnings.simplefilter("ignore")
    import textstat

CATALOGUE = Path(__file__).parents[2] / "peabody" / "locale" / "es" / "LC_MESSAGES" / "django.po"
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
PLACEHOLDER_OR_TAG = re.compile(r"%\(\w+\)s|%%|<[^>]+>")
# Grade 3 or below by the Crawford formula: grade 3.9 is still third grade.
MAX_CRAWFORD = 4.0


@dataclass
class Entry:
    places: list[str] = field(default_factory=list)
    context: str | None = None
    english: list[str] = field(default_factory=list)  # msgid, and msgid_plural
    spanish: list[str] = field(default_factory=list)  # msgstr, or each msgstr[n]


def entries(path: Path = CATALOGUE) -> list[Entry]:
    """The catalogue's entries (not its header)."""
    found: list[Entry] = []
    entry, last = Entry(), None
    for line in [*path.read_text().splitlines(), ""]:
        if not line.strip():
            if entry.english and entry.english[0]:
                found.append(entry)
            entry, last = Entry(), None
        elif line.startswith("#:"):
            entry.places += line[2:].split()
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            last.append(last.pop() + ast.literal_eval(line))
        else:
            keyword, text = line.split(" ", 1)
            value = ast.literal_eval(text)
            if keyword == "msgctxt":
                entry.context, last = value, None
            elif keyword.startswith("msgid"):
                entry.english.append(value)
                last = entry.english
            else:
                entry.spanish.append(value)
                last = entry.spanish
    return found


def site_entries() -> list[Entry]:
    return [e for e in entries() if any(place.startswith(SITE) for place in e.places)]


def english_pieces() -> set[str]:
    """Every piece of an English sentence of the site's that no Spanish page should hold."""
    pieces = set()
    for entry in site_entries():
        spanish = " ".join(entry.spanish)
        for english in entry.english:
            for piece in PLACEHOLDER_OR_TAG.split(english):
                piece = piece.strip(" ,.:;()“”")
                if len(piece.split()) >= 2 and piece not in spanish:
                    pieces.add(piece)
    return pieces


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
    page = text_of(html)
    return sorted(piece for piece in english_pieces() if piece in page)


def crawford(text: str) -> float:
    """The Crawford grade of Spanish ``text`` (textstat's language is put back after: the
    English readability tests share it)."""
    textstat.set_lang("es")
    try:
        return textstat.crawford(text)
    finally:
        textstat.set_lang("en_US")
