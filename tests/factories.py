from dataclasses import replace

import factory
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from factory import fuzzy

from games import models
from games.engine import PRESETS
from games.models import Game
from peabody.families.models import PRIVACY_NOTICE_VERSION, Child, Consent

PASSWORD = "a-long-family-password"


class GameFactory(factory.django.DjangoModelFactory):
    """A saved game, dealt and played up to its first person's first decision, with one
    gentle bot in seat 1. ``GameFactory(child=robin, guest_key="")``: Robin's own game,
    Robin in seat 0."""

    class Meta:
        model = Game

    class Params:
        preset = "classic6"
        holes = 1
        bots = 1
        house: dict = {}  # house rules, e.g. {"jokers": "pagat"}

    guest_key = fuzzy.FuzzyText(length=64, chars="0123456789abcdef")
    # From the test's own name (tests/conftest.py known_deals), not from how many games this
    # worker made before: the same deals on every run, whatever runs beside it.
    seed = factory.LazyFunction(lambda: models.new_seed())
    rules = factory.LazyAttribute(lambda o: replace(PRESETS[o.preset], holes=o.holes, **o.house))
    bot_levels = factory.LazyAttribute(lambda o: ["gentle"] * o.bots)
    child = None
    people = factory.LazyAttribute(lambda o: [o.child] if o.child is not None else [])
    gentleness = None
    questions = True

    @classmethod
    def _create(cls, model_class: type[Game], *args, child=None, created=None, **kwargs) -> Game:
        game = model_class.start(**kwargs)
        if created is not None:  # an older game
            model_class.objects.filter(pk=game.pk).update(created=created)
            game.created = created
        return game


class ParentFactory(factory.django.DjangoModelFactory):
    """A parent who has signed up, confirmed their email address and agreed to the notice."""

    class Meta:
        model = get_user_model()
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"parent{n}")
    email = factory.Sequence(lambda n: f"parent{n}@example.com")
    password = factory.django.Password(PASSWORD)

    @factory.post_generation
    def confirmed(user, create: bool, extracted: bool | None, **kwargs) -> None:
        if create:
            EmailAddress.objects.create(
                user=user, email=user.email, primary=True, verified=extracted is not False
            )
            Consent.objects.create(parent=user, notice_version=PRIVACY_NOTICE_VERSION)


class ChildFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Child

    parent = factory.SubFactory(ParentFactory)
    nickname = factory.Sequence(lambda n: f"Kid{n}")
    avatar = "fox"
