"""Sentences Django and allauth say to a family themselves (a new password's rules, and that
the two must match), listed so our Spanish catalogue says them too, with "tú".

``make catalogues`` keeps only what it finds in our code, hence this list. Each is word for
word what Django or allauth asks for (tests/families/test_borrowed.py checks). Why:
docs/languages.md.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop, ngettext_lazy

SINGLE = [
    # django.contrib.auth.password_validation
    gettext_noop("The password is too similar to the %(verbose_name)s."),
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("This password is too common."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("This password is entirely numeric."),
    gettext_noop("Your password can’t be entirely numeric."),
    # allauth.account.forms
    gettext_noop("You must type the same password each time."),
]
PLURAL = [
    # django.contrib.auth.password_validation.MinimumLengthValidator
    ngettext_lazy(
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
    ),
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
    ),
]
