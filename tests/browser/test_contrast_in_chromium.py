"""The number lines' contrast is measured on the page as a person sees it, with all its
styles: a page that lost one fails the measure by the stylesheet's address, with what went
wrong (tests/browser/contrast.py), and is never measured without it, nor before the
colours of a stylesheet applied just before have been drawn."""

import pytest

from lessons.core.walkthrough import slides
from tests.browser.contrast import SETTLED, measure, unreadable

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


# The number lines' stylesheet switched off or on, as if it had only now arrived.
NUMBER_LINE_STYLES = """(on) => {
  [...document.styleSheets].find(s => s.href.includes("/number-line")).disabled = !on;
}"""


def test_a_stylesheet_applied_just_before_is_measured_with_its_colours(tab) -> None:
    # With reduced motion each change of style is a very short transition: read at once,
    # the numbers were still black (as the teacher's last slide once measured in CI).
    tab.goto(f"/teach/{slides()[-1].key}/")
    tab.evaluate(NUMBER_LINE_STYLES, False)
    tab.evaluate(SETTLED)
    assert unreadable(measure(tab)) != []  # without it, the numbers are unreadable

    tab.evaluate(NUMBER_LINE_STYLES, True)
    assert unreadable(measure(tab)) == []
