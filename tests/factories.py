from dataclasses import replace

import factory
from factory import fuzzy

from games.engine import PRESETS, Rules, new_game
from games.models import Game


class GameFactory(factory.django.DjangoModelFactory):
    """A saved game that has just been dealt, with one gentle bot in seat 1."""

    class Meta:
        model = Game

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
