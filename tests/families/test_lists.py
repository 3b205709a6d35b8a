"""The progress page and its chart list a child's games from the games' columns, as their
tables say them, without reading every game's snapshot; the family page reads no game."""

import re
from html import unescape

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from games.models import Game
from games.table import Table, legal_moves
from peabody.families.progress import TREND_GAMES, progress
from peabody.words.grown_ups import signed_number
from tests.builders import child_game, together_game
from tests.factories import ChildFactory

pytestmark = pytest.mark.django_db

WORDS = {
    "en": {
        "easy4": "Four-card Golf",
        "classic6": "Six-card Golf",
        "with": "{mode}, with {people}",
        "of": "{played} of {holes}",
        "finished": "Watch again",
        "not finished": "Not finished",
    },
    "es": {
        "easy4": "Golf de cuatro cartas",
        "classic6": "Golf de seis cartas",
        "with": "{mode}, con {people}",
        "of": "{played} de {holes}",
        "finished": "Volver a verla",
        "not finished": "Sin terminar",
    },
}


@pytest.fixture
def games(child) -> list[Game]:
    """Robin's games, oldest first: finished with questions, finished together with Sam in
    Robin's seat 1, one stopped in its second hole, one just dealt."""
    sam = ChildFactory(parent=child.parent, nickname="Sam")
    played = [
        child_game(child, preset="classic6", holes=3, seed=1, questions=True, right=0.5),
        together_game([sam, child], holes=2, seed=2),
    ]
    stopped = child_game(child, preset="easy4", holes=3, seed=3, finished=False)
    while stopped.state.hole < 2:
        stopped.play(legal_moves(stopped.table)[0])
    return [*played, stopped, child_game(child, holes=2, seed=4, finished=False)]


def as_the_table_says(game: Game, child, language: str) -> list[str]:
    """The game's row of "Recent games", made from its decoded table."""
    words = WORDS[language]
    seat = game.seat_of(child)
    scores = [s for r in game.state.results if (s := r.scores[seat]) is not None]
    mode = words[game.rules.name]
    if game.shared_device:
        mode = words["with"].format(mode=mode, people="Sam")
    return [
        mode,
        words["of"].format(played=len(scores), holes=game.rules.holes),
        signed_number(sum(scores)),
        words["finished" if game.state.is_over else "not finished"],
    ]


def recent_rows(html: str) -> list[list[str]]:
    """Each row of the page's "Recent games" table, as the text of its cells (the date, and
    what only a screen reader hears, left out)."""
    table = re.search(r'<table class="recent">(.*?)</table>', html, re.S).group(1)
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1], re.S):
        row = re.sub(r'<span class="(when|visually-hidden)">.*?</span>', "", row, flags=re.S)
        cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        rows.append([unescape(re.sub(r"<[^>]+>", "", cell)).strip() for cell in cells])
    return rows


@pytest.mark.parametrize("language", ["en", "es"])
def test_recent_games_are_listed_as_their_tables_say(
    parent_client: Client, child, games: list[Game], language: str
) -> None:
    url = reverse("families:progress", args=[child.pk])
    if language != "en":  # English pages have no prefix
        with translation.override(language):
            url = reverse("families:progress", args=[child.pk])

    html = parent_client.get(url).text

    expected = [as_the_table_says(game, child, language) for game in reversed(games)]
    assert recent_rows(html) == expected


def test_the_progress_rows_add_up_the_childs_own_seat_as_the_tables_do(
    child, games: list[Game]
) -> None:
    shown = progress(child.games.all(), child, games[0].created.date())

    for row, game in zip(shown.recent, reversed(games), strict=True):
        seat = game.seat_of(child)
        scores = [s for r in game.state.results if (s := r.scores[seat]) is not None]
        assert (row.public_id, row.holes_played, row.finished) == (
            game.public_id,
            len(scores),
            game.is_finished,
        )
        assert row.average == (sum(scores) / len(scores) if scores else None)
    assert [row.public_id for row in shown.trend] == [g.public_id for g in games[:2]]
    assert (shown.games, shown.finished, shown.holes) == (4, 2, 3 + 2 + 1 + 0)


class Decodes:
    """Counts the snapshots read back into tables."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real = Table.from_json.__func__

        def counted(cls, *args):
            self.count += 1
            return real(cls, *args)

        monkeypatch.setattr(Table, "from_json", classmethod(counted))


def reading_snapshots(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries if '"snapshot"' in q["sql"]]


def test_the_progress_page_reads_one_snapshot_the_last_games_for_talk_about_it(
    parent_client: Client, child, games: list[Game], monkeypatch: pytest.MonkeyPatch
) -> None:
    decodes = Decodes(monkeypatch)

    with CaptureQueriesContext(connection) as queries:
        html = parent_client.get(reverse("families:progress", args=[child.pk])).text

    assert "Recent games" in html
    assert decodes.count == 1
    [read] = reading_snapshots(queries)
    assert f'"games_game"."public_id" = \'{games[-1].public_id}\'' in read


def test_the_chart_reads_no_snapshot_and_only_the_games_it_draws(
    parent_client: Client, child, games: list[Game], monkeypatch: pytest.MonkeyPatch
) -> None:
    decodes = Decodes(monkeypatch)

    with CaptureQueriesContext(connection) as queries:
        response = parent_client.get(reverse("families:chart", args=[child.pk]))

    assert response["Content-Type"] == "image/png"
    assert decodes.count == 0
    assert reading_snapshots(queries) == []
    [games_read] = [q["sql"] for q in queries if q["sql"].startswith('SELECT "games_game"')]
    assert f"LIMIT {TREND_GAMES}" in games_read


def test_the_family_page_reads_no_game(
    parent_client: Client, child, games: list[Game], monkeypatch: pytest.MonkeyPatch
) -> None:
    decodes = Decodes(monkeypatch)

    with CaptureQueriesContext(connection) as queries:
        html = parent_client.get(reverse("families:home")).text

    assert "Robin" in html
    assert decodes.count == 0
    # The line of how the maths grew reads the child's answers, never a game's row.
    assert not [q["sql"] for q in queries if q["sql"].startswith('SELECT "games_game"')]
