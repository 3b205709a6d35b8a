"""allauth, told to say its errors in our words (``ACCOUNT_ADAPTER``), to lead on to the
family page after a changed password, and to count failed passwords where a family needs
them counted: the log-in page per email address, whatever the host or server (allauth's own
count was split by the request's host); the password typed again while logged in, per
device, so a child guessing in kid mode never locks the grown-up out on their own phone.
docs/families.md, "Accounts", has the rest.
"""

from __future__ import annotations

from typing import Any

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

    # allauth's own (private) hook for the count's key, also used to clear it after a reset;
    # tests/families/test_accounts.py and test_kid_mode.py fail if an upgrade renames it.
    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        if request.user.is_authenticated:  # the password again, on a logged-in device
            assert request.session.session_key, "a logged-in device has a session"
            return f"again:{request.session.session_key}"
        login = credentials.get("email", credentials.get("username", ""))
        return f"address:{login.lower()}"

    def get_password_change_redirect_url(self, request: HttpRequest) -> str:
        return reverse("families:home")  # allauth's way is back to the form just sent
