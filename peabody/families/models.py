"""A family: the parent's consent to the privacy notice, and the children's profiles.

A child's profile holds only what the game needs to play the way their grown-up chose: a
nickname, a preset picture and a few settings. No birthday, no email, no photo, nothing
anyone else sees.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.engine import PRESETS
from peabody.families.avatars import AVATARS

# Raise it whenever the privacy notice changes in what it says is kept or why; each consent
# records the version the parent agreed to.
PRIVACY_NOTICE_VERSION = "2026-12-02"
NICKNAME_LETTERS = 20


class CacheEntry(models.Model):
    """A row of Django's database cache (settings.CACHES): rate-limit counts and one-time
    tokens. Django makes the table (migration 0004) and keeps it; the site reads it only to
    delete the entries past their time (purge_expired), which Django leaves behind."""

    cache_key = models.CharField(max_length=255, primary_key=True)
    value = models.TextField()
    expires = models.DateTimeField(db_index=True)

    class Meta:
        managed = False
        db_table = settings.CACHE_TABLE

    def __str__(self) -> str:
        return self.cache_key


class Consent(models.Model):
    """A parent agreed to the privacy notice of this version, at this time."""

    parent = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="consents"
    )
    notice_version = models.CharField(max_length=20)
    given = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["given"]

    def __str__(self) -> str:
        return f"Privacy notice {self.notice_version}, agreed {self.given:%Y-%m-%d %H:%M}"


class Family(models.Model):
    """What the grown-up sets for the whole family: the time zone the family's pages, the
    children's included, and its downloads tell times in, and whether the games may read
    out loud to the children at all (each child's own switch counts only if they may)."""

    parent = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="family"
    )
    # An IANA name ("America/Los_Angeles"); blank until the grown-up chooses, and the times
    # are told in UTC (settings.TIME_ZONE) until then.
    time_zone = models.CharField(max_length=64, blank=True)
    read_aloud = models.BooleanField(gettext_lazy("read the games out loud"), default=True)

    def __str__(self) -> str:
        return self.time_zone or "UTC"


class MathsLevel(models.TextChoices):
    ADDING = "adding", gettext_lazy("Adding only: twos count +2")
    NEGATIVE = "negative", gettext_lazy("Negative numbers: twos count −2")


# How often the gentle bots let a good move go (the engine's 0 to 1 gentleness).
# Translators: how kind the bots are; the family page shows it in lower case after "Bots: ".
GENTLENESS = [
    (1.0, pgettext_lazy("how kind the bots are", "Very kind: they make lots of mistakes")),
    (0.8, pgettext_lazy("how kind the bots are", "Kind (the usual)")),
    (0.5, pgettext_lazy("how kind the bots are", "A bit tricky")),
    (0.2, pgettext_lazy("how kind the bots are", "Tricky: they hardly make mistakes")),
]


class Child(models.Model):
    parent = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="children"
    )
    nickname = models.CharField(
        max_length=NICKNAME_LETTERS,
        help_text=gettext_lazy("A nickname, not a full name. Only your family sees it."),
    )
    avatar = models.CharField(max_length=20, choices=[(a.name, a.label) for a in AVATARS])
    maths_level = models.CharField(
        max_length=10, choices=MathsLevel.choices, default=MathsLevel.ADDING
    )
    gentleness = models.FloatField(
        gettext_lazy("how kind the bots are"), choices=GENTLENESS, default=0.8
    )
    # On for a new child: a 6-year-old hears the table before reading it (where the device
    # has a voice of its own); the grown-up can turn it off.
    read_aloud = models.BooleanField(gettext_lazy("read the game out loud"), default=True)
    sounds = models.BooleanField(gettext_lazy("play the game's sounds"), default=True)
    practice_questions = models.BooleanField(
        gettext_lazy("ask maths questions after a hole"), default=True
    )
    # Peabody fits the practice questions and the gentle bots to how the child does
    # (lessons.core.ladder, lessons.core.bot_kindness); off, the questions and the bots stay fixed.
    adapting = models.BooleanField(
        gettext_lazy("fit the questions and the kind bots to how the child does"), default=True
    )
    # One of the engine's presets, by its name; the child form gives each its words.
    favourite_mode = models.CharField(
        max_length=10, choices=[(name, name) for name in PRESETS], default="easy4"
    )
    # The language of the child's pages: kid mode shows them in it. A code of
    # settings.LANGUAGES (the child form offers those); "" for the language of the address.
    language = models.CharField(max_length=16, blank=True, default="")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created", "pk"]
        verbose_name_plural = "children"

    def __str__(self) -> str:
        return self.nickname

    def get_absolute_url(self) -> str:
        return reverse("families:progress", args=[self.pk])

    @property
    def trickiest_bots(self) -> str:
        """The trickiest bots this child may choose for themselves in kid mode, by how kind
        their grown-up chose the bots to be (GENTLENESS): kind bots mean gentle ones only;
        "a bit tricky" lets the child choose steady bots too; "tricky", sharp ones as well."""
        if self.gentleness >= 0.8:
            return "gentle"
        return "steady" if self.gentleness >= 0.5 else "sharp"

    @property
    def family_reads_aloud(self) -> bool:
        """The grown-up has not turned reading out loud off for the whole family (Family).
        Kid mode reads the family with the child, in the same query."""
        family = getattr(self.parent, "family", None)
        return family is None or family.read_aloud

    @property
    def adding_only(self) -> bool:
        """The engine's rule for this child's maths level: twos count +2, never −2."""
        return self.maths_level == MathsLevel.ADDING
