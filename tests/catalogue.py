"""Our .po catalogues as the tests read them: each message's English, its translation and
where in the code it comes from; the English a page in another language must not show; and
the Crawford reading grade of a Spanish text."""

from __future__ import annotations

import ast
import re
import warnings
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

with warnings.catch_warnings():
    # textstat 0.7.3 imports pkg_resources, which warns that it is going away.
    warnings.simplefilter("ignore")
    import textstat

ROOT = Path(settings.BASE_DIR)
# "%(name)s", "%s", "{card}", "<strong>": the places a message leaves, and its tags.
PLACE_OR_TAG = re.compile(r"%\(\w+\)[sd]|%[sd]|%%|\{\w*\}|<[^>]+>")
# Grade 3 or below by the Crawford formula: grade 3.9 is still third grade.
MAX_CRAWFORD = 4.0


@dataclass(frozen=True)
class Message:
    places: tuple[str, ...]  # where in the code: "games/words/table.py"
    english: tuple[str, ...]  # msgid, and msgid_plural if it has one
    translated: tuple[str, ...]  # msgstr, or each msgstr[n]


def read(po: Path) -> list[Message]:
    """The messages of one catalogue (not its header, not obsolete ones)."""
    found: list[Message] = []
    places: list[str] = []
    fields: dict[str, str] = {}
    last = ""
    for line in [*po.read_text(encoding="utf-8").splitlines(), ""]:
        if line.startswith("#:"):
            places += line[2:].split()
        elif line.startswith('"') and last:
            fields[last] += ast.literal_eval(line)
        elif match := re.match(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) (\".*\")$", line):
            last = match.group(1)
            fields[last] = ast.literal_eval(match.group(2))
        elif not line.strip():
            if fields.get("msgid"):
                english = tuple(fields[k] for k in ("msgid", "msgid_plural") if k in fields)
                translated = tuple(v for k, v in fields.items() if k.startswith("msgstr"))
                found.append(Message(tuple(places), english, translated))
            places, fields, last = [], {}, ""
    return found


def messages(language: str, sources: tuple[str, ...] = ()) -> list[Message]:
    """Every message of every catalogue of ``language``; only those from ``sources`` (paths
    or their beginnings, "games/", "templates/games/") if given."""
    found = [m for po in catalogues(language) for m in read(po)]
    if sources:
        found = [m for m in found if any(p.startswith(sources) for p in m.places)]
    return found


def catalogues(language: str, root: Path = ROOT) -> list[Path]:
    return sorted(root.glob(f"*/locale/{language}/LC_MESSAGES/django.po"))


def english_pieces(language: str, sources: tuple[str, ...] = ()) -> set[str]:
    """The English a page in ``language`` must not show: each stretch of a message between
    its places and tags, of two words or more, one of them a word of letters (not "a 4",
    which Spanish says too), that the message's translation does not hold too (a name)."""
    pieces = set()
    for message in messages(language, sources):
        said = " ".join(message.translated)
        for english in message.english:
            for piece in PLACE_OR_TAG.split(english):
                piece = piece.strip(" .,:;!?¡¿()“”\n")
                words = piece.split()
                wordy = any(len(word) >= 3 and word.isalpha() for word in words)
                if len(words) >= 2 and wordy and piece not in said:
                    pieces.add(piece)
    return pieces


def pieces_in(text: str, pieces: set[str]) -> list[str]:
    """Those of ``pieces`` that ``text`` holds, as whole words."""
    return sorted(p for p in pieces if re.search(rf"(?<!\w){re.escape(p)}(?!\w)", text))


def crawford(text: str) -> float:
    """The Crawford grade of Spanish ``text``. textstat's language is put back after: the
    English readability tests share it."""
    textstat.set_lang("es")
    try:
        return textstat.crawford(text)
    finally:
        textstat.set_lang("en_US")
