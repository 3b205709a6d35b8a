"""Choosing a game before the deal, in a real Chromium: the game, the number of bots and how
good they are, each by its picture, tapped or by keys; every radio named by the words beside
it, in English and Spanish; and a child in kid mode offered no bots trickier than their
grown-up chose."""

import pytest

from games.models import Game
from tests.browser.pages import log_in_at
from tests.browser.playing import reach, snapshot
from tests.factories import ChildFactory, ParentFactory

pytestmark = pytest.mark.browser

# The page's words a test presses, in each language: the home page's button, the deal.
WORDS = {
    "en": {
        "prefix": "",
        "play": "Play",
        "deal": "Deal the cards",
        "chose": "Your grown-up chose how tricky the bots can be.",
        "table rules": "Table rules",
    },
    "es": {
        "prefix": "/es",
        "play": "Jugar",
        "deal": "Repartir las cartas",
        "chose": "Tu persona adulta eligió lo difíciles que pueden ser los bots.",
        "table rules": "Reglas de la casa",
    },
}


def assert_named_by_their_words(page) -> None:
    """Each radio's name, as a screen reader hears it, is the words its label shows."""
    radios = page.locator("input[type=radio]").all()
    assert radios, "no radios on the page"
    for radio in radios:
        label = page.locator(f"label[for='{radio.get_attribute('id')}']")
        shown = " ".join(label.inner_text().split())
        named = page.get_by_role("radio", name=shown, exact=True)
        assert shown and named.count() == 1
        assert named.evaluate("(r, id) => r.id === id", radio.get_attribute("id"))


def picture_of(page, name: str, value: str):
    return page.locator(f"label:has(input[name={name}][value='{value}']) .drawing")


@pytest.mark.parametrize("tab", ["phone", "laptop", "projector"], indirect=True)
@pytest.mark.parametrize("language", ["en", "es"])
def test_a_game_and_its_bots_are_chosen_by_tapping_their_pictures(
    tab, language: str, axe, console_errors
) -> None:
    words = WORDS[language]
    tab.goto(words["prefix"] + "/")
    assert_named_by_their_words(tab)
    assert axe(tab) == []
    snapshot(tab, f"home-{language}")

    picture_of(tab, "mode", "knock9").click()
    assert tab.locator("input[name=mode][value=knock9]").is_checked()
    tab.get_by_role("button", name=words["play"], exact=True).click()

    tab.wait_for_url("**/play/?mode=knock9")
    assert tab.locator("input[name=mode][value=knock9]").is_checked()
    picture_of(tab, "bots", "3").click()
    picture_of(tab, "level", "steady").click()
    assert tab.locator("input[name=bots][value='3']").is_checked()
    assert tab.locator("input[name=level][value=steady]").is_checked()
    assert_named_by_their_words(tab)
    assert axe(tab) == []
    # Every picture drawn whole, on a page that does not scroll sideways.
    width = tab.viewport_size["width"]
    assert tab.evaluate("document.scrollingElement.scrollWidth") <= width
    drawn = tab.locator(".drawing").evaluate_all(
        "ds => ds.map(d => d.getBoundingClientRect()).map(r => [r.width, r.left, r.right])"
    )
    assert drawn and all(w > 0 and left >= 0 and right <= width for w, left, right in drawn)
    snapshot(tab, f"new-game-{language}")
    tab.get_by_role("button", name=words["deal"]).click()

    tab.wait_for_selector("#game")
    game = Game.objects.get()
    assert game.rules.name == "knock9"
    assert game.bot_levels == [None, "steady", "steady", "steady"]
    assert console_errors == []


@pytest.mark.parametrize("tab", ["phone", "projector"], indirect=True)
@pytest.mark.parametrize("language", ["en", "es"])
def test_a_game_and_its_bots_are_chosen_by_keys(tab, language: str) -> None:
    words = WORDS[language]
    tab.goto(words["prefix"] + "/play/")
    reach(tab, "Tab", "id_mode_0")
    # The chosen picture's frame shows where the keys are.
    tile = tab.locator("label:has(#id_mode_0)")
    assert tile.evaluate("t => getComputedStyle(t).outlineStyle") == "solid"

    tab.keyboard.press("ArrowRight")
    tab.keyboard.press("ArrowRight")
    reach(tab, "Tab", "id_bots_0")
    tab.keyboard.press("ArrowRight")
    tab.keyboard.press("Enter")  # deals the cards, as Enter in a text box would send it

    tab.wait_for_selector("#game")
    game = Game.objects.get()
    assert game.rules.name == "knock9"
    assert game.bot_levels == [None, "gentle", "gentle"]


@pytest.mark.parametrize("tab", ["phone"], indirect=True)
@pytest.mark.parametrize("language", ["en", "es"])
def test_a_child_with_kind_bots_is_offered_only_kind_ones(
    tab, language: str, quick_passwords, axe
) -> None:
    words = WORDS[language]
    parent = ParentFactory()
    ChildFactory(parent=parent, nickname="Robin", gentleness=0.5)
    log_in_at(tab, parent, words["prefix"])
    tab.get_by_role("button", name="Robin").click()
    tab.wait_for_url(f"**{words['prefix']}/play/")

    offered = tab.locator("input[name=level]")
    assert [r.get_attribute("value") for r in offered.all()] == ["gentle", "steady"]
    assert tab.get_by_text(words["chose"]).is_visible()
    tab.locator("summary", has_text=words["table rules"]).click()
    assert tab.locator("input[name=level][value=sharp]").count() == 0
    assert axe(tab) == []
    picture_of(tab, "level", "steady").click()
    tab.get_by_role("button", name=words["deal"]).click()

    tab.wait_for_selector("#game")
    assert Game.objects.get().bot_levels == [None, "steady"]
