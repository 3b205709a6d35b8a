from dataclasses import replace

import factory
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from factory import fuzzy

from games.engine import PRESETS, Rules, new_game
from games.models import Game, Seat
from peabody.families.models import PRIVACY_NOTICE_VERSION, Child, Consent

PASSWORD = "a-long-family-password"


class GameFactory(factory.django.DjangoModelFactory):
    """A saved game that has just been dealt, with one gentle bot in seat 1."""

    class Meta:
        model = Game
        skip_postgeneration_save = True

    class Params:
        preset = "classic6"
        holes = 1
        bots = 1
        house: dict = {}  # house rules, e.g. {"jokers": "pagat"}

    # A browser's guest key is a SHA-256 of its session key: 64 hex digits.
    guest_key = fuzzy.FuzzyText(length=64, chars="0123456789abcdef")
    seed = factory.Sequence(lambda n: 1000 + n)
    players = factory.LazyAttribute(lambda o: 1 + o.bots)
    rules = factory.LazyAttribute(
        lambda o: replace(PRESETS[o.preset], holes=o.holes, **o.house).to_dict()
    )
    bot_levels = factory.LazyAttribute(lambda o: [None] + ["gentle"] * o.bots)
    snapshot = factory.LazyAttribute(
        lambda o: new_game(Rules.from_dict(o.rules), o.players, o.seed).to_json()
    )

    @factory.post_generation
    def child(game: Game, create: bool, extracted, **kwargs) -> None:
        """``GameFactory(child=robin, guest_key="")``: Robin's own game, Robin in seat 0."""
        if extracted is not None:
            game.people = [Seat(game=game, number=0, child=extracted)]
            if create:
                Seat.objects.bulk_create(game.people)


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
