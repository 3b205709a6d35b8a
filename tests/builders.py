"""What the tests build and share, beside factories.py's saved rows: holes' results and
practice questions made from known cards; games played to their end; and Django's test
client put where a test starts (a browser's own game, kid mode, the password page passed).

A helper that two test files need lives here (or, if it reads something rather than builds
it, in the helper module of its folder: tests/games/pages.py, tests/words/said.py...), never
in a conftest.py, which holds fixtures only.
"""

from __future__ import annotations

import random
from dataclasses import replace

from django.test import Client
from django.urls import reverse

from games.engine import PRESETS, HoleResult, legal_actions, score_cards
from games.models import Game
from games.table import Event, Stage, parse, stage
from lessons.core.questions import Question, column_question
from peabody import sessions
from peabody.families.management.commands.demo_family import play_out
from tests.factories import PASSWORD, GameFactory

CLASSIC6 = PRESETS["classic6"]

# The child's layout in the RULES.md check: queens cancel, 9 + (−2), king + 5; and the
# other player's: 7 + 7 + 15 = 29.
MINE = ("QH", "9C", "KS", "QD", "2H", "5C")
THEIRS = ("4H", "6C", "8S", "3D", "AH", "7C")


# --- holes' results --------------------------------------------------------------------


def hole(raw, scores, caller=None, layouts=None) -> HoleResult:
    """Hole 1 from its numbers: each seat's score before and after the caller's penalty, the
    seat that ended the hole (None: nobody did), and the cards if a test needs them."""
    layouts = layouts or tuple(None for _ in raw)
    return HoleResult(1, layouts, tuple(raw), tuple(scores), caller, False)


def played_hole(mine=MINE, theirs=THEIRS, rules=CLASSIC6, number: int = 1) -> HoleResult:
    """Hole ``number`` of the child (``mine``) and one other player, each layout scored as
    ``rules`` score it; nobody ended it."""
    raw = (score_cards(mine, rules).total, score_cards(theirs, rules).total)
    return HoleResult(number, (mine, theirs), raw, raw, None, False)


# --- practice questions ----------------------------------------------------------------


def column_two() -> Question:
    """ "What does column 2 score?" about MINE's 9C over 2H (9 + (−2) = 7) at classic6."""
    for seed in range(40):
        question = column_question(MINE, CLASSIC6, random.Random(seed))
        if question.key == "column-2":
            return question
    raise AssertionError("column 2 was never asked")


# --- games ---------------------------------------------------------------------------


def take(game: Game, move: str, answer: str = "", and_knock: bool = False) -> list[Event]:
    """Make a move as the game page sends it, and save it (raises IllegalAction)."""
    return game.play(parse(move, typed=answer, then_knock=and_knock))


def dealt_together(
    people, preset: str = "easy4", bots: int = 1, holes: int = 1, seed: int = 3, house=None
) -> Game:
    """A game of ``people`` (children, None for a grown-up) and ``bots`` gentle bots at one
    device, just dealt, as read back from the database; ``house``: house rules."""
    rules = replace(PRESETS[preset], holes=holes, **(house or {}))
    game = Game.start(rules, ["gentle"] * bots, seed=seed, people=people, questions=False)
    return Game.objects.get(pk=game.pk)


def stage_now(game: Game) -> Stage:
    """The stage of ``game`` as saved now."""
    game.refresh_from_db()
    return stage(game.table)


def past_the_pass(game: Game) -> None:
    """Say "I'm ready" if the game waits for the device to be passed."""
    if stage_now(game) == Stage.PASS:
        take(game, "ready")


def play_on(game: Game, rng: random.Random, until) -> None:
    """Play every person's seat with random calm moves until ``until(game)`` holds."""
    for _ in range(600):
        game.refresh_from_db()
        if until(game):
            return
        at = stage(game.table)
        if at == Stage.PASS:
            take(game, "ready")
        elif at == Stage.PEEK:
            take(game, "remember")
        elif at == Stage.SUMMARY:
            take(game, "next")
        else:
            assert at == Stage.PLAY, at
            moves = [str(a) for a in legal_actions(game.state) if a.kind != "knock"]
            take(game, rng.choice(moves or [str(legal_actions(game.state)[0])]))
    raise AssertionError("never got there")


def child_game(
    child,
    *,
    finished: bool = True,
    seed: int = 1,
    questions: bool = False,
    right: float = 0.8,
    **kwargs,
):
    """A game of ``child``'s, played to its end by a gentle stand-in for the child; with
    ``questions``, its practice questions answered too, right this often."""
    game = GameFactory(guest_key="", child=child, seed=seed, questions=questions, **kwargs)
    if finished:
        play_out(game, random.Random(seed), gentleness=0.5, right=right)
    return game


def together_game(
    people, *, finished: bool = True, seed: int = 1, holes: int = 1, bots=("gentle",)
) -> Game:
    """A four-card game of ``people`` (children, None for a grown-up) and ``bots`` (one
    gentle bot unless told) at one device, played to its end by gentle stand-ins for them
    all."""
    rules = replace(PRESETS["easy4"], holes=holes)
    game = Game.start(rules, list(bots), seed=seed, people=people, questions=False)
    if finished:
        play_out(game, random.Random(seed), gentleness=0.5)
    return game


# --- Django's test client ----------------------------------------------------------------


def browser_key(client: Client) -> str:
    """The guest key of ``client``'s browser, which gets a session if it has none."""
    session = client.session
    key = session.setdefault(sessions.GUEST_KEY, f"test-{session.session_key}")
    session.save()
    return key


def own(client: Client, game: Game) -> Game:
    """Give ``client``'s browser the game, as if it had started it."""
    game.guest_key = browser_key(client)
    game.save(update_fields=["guest_key"])
    return game


def start_kid_mode(client: Client, child) -> None:
    """``child`` plays on ``client``: after the grown-up's password if another child was."""
    if client.session.get(sessions.CHILD) not in (None, child.pk):
        reauthenticate(client)
    response = client.post(reverse("kids:play_as", args=[child.pk]))
    assert response.status_code == 302
    assert client.session[sessions.CHILD] == child.pk


def reauthenticate(client: Client, password: str = PASSWORD, next_url: str = "") -> object:
    data = {"password": password}
    if next_url:
        data["next"] = next_url
    return client.post(reverse("account_reauthenticate"), data)
