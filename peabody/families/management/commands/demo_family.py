from __future__ import annotations

import random
from dataclasses import replace
from datetime import timedelta

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from games.engine import PRESETS, choose_action, observe
from games.models import Game
from games.table import ANSWER, NEXT, READY, REMEMBER, Move, Stage, question_asked, stage
from lessons.models import SkillAttempt
from peabody.families.models import PRIVACY_NOTICE_VERSION, Child, Consent, MathsLevel

EMAIL = "demo@peabody.example"
PASSWORD = "demo-family-golf"
GAMES_EACH = 6


def play_out(game: Game, rng: random.Random, gentleness: float, right: float = 0.8) -> None:
    """Play every person's seat to the end of the game, as a gentle bot of this gentleness,
    answering practice questions right this often."""
    while (now := stage(game.table)) != Stage.OVER:
        if now == Stage.PASS:
            game.play(Move(READY))
        elif now == Stage.PEEK:
            game.play(Move(REMEMBER))
        elif now == Stage.SUMMARY:
            game.play(Move(NEXT))
        elif now == Stage.PRACTICE:
            asked = question_asked(game.table)
            assert asked is not None  # the practice stage is a question being asked
            guess = asked.answer if rng.random() < right else asked.answer + 1
            if asked.choices:  # a wrong choice is another player at the table
                guess = next((s for s in asked.choices if s != asked.answer), guess)
                guess = asked.answer if rng.random() < right else guess
            game.play(Move(ANSWER, value=guess))
        else:
            assert game.table.at_device is not None  # the person at the device decides
            obs = observe(game.state, game.table.at_device)
            action, _ = choose_action(obs, "gentle", rng, gentleness=gentleness)
            game.play(Move.of(action))


def make_games(child: Child, rng: random.Random, days_ago: int) -> None:
    """A few finished games over the last weeks, each played a little better than the one
    before, and one left unfinished today."""
    now = timezone.now()
    for i in range(GAMES_EACH + 1):
        rules = replace(PRESETS[child.favourite_mode], holes=3, adding_only=child.adding_only)
        seed = rng.randrange(2**48)
        game = Game.start(rules, ["gentle"], seed=seed, people=[child], gentleness=child.gentleness)
        if i < GAMES_EACH:
            # Each game a little better played, its questions mostly answered right.
            right = 0.92 if child.maths_level == MathsLevel.ADDING else 0.7
            play_out(game, rng, gentleness=1.0 - 0.15 * i, right=right)
            started = now - timedelta(days=days_ago - 3 * i, hours=rng.randint(0, 3))
        else:
            started = now - timedelta(minutes=5)
        Game.objects.filter(pk=game.pk).update(
            created=started, updated=started + timedelta(minutes=rng.randint(6, 18))
        )
        SkillAttempt.objects.filter(game=game).update(answered=started)


@transaction.atomic
def make_demo_family() -> None:
    parent = get_user_model().objects.create_user(
        username="demo-family", email=EMAIL, password=PASSWORD
    )
    EmailAddress.objects.create(user=parent, email=EMAIL, verified=True, primary=True)
    Consent.objects.create(parent=parent, notice_version=PRIVACY_NOTICE_VERSION)
    rng = random.Random(12)
    robin = Child.objects.create(parent=parent, nickname="Robin", avatar="fox")
    sam = Child.objects.create(
        parent=parent,
        nickname="Sam",
        avatar="owl",
        maths_level=MathsLevel.NEGATIVE,
        gentleness=0.5,
        read_aloud=True,
        favourite_mode="classic6",
    )
    make_games(robin, rng, days_ago=20)
    make_games(sam, rng, days_ago=17)
    # And one game the two played together on the family device, passing it round.
    rules = replace(PRESETS["easy4"], holes=3, adding_only=True)
    game = Game.start(rules, ["gentle"], seed=rng.randrange(2**48), people=[robin, sam])
    play_out(game, rng, gentleness=0.5)


class Command(BaseCommand):
    help = (
        "Make, once, a demo parent with two children and a few finished games, so a newcomer "
        "sees a real progress page (DEBUG only)."
    )

    def handle(self, *args, **options) -> None:
        if not settings.DEBUG:
            raise CommandError("The demo family is for local development only (DEBUG=1).")
        if not get_user_model().objects.filter(email=EMAIL).exists():
            make_demo_family()
        self.stdout.write(f"Demo family: log in as {EMAIL} with the password {PASSWORD}")
