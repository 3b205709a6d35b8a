from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from games.engine import PRESETS
from games.models import Game
from peabody.families.models import Child, Consent, MathsLevel
from tests.factories import ChildFactory, GameFactory, ParentFactory

pytestmark = pytest.mark.django_db


def test_adding_only_is_the_engine_rule_for_the_first_maths_level() -> None:
    assert ChildFactory.build(maths_level=MathsLevel.ADDING).adding_only
    assert not ChildFactory.build(maths_level=MathsLevel.NEGATIVE).adding_only


def test_a_new_child_starts_on_adding_only_with_kind_bots_questions_and_read_aloud() -> None:
    child = ChildFactory()

    assert child.maths_level == MathsLevel.ADDING
    assert child.gentleness == 0.8
    assert child.practice_questions
    assert child.read_aloud  # where the device has a voice of its own (speech.js)
    assert child.sounds
    assert child.favourite_mode == "easy4"


def test_a_profile_holds_nothing_but_the_nickname_picture_and_settings() -> None:
    fields = {field.name for field in Child._meta.get_fields()}

    assert fields == {
        "id",
        "parent",
        "nickname",
        "avatar",
        "maths_level",
        "gentleness",
        "read_aloud",
        "sounds",
        "practice_questions",
        "adapting",
        "favourite_mode",
        "language",
        "created",
        "games",
        "seats",
        "skill_attempts",  # the child's answers, each kept with its game
    }
    assert Child._meta.get_field("nickname").max_length == 20


def test_a_favourite_game_is_one_of_the_engines_games() -> None:
    for mode in PRESETS:
        ChildFactory.build(favourite_mode=mode).clean_fields(exclude=["parent"])
    with pytest.raises(ValidationError) as refused:
        ChildFactory.build(favourite_mode="golf99").clean_fields(exclude=["parent"])

    assert list(refused.value.message_dict) == ["favourite_mode"]


def test_a_parent_signed_up_through_the_factory_has_agreed_to_the_current_notice() -> None:
    parent = ParentFactory()

    consent = Consent.objects.get(parent=parent)
    assert consent.notice_version
    assert timezone.now() - consent.given < timedelta(minutes=1)


def test_a_childs_games_outlive_the_day_guest_games_last() -> None:
    long_ago = timezone.now() - timedelta(days=400)
    childs = GameFactory(child=ChildFactory(), guest_key="", created=long_ago)
    guests = GameFactory(created=long_ago)

    assert list(Game.objects.expired()) == [guests]
    Game.objects.expired().delete()
    assert list(Game.objects.all()) == [childs]
