"""Each read-aloud button is named for what it reads: on a page, no two share a name, and a
screen reader hears "Read aloud: step 3", not "Read aloud" again and again."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from django.test import Client

from games.models import Game
from games.table import Stage, stage
from lessons.core.walkthrough import slides
from peabody.families.management.commands.demo_family import play_out

LABEL = re.compile(r'<span class="say-label visually-hidden">([^<]*)</span>')
PREFIX = {"": "Read aloud: ", "/es": "Leer en voz alta: "}
LESSON_PAGES = ["/rules/", "/teach/", *[f"/teach/{s.key}/" for s in slides()], "/teach/play/"]


def names_on(html: str) -> list[str]:
    """The names a screen reader meets (a <template>, the slides kept to show next, is not
    part of the page)."""
    shown = re.sub(r"<template.*?</template>", "", html, flags=re.S)
    return [" ".join(name.split()) for name in LABEL.findall(shown)]


def assert_named_for_what_they_read(html: str, prefix: str) -> None:
    names = names_on(html)
    assert names
    assert all(name.startswith(prefix) and name != prefix for name in names), names
    assert [name for name, n in Counter(names).items() if n > 1] == []


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["", "/es"])
@pytest.mark.parametrize("url", LESSON_PAGES)
def test_on_the_lesson_pages(client: Client, url: str, language: str) -> None:
    assert_named_for_what_they_read(client.get(language + url).text, PREFIX[language])


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["", "/es"])
def test_at_the_end_of_a_hole_and_of_a_game(client: Client, language: str) -> None:
    start = {"mode": "classic6", "bots": "3", "level": "gentle", "holes": "3"}
    assert client.post(f"{language}/play/start/", start).status_code == 302
    game = Game.objects.get()
    # The first hole, played to its end (the people's seat as a gentle bot).
    while stage(game.table) != Stage.SUMMARY:
        play_out_one(game)
    page = f"{language}/play/{game.public_id}/"
    end_of_hole = client.get(page).text
    play_out(game, random.Random(1), gentleness=0.5)
    end_of_game = client.get(page).text

    assert 'class="summary' in end_of_hole and 'class="ending"' in end_of_game
    assert_named_for_what_they_read(end_of_hole, PREFIX[language])
    assert_named_for_what_they_read(end_of_game, PREFIX[language])


def play_out_one(game: Game) -> None:
    """One move of the person's seat, as a gentle bot makes it (or past a question)."""
    from games.table import SKIP, Move, legal_moves

    now = stage(game.table)
    if now == Stage.PRACTICE:
        game.play(Move(SKIP))
        return
    game.play(random.Random(game.version).choice(legal_moves(game.table)))
