from games.engine import PRESETS
from games.words.modes import MODE_CHOICES, MODE_NAMES


def test_every_game_of_the_engine_has_a_name_and_a_choice_in_its_order() -> None:
    assert list(MODE_NAMES) == list(PRESETS)
    assert [mode for mode, _ in MODE_CHOICES] == list(PRESETS)
    assert all(str(label) for _, label in MODE_CHOICES)
