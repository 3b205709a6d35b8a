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

from games import practice as games_practice
from games import turns
from games.engine import PRESETS, choose_action, observe
from games.models import Game
from lessons.models import SkillAttempt
from peabody.families.models import PRIVACY_NOTICE_VERSION, Child, Consent, MathsLevel

EMAIL = "demo@peabody.example"
PASSWORD = "demo-family-golf"
GAMES_EACH = 6


def play_out(game: Game, rng: random.Random, gentleness: float, right: float = 0.8) -> None:
    """Play every person's seat to the end of the game, as a gentle bot of this gentleness,
    answering practice questions right this often."""
    while (stage := turns.stage(game, game.state)) != turns.Stage.OVER:
        if stage == turns.Stage.PASS:
            turns.take(game, turns.READY)
        elif stage == turns.Stage.PEEK:
            turns.take(game, turns.REMEMBER)
        elif stage == turns.Stage.SUMMARY:
            turns.take(game, turns.NEXT_HOLE)
        elif stage == turns.Stage.PRACTICE:
            question = games_practice.current(game, game.state)
            guess = question.answer if rng.random() < right else question.answer + 1
            turns.take(game, turns.ANSWER, answer=str(guess))
        else:
            obs = observe(game.state, game.human_seat)
            action, _ = choose_action(obs, "gentle", rng, gentleness=gentleness)
            turns.take(game, str(action))


def make_games(child: Child, rng: random.Random, days_ago: int) -> None:
    """A few finished games over the last weeks, each played a little better than the one
    before, and one left unfinished today."""
    now = timezone.now()
    for i in range(GAMES_EACH + 1):
        rules = replace(PRESETS[child.favourite_mode], holes=3, adding_only=child.adding_only)
        seed = rng.randrange(2**48)
        game = Game.start(rules, ["gentle"], seed=seed, people=[child], gentleness=child.gentleness)
        turns.begin(game)
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
    turns.begin(game)
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
