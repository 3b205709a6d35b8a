"""What Peabody practises with a child and how kind their gentle bots are, as their grown-up
reads it on the progress page; and the games a child in kid mode is given by it."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from datetime import timedelta
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import Game
from games.table import question_asked
from games.table.decisions import decisions
from games.table.moves import parse
from lessons.core.questions import Question
from lessons.core.skills import Skill
from peabody.families.progress import week_of
from tests.builders import reauthenticate, start_kid_mode
from tests.factories import ChildFactory
from tests.games.pages import MOVE, VERSION

from .practising import choices_at_the_table, first_tries, holes_against_gentle_bots
from .spanish import text_of

pytestmark = pytest.mark.django_db


def progress_page(client: Client, child) -> str:
    """The progress page's words, as a reader meets them."""
    return text_of(client.get(reverse("families:progress", args=[child.pk])).text)


# --- the plan on the progress page ------------------------------------------------------


def test_the_progress_page_shows_each_skills_level_and_why(parent_client: Client, child) -> None:
    first_tries(child, "adding", [True, True, True, True])  # 4 right: up a level
    first_tries(child, "comparing", [True, False])

    page = progress_page(parent_client, child)

    assert "What Peabody practises with Robin" in page
    assert "Adding small numbers: three cards (level 2 of 3)" in page
    assert (
        "Up one level: Robin got the latest 3, or 4 of the latest 5, right the first time at the "
        "level below." in page
    )
    assert "Comparing numbers: two scores, none below zero (level 1 of 3)" in page
    assert (
        "Every child starts here. Robin has answered 2 questions about it so far, 1 right the "
        "first time." in page
    )
    # At "adding only" a negative number is never asked, so it is not waiting either.
    assert (
        "Not asked yet, each at its first level: Pairs cancel to zero, Keeping a running "
        "total and How far behind." in page
    )


def test_a_skill_too_easy_to_ask_reads_a_level_up_and_the_page_says_why(
    parent_client: Client, child
) -> None:
    # Pairs right once, then only adding asked, and right every time at its top: the rating
    # finds pairs' first level too easy to ask, so pairs go up without another question.
    first_tries(child, "pairs_cancel", [True], days_ago=1)
    first_tries(child, "adding", [True] * 12, level=3)

    page = progress_page(parent_client, child)

    assert re.search(r"Pairs cancel to zero: [^(]+\(level 2 of 2\)", page)
    assert (
        "Up one level: from all Robin got right, Peabody works out that the level below would "
        "be right more than 92 times in 100, too easy to ask." in page
    )


def test_the_rule_that_moves_the_levels_is_written_out_once(parent_client: Client, child) -> None:
    first_tries(child, "adding", [True, True, True, True])
    first_tries(child, "pairs_cancel", [False])

    page = progress_page(parent_client, child)

    assert page.count("How the levels move") == 1
    up = (
        "The latest 3 right, or 4 right of the latest 5, at a skill’s level or harder: "
        "up one level."
    )
    assert page.count(up) == 1
    assert (
        page.count(
            "A skill Robin is still unlikely to get right rests instead of coming back, until "
            "that changes or a week has gone by."
        )
        == 1
    )
    assert page.count("It picks the one nearest 85 in 100 and mixes the kinds.") == 1
    assert page.count("It skips a question below 70 or above 92 in 100") == 1
    assert page.count("2 missed of the latest 3 at its level or easier: down one level.") == 1
    assert page.count("A skill Robin missed comes back 1, 3 and 7 days after the miss.") == 1


def test_pairs_let_go_by_at_the_table_bring_pairs_back_and_the_page_says_why(
    parent_client: Client, child
) -> None:
    choices_at_the_table(child, "pair", [True, False, True, False])  # 2 of the latest 4
    choices_at_the_table(child, "lower", [False, True, True, True])  # 1 of 4: fine

    page = progress_page(parent_client, child)

    assert "Pairs cancel to zero: spotting a pair (level 1 of 2)" in page
    assert (
        "Comes back in the next game: at the table, Robin let a pair go by 2 of the latest 4 "
        "times." in page
    )
    assert "kept the higher of two cards" not in page
    assert page.count("At the table, a choice that uses a skill counts too") == 1
    # The plan the next game is fitted with says the same.
    game = new_game_in_kid_mode(parent_client, child)
    assert game.plan["due"] == ["pairs_cancel"]


