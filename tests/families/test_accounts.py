"""Parents' accounts through allauth's real views: sign-up, confirmation, log-in, passwords."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import get_hasher
from django.test import Client
from django.urls import reverse

from games.models import Game
from peabody import sessions
from peabody.families.models import PRIVACY_NOTICE_VERSION, Child, Consent
from tests.factories import PASSWORD, ParentFactory

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://\S+")
NEW_PASSWORD = "another-long-family-password"


def sign_up(client: Client, email: str = "sam@example.com", consent: bool = True):
    data = {"email": email, "password1": PASSWORD, "password2": PASSWORD}
    if consent:
        data["consent"] = "on"
    return client.post(reverse("account_signup"), data)


def link_in(message) -> str:
    return LINK.search(message.body).group(0)


def log_in(client: Client, email: str, password: str = PASSWORD):
    return client.post(reverse("account_login"), {"login": email, "password": password})


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_signing_up_records_the_consent_and_emails_a_confirmation_link(
    client: Client, mailoutbox
) -> None:
    response = sign_up(client)

    assert response.status_code == 302
    parent = get_user_model().objects.get(email="sam@example.com")
    consent = Consent.objects.get(parent=parent)
    assert consent.notice_version == PRIVACY_NOTICE_VERSION
    assert parent.date_joined <= consent.given
    [message] = mailoutbox
    assert message.to == ["sam@example.com"]
    assert "/accounts/confirm-email/" in link_in(message)
    assert "Peabody Golf" in message.subject
    assert not logged_in(client)


def test_signing_up_without_agreeing_to_the_privacy_notice_is_refused(client: Client) -> None:
    response = sign_up(client, consent=False)

    assert response.status_code == 200
    assert "Please tick the box to say you have read the privacy notice." in response.text
    assert not get_user_model().objects.exists()


def test_a_parent_cannot_log_in_before_confirming_the_email(client: Client, mailoutbox) -> None:
    sign_up(client)
    elsewhere = Client()

    response = log_in(elsewhere, "sam@example.com")

    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    assert not logged_in(elsewhere)


def test_the_emailed_link_confirms_the_address_and_logs_the_parent_in(
    client: Client, mailoutbox
) -> None:
    sign_up(client)
    link = link_in(mailoutbox[0])

    page = client.get(link)
    assert page.status_code == 200
    assert "Yes, confirm it" in page.text
    response = client.post(link)

    assert response.status_code == 302
    assert EmailAddress.objects.get(email="sam@example.com").verified
    assert logged_in(client)


def test_a_parent_whose_email_is_not_confirmed_cannot_add_a_child(
    client: Client, mailoutbox
) -> None:
    parent = ParentFactory(confirmed=False)
    client.force_login(parent)

    page = client.get(reverse("families:child_new"))
    client.post(reverse("families:child_new"), {"nickname": "Robin", "avatar": "fox"})

    assert "Please confirm your email address" in page.text
    assert not Child.objects.exists()
    assert mailoutbox  # a fresh link is on its way


def test_failed_log_ins_are_rate_limited_even_for_the_right_password(client: Client) -> None:
    parent = ParentFactory()
    for _ in range(5):
        assert log_in(client, parent.email, "not-the-password").status_code == 200

    response = log_in(client, parent.email)

    assert "Too many tries" in response.text
    assert not logged_in(client)


def test_failed_log_ins_count_per_address_whatever_the_host_says(client: Client) -> None:
    parent = ParentFactory()
    hosts = [f"127.0.0.1:{8000 + n}" for n in range(5)]
    for host in hosts:
        response = client.post(
            reverse("account_login"),
            {"login": parent.email.upper(), "password": "not-the-password"},
            headers={"host": host},
        )
        assert response.status_code == 200

    response = client.post(
        reverse("account_login"),
        {"login": parent.email, "password": PASSWORD},
        headers={"host": "localhost:9999"},
    )

    assert "Too many tries in a short time." in response.text
    assert not logged_in(client)


def test_a_guest_keeps_the_games_of_this_browser_after_logging_in(client: Client) -> None:
    parent = ParentFactory()
    client.post(
        reverse("games:create"), {"mode": "easy4", "bots": "1", "level": "gentle", "holes": "1"}
    )
    game = Game.objects.get()
    before = client.session.session_key

    assert log_in(client, parent.email).status_code == 302

    assert client.session.session_key != before  # a log-in changes the session's key
    assert client.get(game.get_absolute_url()).status_code == 200
    assert game.public_id in client.get(reverse("games:new")).text


def test_a_guest_keeps_the_games_of_this_browser_after_signing_up(
    client: Client, mailoutbox
) -> None:
    client.post(
        reverse("games:create"), {"mode": "easy4", "bots": "1", "level": "gentle", "holes": "1"}
    )
    game = Game.objects.get()

    sign_up(client)
    client.post(link_in(mailoutbox[0]))

    assert logged_in(client)
    assert client.get(game.get_absolute_url()).status_code == 200


def test_a_forgotten_password_is_replaced_through_an_emailed_link(
    client: Client, mailoutbox
) -> None:
    parent = ParentFactory()
    client.post(reverse("account_reset_password"), {"email": parent.email})
    [message] = mailoutbox

    form = client.get(link_in(message), follow=True)
    action = form.redirect_chain[-1][0] if form.redirect_chain else link_in(message)
    client.post(action, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})

    parent.refresh_from_db()
    assert parent.check_password(NEW_PASSWORD)


def test_a_parent_changes_their_password_after_typing_it_again(client: Client) -> None:
    parent = ParentFactory()
    log_in(client, parent.email)
    client.post(reverse("account_reauthenticate"), {"password": PASSWORD})

    response = client.post(
        reverse("account_change_password"),
        {"oldpassword": PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
        follow=True,
    )

    parent.refresh_from_db()
    assert parent.check_password(NEW_PASSWORD)
    assert response.redirect_chain[-1][0] == reverse("families:home")
    assert "Your new password is saved." in response.text


def test_logging_out_ends_the_session(client: Client) -> None:
    parent = ParentFactory()
    log_in(client, parent.email)

    client.post(reverse("account_logout"))

    assert not logged_in(client)


@pytest.mark.parametrize(
    ("name", "heading"),
    [
        ("account_login", "Log in, grown-ups"),
        ("account_signup", "Make a family account"),
        ("account_reset_password", "Forgot your password?"),
        ("account_reset_password_done", "Check your email"),
        ("account_email_verification_sent", "Check your email"),
    ],
)
def test_allauths_pages_are_drawn_in_our_own_templates(
    client: Client, name: str, heading: str
) -> None:
    response = client.get(reverse(name))

    assert response.status_code == 200
    assert f"<h1>{heading}</h1>" in response.text
    assert "/static/css/site.css" in response.text
    assert "Privacy, for grown-ups" in response.text
    assert "Sign In" not in response.text  # allauth's own wording


def test_the_log_in_page_links_to_sign_up_and_offers_no_social_log_in(client: Client) -> None:
    page = client.get(reverse("account_login")).text

    assert reverse("account_signup") in page
    assert "socialaccount" not in page


def reset_form_url(client: Client, mailoutbox, email: str) -> str:
    """Asks for a new password for ``email`` and opens the emailed link: the form's address."""
    client.post(reverse("account_reset_password"), {"email": email})
    form = client.get(link_in(mailoutbox[-1]), follow=True)
    return form.redirect_chain[-1][0]


