"""Mail off the request path: a page that sends an email answers at once whatever the mail
server does, and the email goes when the server takes it."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from peabody.families.models import Consent
from peabody.mail import RETRY_AFTER
from tests.factories import ParentFactory
from tests.fake_smtp import mail_server, port_of

pytestmark = pytest.mark.django_db(transaction=True)

NEW_PARENT = {
    "email": "new@example.com",
    "password1": "a-long-family-password",
    "password2": "a-long-family-password",
    "consent": "on",
}


@pytest.fixture(autouse=True)
def fresh_counts():
    """allauth's counts (a confirmation at most every 3 minutes) are in the cache's table,
    which a test that commits does not roll back: each test starts with none."""
    cache.clear()


@pytest.fixture
def send_through(settings):
    """Mail as a server sends it: queued in the database, then sent by a worker through the
    mail server given."""

    def through(server) -> None:
        settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
        settings.MAILERS = {
            "default": {"BACKEND": "peabody.mail.QueuedEmailBackend"},
            "smtp": {
                "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                "OPTIONS": {
                    "host": "127.0.0.1",
                    "port": port_of(server),
                    "use_tls": False,
                    "timeout": 1,
                },
            },
        }

    return through


def work() -> None:
    """A worker sends what is due, then stops."""
    call_command("db_worker", batch=True, reload=False, startup_delay=False, verbosity=0)


def answered_within(seconds: float, post) -> object:
    """``post()``'s answer, which must come before ``seconds`` are up (the server hangs for
    a minute: a page that waited for it would not answer in time)."""
    answers: list[object] = []
    thread = threading.Thread(target=lambda: answers.append(post()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert answers, f"no answer within {seconds} s"
    return answers[0]


def test_with_a_mail_server_that_hangs_every_page_that_sends_mail_answers_at_once(
    send_through,
) -> None:
    parent = ParentFactory()
    kid_mode = Client()
    kid_mode.force_login(parent)
    with mail_server("hang") as server:
        send_through(server)
        signed_up = answered_within(
            10, lambda: Client().post(reverse("account_signup"), NEW_PARENT)
        )
        reset = answered_within(
            10, lambda: Client().post(reverse("account_reset_password"), {"email": parent.email})
        )
        linked = answered_within(10, lambda: kid_mode.post(reverse("kids:send_reset_link")))
        home = answered_within(10, lambda: Client().get("/"))

    assert [r.status_code for r in (signed_up, reset, linked)] == [302, 302, 302]
    assert home.status_code == 200
    assert DBTaskResult.objects.count() == 3  # the three emails, queued


def test_with_a_mail_server_that_refuses_sign_up_makes_a_whole_account_that_can_ask_again(
    send_through,
) -> None:
    with mail_server("refuse") as refusing:
        send_through(refusing)
        response = Client().post(reverse("account_signup"), NEW_PARENT)
        work()  # the try fails, and a later one is queued

    parent = get_user_model().objects.get(email=NEW_PARENT["email"])
    assert response.status_code == 302
    assert EmailAddress.objects.filter(user=parent, verified=False).exists()
    assert Consent.objects.filter(parent=parent).exists()
    waiting = DBTaskResult.objects.filter(status="READY").get()
    assert waiting.run_after > timezone.now() + timedelta(seconds=RETRY_AFTER[0] - 5)

    with mail_server() as server:
        send_through(server)
        DBTaskResult.objects.update(run_after=timezone.now())  # a minute later
        work()
        # The parent, who never saw the first email, asks again by logging in, a few minutes
        # later (allauth sends a confirmation at most once every 3 minutes).
        cache.clear()
        login = {"login": NEW_PARENT["email"], "password": NEW_PARENT["password1"]}
        again = Client().post(reverse("account_login"), login)
        work()

    first, second = server.received
    assert first["To"] == second["To"] == NEW_PARENT["email"]
    assert "/accounts/confirm-email/" in first.get_payload()
    assert again["Location"] == reverse("account_email_verification_sent")
    assert "/accounts/confirm-email/" in second.get_payload()


def test_a_reset_email_is_sent_once_the_mail_server_takes_it(send_through) -> None:
    parent = ParentFactory()
    with mail_server() as server:
        send_through(server)
        Client().post(reverse("account_reset_password"), {"email": parent.email})
        work()

    (sent,) = server.received
    assert sent["To"] == parent.email
    assert "/accounts/password/reset/key/" in sent.get_payload()


def test_a_send_that_keeps_failing_is_given_up_and_logged(send_through, caplog) -> None:
    parent = ParentFactory()
    with mail_server("refuse") as refusing:
        send_through(refusing)
        Client().post(reverse("account_reset_password"), {"email": parent.email})
        for _ in range(len(RETRY_AFTER) + 1):
            DBTaskResult.objects.filter(status="READY").update(run_after=timezone.now())
            work()

    assert DBTaskResult.objects.filter(status="READY").count() == 0
    assert DBTaskResult.objects.count() == len(RETRY_AFTER) + 1
    assert "Gave up sending an email after 5 tries" in caplog.text


def test_a_send_to_a_mail_server_that_hangs_times_out_and_goes_once_a_server_takes_it(
    send_through, caplog
) -> None:
    parent = ParentFactory()
    with mail_server("hang") as hanging:
        send_through(hanging)  # a mail server may take 1 s to answer (EMAIL_TIMEOUT)
        Client().post(reverse("account_reset_password"), {"email": parent.email})
        work()

    # The server would have held the connection for a minute: the try timed out instead.
    assert "Could not send an email (try 1), trying again in 60 s" in caplog.text
    assert "Connection unexpectedly closed: timed out" in caplog.text
    waiting = DBTaskResult.objects.filter(status="READY").get()
    assert waiting.run_after > timezone.now() + timedelta(seconds=RETRY_AFTER[0] - 5)

    with mail_server() as server:
        send_through(server)
        work()  # not due yet: nothing is sent
        assert server.received == []
        DBTaskResult.objects.update(run_after=timezone.now())  # a minute later
        work()

    (sent,) = server.received
    assert sent["To"] == parent.email
    assert "/accounts/password/reset/key/" in sent.get_payload()
    assert not DBTaskResult.objects.filter(status="READY").exists()


def test_with_a_mail_server_that_refuses_reset_and_email_me_a_link_answer_as_usual(
    send_through,
) -> None:
    parent = ParentFactory()
    kid_mode = Client()
    kid_mode.force_login(parent)
    with mail_server("refuse") as refusing:
        send_through(refusing)
        reset = Client().post(reverse("account_reset_password"), {"email": parent.email})
        linked = kid_mode.post(reverse("kids:send_reset_link"))
        work()  # both tries fail, and are queued again
        reset_sent = Client().get(reset["Location"])
        link_sent = kid_mode.get(linked["Location"])

    assert reset["Location"] == reverse("account_reset_password_done")
    assert linked.status_code == 302
    assert reset_sent.status_code == link_sent.status_code == 200
    assert DBTaskResult.objects.filter(status="READY").count() == 2
