"""Mail off the request path: a page that sends an email only queues it, so a mail server
that refuses, or answers slowly or never, cannot stall the site or turn a page into an error.

``QueuedEmailBackend``, the default mailer, makes each message a task (Django's tasks
framework; ``manage.py db_worker`` runs them in production), which sends it through the
``"smtp"`` mailer with a timeout and, when a send fails, logs it and tries again after each
wait of ``RETRY_AFTER`` before giving up.
"""

from __future__ import annotations

import logging
import smtplib
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.core.mail import EmailMessage, EmailMultiAlternatives, mailers
from django.core.mail.backends.base import BaseEmailBackend
from django.tasks import task
from django.utils import timezone

logger = logging.getLogger(__name__)

SENDING_MAILER = "smtp"
# Seconds to wait before each try after the first: a minute, 5 minutes, half an hour, 2 hours.
RETRY_AFTER = (60, 300, 1800, 7200)


class QueuedEmailBackend(BaseEmailBackend):
    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        for message in email_messages:
            send_email.enqueue(as_data(message))
        return len(email_messages)


def as_data(message: EmailMessage) -> dict[str, Any]:
    """What a task needs to send ``message`` again, as JSON. (The site's emails are text,
    sometimes with an HTML alternative; none has an attachment.)"""
    assert not message.attachments, "a queued email has no attachments"
    alternatives = getattr(message, "alternatives", [])
    return {
        "subject": message.subject,
        "body": message.body,
        "from_email": message.from_email,
        "to": list(message.to),
        "cc": list(message.cc),
        "bcc": list(message.bcc),
        "reply_to": list(message.reply_to),
        "headers": dict(message.extra_headers),
        "alternatives": [[content, mimetype] for content, mimetype in alternatives],
    }


def from_data(data: dict[str, Any]) -> EmailMultiAlternatives:
    return EmailMultiAlternatives(
        subject=data["subject"],
        body=data["body"],
        from_email=data["from_email"],
        to=data["to"],
        cc=data["cc"],
        bcc=data["bcc"],
        reply_to=data["reply_to"],
        headers=data["headers"],
        alternatives=[tuple(pair) for pair in data["alternatives"]],
    )


@task()
def send_email(data: dict[str, Any], attempt: int = 1) -> None:
    try:
        mailers[SENDING_MAILER].send_messages([from_data(data)])
    except (OSError, smtplib.SMTPException) as error:  # refused, hung up or timed out
        if attempt > len(RETRY_AFTER):
            logger.error("Gave up sending an email after %d tries: %r", attempt, error)
            return
        wait = RETRY_AFTER[attempt - 1]
        logger.warning(
            "Could not send an email (try %d), trying again in %d s: %r", attempt, wait, error
        )
        later = send_email.using(run_after=timezone.now() + timedelta(seconds=wait))
        later.enqueue(data, attempt + 1)