def test_the_log_in_page_offers_one_way_to_a_forgotten_password_and_no_remember_me(
    client: Client,
) -> None:
    page = client.get(reverse("account_login")).text

    assert page.count(reverse("account_reset_password")) == 1
    assert "Forgot your password?" in page
    assert "I forgot my password" not in page
    assert "Remember" not in page and 'name="remember"' not in page
    assert '<label for="id_login">Email address</label>' in page
    assert '<label for="id_password">Password</label>' in page
    assert "placeholder" not in page


def test_a_log_in_is_kept_on_the_familys_device_without_asking(client: Client) -> None:
    parent = ParentFactory()

    log_in(client, parent.email)

    assert client.session.get_expire_at_browser_close() is False
    assert client.session.get_expiry_age() == settings.SESSION_COOKIE_AGE


def test_the_emailed_links_page_asks_for_the_new_password_in_plain_words(
    client: Client, mailoutbox
) -> None:
    parent = ParentFactory()

    page = client.get(reset_form_url(client, mailoutbox, parent.email)).text

    assert "<h1>Choose a new password</h1>" in page
    assert '<label for="id_password1">New password</label>' in page
    assert '<label for="id_password2">New password again</label>' in page
    assert '<button type="submit" class="button primary">Save the new password</button>' in page
    assert "Change Password" not in page and "Cancel" not in page


