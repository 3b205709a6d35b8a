"""The grown-ups' account pages in a real Chromium, on a phone and a laptop, in English and
Spanish: a forgotten password from the log-in page to the emailed link and back in, every
account page free of accessibility violations, and the time zone offered from the browser.

Set PEABODY_SCREENSHOTS to a folder to keep a picture of each page at three screen sizes.
"""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress, EmailConfirmationHMAC

from peabody.families.models import Family
from tests.browser.playing import assert_only_our_site, snapshot
from tests.factories import PASSWORD, ChildFactory, ParentFactory

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("quick_passwords")]

NEW_PASSWORD = "a-new-long-family-password"
LINK = re.compile(r"https?://[^/\s]+(/\S+)")
# What a grown-up reads and presses, in each language: the address's prefix first.
WORDS = {
    "en": {
        "prefix": "",
        "forgot": "Forgot your password?",
        "email": "Email address",
        "password": "Password",
        "send": "Send me the link",
        "check": "Check your email",
        "new": "New password",
        "again": "New password again",
        "save": "Save the new password",
        "done": "Log in with your new password",
        "logged out": "so children play as guests until you log in again",
        "log in again": "Log in again",
        "log in": "Log in",
        "who": "Who's playing?",
    },
    "es": {
        "prefix": "/es",
        "forgot": "¿Olvidaste tu contraseña?",
        "email": "Dirección de correo",
        "password": "Contraseña",
        "send": "Enviarme el enlace",
        "check": "Mira tu correo",
        "new": "Contraseña nueva",
        "again": "Otra vez la contraseña nueva",
        "save": "Guardar la contraseña nueva",
        "done": "Inicia sesión con tu contraseña nueva",
        "logged out": "los niños y niñas juegan sin cuenta hasta que vuelvas a iniciar sesión",
        "log in again": "Iniciar sesión otra vez",
        "log in": "Iniciar sesión",
        "who": "¿Quién juega?",
    },
}
SCREENS = pytest.mark.parametrize("tab", ["phone", "laptop"], indirect=True)


def log_in(tab, words: dict[str, str], email: str, password: str) -> None:
    tab.goto(f"{words['prefix']}/accounts/login/")
    tab.get_by_label(words["email"], exact=True).fill(email)
    tab.get_by_label(words["password"], exact=True).fill(password)
    tab.get_by_role("button", name=words["log in"], exact=True).click()
    tab.get_by_role("heading", name=words["who"]).wait_for()


@SCREENS
@pytest.mark.parametrize("language", ["en", "es"])
def test_a_forgotten_password_from_the_log_in_page_to_the_emailed_link_and_back_in(
    tab, language, axe, mailoutbox, live_server, requests_made, console_errors
) -> None:
    words = WORDS[language]
    parent = ParentFactory()
    found = {}
    tab.goto(f"{words['prefix']}/accounts/login/")
    found["log in"] = axe(tab)
    assert tab.get_by_role("link", name=words["forgot"]).count() == 1
    assert tab.get_by_text("Remember", exact=False).count() == 0

    tab.get_by_role("link", name=words["forgot"]).click()
    tab.get_by_label(words["email"], exact=True).fill(parent.email)
    found["forgot"] = axe(tab)
    snapshot(tab, f"accounts-forgot-{language}")
    tab.get_by_role("button", name=words["send"]).click()
    tab.get_by_role("heading", name=words["check"]).wait_for()
    found["check your email"] = axe(tab)

    [message] = mailoutbox
    tab.goto(LINK.search(message.body).group(1))
    tab.get_by_label(words["new"], exact=True).fill(NEW_PASSWORD)
    tab.get_by_label(words["again"], exact=True).fill(NEW_PASSWORD)
    found["new password"] = axe(tab)
    snapshot(tab, f"accounts-new-password-{language}")
    save = tab.get_by_role("button", name=words["save"])
    assert "primary" in save.get_attribute("class")
    box = save.bounding_box()
    assert box["height"] >= 44
    save.click()
    tab.get_by_role("heading", name=words["done"]).wait_for()
    assert words["logged out"] in tab.locator("main").inner_text()
    found["done"] = axe(tab)
    snapshot(tab, f"accounts-reset-done-{language}")

    tab.get_by_role("link", name=words["log in again"]).click()
    log_in(tab, words, parent.email, NEW_PASSWORD)

    assert {page: violations for page, violations in found.items() if violations} == {}
    assert_only_our_site(requests_made, live_server.url)
    assert console_errors == []


