"""Playing a saved game: the child's move, the bots' replies, and the steps they are told in."""

import random

import pytest

from games import turns
from games.engine import IllegalAction, legal_actions
from games.models import Game
from games.narration import Step
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db


def ready(preset: str, bots: int = 1, **kwargs) -> Game:
    game = GameFactory.build(preset=preset, bots=bots, **kwargs)
    turns.begin(game)
    return game


def play_until(game: Game, wanted, rng: random.Random, calm: bool = True) -> None:
    """Make random moves for the child until ``wanted(state)`` holds at a decision."""
    for _ in range(400):
        game.refresh_from_db()
        state = game.state
        now = turns.stage(game, state)
        if now == turns.Stage.PLAY and wanted(state):
            return
        if now == turns.Stage.PEEK:
            turns.take(game, "remember")
            continue
        if now == turns.Stage.SUMMARY:
            turns.take(game, "next")
            continue
        if now == turns.Stage.PRACTICE:
            turns.take(game, "skip")
            continue
        assert now == turns.Stage.PLAY, now
        moves = [str(a) for a in legal_actions(state) if not (calm and a.kind == "knock")]
        turns.take(game, rng.choice(moves))
    raise AssertionError("never got there")


def test_in_knock_golf_a_turn_ends_by_itself_when_the_child_does_not_ask_to_knock() -> None:
    game = ready("knock9", holes=3)
    play_until(
        game,
        lambda s: s.phase == "place" and s.drawn_from == "stock" and s.caller is None,
        random.Random(1),
    )
    before = len(game.moves.split())

    turns.take(game, "discard")

    game.refresh_from_db()
    assert game.moves.split()[before : before + 2] == ["discard", "end_turn"]
    assert game.state.caller != game.human_seat


def test_in_knock_golf_asking_to_knock_with_a_card_face_down_asks_first() -> None:
    game = ready("knock9", holes=3)
    play_until(
        game,
        lambda s: s.phase == "place" and s.drawn_from == "stock" and s.caller is None,
        random.Random(2),
    )

    turns.take(game, "discard", and_knock=True)

    game.refresh_from_db()
    state = game.state
    assert (state.phase, state.current) == ("knock", game.human_seat)
    assert state.caller is None
    steps = turns.take(game, "knock").steps
    assert steps[0].text == "You knocked! The others get 1 more turn."


def test_keep_playing_after_the_knock_question_ends_the_turn_without_a_knock() -> None:
    game = ready("knock9", holes=3)
    play_until(
        game,
        lambda s: s.phase == "place" and s.drawn_from == "stock" and s.caller is None,
        random.Random(3),
    )
    turns.take(game, "discard", and_knock=True)

    before = len(game.moves.split())

    steps = turns.take(game, "end_turn").steps

    game.refresh_from_db()
    assert game.moves.split()[before] == "end_turn"
    assert all(step.seat != game.human_seat or step.kind == "reveal" for step in steps)


def test_a_knock_instead_of_drawing_is_asked_about_while_a_card_is_face_down() -> None:
    game = ready("easy4")
    turns.take(game, "remember")
    game.refresh_from_db()
    if turns.stage(game, game.state) != turns.Stage.PLAY:
        pytest.skip("the bot ended the hole first")

    assert turns.must_ask_before_knocking(game)


def test_every_step_of_a_whole_game_is_short_and_comes_back_from_its_saved_form() -> None:
    for preset in ("easy4", "classic6", "knock9"):
        game = ready(preset, bots=3, holes=2)
        rng = random.Random(5)
        told: list[Step] = [Step.from_json(s) for s in game.steps_for(game.human_seat)]
        for _ in range(600):
            game.refresh_from_db()
            now = turns.stage(game, game.state)
            if now == turns.Stage.OVER:
                break
            if now == turns.Stage.PEEK:
                told += turns.take(game, "remember").steps
            elif now == turns.Stage.SUMMARY:
                told += turns.take(game, "next").steps
            elif now == turns.Stage.PRACTICE:
                told += turns.take(game, "skip").steps
            else:
                moves = [str(a) for a in legal_actions(game.state)]
                told += turns.take(game, rng.choice(moves), and_knock=rng.random() < 0.1).steps
        assert game.state.is_over, preset
        assert told
        for step in told:
            assert len(step.text.split()) <= 10, step.text
            assert Step.from_json(step.to_json()) == step
            assert "-" not in step.text.replace("face-down", "")  # a minus is a real one


def test_the_move_that_ends_a_hole_is_followed_by_every_card_turning_up() -> None:
    game = ready("classic6", holes=2)
    rng = random.Random(8)
    for _ in range(300):
        game.refresh_from_db()
        if turns.stage(game, game.state) != turns.Stage.PLAY:
            break
        steps = turns.take(game, rng.choice([str(a) for a in legal_actions(game.state)])).steps
        if any(step.kind == "reveal" for step in steps):
            break
    reveal = steps[-1]
    assert reveal.kind == "reveal"
    game.refresh_from_db()
    result = game.state.results[-1]
    for slot, was, now in reveal.changes:
        _, seat, pos = slot.split("-")
        assert was == "" and now == result.layouts[int(seat)][int(pos)]


def test_a_move_out_of_turn_is_refused() -> None:
    game = ready("classic6")
    game.refresh_from_db()
    play_until(game, lambda s: s.phase == "draw", random.Random(4))

    with pytest.raises(IllegalAction):
        turns.take(game, "next")
