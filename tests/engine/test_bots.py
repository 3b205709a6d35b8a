import random

import pytest

from games.engine import PRESETS, apply_action, choose_action, new_game, observe

LEVELS = ["random", "gentle", "steady", "sharp"]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_level_plays_a_whole_game_with_legal_moves_and_reasons(level, preset):
    state = new_game(PRESETS[preset], 3, seed=5)
    rng = random.Random(1)
    while not state.is_over:
        view = observe(state, state.current)
        action, reason = choose_action(view, level=level, rng=rng)
        assert action in view.legal_actions
        assert reason.endswith((".", "!"))
        state = apply_action(state, action)


def test_an_unknown_level_is_refused():
    state = new_game(PRESETS["classic6"], 2, seed=1)
    with pytest.raises(ValueError, match="levels"):
        choose_action(observe(state, state.current), level="expert")