def test_a_level_that_went_down_says_so_with_its_week(parent_client: Client, child) -> None:
    child.maths_level = "negative"
    child.save()
    first_tries(child, "adding_negative", [True] * 4, days_ago=9)  # up to level 2
    first_tries(child, "adding_negative", [False, False], level=2)  # and down again

    page = progress_page(parent_client, child)

    assert "Adding a negative number: a negative number with small cards (level 1 of 3)" in page
    assert (
        "Down one level: Robin missed 2 of the latest 3 the first time at the level above." in page
    )
    nine_days_ago = timezone.localdate() - timedelta(days=9)
    week, this_week = week_of(nine_days_ago), week_of(timezone.localdate())
    # Its weeks, as the chart beside them draws them: up to level 2, then back to 1.
    assert (
        f"Adding a negative number, week by week Week starting Level Right the first time "
        f"{week:%-d %b} 2 of 3 4 of 4 {week + timedelta(weeks=1):%-d %b} 2 of 3 none asked "
        f"{this_week:%-d %b} 1 of 3 0 of 2"
    ) in page
    assert "Adding a negative number New this month, now at level 1 of 3." in page


def test_a_skill_missed_days_ago_comes_back_in_the_next_game(parent_client: Client, child) -> None:
    first_tries(child, "adding", [True, False], days_ago=3)

    page = progress_page(parent_client, child)

    assert "Comes back in the next game: Robin missed one 3 days ago." in page


def test_a_child_with_no_answers_starts_every_skill_at_its_first_level(
    parent_client: Client, child
) -> None:
    page = progress_page(parent_client, child)

    assert "No practice answers yet: every skill starts at its first level." in page
    assert "How the levels move" in page


def test_with_adapting_off_the_page_shows_the_fixed_practice_and_bots(
    parent_client: Client, child
) -> None:
    child.adapting = False
    child.gentleness = 0.5
    child.save()
    first_tries(child, "adding", [True, True, True, True])
    holes_against_gentle_bots(child, [1] * 5, [1] * 5)

    page = progress_page(parent_client, child)

    assert (
        "You switched off “Fit the questions and the kind bots to how the child does”, so "
        "Peabody asks the usual mix of questions, the same for every child" in page
    )
    assert "three cards" not in page and "How the levels move" not in page
    assert "With it off, the gentle bots stay exactly as kind as you chose: a bit tricky." in page
    assert "Peabody adjusts" not in page
    assert "To fit the questions and the bots to Robin again, switch on “Fit the" in page


# --- the gentle bots on the progress page -------------------------------------------------


def test_the_page_says_the_bots_are_kinder_and_how_many_holes_were_won(
    parent_client: Client, child
) -> None:
    holes_against_gentle_bots(child, [1] * 5, [-1] * 5)  # lost 5, then won 5

    page = progress_page(parent_client, child)

    assert (
        "Peabody adjusts the gentle bots so that Robin wins about half the holes against them: "
        "Robin won 5 of the latest 10. The bots are now kinder than you chose, as far as Peabody "
        "moves them." in page
    )


@pytest.mark.parametrize(
    ("games", "now"),
    [
        ([[-1] * 5] * 4, "less kind than you chose, as far as Peabody moves them."),
        ([[-1] * 5, [1] * 5], "a little less kind than you chose."),
        ([[-1, 1, 0, 0, 1]], "as kind as you chose."),
    ],
)
def test_the_page_says_how_kind_the_bots_are_beside_the_choice(
    parent_client: Client, child, games: list[list[int]], now: str
) -> None:
    holes_against_gentle_bots(child, *games)

    assert f"The bots are now {now}" in progress_page(parent_client, child)


def test_a_tie_counts_half_a_hole_won(parent_client: Client, child) -> None:
    holes_against_gentle_bots(child, [0, -1, 1, 1, 1])

    assert "Robin won 1.5 of the latest 5." in progress_page(parent_client, child)


