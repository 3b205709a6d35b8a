"""The one join code (games.join_codes) a friend's device and a class's devices tap: any code
made reads back as itself and only a code's pictures make one. The pages' limits on wrong
tries are tests/games/test_limits.py."""

import random
import string
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import join_codes
from games.join_codes import LENGTH, PICTURES, SEPARATOR
from games.words.pictures import PICTURES as WORDS

codes = st.lists(st.sampled_from(PICTURES), min_size=LENGTH, max_size=LENGTH)
# Text that is a code now and then: pictures, names that are none, and other separators.
near_codes = st.lists(
    st.sampled_from([*PICTURES, "wolf", "", "Fox", " fox"]), min_size=0, max_size=LENGTH + 1
).flatmap(lambda names: st.sampled_from([SEPARATOR, " ", ""]).map(lambda sep: sep.join(names)))


def test_a_code_is_four_of_the_fourteen_pictures_in_their_order() -> None:
    assert tuple(WORDS) == PICTURES and len(PICTURES) == 14 and LENGTH == 4


@settings(deadline=None)  # a busy machine's first example may be slow
@given(seed=st.randoms(use_true_random=False))
def test_any_code_made_reads_back_as_itself(seed: random.Random) -> None:
    with mock.patch.object(join_codes.secrets, "choice", seed.choice):
        code = join_codes.new_code()

    pictures = join_codes.read(code)

    assert pictures is not None and len(pictures) == LENGTH
    assert join_codes.code_of(pictures) == code


@settings(deadline=None)
@given(pictures=codes)
def test_any_pictures_tapped_in_order_are_a_code_of_them(pictures: list[str]) -> None:
    code = join_codes.code_of(pictures)

    assert join_codes.read(code) == pictures
    assert [p.name for p in join_codes.shown(code)] == pictures
    assert [p.label for p in join_codes.shown(code)] == [str(WORDS[p]) for p in pictures]


@settings(deadline=None)
@given(text=st.one_of(near_codes, st.text(alphabet=string.printable, max_size=40)))
def test_text_reads_as_a_code_only_if_it_is_one(text: str) -> None:
    pictures = join_codes.read(text)

    if pictures is None:
        assert join_codes.shown(text) == []
    else:
        assert join_codes.code_of(pictures) == text


@settings(deadline=None)
@given(pictures=codes)
def test_a_code_is_begun_by_every_tap_before_its_last(pictures: list[str]) -> None:
    for taps in range(LENGTH):
        assert join_codes.begun(pictures[:taps])
    assert not join_codes.begun(pictures)
    assert not join_codes.begun([*pictures[:1], "wolf"])


# A child's taps on a join page: a picture, or "Take one back".
taps = st.lists(st.one_of(st.sampled_from(PICTURES), st.just("undo")), max_size=12)


@settings(deadline=None)
@given(pressed=taps)
def test_tapping_in_turn_makes_the_code_of_the_pictures_kept(pressed: list[str]) -> None:
    """Each post carries the pictures so far, as the form does; taking one back drops the
    last, and the code is whole once LENGTH are kept, then the page starts again."""
    kept: list[str] = []  # what the child sees in the places, worked out by hand
    so_far = join_codes.Tapped([])
    for key in pressed:
        post = {"picked": " ".join(so_far.picked)}
        post |= {"undo": "1"} if key == "undo" else {"tap": key}
        so_far = join_codes.tapped(post)
        kept = kept[:-1] if key == "undo" else [*kept, key]
        if len(kept) == LENGTH:
            assert so_far.code == join_codes.code_of(kept) and so_far.picked == []
            kept = []
        else:
            assert so_far.picked == kept and so_far.code == ""
        assert len(so_far.keys()["left"]) == LENGTH - len(so_far.picked)


@pytest.mark.parametrize(
    "post",
    [
        {"picked": "fox wolf", "tap": "owl"},
        {"picked": "fox fox fox fox", "tap": "owl"},
        {"tap": "owl"},
    ],
)
def test_pictures_so_far_that_begin_no_code_are_dropped(post: dict[str, str]) -> None:
    assert join_codes.tapped(post) == join_codes.Tapped(["owl"])


def test_a_tap_that_is_no_picture_adds_nothing() -> None:
    assert join_codes.tapped({"picked": "fox", "tap": "wolf"}) == join_codes.Tapped(["fox"])


@pytest.mark.parametrize("pictures", [["fox"] * (LENGTH - 1), ["fox"] * (LENGTH + 1), ["wolf"] * 4])
def test_only_a_codes_pictures_make_a_code(pictures: list[str]) -> None:
    with pytest.raises(ValueError):
        join_codes.code_of(pictures)
