"""What Peabody practises with a child and how kind their gentle bots are, as their grown-up
reads it on the progress page in a real Chromium, on a phone and on a laptop, checked by
axe-core; and the link from there to the switch that fixes it by hand.

Set PEABODY_SCREENSHOTS to a folder to keep a picture of the page at both sizes.
"""

from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from peabody.families.progress import week_of
from tests.browser.pages import log_in
from tests.browser.playing import SHOTS
from tests.factories import ChildFactory, ParentFactory
from tests.families.practising import first_tries, holes_against_gentle_bots

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("quick_passwords")]

SIZES = [(390, 844), (1280, 800)]
SWITCH = "Fit the questions and the kind bots to how the child does"


def test_the_plan_on_the_progress_page_reads_well_on_a_phone_and_a_laptop(page, axe) -> None:
    parent = ParentFactory()
    ada = ChildFactory(parent=parent, nickname="Ada", maths_level="negative")
    first_tries(ada, "adding_negative", [True] * 4, days_ago=9)  # up a level
    first_tries(ada, "adding_negative", [False, False], level=2, days_ago=3)  # down, comes back
    first_tries(ada, "adding", [True, True, False], days_ago=1)
    holes_against_gentle_bots(ada, [1] * 5, [-1] * 5)  # lost 5, then won 5
    log_in(page, parent)

    page.goto(f"/family/children/{ada.pk}/")

    # Each skill at a glance, why it comes back a sentence in its own skill's card, behind
    # how it is going, in the page's flow.
    skills = page.get_by_role("region", name="How the maths is going")
    heading_name = "Adding a negative number"
    heading = skills.get_by_role("heading", name=heading_name)
    back = skills.get_by_text("Comes back in the next game: Ada missed one 3 days ago.")
    assert not back.is_visible()
    card = skills.locator(".skill-card").filter(has=page.get_by_role("heading", name=heading_name))
    card.locator("summary").click()
    top = heading.bounding_box()
    assert back.is_visible() and back.bounding_box()["y"] > top["y"] + top["height"]
    weeks = skills.get_by_role("table", name="Adding a negative number, week by week")
    first_week = week_of(timezone.localdate() - timedelta(days=9))
    shown = (week_of(timezone.localdate()) - first_week).days // 7 + 1  # to this week
    assert weeks.get_by_role("row").count() == 1 + shown  # its header, and a row a week
    # How Peabody chooses, behind its disclosure.
    page.get_by_text("How Peabody chooses").click()
    plan = page.get_by_role("region", name="What Peabody practises with Ada")
    assert plan.get_by_role("heading", level=4).all_inner_texts() == [
        "Adding small numbers: two small cards (level 1 of 3)",
        "Adding a negative number: a negative number with small cards (level 1 of 3)",
        "How the levels move",
    ]
    bots = page.get_by_role("region", name="The gentle bots")
    # One step kinder after the 5 lost, from the usual 0.8 to 1.0: as kind as bots can be.
    assert (
        "Ada won 5 of the latest 10. The bots are now kinder than you chose, as far as "
        "Peabody moves them." in bots.inner_text()
    )
    problems = {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        problems[width] = axe(page)
        overflow = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, width
        if SHOTS:
            page.screenshot(path=Path(SHOTS) / f"families-plan-{width}.png", full_page=True)
    assert problems == {390: [], 1280: []}

    bots.get_by_role("link", name="Ada’s settings").click()
    switch = page.get_by_role("checkbox", name=SWITCH)
    assert switch.is_checked()
    assert page.url.endswith("#id_adapting")
    described = page.locator("#" + switch.get_attribute("aria-describedby")).inner_text()
    assert described.startswith("On: Peabody asks each skill’s questions at your child’s level")
    assert axe(page) == []
    if SHOTS:
        switch.scroll_into_view_if_needed()
        page.screenshot(path=Path(SHOTS) / "families-plan-switch-1280.png")
