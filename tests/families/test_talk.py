"""“Talk about it”: questions for a grown-up to ask, made from the child's own last game."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.engine import PRESETS
from peabody.families.talk import talk_about
from tests.builders import THEIRS, child_game, played_hole

CLASSIC6 = PRESETS["classic6"]


def test_a_column_adding_a_negative_number_and_a_pair_make_the_two_questions() -> None:
    # Queens cancel in column 1; 9 over −2 in column 2; king over 5 in column 3.
    talks = talk_about([played_hole(("QH", "9C", "KS", "QD", "2H", "5C"))], CLASSIC6, 0, "Ada")

    assert [(t.seen, t.ask, t.answer) for t in talks] == [
        ("Ada had a 9 and a −2 in one column.", "Ask: what do they make together?", "They make 7."),
        (
            "Ada had two queens in one column.",
            "Ask: what do two cards that match in a column score?",
            "0: they cancel out, whatever they are worth.",
        ),
    ]


def test_the_latest_hole_is_talked_about_first() -> None:
    old = played_hole(("4H", "6C", "8S", "3D", "AH", "7C"), number=1)
    new = played_hole(("8H", "6C", "KS", "3D", "AH", "5C"), number=2)

    [first, *_] = talk_about([old, new], CLASSIC6, 0, "Ada")

    assert first.seen == "Ada had an 8 and a 3 in one column."


def test_with_nothing_to_add_it_asks_about_the_total() -> None:
    # Every column one card worth something over a king: nothing to add up.
    talks = talk_about([played_hole(("KH", "KC", "KS", "4D", "AH", "5C"))], CLASSIC6, 0, "Ada")

    assert [t.seen for t in talks] == ["Ada ended the game on 10."]
    assert talks[0].ask == "Ask: in Golf, is a low score good or bad? Why?"


def test_a_child_with_no_seat_in_the_game_has_nothing_to_talk_about() -> None:
    assert talk_about([played_hole(THEIRS)], CLASSIC6, None, "Ada") == []


@pytest.mark.django_db
def test_the_progress_page_asks_about_the_childs_last_game_and_compares_with_nobody(
    parent_client: Client, child
) -> None:
    game = child_game(child, holes=3)
    talks = talk_about(game.state.results, game.rules, 0, "Robin")

    page = re.sub(
        "</?bdi>", "", parent_client.get(reverse("families:progress", args=[child.pk])).text
    )

    assert "Talk about it" in page
    assert talks
    for talk in talks:
        assert talk.seen in page and talk.ask in page