def test_the_bots_wait_for_five_holes_before_moving(parent_client: Client, child) -> None:
    holes_against_gentle_bots(child, [1, 1, 1])

    page = progress_page(parent_client, child)

    assert "It starts after 5 holes against them: Robin has played 3 so far." in page
    assert "The bots are now as kind as you chose." in page


def test_the_page_links_the_switch_that_fixes_it_by_hand(parent_client: Client, child) -> None:
    html = parent_client.get(reverse("families:progress", args=[child.pk])).text
    settings = reverse("families:child_edit", args=[child.pk])

    assert f'<a href="{settings}#id_adapting">' in html
    form = parent_client.get(settings).text
    assert 'id="id_adapting"' in form
    assert 'aria-describedby="id_adapting_helptext"' in form
    assert "makes the gentle bots a little kinder or trickier" in unescape(form)


def test_the_plan_compares_with_nobody(parent_client: Client, child) -> None:
    sam = ChildFactory(parent=child.parent, nickname="Sam")
    first_tries(sam, "adding", [True] * 8)
    first_tries(child, "adding", [True, False])

    page = progress_page(parent_client, child).lower()

    assert "sam" not in page and "three cards" not in page
    for word in ("streak", "in a row", "better than", "keep it up", "don’t stop"):
        assert word not in page


# --- the games a child in kid mode is given ------------------------------------------------

NEW_GAME = {"mode": "classic6", "bots": "1", "level": "gentle", "holes": "9", "jokers": "minus5"}


def started(response) -> Game:
    """The game a new-game form's answer sends the child to."""
    assert response.status_code == 302
    return Game.objects.get(public_id=response["Location"].rstrip("/").rsplit("/", 1)[-1])


def right_move(asked: Question) -> dict[str, str]:
    if asked.choices:
        return {"move": f"answer:{asked.answer}"}
    if asked.on_line:
        return {"move": "land:" + ",".join(str(n) for n in asked.landings)}
    return {"move": "answer", "answer": str(asked.answer)}


def wrong_move(asked: Question) -> dict[str, str]:
    """A wrong number: one more than the answer (the last landing, on a number line)."""
    if asked.on_line:
        landings = (*asked.landings[:-1], asked.answer + 1)
        return {"move": "land:" + ",".join(str(n) for n in landings)}
    return {"move": "answer", "answer": str(asked.answer + 1)}


def play_a_game(
    client: Client, answer: Callable[[Question], dict[str, str]], seed: int
) -> tuple[Game, list[Question]]:
    """Start a game from the new-game page as the child in kid mode, and play it to its end
    on the game page: random moves (never a knock), each question's first try ``answer``
    gives and a second try skipped. The game, and the questions asked in it."""
    game = started(client.post(reverse("games:create"), NEW_GAME))
    rng = random.Random(seed)
    html, asked = client.get(game.get_absolute_url()).text, []
    while moves := MOVE.findall(html):
        if 'class="question"' in html:
            game.refresh_from_db()
            question = question_asked(game.table)
            if game.table.practice[0].wrong_tries:
                data = {"move": "skip"}
            else:
                data = answer(question)
                asked.append(question)
        else:
            game.refresh_from_db()
            data = {"move": rng.choice(well_played(game, moves))}
        version = VERSION.search(html).group(1)
        html = client.post(f"/play/{game.public_id}/move/", data | {"version": version}).text
    game.refresh_from_db()
    assert game.finished
    return game, asked


def well_played(game: Game, moves: list[str]) -> list[str]:
    """The moves offered (never a knock) that show nothing wrong at the table
    (games.table.decisions): both test children play the cards alike and well, so only
    their answers tell them apart."""
    offered = [m for m in moves if m != "knock"]
    good = [
        m
        for m in offered
        if (action := parse(m).action) is None or all(d.good for d in decisions(game.table, action))
    ]
    return good or offered


def negative_levels(asked: list[Question]) -> list[int]:
    return [q.level for q in asked if q.skill == Skill.ADDING_NEGATIVE]


