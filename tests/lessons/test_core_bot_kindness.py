"""The gentle bot that keeps the game close: kinder after the child loses most holes, less
kind after they win most, never far from the grown-up's choice, moved only between games."""

from hypothesis import given
from hypothesis import strategies as st

from lessons.core.bot_kindness import REACH, STEP, hole_won, kindness


def test_a_hole_won_counts_one_and_a_tie_for_the_lowest_a_half() -> None:
    assert hole_won(3, [5, 9]) == 1.0
    assert hole_won(5, [5, 9]) == 0.5
    assert hole_won(7, [5, 9]) == 0.0


def test_with_no_games_the_bots_are_as_the_grown_up_chose() -> None:
    assert kindness(0.8, []).gentleness == 0.8


def test_losing_most_holes_makes_the_next_game_kinder_and_winning_most_less_kind() -> None:
    lost = kindness(0.5, [[0.0] * 6])
    assert (lost.gentleness, lost.won, lost.holes) == (0.5 + STEP, 0.0, 6)
    won = kindness(0.5, [[1.0] * 6])
    assert won.gentleness == 0.5 - STEP


def test_about_half_the_holes_won_leaves_the_bots_as_they_are() -> None:
    assert kindness(0.5, [[1.0, 0.0, 1.0, 0.0, 0.5, 0.5]]).gentleness == 0.5


def test_a_game_too_short_to_say_moves_nothing() -> None:
    assert kindness(0.5, [[0.0, 0.0]]).gentleness == 0.5


def test_the_bots_move_once_a_game_never_more() -> None:
    one_long_game = kindness(0.5, [[0.0] * 10])
    assert one_long_game.gentleness == 0.5 + STEP
    two_games = kindness(0.5, [[0.0] * 5, [0.0] * 5])
    assert two_games.gentleness == 0.5 + 2 * STEP


@given(
    st.sampled_from([0.2, 0.5, 0.8, 1.0]),
    st.lists(st.lists(st.sampled_from([0.0, 0.5, 1.0]), max_size=18), max_size=40),
)
def test_the_bots_stay_near_what_the_grown_up_chose(chosen, games) -> None:
    found = kindness(chosen, games)
    assert abs(found.gentleness - chosen) <= REACH + 1e-9
    assert 0.0 <= found.gentleness <= 1.0
    assert found.holes <= 10
