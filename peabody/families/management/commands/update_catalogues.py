"""Brings every language's message catalogue up to date with the words in the code: new
messages are added untranslated, changed ones marked fuzzy, gone ones dropped. Translate
them, then `make` compiles them (docs/languages.md).

A message that moves from one app's module to another's (into ``games/words``, say)
changes catalogue: it keeps its translation, taken from the catalogue it left."""

import subprocess
import tempfile
from pathlib import Path

from django.conf import settings
from django.core.management import BaseCommand, call_command

# Not our words, or not words at all: the virtual environment, tests, collected copies.
IGNORE = [".venv", "tests", "staticfiles", "node_modules", "*.min.js"]


def catalogues(language: str) -> list[Path]:
    return sorted(Path.cwd().glob(f"*/locale/{language}/LC_MESSAGES/django.po"))


class Command(BaseCommand):
    help = "Update the .po catalogue of every language (or of those named) from the code."

    def add_arguments(self, parser):
        parser.add_argument("languages", nargs="*", help="e.g. es (default: all but English)")

    def handle(self, *args, languages, **options):
        english = settings.LANGUAGE_CODE
        languages = languages or [code for code, _ in settings.LANGUAGES if code != english]
        with tempfile.TemporaryDirectory() as folder:
            known = {code: self.compendium(code, Path(folder)) for code in languages}
            call_command(
                "makemessages",
                locale=languages,
                ignore_patterns=IGNORE,
                add_location="file",
                no_obsolete=True,
                verbosity=options["verbosity"],
            )
            for code, compendium in known.items():
                if compendium is not None:
                    for po in catalogues(code):
                        self.fill_from(po, compendium)

    def compendium(self, language: str, folder: Path) -> Path | None:
        """Every translation the language's catalogues hold now, in one file."""
        found = [str(po) for po in catalogues(language)]
        if not found:
            return None
        compendium = folder / f"{language}.po"
        run("msgcat", "--use-first", "--no-location", "-o", str(compendium), *found)
        return compendium

    def fill_from(self, po: Path, compendium: Path) -> None:
        """The catalogue's untranslated messages that the compendium has word for word take
        its translation (for a fuzzy guess makemessages made too); the rest stay as
        makemessages left them, in its order, under the catalogue's own header."""
        header = po.read_text().partition("\n\n")[0]
        done, exact, first = (po.with_suffix(f".{part}") for part in ("done", "exact", "first"))
        try:
            merge = ["msgmerge", "--quiet", "--no-fuzzy-matching"]
            translated = ["msgattrib", "--translated", "--no-fuzzy"]
            run(*translated, "-o", str(done), str(po))
            run(*merge, "-o", str(exact), str(compendium), str(po))
            run(*translated, "-o", str(exact), str(exact))
            run("msgcat", "--use-first", "-o", str(first), str(done), str(exact), str(po))
            run(*merge, "-o", str(po), str(first), str(po))
            run("msgattrib", "--no-obsolete", "-o", str(po), str(po))
        finally:
            for made in (done, exact, first):
                made.unlink(missing_ok=True)
        po.write_text(header + "\n\n" + po.read_text().partition("\n\n")[2])


def run(*command: str) -> None:
    subprocess.run(command, check=True, capture_output=True, text=True)
