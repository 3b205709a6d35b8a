"""Kid mode in a real Chromium, in English and Spanish: a child who taps a brother's or a
sister's picture is asked for the grown-up's password (else both children's progress would
mix), and their own picture lets them go on; reading out loud turned off for the family
reads nothing to a child by itself."""

import json

import pytest

from peabody import sessions
from tests.browser.pages import log_in_at
from tests.browser.playing import ON_DEVICE, SPEECH_STUB, deal, snapshot
from tests.factories import PASSWORD, ChildFactory, ParentFactory

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("quick_passwords")]

# What the pages say that the test reads, in each language.
WORDS = {
    "en": {
        "prefix": "",
        "who": "Who's playing?",
        "heading": "Grown-ups only",
        "why": "Please type your password so that another child can play.",
        "button": "Choose who plays",
        "back": "Back to the game",
    },
    "es": {
        "prefix": "/es",
        "who": "¿Quién juega?",
        "heading": "Solo para personas adultas",
        "why": "Escribe tu contraseña para que juegue otro niño u otra niña.",
        "button": "Elegir quién juega",
        "back": "Volver al juego",
    },
}


def child_in_session(page) -> int | None:
    """The child the browser's session plays as, read from the session store."""
    from importlib import import_module

    from django.conf import settings

    key = next(c["value"] for c in page.context.cookies() if c["name"] == "sessionid")
    store = import_module(settings.SESSION_ENGINE).SessionStore(session_key=key)
    return store.get(sessions.CHILD)


@pytest.mark.parametrize("tab", ["phone"], indirect=True)
@pytest.mark.parametrize("language", ["en", "es"])
def test_a_child_in_kid_mode_switches_to_a_sibling_only_with_the_grown_ups_password(
    tab, language: str, axe, console_errors
) -> None:
    words = WORDS[language]
    parent = ParentFactory()
    robin = ChildFactory(parent=parent, nickname="Robin")
    sam = ChildFactory(parent=parent, nickname="Sam")
    log_in_at(tab, parent, words["prefix"])
    tab.get_by_role("button", name="Robin").click()
    tab.wait_for_url("**/play/")
    assert child_in_session(tab) == robin.pk

    # Robin goes back to "Who's playing?" by their own name, and taps Sam's picture.
    tab.locator(".family-nav .playing").click()
    tab.get_by_role("heading", name=words["who"]).wait_for()
    tab.get_by_role("button", name="Sam").click()
    tab.get_by_role("heading", name=words["heading"]).wait_for()
    assert tab.get_by_text(words["why"]).is_visible()
    assert tab.get_by_role("link", name=words["back"]).is_visible()
    assert axe(tab) == []
    assert child_in_session(tab) == robin.pk  # still Robin

    # Robin's own picture goes on without the password.
    tab.get_by_role("link", name=words["back"]).click()
    tab.wait_for_url("**/play/")
    tab.locator(".family-nav .playing").click()
    tab.get_by_role("button", name="Robin").click()
    tab.wait_for_url("**/play/")
    assert child_in_session(tab) == robin.pk

    # With the grown-up's password, Sam plays.
    tab.locator(".family-nav .playing").click()
    tab.get_by_role("button", name="Sam").click()
    tab.locator("input[name=password]").fill(PASSWORD)
    tab.get_by_role("button", name=words["button"]).click()
    tab.get_by_role("heading", name=words["who"]).wait_for()
    tab.get_by_role("button", name="Sam").click()
    tab.wait_for_url("**/play/")
    assert tab.locator(".family-nav .nickname").text_content() == "Sam"
    assert child_in_session(tab) == sam.pk
    assert console_errors == []


@pytest.mark.parametrize("language", ["en", "es"])
def test_reading_off_for_the_family_leaves_a_child_no_switch_and_reads_only_when_asked(
    tab, language: str, axe, console_errors
) -> None:
    """On a device with a voice the table reads to a child by itself; once the grown-up
    turns reading off for the family it does not, and offers no switch to turn it back on,
    while a line's own read-aloud button still reads when the child taps it."""
    words = READING[language]
    voice = ON_DEVICE | {"lang": "es-ES"} if language == "es" else ON_DEVICE
    tab.add_init_script(SPEECH_STUB % json.dumps([voice]))
    parent = ParentFactory()
    ChildFactory(parent=parent, nickname="Robin")
    log_in_at(tab, parent, words["prefix"])
    tab.goto(f"{words['prefix']}/family/")
    tab.get_by_role("button", name=words["off"]).click()
    tab.get_by_role("button", name=words["on"]).wait_for()
    assert axe(tab) == []
    snapshot(tab, f"family-reading-off-{language}")

    tab.goto(f"{words['prefix']}/who/")
    tab.get_by_role("button", name="Robin").click()
    tab.wait_for_url("**/play/")
    deal(tab, "classic6", language=language)
    tab.locator("#prompt").wait_for()

    assert tab.locator("#read-switch").count() == 0
    assert tab.locator("#sound-switch").count() == 1
    assert tab.evaluate("window.spoken") == []
    tab.locator("#prompt .say").first.click()
    tab.wait_for_function("() => window.spoken.length > 0")
    assert axe(tab) == []
    snapshot(tab, f"kid-mode-reading-off-{language}")
    assert console_errors == []


READING = {
    "en": {"prefix": "", "off": "Turn reading off for everyone", "on": "Turn reading on again"},
    "es": {
        "prefix": "/es",
        "off": "Apagar la lectura para todos",
        "on": "Volver a encender la lectura",
    },
}
