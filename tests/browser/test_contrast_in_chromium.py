"""The number lines' contrast is measured on the page as a person sees it, with all its
styles: a page that lost one fails the measure by the stylesheet's address, with what went
wrong (tests/browser/contrast.py), and is never measured without it."""

import pytest

from lessons.core.walkthrough import slides
from tests.browser.contrast import measure

pytestmark = [pytest.mark.browser, pytest.mark.parametrize("tab", ["projector"], indirect=True)]


def test_a_page_that_lost_a_stylesheet_fails_the_measure_by_its_address(tab) -> None:
    lost: list[str] = []

    def lose(route) -> None:
        lost.append(route.request.url)
        route.abort()

    tab.route("**/number-line*.css", lose)
    tab.goto(f"/teach/{slides()[-1].key}/")

    with pytest.raises(AssertionError) as failed:
        measure(tab)
    assert len(lost) == 1
    assert f"{lost[0]} (net::ERR_FAILED)" in str(failed.value)
