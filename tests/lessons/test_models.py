from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.utils import timezone

from lessons.models import SkillAttempt
from lessons.skills import Skill
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
