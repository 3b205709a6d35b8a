"""Reading grades for the tests of what children read: Flesch–Kincaid for English, Crawford
for Spanish, measured on the texts that are prose; and the lines a page says in its own
words (see tests/lessons/test_readability.py for what is measured and why)."""

from __future__ import annotations

import re
import warnings
from html import unescape
from html.parser import HTMLParser

from django.test import Client
from django.utils import translation

from lessons.core.walkthrough import slides
from tests.catalogue import crawford

with warnings.catch_warnings():
    # textstat 0.7.3 imports pkg_resources, which warns that it is going away.
    warnings.simplefilter("ignore")
    import textstat

MAX_GRADE = 4.0
MAX_SPANISH_GRADE = 3.0
MIN_WORDS = 4


def grade(text: str) -> float:
    return textstat.flesch_kincaid_grade(text)


def is_prose(text: str) -> bool:
    if text.endswith((".", "!", "?")):
        return True
    return any(c.isalpha() for c in text) and len(text.split()) >= MIN_WORDS


def too_hard(texts: set[str]) -> list[tuple[float, str]]:
    return sorted((grade(t), t) for t in texts if is_prose(t) and grade(t) >= MAX_GRADE)


def too_hard_in_spanish(texts: set[str]) -> list[tuple[float, str]]:
    graded = ((crawford(t), t) for t in texts if is_prose(t))
    return sorted((g, t) for g, t in graded if g > MAX_SPANISH_GRADE)


class Lines(HTMLParser):
    """The lines a lesson page says in its own words: the text of each block in its <main>
    (a paragraph, a list item, a heading, a button, a link), apart from the blocks inside
    it. Left out: text hidden from screen readers (a step's number, a card's face) and the
    table drawn on a slide (``.demo``), whose words are the game's own."""

    BLOCKS = frozenset({"h1", "h2", "h3", "p", "li", "a", "button", "figcaption"})
    VOID = frozenset({"meta", "link", "input", "br", "img", "hr", "use", "line", "circle"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, bool, list[str] | None]] = []  # tag, heard, its text
        self.lines: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.VOID:
            return
        found = dict(attrs)
        inside = self.open[-1][1] if self.open else False
        if tag == "main":
            heard = True
        else:
            left_out = found.get("aria-hidden") == "true" or "demo" in (found.get("class") or "")
            heard = inside and not left_out
        self.open.append((tag, heard, [] if tag in self.BLOCKS else None))

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID:
            return
        while self.open:
            name, _, text = self.open.pop()
            if text is not None and (line := " ".join("".join(text).split())):
                self.lines.add(line)
            if name == tag:
                return

    def handle_data(self, data: str) -> None:
        if not self.open or not self.open[-1][1]:
            return
        block = next((text for _, _, text in reversed(self.open) if text is not None), None)
        if block is not None:
            block.append(data)


LESSON_PAGES = ["/rules/", "/teach/play/", *(f"/teach/{slide.key}/" for slide in slides())]


def page_lines(paths: list[str]) -> set[str]:
    client = Client()
    lines: set[str] = set()
    # A page under /es/ leaves Spanish on in this thread: the language in use comes back.
    with translation.override(translation.get_language()):
        for path in paths:
            parser = Lines()
            parser.feed(client.get(path).text)
            lines |= parser.lines
    return lines


def sentences(html: str) -> set[str]:
    """The texts of a page's main part, one by one."""
    main = html.split('<main id="main"', 1)[1].split("</main>", 1)[0]
    return {unescape(text).strip() for text in re.findall(r">([^<]+)<", main) if text.strip()}
