"""Sentences Django and allauth say to a family in their own words, listed here so that our
Spanish catalogue translates them too, in the "tú" of every other page.

Django reads the catalogues in LOCALE_PATHS before any app's, so a sentence translated in
ours is said our way (Django's own Spanish says "Su contraseña"). ``make catalogues`` keeps
only the sentences it finds in our code, hence this list. Each is word for word what Django
or allauth asks its catalogue for (tests/families/test_borrowed.py checks they still do):
the rules a new password must meet (AUTH_PASSWORD_VALIDATORS), with their help under the
box, and allauth's word when the two new passwords differ. Nothing else here is said by
Django or allauth: the account pages, their messages and emails are our templates, the
boxes are labelled by our forms, and allauth's errors are ours (peabody.families.adapter).
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
