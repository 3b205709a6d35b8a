"""allauth, told to say its errors in our words (``ACCOUNT_ADAPTER``), to lead on to the
family page after a changed password, and to count failed passwords where a family needs
them counted: the log-in page per email address, whatever the host or server (allauth's own
count was split by the request's host), with allauth's count per address too; the password
typed again while logged in (kid mode's password page) by a limit of our own, per device
and per address, which allauth's log-in counts never see, so a child guessing in kid mode
never locks the grown-up out of logging in on their own phone. docs/families.md,
"Accounts", has the rest.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext_lazy

from games import limits

TRY_LATER = gettext_lazy(
    "Too many tries in a short time. Please wait a few minutes, then try again."
)


# Wrong passwords typed again on a logged-in device: a few a device, as the page's "wait a
# few minutes" says, and roomier for a home's address, where each device is a grown-up's own.
PASSWORD_AGAIN = limits.Limit(
    "password-again",
    per_device=limits.Tries(most=5, window=timedelta(minutes=5)),
    per_address=limits.Tries(most=20, window=timedelta(minutes=5)),
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
    # tests/families/test_accounts.py fails if an upgrade renames it.
    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        login = credentials.get("email", credentials.get("username", ""))
        return f"address:{login.lower()}"

    def pre_authenticate(self, request: HttpRequest, **credentials: Any) -> None:
        """Before a password is checked: the log-in page's tries go to allauth's counts; the
        password typed again on a logged-in device to ours alone (PASSWORD_AGAIN)."""
        if not typed_again(request, credentials):
            super().pre_authenticate(request, **credentials)
            return
        self._login_failed_rl_usage = None  # nothing of allauth's to give back
        if not PASSWORD_AGAIN.spend(request, again_device(request)):
            raise self.validation_error("too_many_login_attempts")

    def authenticate(self, request: HttpRequest, **credentials: Any) -> Any:
        user = super().authenticate(request, **credentials)
        if user is not None and typed_again(request, credentials):
            PASSWORD_AGAIN.give_back(request, again_device(request))  # only wrong ones count
        return user

    def get_password_change_redirect_url(self, request: HttpRequest) -> str:
        return reverse("families:home")  # allauth's way is back to the form just sent


def typed_again(request: HttpRequest, credentials: dict[str, Any]) -> bool:
    """The password of the account logged in on this device, typed again (kid mode's
    password page): never a log-in to another account, which allauth's counts keep."""
    user = request.user
    if not user.is_authenticated:
        return False
    email = str(credentials.get("email", "")).lower()
    own = str(getattr(user, "email", "")).lower()
    return email == own or credentials.get("username") == user.get_username()


def again_device(request: HttpRequest) -> str:
    """The logged-in device typing its password again, as PASSWORD_AGAIN counts it."""
    assert request.session.session_key, "a logged-in device has a session"
    return request.session.session_key
