"""The number lines' contrast is measured on the page as a person sees it: with all its
styles, even when the busy test server lost one of them (tests/browser/contrast.py)."""

import pytest

from lessons.core.walkthrough import slides
from tests.browser.contrast import measure, unreadable

pytestmark = [pytest.mark.browser, pytest.mark.parametrize("tab", ["projector"], indirect=True)]


def lose(tab, times: int | None) -> list[str]:
    """The number lines' stylesheet fails to load ``times`` times (None: every time); the
    addresses lost."""
    lost: list[str] = []

    def answer(route) -> None:
        if times is None or len(lost) < times:
            lost.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    tab.route("**/number-line*.css", answer)
    return lost


def test_a_stylesheet_lost_once_is_fetched_again_before_measuring(tab) -> None:
    lost = lose(tab, times=1)
    tab.goto(f"/teach/{slides()[-1].key}/")
    assert len(lost) == 1
    assert unreadable(measure(tab)) == []
    assert len(lost) == 1  # fetched again, and loaded


def test_a_stylesheet_that_never_loads_fails_the_measure(tab) -> None:
    lost = lose(tab, times=None)
    tab.goto(f"/teach/{slides()[-1].key}/")
    with pytest.raises(AssertionError, match="stylesheets that did not load"):
        measure(tab)
    assert len(lost) == 2
