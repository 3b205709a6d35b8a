"""The parent's sign-up (with consent to the privacy notice) and the child's profile."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from allauth.account.forms import (
    AddEmailForm,
    ChangePasswordForm,
    LoginForm,
    ReauthenticateForm,
    ResetPasswordForm,
    ResetPasswordKeyForm,
    SignupForm,
)
from django import forms
from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from games.adapting import practice_at
from games.board import BOT_FACES
from games.engine import Rules
from games.forms import BOTS, NewGameForm, PictureChoice
from games.models import FRIEND, Friend, Game
from games.words.modes import MODE_CHOICES, MODE_NAMES
from peabody.families.avatars import AVATARS
from peabody.families.models import (
    NICKNAME_LETTERS,
    PRIVACY_NOTICE_VERSION,
    Child,
    Consent,
    Family,
)
from peabody.families.time_zones import time_zone_names

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise  # a development package: for the checker only

GROWN_UP = "grown-up"  # the choice of a seat for a grown-up, who has no profile
FRIEND_SEAT = "friend"  # a seat for a friend from another family, who joins with a code
NOBODY = ""
# Control characters (Cc) and format characters (Cf: zero-width ones, and those that turn the
# direction of the text around, like U+202E) would make a name blank or rewrite its sentence.
# Line and paragraph separators (Zl, Zp) would break it over lines.
HIDDEN_CATEGORIES = {"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"}
# A name needs something that draws: a letter, number, punctuation or symbol (marks and
# spaces alone show nothing), and not one of those that draw nothing all the same: the
# Hangul fillers and the blank braille pattern.
DRAWN_CATEGORIES = ("L", "N", "P", "S")
BLANK_LOOKING = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"}

# Our words for what Django would otherwise say in its own ("This field is required.").
CHOOSE_ONE = gettext_lazy("Please choose one.")
FIX_CHOICE = gettext_lazy("Please choose one of these.")


def in_our_words(form: forms.BaseForm) -> None:
    """Every field's errors worded by us, by what kind of field it is (in the language of
    the page: a form is made for one request)."""
    for name, field in form.fields.items():
        label = str(field.label or name.replace("_", " ")).lower()
        if isinstance(field, forms.ChoiceField):
            field.error_messages["required"] = CHOOSE_ONE
            field.error_messages["invalid_choice"] = FIX_CHOICE
        elif isinstance(field, forms.BooleanField):
            field.error_messages["required"] = _("Please tick this box to go on.")
        else:
            # Translators: %(label)s is the name of the box, in lower case ("nickname").
            field.error_messages["required"] = _("Please fill in the %(label)s.") % {"label": label}
        if isinstance(field, forms.EmailField):
            field.error_messages["invalid"] = _(
                "Please type the whole email address, like sam@example.com."
            )


# The boxes of allauth's forms, labelled in our words and in plain case ("New password", where
# allauth says "New Password"). No box links to the page for a forgotten password: each page
# that needs one offers it once, beside the form.
EMAIL_ADDRESS = gettext_lazy("Email address")
PASSWORD = gettext_lazy("Password")
NEW_PASSWORD = gettext_lazy("New password")
NEW_PASSWORD_AGAIN = gettext_lazy("New password again")


class InOurWords(forms.Form):
    """One of allauth's forms with ``labels`` on its boxes, and our words for a box left
    empty."""

    labels: dict[str, StrPromise] = {}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for name, label in self.labels.items():
            self.fields[name].label = label
            if name in ("login", "password"):
                self.fields[name].help_text = ""  # allauth's "Forgot your password?" link
        for field in self.fields.values():
            # allauth's placeholders repeat the label, in its words ("New Password (again)").
            field.widget.attrs.pop("placeholder", None)
        in_our_words(self)


class ParentLoginForm(InOurWords, LoginForm):
    labels = {"login": EMAIL_ADDRESS, "password": PASSWORD}


class ParentReauthenticateForm(InOurWords, ReauthenticateForm):
    labels = {"password": PASSWORD}


class ParentAddEmailForm(InOurWords, AddEmailForm):
    labels = {"email": gettext_lazy("New email address")}


class ParentResetPasswordForm(InOurWords, ResetPasswordForm):
    labels = {"email": EMAIL_ADDRESS}


class ParentResetPasswordKeyForm(InOurWords, ResetPasswordKeyForm):
    labels = {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD_AGAIN}


class ParentChangePasswordForm(InOurWords, ChangePasswordForm):
    labels = {
        "oldpassword": gettext_lazy("Your password now"),
        "password1": NEW_PASSWORD,
        "password2": NEW_PASSWORD_AGAIN,
    }


def time_zone_field(required: bool = True) -> forms.ChoiceField:
    """A time zone from the system's list, by its name ("America/Los_Angeles"), which the
    page starts on the zone the browser is in (static/js/time-zone.js)."""
    choose = _("Please choose your time zone from the list.")
    return forms.ChoiceField(
        label=gettext_lazy("Time zone"),
        choices=[("", _("Choose one")), *((name, name) for name in time_zone_names())],
        required=required,
        help_text=gettext_lazy(
            "The family pages, the children’s pages and the downloads tell times in it."
        ),
        error_messages={"required": choose, "invalid_choice": choose},
        widget=forms.Select(attrs={"data-browser-time-zone": ""}),
    )


class ParentSignupForm(InOurWords, SignupForm):
    labels = {
        "email": EMAIL_ADDRESS,
        "password1": PASSWORD,
        "password2": gettext_lazy("Password again"),
    }
    field_order = ["email", "password1", "password2", "time_zone", "consent"]
    consent = forms.BooleanField(
        label=gettext_lazy(
            "I have read the privacy notice and I am the parent or carer of the children "
            "I will add."
        )
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["consent"].error_messages["required"] = _(
            "Please tick the box to say you have read the privacy notice."
        )
        # Offered from the first visit, never guessed from an address; may be left for later.
        self.fields["time_zone"] = time_zone_field(required=False)
        self.order_fields(self.field_order)

    def try_save(self, request: HttpRequest) -> tuple[AbstractBaseUser | None, object]:
        if self.account_already_exists:
            # allauth only emails the owner of a known address, which skips hashing the
            # password and so answered far sooner than for a new account. The same slow work
            # either way, so the time taken does not tell whether an address has an account
            # (`make bench` compares the two; docs/benchmarks.md).
            make_password(self.cleaned_data["password1"])
        return super().try_save(request)

    def save(self, request: HttpRequest) -> AbstractBaseUser:
        user = super().save(request)
        Consent.objects.create(parent=user, notice_version=PRIVACY_NOTICE_VERSION)
        if zone := self.cleaned_data.get("time_zone"):
            Family.objects.create(parent=user, time_zone=zone)
        return user


class FamilyForm(forms.ModelForm):
    """The family's time zone, chosen from the system's list by its name
    ("America/Los_Angeles"). The page offers the zone the browser is in
    (static/js/time-zone.js) until one is chosen."""

    class Meta:
        model = Family
        fields = ["time_zone"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"] = time_zone_field()


class ChildForm(forms.ModelForm):
    class Meta:
        model = Child
        fields = [
            "nickname",
            "avatar",
            "maths_level",
            "gentleness",
            "read_aloud",
            "sounds",
            "practice_questions",
            "adapting",
            "favourite_mode",
            "language",
        ]
        labels = {
            "nickname": gettext_lazy("Nickname"),
            "avatar": gettext_lazy("Picture"),
            "maths_level": gettext_lazy("Maths level"),
            "gentleness": gettext_lazy("How kind the bots are"),
            "favourite_mode": gettext_lazy("Favourite game"),
        }
        help_texts = {
            "gentleness": gettext_lazy(
                "In kid mode your child can choose steady bots only if you pick “A bit "
                "tricky” or “Tricky”, and sharp bots only with “Tricky”."
            ),
            "adapting": gettext_lazy(
                "On: Peabody asks each skill’s questions at your child’s level, brings back "
                "what they missed, and makes the gentle bots a little kinder or trickier so "
                "that your child wins about half the holes. Off: the usual mix of questions, "
                "the same for every child, and the gentle bots exactly as kind as you chose. "
                "Nothing is deleted either way. The progress page shows what Peabody does."
            ),
        }
        widgets = {
            "nickname": forms.TextInput(attrs={"autocomplete": "off"}),
            "avatar": forms.RadioSelect,
            "maths_level": forms.RadioSelect,
            "gentleness": forms.RadioSelect,
            "favourite_mode": forms.RadioSelect,
            "language": forms.RadioSelect,
        }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # A picture must be chosen, so the list offers no "none".
        avatar = cast(forms.ChoiceField, self.fields["avatar"])
        avatar.choices = [(a.name, a.label) for a in AVATARS]
        # The model knows the games by the engine's names; the grown-up reads their words.
        cast(forms.ChoiceField, self.fields["favourite_mode"]).choices = MODE_CHOICES
        # Each language named in its own words; a new child (or one from before languages)
        # starts with the language of the page the grown-up is reading.
        language = forms.ChoiceField(
            label=gettext_lazy("Language"),
            choices=settings.LANGUAGES,
            initial=self.instance.language or translation.get_language(),
            widget=forms.RadioSelect,
            error_messages={"required": CHOOSE_ONE, "invalid_choice": CHOOSE_ONE},
        )
        self.fields["language"] = language
        in_our_words(self)
        nickname = self.fields["nickname"]
        # Made here, in the language of the page, as the number is part of each sentence.
        nickname.help_text = ngettext(
            "Up to %(count)s letter. A nickname, not a full name. Only your family sees it.",
            "Up to %(count)s letters. A nickname, not a full name. Only your family sees it.",
            NICKNAME_LETTERS,
        ) % {"count": NICKNAME_LETTERS}
        nickname.error_messages["required"] = _("Please type a nickname.")
        nickname.error_messages["max_length"] = ngettext(
            "Please keep the nickname to %(count)s letter or fewer.",
            "Please keep the nickname to %(count)s letters or fewer.",
            NICKNAME_LETTERS,
        ) % {"count": NICKNAME_LETTERS}
        self.fields["avatar"].error_messages["required"] = _("Please choose a picture.")
        # The box takes a longer name and says why it is too long, rather than stopping
        # typing at the limit without a word.
        self.fields["nickname"].widget.attrs.pop("maxlength", None)

    def clean_nickname(self) -> str:
        # NFKC first, so a full-width "＠" is checked (and kept) as the "@" it looks like.
        nickname = unicodedata.normalize("NFKC", self.cleaned_data["nickname"]).strip()
        if not nickname:
            raise forms.ValidationError(_("Please give a nickname."))
        hidden = any(unicodedata.category(char) in HIDDEN_CATEGORIES for char in nickname)
        if hidden or not any(draws(char) for char in nickname):
            raise forms.ValidationError(
                _("Please use only letters, numbers, spaces and marks you can see.")
            )
        # NFKC can make a name longer ("ﷺ" is 18 letters), past what the column holds.
        if len(nickname) > NICKNAME_LETTERS:
            raise forms.ValidationError(
                ngettext(
                    "Please use at most %(count)s letter.",
                    "Please use at most %(count)s letters.",
                    NICKNAME_LETTERS,
                )
                % {"count": NICKNAME_LETTERS}
            )
        if "@" in nickname:
            raise forms.ValidationError(_("Please use a nickname, not an email address."))
        return nickname


def draws(char: str) -> bool:
    """Whether ``char`` shows as something on the screen by itself."""
    return unicodedata.category(char).startswith(DRAWN_CATEGORIES) and char not in BLANK_LOOKING


# At a table of people, no bots is a choice too (a child playing alone needs at least 1).
TOGETHER_BOTS = [("0", gettext_lazy("No bots")), *BOTS]
# "No bots" is drawn as an empty seat; each other choice by its bots' faces.
TOGETHER_BOT_PICTURES = {"0": ("empty",), **{n: BOT_FACES[: int(n)] for n, _label in BOTS}}


class TogetherForm(NewGameForm):
    """A new game for two to four people: who sits in each seat (the family's children, a
    grown-up, or a friend on their own device), then the usual choices, with no bots a
    choice too. People and bots together must fit the game (``Rules.min_players`` to
    ``max_players``).

    The bots are as kind as the kindest of the children's settings, and twos count +2 if
    any of them plays adding only. Practice questions come only with a device each, where
    each child answers their own; passed round one device, there are none.
    """

    SEATS = ("seat_1", "seat_2", "seat_3", "seat_4")
    # Seats that may be left empty ("Nobody"): the table needs 2 people, and takes up to 4.
    OPTIONAL_SEATS = ("seat_3", "seat_4")

    seat_1 = forms.ChoiceField(label=pgettext_lazy("a seat at the table", "Seat 1"))
    seat_2 = forms.ChoiceField(label=pgettext_lazy("a seat at the table", "Seat 2"))
    seat_3 = forms.ChoiceField(label=pgettext_lazy("a seat at the table", "Seat 3"), required=False)
    seat_4 = forms.ChoiceField(label=pgettext_lazy("a seat at the table", "Seat 4"), required=False)
    bots = forms.ChoiceField(
        choices=TOGETHER_BOTS,
        initial="1",
        widget=PictureChoice("img/table.svg", TOGETHER_BOT_PICTURES),
        label=NewGameForm.base_fields["bots"].label,
    )
    # One device passed round, or a device each (a family table: games.table.Setup.devices).
    where = forms.ChoiceField(
        label=gettext_lazy("Where do you play?"),
        choices=[
            ("one", gettext_lazy("On one device. Pass it round.")),
            ("each", gettext_lazy("Each on your own device.")),
        ],
        initial="one",
        widget=forms.RadioSelect,
        required=False,  # a post from a page drawn before the choice was offered: one device
    )

    def __init__(self, *args, children: Sequence[Child], first: Child | None = None, **kwargs):
        """``first``: the child in kid mode, who is offered seat 1. A friend's seat (a
        friend from another family, on their own device) is a grown-up's choice: it is
        offered outside kid mode only."""
        super().__init__(*args, **kwargs)
        del self.fields["questions"], self.fields["adding_only"]
        self.children = {str(child.pk): child for child in children}
        people = [(pk, child.nickname) for pk, child in self.children.items()]
        grown_up = [(GROWN_UP, pgettext("who sits in a seat", "Grown-up"))]
        if first is None:
            grown_up.append(
                (FRIEND_SEAT, pgettext("who sits in a seat", "A friend, on their own device"))
            )
        nobody = pgettext("who sits in a seat", "Nobody")
        for name in self.SEATS:
            seat = cast(forms.ChoiceField, self.fields[name])
            seat.choices = people + grown_up
            if name in self.OPTIONAL_SEATS:
                seat.choices = [(NOBODY, nobody), *seat.choices]
        order = list(self.children)
        if first is not None:
            order.remove(str(first.pk))
            order.insert(0, str(first.pk))
        order.append(GROWN_UP)
        self.fields["seat_1"].initial, self.fields["seat_2"].initial = order[:2]
        in_our_words(self)

    def seats(self) -> list[forms.BoundField]:
        return [self[name] for name in self.SEATS]

    def settings(self) -> list[forms.BoundField]:
        return []  # practice questions, the one setting, are for one child

    def table_rules(self) -> list[forms.BoundField]:
        return [
            field
            for field in super().table_rules()
            if field.name not in self.SEATS and field.name != "where"
        ]

    def clean(self) -> dict:
        if self.errors:
            return super().clean()
        picked = [self.cleaned_data[name] for name in self.SEATS if self.cleaned_data[name]]
        family = [choice for choice in picked if choice != FRIEND_SEAT]
        if len(family) != len(set(family)):
            raise forms.ValidationError(_("Each person can sit in 1 seat only."))
        if FRIEND_SEAT in picked and not self.devices:
            raise forms.ValidationError(
                _("A friend plays on their own device: choose “Each on your own device.”")
            )
        people = [FRIEND if c == FRIEND_SEAT else self.children.get(c) for c in picked]
        children = [child for child in people if isinstance(child, Child)]
        self.cleaned_data["people"] = people
        self.cleaned_data["adding_only"] = any(child.adding_only for child in children)
        self.cleaned_data["gentleness"] = max((c.gentleness for c in children), default=None)
        data = super().clean()
        if "rules" in data:  # the game and its table rules go together: do the players?
            fits(data["rules"], len(people) + int(data["bots"]))
        return data

    @property
    def people(self) -> list[Child | Friend | None]:
        """The people in seat order: a child, None for the grown-up, or FRIEND."""
        return self.cleaned_data["people"]

    @property
    def gentleness(self) -> float | None:
        return self.cleaned_data["gentleness"]

    @property
    def devices(self) -> bool:
        """Each person plays on a device of their own."""
        return self.cleaned_data.get("where") == "each"

    def start_game(self) -> Game:
        """Start the game this valid form chose: its people in their seats, then its bots."""
        # Questions only with a device each: each child answers their own on their own
        # device; one device passed round would ask each in front of the others.
        practice = practice_at(self.people if self.devices else [])
        return Game.start(
            self.rules,
            self.bot_levels,
            people=self.people,
            gentleness=self.gentleness,
            questions=bool(practice.learners),
            plans=practice.plans,
            devices=self.devices,
            learners=practice.learners,
        )


def fits(rules: Rules, players: int) -> None:
    """Refuse a table of ``players`` that ``rules`` are not for, saying how many they are
    and what to change."""
    said = {"game": MODE_NAMES[rules.name], "count": players}
    if players > rules.max_players:
        # Translators: "game" is the name of a game ("Four-card Golf").
        why = _("%(game)s is for up to %(most)s players, and you picked %(count)s.")
        why %= said | {"most": rules.max_players}
        change = _("Please pick fewer bots or fewer people.")
    elif players < rules.min_players:
        # Translators: "game" is the name of a game ("Four-card Golf").
        why = _("%(game)s needs at least %(least)s players, and you picked %(count)s.")
        why %= said | {"least": rules.min_players}
        change = _("Please add a bot or a person.")
    else:
        return
    raise forms.ValidationError(f"{why} {change}")
