"""allauth, told to say its errors in our words (``ACCOUNT_ADAPTER``): the ones a family can
meet on the account pages; and a changed password leads on to the family page.

The rest of what allauth and Django say is in our words too: the pages, messages and emails
are our templates (templates/account/, templates/429.html), the forms' labels are set in
peabody.families.forms, and what Django's password rules say is in peabody.words.borrowed.
"""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext_lazy

TRY_LATER = gettext_lazy(
    "Too many tries in a short time. Please wait a few minutes, then try again."
)


class FamilyAccountAdapter(DefaultAccountAdapter):
    error_messages = DefaultAccountAdapter.error_messages | {
        "email_password_mismatch": gettext_lazy(
            "That email address and password do not match. Please check both and try again."
        ),
        "email_taken": gettext_lazy("That email address already has a family account."),
        "duplicate_email": gettext_lazy("That is your email address already."),
        "enter_current_password": gettext_lazy("Please type the password you use now."),
        "incorrect_password": gettext_lazy("That is not the password. Please try again."),
        "invalid_password_reset": gettext_lazy(
            "This link does not work any more. Please ask for a new one."
        ),
        "same_as_current": gettext_lazy("That is your email address already."),
        "too_many_login_attempts": TRY_LATER,
        "rate_limited": TRY_LATER,
        "unverified_primary_email": gettext_lazy("Please confirm your email address first."),
    }

    def get_password_change_redirect_url(self, request: HttpRequest) -> str:
        return reverse("families:home")  # allauth's way is back to the form just sent
