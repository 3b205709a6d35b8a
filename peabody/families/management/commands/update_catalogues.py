"""Brings every language's message catalogue up to date with the words in the code: new
messages are added untranslated, changed ones marked fuzzy, gone ones dropped. Translate
them, then `make` compiles them (README, "Adding a language")."""

from django.conf import settings
from django.core.management import BaseCommand, call_command

# Not our words, or not words at all: the virtual environment, tests, collected copies.
IGNORE = [".venv", "tests", "staticfiles", "node_modules", "*.min.js"]


class Command(BaseCommand):
    help = "Update the .po catalogue of every language (or of those named) from the code."

    def add_arguments(self, parser):
        parser.add_argument("languages", nargs="*", help="e.g. es (default: all but English)")

    def handle(self, *args, languages, **options):
        english = settings.LANGUAGE_CODE
        languages = languages or [code for code, _ in settings.LANGUAGES if code != english]
        call_command(
            "makemessages",
            locale=languages,
            ignore_patterns=IGNORE,
            add_location="file",
            no_obsolete=True,
            verbosity=options["verbosity"],
        )
