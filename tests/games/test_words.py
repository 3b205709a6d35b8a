"""Every sentence the table says to a child reads at US grade 3 or below, measured as the
lesson layer's words are (tests/lessons/test_readability.py): prompts, warnings, the knock
question, each step of a move, the guided hole's tips, hints and the kind line at the end,
gathered from whole games played through the site under several rule mixes."""

import random
from html import unescape

import pytest
from django.test import Client

from games import turns
from games.board import board
from games.narration import TIPS, knock_question
from tests.lessons.test_readability import too_hard

from .conftest import moves_on, version_on

pytestmark = pytest.mark.django_db

GAMES = [
    ("easy4", {}),
    ("easy4", {"memory_mode": True, "adding_only": True}),
    ("classic6", {"caller_penalty": "double", "flip_instead_of_draw": True}),
    ("classic6", {"jokers": "minus5", "four_of_a_kind": "square"}),
    ("knock9", {"caller_penalty": "low_scores_zero"}),
]


def table_words(client: Client, game) -> set[str]:
    """The table's words at every decision of a whole game, as the page is drawn from them."""
    said: set[str] = set()
    rng = random.Random(game.seed)
    html = client.get(game.get_absolute_url()).text
    for _ in range(1000):
        game.refresh_from_db()
        view = board(game)
        said |= {view.prompt, view.warning, view.winner, *view.kind_lines}
        told = game.steps_for(game.human_seat)
        said |= {step["text"] for step in told} | {step["reason"] for step in told}
        if turns.stage(game, game.state) == turns.Stage.PLAY:
            said.add(turns.hint_for(game).text)
            said.add(turns.hint_for(game).where)
        offered = moves_on(html)
        if not offered:
            break
        html = client.post(
            f"/play/{game.public_id}/move/",
            {"move": rng.choice(offered), "version": version_on(html)},
        ).text
    return {unescape(text) for text in said if text}


def test_every_sentence_of_the_table_reads_at_grade_3_or_below(client: Client, make_game) -> None:
    said = {*TIPS.values(), knock_question(1), knock_question(3)}
    for seed, (preset, house) in enumerate(GAMES):
        game = make_game(preset=preset, bots=3, holes=2, house=house, seed=seed)
        said |= table_words(client, game)

    assert len(said) > 100  # the games really were played and told
    hard = too_hard(said)
    assert hard == [], "\n".join(f"{g:.1f} {t}" for g, t in hard)