@pytest.fixture
def dealt_in_turn(monkeypatch):
    """Each new game's cards dealt from the next of a fixed list of seeds, so the games are
    the same on every run; ``.restart()`` goes back to the first."""

    class Seeds:
        def restart(self) -> None:
            self.seeds = iter(range(7919, 10**6, 7919))

    seeds = Seeds()
    seeds.restart()
    monkeypatch.setattr("games.models.new_seed", lambda: next(seeds.seeds))
    return seeds


def test_a_child_who_misses_every_negative_column_is_asked_no_harder_ones_and_they_rest(
    parent_client: Client, parent, dealt_in_turn
) -> None:
    ada = ChildFactory(parent=parent, nickname="Ada", maths_level="negative")
    ben = ChildFactory(parent=parent, nickname="Ben", maths_level="negative")

    def misses_negatives(asked: Question) -> dict[str, str]:
        return wrong_move(asked) if asked.skill == Skill.ADDING_NEGATIVE else right_move(asked)

    def games_of(child, answer, until=None) -> list[tuple[Game, list[Question]]]:
        """The child plays the same deals as the other, one game after another, until a
        game is ``until`` (or fifteen games): each game and the questions asked in it."""
        dealt_in_turn.restart()
        start_kid_mode(parent_client, child)
        played = []
        for seed in range(1, 16):
            played.append(play_a_game(parent_client, answer, seed=seed))
            if until and until(*played[-1]):
                break
        reauthenticate(parent_client)
        return played

    def level(game: Game) -> int:
        return game.plan.get("levels", {}).get("adding_negative", 1)

    # Ben, right every time, plays until a game is fitted to a harder level and asks him
    # negatives; Ada plays the same deals, missing every negative she is asked.
    bens = games_of(
        ben, right_move, lambda game, asked: level(game) == 2 and negative_levels(asked)
    )
    adas = games_of(ada, misses_negatives)[: len(bens)]
    assert max(negative_levels(bens[-1][1])) == 2
    asked_ada = [negative_levels(asked) for _, asked in adas]
    assert any(asked_ada), "Ada is asked negatives too"
    # Never harder for Ada, as her levels say; and once missed, out of reach, they rest.
    assert {level(game) for game, _ in adas} == {1}
    assert max(max(levels, default=1) for levels in asked_ada) == 1
    first_missed = next(n for n, levels in enumerate(asked_ada) if levels)
    assert not any(asked_ada[first_missed + 1 :]), asked_ada
    assert (
        "Adding a negative number: a negative number with small cards (level 1 of 3)"
        in progress_page(parent_client, ada)
    )
    # Ben got every one right, so he reads at least the level his last game was fitted to.
    ben_page = progress_page(parent_client, ben)
    assert re.search(r"Adding a negative number: [^(]+ \(level [23] of 3\)", ben_page), ben_page


def new_game_in_kid_mode(client: Client, child) -> Game:
    start_kid_mode(client, child)
    game = {"mode": "easy4", "bots": "1", "level": "gentle", "holes": "1"}
    return started(client.post(reverse("games:create"), game))


def test_with_adapting_off_a_new_game_has_no_plan_and_the_bots_as_chosen(
    parent_client: Client, child
) -> None:
    child.gentleness = 0.5
    child.save()
    first_tries(child, "adding", [True] * 4)
    holes_against_gentle_bots(child, [1] * 5, [1] * 5)  # every hole lost
    fitted = new_game_in_kid_mode(parent_client, child)
    reauthenticate(parent_client)
    child.adapting = False
    child.save()

    fixed = new_game_in_kid_mode(parent_client, child)

    assert fitted.plan["levels"] == {"adding": 2} and fitted.plan["due"] == []
    # Each skill rated, adding above where a new child starts (4 right the first time).
    assert set(fitted.plan["ratings"]) == {skill.value for skill in Skill}
    assert fitted.plan["ratings"]["adding"] > fitted.plan["ratings"]["comparing"]
    assert fitted.gentleness == 0.9  # two steps kinder than chosen
    assert fixed.plan is None
    assert fixed.gentleness == 0.5