def test_a_used_link_says_so_and_offers_a_new_one(client: Client, mailoutbox) -> None:
    parent = ParentFactory()
    url = reset_form_url(client, mailoutbox, parent.email)
    client.post(url, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})

    page = client.get(link_in(mailoutbox[0]), follow=True).text

    assert "<h1>This link does not work any more</h1>" in page
    assert f'<a class="button primary" href="{reverse("account_reset_password")}">' in page


def test_a_new_password_logs_every_device_out_and_ends_kid_mode_as_the_page_then_says(
    client: Client, mailoutbox
) -> None:
    parent = ParentFactory()
    child = Child.objects.create(parent=parent, nickname="Robin", avatar="fox")
    family_device, phone = Client(), Client()
    for device in (family_device, phone):
        log_in(device, parent.email)
    family_device.post(reverse("kids:play_as", args=[child.pk]))
    assert family_device.session.get(sessions.CHILD) == child.pk
    # The grown-up opens the emailed link on the family device itself, in kid mode.
    family_device.post(reverse("kids:send_reset_link"))
    form = family_device.get(link_in(mailoutbox[-1]), follow=True).redirect_chain[-1][0]

    done = family_device.post(
        form, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD}, follow=True
    )

    page = done.text
    assert "<h1>Log in with your new password</h1>" in page
    assert "Every device is logged out of your family account now" in page
    assert "so children play as guests until you log in again" in page
    assert f'<a class="button primary" href="{reverse("account_login")}">Log in again</a>' in page
    for device in (family_device, phone):
        device.get(reverse("home"))
        assert not logged_in(device)
        assert sessions.CHILD not in device.session
    assert family_device.get(reverse("families:home"))["Location"].startswith(
        reverse("account_login")
    )


def test_too_many_resets_are_refused_on_a_page_of_ours(client: Client) -> None:
    parent = ParentFactory()
    for _ in range(5):
        client.post(reverse("account_reset_password"), {"email": parent.email})

    response = client.post(reverse("account_reset_password"), {"email": parent.email})

    assert response.status_code == 429
    assert "<h1>Too many tries</h1>" in response.text
    assert "/static/css/site.css" in response.text


def test_sign_up_hashes_the_password_for_a_known_address_as_for_a_new_one(
    client: Client, mailoutbox, monkeypatch
) -> None:
    # The slow part of signing up: done either way, the time does not tell whether an
    # address has an account (`make bench` compares the two).
    known = ParentFactory()
    hashed: list[str] = []
    hasher = type(get_hasher())
    encode = hasher.encode
    monkeypatch.setattr(hasher, "encode", lambda self, *a: hashed.append("x") or encode(self, *a))

    sign_up(Client(), known.email)
    for_known = len(hashed)
    sign_up(Client(), "new@example.com")

    assert for_known == 1
    assert len(hashed) == 2
    assert [m.to for m in mailoutbox] == [[known.email], ["new@example.com"]]
