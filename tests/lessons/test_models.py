from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.utils import timezone

from lessons.core.skills import Skill
from lessons.models import SkillAttempt, seconds_since
from tests.builders import column_two
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db


def answer(game, skill=Skill.ADDING, right=True, first_try=True, hole=1) -> SkillAttempt:
    return SkillAttempt.objects.create(
        game=game, skill=skill, right=right, first_try=first_try, hole=hole
    )


def test_an_answer_is_saved_with_its_skill_and_how_it_went():
    game = GameFactory()
    answer(game, Skill.ADDING_NEGATIVE, right=False, first_try=False, hole=3)
    saved = SkillAttempt.objects.get()
    assert (saved.skill, saved.right, saved.first_try, saved.hole) == (
        "adding_negative",
        False,
        False,
        3,
    )
    assert saved.game == game
    assert timezone.now() - saved.answered < timedelta(minutes=1)
    assert list(game.skill_attempts.all()) == [saved]


def test_only_the_known_skills_are_accepted():
    attempt = SkillAttempt(game=GameFactory(), skill="juggling", right=True, first_try=True, hole=1)
    with pytest.raises(ValidationError):
        attempt.full_clean()


def test_a_guests_answers_go_with_their_game():
    kept, gone = GameFactory(), GameFactory()
    answer(kept)
    answer(gone)
    answer(gone, Skill.COMPARING)
    gone.delete()
    assert list(SkillAttempt.objects.values_list("game", flat=True)) == [kept.pk]


def test_purging_old_guest_games_purges_their_answers():
    old = GameFactory(created=timezone.now() - timedelta(days=3))
    new = GameFactory()
    answer(old)
    answer(new)
    call_command("purge_guest_games", verbosity=0)
    assert list(SkillAttempt.objects.values_list("game", flat=True)) == [new.pk]


def test_the_tally_counts_right_answers_out_of_all_for_each_skill():
    game = GameFactory()
    answer(game, Skill.ADDING, right=True)
    answer(game, Skill.ADDING, right=False)
    answer(game, Skill.ADDING, right=True, first_try=False)
    answer(game, Skill.PAIRS_CANCEL, right=False)
    assert SkillAttempt.objects.tally() == {Skill.ADDING: (2, 3), Skill.PAIRS_CANCEL: (0, 1)}
    assert SkillAttempt.objects.filter(first_try=True).tally()[Skill.ADDING] == (1, 2)


def test_a_skip_is_not_counted_as_an_answer():
    game = GameFactory()
    answer(game, Skill.ADDING, right=True)
    SkillAttempt.record(game, column_two(), hole=1, given=None, first_try=True, seconds=1).save()
    assert SkillAttempt.objects.tally() == {Skill.ADDING: (1, 1)}  # the skip: no negative


def test_a_recorded_answer_keeps_what_was_asked_and_what_was_answered():
    game = GameFactory()
    attempt = SkillAttempt.record(game, column_two(), hole=3, given=11, first_try=True, seconds=8)
    assert attempt.pk is None  # the caller saves it with the game's move
    attempt.save()
    saved = SkillAttempt.objects.get()
    assert (saved.kind, saved.facts, saved.right_answer, saved.given) == (
        "column",
        {"column": 2, "cards": ["9C", "2H"]},
        7,
        11,
    )
    assert (saved.skill, saved.right, saved.skipped, saved.first_try) == (
        Skill.ADDING_NEGATIVE,
        False,
        False,
        True,
    )
    assert (saved.hole, saved.seconds, saved.is_older) == (3, 8, False)


def test_a_right_answer_on_the_second_try_is_right_but_not_first():
    attempt = SkillAttempt.record(
        GameFactory(), column_two(), hole=1, given=7, first_try=False, seconds=20
    )
    assert (attempt.right, attempt.first_try, attempt.given) == (True, False, 7)


def test_a_skip_is_kept_as_not_right_with_no_answer():
    attempt = SkillAttempt.record(
        GameFactory(), column_two(), hole=1, given=None, first_try=True, seconds=2
    )
    assert (attempt.skipped, attempt.right, attempt.given, attempt.right_answer) == (
        True,
        False,
        None,
        7,
    )


def test_an_answer_kept_before_questions_were_is_an_older_answer():
    old = answer(GameFactory())
    old.refresh_from_db()
    assert old.is_older
    assert (old.kind, old.facts, old.given, old.right_answer, old.seconds) == (
        "",
        {},
        None,
        None,
        None,
    )


def test_the_seconds_taken_stop_at_an_hour_for_a_child_who_walked_away():
    now = timezone.now()
    assert seconds_since(now - timedelta(seconds=42), now) == 42
    assert seconds_since(now - timedelta(days=2), now) == 3600
    assert seconds_since(now + timedelta(seconds=5), now) == 0
