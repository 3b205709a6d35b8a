"""Every language is complete: its catalogues hold a translation of every message in the
code, none of them fuzzy (a guess gettext made from an older message), and the compiled
catalogues the site reads are the ones their sources make today."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

ROOT = Path(settings.BASE_DIR)
# Where the words are: what makemessages reads, and the catalogues it writes.
SOURCES = ["games", "lessons", "peabody", "templates", "static"]
LANGUAGES = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def catalogues(root: Path) -> list[Path]:
    return sorted(root.glob("*/locale/*/LC_MESSAGES/django.po"))


def entries(po: Path, *selection: str) -> str:
    """The catalogue's entries that GNU gettext's msgattrib selects, e.g. --untranslated."""
    found = subprocess.run(
        ["msgattrib", *selection, "--no-obsolete", "--no-wrap", str(po)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return found


def test_each_language_has_its_catalogues() -> None:
    for language in LANGUAGES:
        have = {po.parent.parent.name for po in catalogues(ROOT)}
        assert language in have, language
        for folder in ["games", "peabody"]:
            assert (ROOT / folder / "locale" / language / "LC_MESSAGES" / "django.po").exists()


def test_every_message_of_a_catalogue_comes_from_a_file_that_is_there() -> None:
    """A catalogue makemessages no longer writes (its app's words moved away) goes stale."""
    for po in catalogues(ROOT):
        places = re.findall(r"^#: (.+)$", po.read_text(), flags=re.MULTILINE)
        files = {place.split(":")[0] for line in places for place in line.split()}
        assert files, po
        assert {name for name in files if not (ROOT / name).exists()} == set(), po


@pytest.fixture
def project_copy(tmp_path: Path, monkeypatch, settings) -> Path:
    """The project's words and catalogues, copied: makemessages rewrites catalogues."""
    for name in SOURCES:
        shutil.copytree(
            ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo")
        )
    monkeypatch.chdir(tmp_path)
    settings.LOCALE_PATHS = [tmp_path / "peabody" / "locale"]
    return tmp_path


def test_every_message_in_the_code_is_translated_in_every_language(project_copy: Path) -> None:
    call_command("update_catalogues", verbosity=0)

    problems = {}
    for po in catalogues(project_copy):
        untranslated = entries(po, "--untranslated")
        fuzzy = entries(po, "--only-fuzzy")
        if untranslated or fuzzy:
            problems[str(po.relative_to(project_copy))] = untranslated + fuzzy
    # Update with `make catalogues`, translate, and run again (docs/languages.md).
    assert not problems, "\n".join(f"{po}:\n{text}" for po, text in problems.items())


def test_the_test_finds_a_message_nobody_translated(project_copy: Path) -> None:
    page = project_copy / "templates" / "home.html"
    page.write_text("{% load i18n %}" + page.read_text() + "{% translate 'A brand new sentence' %}")

    call_command("update_catalogues", verbosity=0)

    po = project_copy / "peabody" / "locale" / LANGUAGES[0] / "LC_MESSAGES" / "django.po"
    assert "A brand new sentence" in entries(po, "--untranslated")


def test_a_message_that_moves_to_another_apps_module_keeps_its_translation(
    project_copy: Path,
) -> None:
    # A message of the games app's catalogue, said from now on by a module of the site's.
    games_po = project_copy / "games" / "locale" / LANGUAGES[0] / "LC_MESSAGES" / "django.po"
    site_po = project_copy / "peabody" / "locale" / LANGUAGES[0] / "LC_MESSAGES" / "django.po"
    moving = "How many bots?"
    translation = translation_of(games_po, moving)
    assert translation and translation_of(site_po, moving) is None
    form = project_copy / "games" / "forms.py"
    form.write_text(form.read_text().replace(moving, "Something else entirely."))
    moved = project_copy / "peabody" / "moved.py"
    moved.write_text(f"from django.utils.translation import gettext\n\ngettext({moving!r})\n")

    call_command("update_catalogues", verbosity=0)

    assert translation_of(site_po, moving) == translation
    assert translation_of(games_po, moving) is None
    assert "Something else entirely." in entries(games_po, "--untranslated")


def translation_of(po: Path, message: str) -> str | None:
    """The catalogue's translation of ``message`` (without a context), or None if it has
    none that is not fuzzy."""
    found = subprocess.run(
        ["msggrep", "--msgid", "--fixed-strings", "-e", message, str(po)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    exact = entries_of(found)
    return exact.get(message)


def entries_of(text: str) -> dict[str, str]:
    """``msgid: msgstr`` of the plain, translated, not fuzzy entries of a catalogue's text."""
    found = {}
    for block in text.split("\n\n"):
        if "#, fuzzy" in block or "msgctxt" in block or "msgid_plural" in block:
            continue
        msgid = "".join(re.findall(r'"(.*)"', block.partition("msgid ")[2].partition("msgstr")[0]))
        msgstr = "".join(re.findall(r'"(.*)"', block.partition("msgstr ")[2]))
        if msgid and msgstr:
            found[msgid] = msgstr
    return found


def test_the_compiled_catalogues_are_made_from_the_catalogues_as_they_are(tmp_path: Path) -> None:
    # `make` compiles them (msgfmt); they are never committed, so never out of date.
    for po in catalogues(ROOT):
        made = tmp_path / "django.mo"
        subprocess.run(["msgfmt", "--check", "-o", str(made), str(po)], check=True)
        assert po.with_suffix(".mo").read_bytes() == made.read_bytes(), f"{po}: run make"
