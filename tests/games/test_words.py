"""Every sentence the table says to a child reads at US grade 3 or below, measured as the
lesson layer's words are (tests/lessons/test_readability.py): prompts, warnings, the knock
question, each step of a move, the guided hole's tips, hints and the kind line at the end,
gathered from whole games played through the site under several rule mixes; and every
reason a bot may give, as the bot says it and as a hint."""

import random
from dataclasses import replace
from html import unescape
from itertools import product

import pytest
from django.test import Client

from games.board import board, hint_for, seating, step_views
from games.engine import PRESETS, apply_action, choose_action, new_game, observe
from games.engine.bots.reasons import CODES
from games.table import Stage, stage
from games.words.bots import bot_says, hint_says
from games.words.table import knock_question
from games.words.tips import TIPS
from tests.games.pages import moves_on, version_on
from tests.lessons.strategies import RULE_MIXES
from tests.readability import too_hard
from tests.words.reasons import every_reason

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
        table = game.table
        seats = seating(game, table.at_device)
        view = board(game, table, stage(table), seats)
        said |= {view.prompt, getattr(view, "warning", ""), getattr(view, "winner", "")}
        said |= set(getattr(view, "kind_lines", []))
        told = step_views(list(table.unseen[seats.you]), seats) if seats.you is not None else []
        said |= {step.text for step in told} | {step.reason for step in told}
        if stage(table) == Stage.PLAY:
            said.add(hint_for(table, table.at_device, stage(table)).text)
            said.add(hint_for(table, table.at_device, stage(table)).where)
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


def bot_texts() -> set[str]:
    """What bots say and the hints, from whole holes played by every level."""
    texts = set()
    for rules, seed in product([*PRESETS.values(), *RULE_MIXES[::8]], range(3)):
        for level in ("random", "gentle", "steady", "sharp"):
            rng = random.Random(f"{level}{seed}")
            state = new_game(replace(rules, holes=1), 3, seed)
            while not state.is_over:
                action, reason = choose_action(observe(state, state.current), level, rng)
                texts |= {bot_says(reason), hint_says(reason)}
                state = apply_action(state, action)
    return texts


def test_every_bot_reason_and_hint_reads_at_grade_3_or_below() -> None:
    texts = bot_texts()
    assert len(texts) > 50
    assert too_hard(texts) == []


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_saying_and_hint_reads_at_grade_3_or_below_whatever_its_card(code: str) -> None:
    texts = {say(reason) for reason in every_reason(code) for say in (bot_says, hint_says)}
    assert too_hard(texts) == []