@SCREENS
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_account_pages_have_no_accessibility_violations(
    tab, language, axe, mailoutbox, live_server, console_errors
) -> None:
    words = WORDS[language]
    prefix = words["prefix"]
    parent = ParentFactory()
    child = ChildFactory(parent=parent, nickname="Robin")
    unconfirmed = EmailAddress.objects.get(user=ParentFactory(confirmed=False))
    found = {}
    for name, url in [
        ("sign up", "/accounts/signup/"),
        ("a confirmation is on its way", "/accounts/confirm-email/"),
        ("confirm the email", f"/accounts/confirm-email/{EmailConfirmationHMAC(unconfirmed).key}/"),
        ("a confirmation link used up", "/accounts/confirm-email/no-such-key/"),
        ("a link used up", "/accounts/password/reset/key/1-no-such-key/"),
    ]:
        tab.goto(prefix + url)
        found[name] = axe(tab)
    tab.goto(f"{prefix}/accounts/login/")
    tab.get_by_label(words["email"], exact=True).fill(parent.email)
    tab.get_by_label(words["password"], exact=True).fill("not-the-password")
    tab.get_by_role("button", name=words["log in"], exact=True).click()
    tab.locator(".message.error").wait_for()
    found["log in, wrong password"] = axe(tab)
    snapshot(tab, f"accounts-log-in-wrong-{language}")
    log_in(tab, words, parent.email, PASSWORD)
    for name, url in [
        ("the password page", f"/accounts/reauthenticate/?next={prefix}/family/delete/"),
        # The password page's other wordings: another child to play, the time zone, a
        # download; and the page that deletes a child, once the password is typed.
        ("the password page, a sibling", f"/accounts/reauthenticate/?next={prefix}/who/"),
        (
            "the password page, the time zone",
            f"/accounts/reauthenticate/?next={prefix}/family/time-zone/",
        ),
        (
            "the password page, a download",
            f"/accounts/reauthenticate/?next={prefix}/family/children/{child.pk}/download/",
        ),
        ("delete a child", f"/family/children/{child.pk}/delete/"),
        ("change the password", "/accounts/password/change/"),
        ("email address", "/accounts/email/"),
        ("time zone", "/family/time-zone/"),
        ("log out", "/accounts/logout/"),
    ]:
        tab.goto(prefix + url)
        found[name] = axe(tab)
        snapshot(tab, f"accounts-{name.replace(' ', '-')}-{language}")
    tab.goto(f"{prefix}/family/children/{child.pk}/delete/")
    assert tab.url.endswith(f"/family/children/{child.pk}/delete/")  # no password asked yet
    tab.goto(f"{prefix}/accounts/reauthenticate/?next={prefix}/family/children/{child.pk}/delete/")
    assert "Robin" in tab.locator("main p").first.inner_text()
    assert tab.get_by_role("link", name=re.compile("Robin")).count() == 1  # the way back

    assert {page: violations for page, violations in found.items() if violations} == {}
    assert console_errors == []


@pytest.mark.parametrize("tab", ["laptop"], indirect=True)
def test_the_time_zone_list_starts_on_the_browsers_zone_until_one_is_saved(
    tab, live_server, console_errors
) -> None:
    parent = ParentFactory()
    tab.context.new_cdp_session(tab).send(
        "Emulation.setTimezoneOverride", {"timezoneId": "America/Los_Angeles"}
    )
    log_in(tab, WORDS["en"], parent.email, PASSWORD)

    tab.goto("/family/time-zone/")
    offered = tab.get_by_label("Time zone").input_value()
    said = tab.get_by_text("We picked the time zone this device uses.").is_visible()
    tab.get_by_role("button", name="Save").click()
    tab.get_by_text("Times are now told in the time zone America/Los_Angeles.").wait_for()
    Family.objects.filter(parent=parent).update(time_zone="Europe/Madrid")
    tab.goto("/family/time-zone/")

    assert offered == "America/Los_Angeles" and said
    assert tab.get_by_label("Time zone").input_value() == "Europe/Madrid"  # a choice stays
    assert tab.get_by_text("We picked the time zone this device uses.").count() == 0
    assert console_errors == []


def test_the_browsers_time_zone_is_offered_at_sign_up_and_on_the_family_page(
    tab, live_server, axe, console_errors
) -> None:
    """From the first visit: sign-up starts on this device's zone (and may be left), and
    until one is chosen the family page offers it in one press. Nothing is guessed from
    an address: the zone is the browser's own, and nothing is saved until a press."""
    tab.context.new_cdp_session(tab).send(
        "Emulation.setTimezoneOverride", {"timezoneId": "Europe/Madrid"}
    )
    tab.goto("/accounts/signup/")
    assert tab.get_by_label("Time zone").input_value() == "Europe/Madrid"
    assert tab.get_by_text("We picked the time zone this device uses.").is_visible()
    assert axe(tab) == []
    snapshot(tab, "sign-up-time-zone")
    tab.get_by_label("Time zone").select_option("")  # left for later
    tab.get_by_label("Email address").fill("robin.parent@example.com")
    tab.get_by_label("Password", exact=True).fill(PASSWORD)
    tab.get_by_label("Password again").fill(PASSWORD)
    tab.get_by_role("checkbox").check()
    tab.get_by_role("button", name="Make the account").click()
    tab.get_by_role("heading", name="Check your email").wait_for()
    assert not Family.objects.filter(time_zone__gt="").exists()

    parent = ParentFactory()
    log_in(tab, WORDS["en"], parent.email, PASSWORD)
    tab.goto("/family/")
    offer = tab.get_by_role("button", name="Use this device's time zone: Europe/Madrid")
    assert axe(tab) == []
    snapshot(tab, "family-time-zone-offer")
    offer.click()
    tab.get_by_text("Times are now told in the time zone Europe/Madrid.").wait_for()
    assert Family.objects.get(parent=parent).time_zone == "Europe/Madrid"
    assert tab.get_by_role("button", name=re.compile("this device's time zone")).count() == 0
    assert console_errors == []
