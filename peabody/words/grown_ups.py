"""The grown-ups' words: every sentence the parent zone makes in Python, in the page's language.

The families app works out the facts (a child's nickname, how many answers and how many of
them right, the minutes played, a bot's level, a column's cards); this module puts them into
words: the notes a parent page shows after a change, the progress page's numbers, times,
skills, suggestion and "Talk about it", what Peabody practises with the child and why (each
skill's level, its rung in words, how it moved) and how kind their gentle bots are, the
chart's titles and the words of the download.

What Django declares on a form or a model field (its label, help text, choices, error
messages) stays with the field, and the templates keep their own text.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import formats
from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy

from games.words.cards import MINUS, a_number, number, plural
from games.words.lookup import Words
from games.words.people import you_first
from lessons.core.bot_kindness import REACH, Kindness
from lessons.core.skills import LADDERS, Skill

# --- after a change, at the top of the next page -----------------------------------------


def child_ready(name: str) -> str:
    # Translators: %(name)s is the child's nickname.
    return gettext("%(name)s is ready to play.") % {"name": name}


def child_saved(name: str) -> str:
    # Translators: %(name)s is the child's nickname.
    return gettext("%(name)s’s settings are saved.") % {"name": name}


def child_deleted(name: str) -> str:
    # Translators: %(name)s is the child's nickname.
    return gettext("%(name)s and all their games are deleted.") % {"name": name}


def time_zone_saved(zone: str) -> str:
    # Translators: %(zone)s is the name of a time zone, such as "Europe/Madrid".
    return gettext("Times are now told in the time zone %(zone)s.") % {"zone": zone}


def reading_saved(on: bool) -> str:
    if on:
        return gettext(
            "The games read out loud again, where a device has a voice. Each child's own "
            "switch counts."
        )
    return gettext("The games do not read out loud to your children now, on any device.")


def reset_link_sent() -> str:
    return gettext(
        "We emailed a link to the family’s email address. Open it to choose a new password."
    )


def reset_link_not_sent() -> str:
    return gettext("We could not send the link just now. Please try again later.")


def reset_link_wait() -> str:
    return gettext("We just sent the link. Look in the family’s email, or try again in a minute.")


def device_logged_out() -> str:
    return gettext("This device is logged out.")


# --- the password asked for again: what it opens, and the way back ------------------------


def password_for(doing: str, name: str = "") -> tuple[str, str]:
    """Why the password page asks (a whole sentence) and its button, which says what happens
    next. ``doing``: what the grown-up (or a child in kid mode) was about to do, by the name
    of the page (peabody.families.reauth); ``name``: the child it is about, if any."""
    # Translators: %(name)s is a child's nickname, in every sentence below that has it.
    said = {
        "home": (
            gettext("Please type your password to open the family page."),
            gettext("Open the family page"),
        ),
        "progress": (
            gettext("Please type your password to see %(name)s’s progress."),
            gettext("See %(name)s’s progress"),
        ),
        "child_edit": (
            gettext("Please type your password to change %(name)s’s settings."),
            gettext("Open %(name)s’s settings"),
        ),
        "child_new": (
            gettext("Please type your password to add a child."),
            gettext("Add a child"),
        ),
        "child_delete": (
            gettext("Please type your password to delete %(name)s and all their games."),
            gettext("Go on to delete %(name)s"),
        ),
        "child_download": (
            gettext("Please type your password to download %(name)s’s data."),
            gettext("Download %(name)s’s data"),
        ),
        "account_download": (
            gettext("Please type your password to download everything about your family."),
            gettext("Download the family’s data"),
        ),
        "account_delete": (
            gettext("Please type your password to delete your account."),
            gettext("Go on to delete the account"),
        ),
        "time_zone": (
            gettext("Please type your password to choose your time zone."),
            gettext("Choose the time zone"),
        ),
        "password": (
            gettext("Please type your password to change it."),
            gettext("Change the password"),
        ),
        "email": (
            gettext("Please type your password to change your email address."),
            gettext("Change the email address"),
        ),
        "log_out": (
            gettext("Please type your password to log this device out."),
            gettext("Log out"),
        ),
        "switch": (
            gettext("Please type your password so that another child can play."),
            gettext("Choose who plays"),
        ),
        "together": (
            gettext("Please type your password to start a game without %(name)s."),
            gettext("Start the game"),
        ),
    }
    why, button = said.get(
        doing, (gettext("Please type your password to go on."), gettext("Go on"))
    )
    return why % {"name": name}, button % {"name": name}


def back_to(place: str, name: str = "") -> str:
    """The link back to where the grown-up was: the game in kid mode, else a family page."""
    return {
        "game": gettext("Back to the game"),
        "progress": gettext("Back to %(name)s’s progress") % {"name": name},
        "child_edit": gettext("Back to %(name)s’s settings") % {"name": name},
    }.get(place) or gettext("Back to the family page")


# --- numbers and time on the progress page -----------------------------------------------


def signed_number(value: float) -> str:
    """A number as people read it: a real minus sign, one decimal place unless whole, with
    the decimal sign of the page's language ("2.5", in Spanish "2,5")."""
    rounded = round(abs(value), 1)
    text = str(int(rounded)) if rounded == int(rounded) else formats.number_format(rounded, 1)
    return f"{MINUS}{text}" if value < 0 and text != "0" else text


def minutes_text(minutes: float) -> str:
    """How long, as a grown-up says it: "under a minute", "1 minute", "40 minutes"."""
    whole = round(minutes)
    if minutes < 1 or whole < 1:
        return gettext("under a minute") if minutes > 0 else gettext("no time")
    return ngettext("%(count)s minute", "%(count)s minutes", whole) % {"count": whole}


# --- how each maths skill is going, and what to try next ---------------------------------

# A skill's state, by its key (peabody.families.practice's states, which the page's CSS
# classes are made from).
SKILL_STATES = Words(
    {
        "not enough answers yet": pgettext_lazy(
            "how a maths skill is going", "not enough answers yet"
        ),
        "still learning": pgettext_lazy("how a maths skill is going", "still learning"),
        "got it": pgettext_lazy("how a maths skill is going", "got it"),
    }
)


def waiting_to_judge(asked: int, judged: int) -> str:
    """Too few answers to say how a skill is going: ``asked`` so far, ``judged`` needed."""
    return ngettext(
        "%(asked)s answered so far. We wait for %(judged)s before saying how it is going.",
        "%(asked)s answered so far. We wait for %(judged)s before saying how it is going.",
        asked,
    ) % {"asked": asked, "judged": judged}


def right_of_latest(right: int, judged: int) -> str:
    """The evidence alone: ``right`` of the last ``judged`` first tries."""
    return gettext("%(right)s of the last %(judged)s right the first time.") % {
        "right": right,
        "judged": judged,
    }


def try_negative_numbers(percent: int, answers: int) -> str:
    """The suggestion for a child at "adding only" who adds well."""
    return gettext(
        "Adding is %(percent)s%% right over %(answers)s answers, so try the maths level "
        "“negative numbers”, where twos count −2."
    ) % {"percent": percent, "answers": answers}


def try_adding_only(percent: int, answers: int) -> str:
    """The suggestion for a child at "negative numbers" who finds them hard."""
    return gettext(
        "Adding a negative number is %(percent)s%% right over %(answers)s answers, so "
        "“adding only” for a while may help."
    ) % {"percent": percent, "answers": answers}


# --- what Peabody practises with the child now, and why ----------------------------------

# Each rung of each skill's ladder (lessons.core.skills.LADDERS), as a grown-up reads it after the
# skill's name ("Adding a negative number: a negative number with a big card").
RUNGS: dict[Skill, dict[str, Promise]] = {
    Skill.ADDING: {
        "two_small": pgettext_lazy("a level of adding", "two small cards"),
        "three_cards": pgettext_lazy("a level of adding", "three cards"),
        "over_20": pgettext_lazy("a level of adding", "a total over 20"),
    },
    Skill.ADDING_NEGATIVE: {
        "with_small": pgettext_lazy(
            "a level of adding a negative number", "a negative number with small cards"
        ),
        "with_big": pgettext_lazy(
            "a level of adding a negative number", "a negative number with a big card"
        ),
        "across_zero": pgettext_lazy(
            "a level of adding a negative number", "a sum that goes below zero"
        ),
    },
    Skill.PAIRS_CANCEL: {
        "spot_the_pair": pgettext_lazy("a level of pairs cancel", "spotting a pair"),
        "pair_and_more": pgettext_lazy("a level of pairs cancel", "a pair and another card"),
    },
    Skill.COMPARING: {
        "two_positive": pgettext_lazy("a level of comparing", "two scores, none below zero"),
        "with_negative": pgettext_lazy("a level of comparing", "two scores, one below zero"),
        "three_players": pgettext_lazy("a level of comparing", "three players or more"),
    },
    Skill.RUNNING_TOTAL: {
        "small": pgettext_lazy("a level of the running total", "small totals"),
        "across_zero": pgettext_lazy(
            "a level of the running total", "totals with a number below zero"
        ),
    },
    Skill.DIFFERENCE: {
        "behind": pgettext_lazy("a level of how far behind", "points behind"),
        "behind_with_negative": pgettext_lazy(
            "a level of how far behind", "points behind, with a score below zero"
        ),
    },
}


def rung(skill: Skill, level: int) -> str:
    """Level ``level`` (from 1) of ``skill``'s ladder in words: "three cards"."""
    return str(RUNGS[skill][LADDERS[skill][level - 1]])


def level_text(skill: Skill, level: int) -> str:
    """ "three cards (level 2 of 3)"."""
    # Translators: %(rung)s is a level of a maths skill in words, like "three cards".
    return gettext("%(rung)s (level %(level)s of %(levels)s)") % {
        "rung": rung(skill, level),
        "level": level,
        "levels": len(LADDERS[skill]),
    }


def went_up(name: str, in_a_row: int, right: int, of: int) -> str:
    """Why a skill is at its level, the latest move up."""
    # Translators: %(name)s is the child's nickname.
    return gettext(
        "Up one level: %(name)s got the latest %(row)s, or %(right)s of the latest %(of)s, "
        "right the first time at the level below."
    ) % {"name": name, "row": in_a_row, "right": right, "of": of}


def too_easy(name: str, more_than: int) -> str:
    """Why a skill is at its level, the latest move up made because the level below was too
    easy to ask."""
    # Translators: %(name)s is the child's nickname.
    return gettext(
        "Up one level: from all %(name)s got right, Peabody works out that the level below "
        "would be right more than %(more)s times in 100, too easy to ask."
    ) % {"name": name, "more": more_than}


def went_down(name: str, missed: int, of: int) -> str:
    """Why a skill is at its level, the latest move down."""
    # Translators: %(name)s is the child's nickname.
    return gettext(
        "Down one level: %(name)s missed %(missed)s of the latest %(of)s the first time at "
        "the level above."
    ) % {"name": name, "missed": missed, "of": of}


def first_level(name: str, asked: int, right: int) -> str:
    """Why a skill that never moved is at level 1."""
    if not asked:
        return gettext("Every child starts here.")
    # Translators: %(name)s is the child's nickname.
    return ngettext(
        "Every child starts here. %(name)s has answered %(asked)s question about it so far, "
        "%(right)s right the first time.",
        "Every child starts here. %(name)s has answered %(asked)s questions about it so far, "
        "%(right)s right the first time.",
        asked,
    ) % {"name": name, "asked": asked, "right": right}


def comes_back(name: str, days: int) -> str:
    """A skill due to come back in the next game, ``days`` after the child's latest miss."""
    # Translators: %(name)s is the child's nickname; "one" is a question they missed.
    return ngettext(
        "Comes back in the next game: %(name)s missed one yesterday.",
        "Comes back in the next game: %(name)s missed one %(days)s days ago.",
        days,
    ) % {"name": name, "days": days}


def back_from_the_table(skill: Skill, name: str, missed: int, of: int) -> str:
    """A skill practised in the next game for what the child chose at the table: ``missed``
    of their latest ``of`` chances of its kind (games.table.decisions)."""
    # Translators: %(name)s is the child's nickname; "%(missed)s of the latest %(of)s
    # times" counts their chances at the table, like "2 of the latest 4 times".
    said = {
        Skill.PAIRS_CANCEL: gettext(
            "Comes back in the next game: at the table, %(name)s let a pair go by "
            "%(missed)s of the latest %(of)s times."
        ),
        Skill.ADDING_NEGATIVE: gettext(
            "Comes back in the next game: at the table, %(name)s threw away a card below "
            "zero %(missed)s of the latest %(of)s times."
        ),
        Skill.COMPARING: gettext(
            "Comes back in the next game: at the table, %(name)s kept the higher of two "
            "cards %(missed)s of the latest %(of)s times."
        ),
    }
    return said[skill] % {"name": name, "missed": missed, "of": of}


def growth_line(skill: Skill, before: int | None, now: int) -> str:
    """How a skill's level went this month, after its name: "up from level 1 to 2 this
    month"; ``before`` is None when it was first asked this month."""
    numbers = {"before": before, "now": now, "levels": len(LADDERS[skill])}
    # Translators: after a maths skill's name and a colon, as in "Adding: up from level 1 to
    # 2 this month".
    if before is None:
        said = pgettext("a skill this month", "new this month, now at level %(now)s of %(levels)s")
    elif now > before:
        said = pgettext("a skill this month", "up from level %(before)s to %(now)s this month")
    elif now < before:
        said = pgettext(
            "a skill this month", "back from level %(before)s to %(now)s this month, to practise"
        )
    elif now == len(LADDERS[skill]):
        said = pgettext("a skill this month", "at the top level, %(now)s of %(levels)s, all month")
    else:
        said = pgettext("a skill this month", "at level %(now)s of %(levels)s all month")
    return said % numbers


def bots_at_work(name: str, kindness: Kindness, enough: int) -> str:
    """How the gentle bots are kept close, and how it is going: ``enough`` holes against
    them before they move at all."""
    if kindness.holes < enough:
        # Translators: %(name)s is the child's nickname.
        return ngettext(
            "Peabody adjusts the gentle bots so that %(name)s wins about half the holes "
            "against them. It starts after %(enough)s holes against them: %(name)s has "
            "played %(holes)s so far.",
            "Peabody adjusts the gentle bots so that %(name)s wins about half the holes "
            "against them. It starts after %(enough)s holes against them: %(name)s has "
            "played %(holes)s so far.",
            kindness.holes,
        ) % {"name": name, "enough": enough, "holes": kindness.holes}
    # Translators: %(name)s is the child's nickname; %(won)s may be a half, like "5.5".
    return gettext(
        "Peabody adjusts the gentle bots so that %(name)s wins about half the holes against "
        "them: %(name)s won %(won)s of the latest %(holes)s."
    ) % {"name": name, "won": signed_number(kindness.won), "holes": kindness.holes}


def bots_now(kindness: Kindness) -> str:
    """How kind the next game's gentle bots are beside what the grown-up chose."""
    moved = kindness.moved
    # As far as they go: as far from the grown-up's choice as the rule lets them, or as kind
    # (or unkind) as bots can be.
    furthest = abs(moved) >= REACH - 1e-9 or kindness.gentleness in (0.0, 1.0)
    if moved > 0:
        if furthest:
            return gettext("The bots are now kinder than you chose, as far as Peabody moves them.")
        return gettext("The bots are now a little kinder than you chose.")
    if moved < 0:
        if furthest:
            return gettext(
                "The bots are now less kind than you chose, as far as Peabody moves them."
            )
        return gettext("The bots are now a little less kind than you chose.")
    return gettext("The bots are now as kind as you chose.")


# --- "Talk about it": from the child's cards to a question to ask away from the screen ----
# Each is three sentences: what the child had ("Robin had a 9 and a −2 in one column."), what
# to ask, and what a right answer says, for the grown-up.


def column_talk(name: str, values: Sequence[int], total: int) -> tuple[str, str, str]:
    """A column of cards worth ``values`` that add up to ``total``."""
    cards = you_first([a_number(v) for v in values])
    return (
        # Translators: %(name)s is the child's nickname; %(cards)s is like "a 9 and a −2".
        gettext("%(name)s had %(cards)s in one column.") % {"name": name, "cards": cards},
        gettext("Ask: what do they make together?"),
        gettext("They make %(total)s.") % {"total": number(total)},
    )


def pair_talk(name: str, rank: str) -> tuple[str, str, str]:
    """Two cards of ``rank`` that matched in a column."""
    return (
        # Translators: %(name)s is the child's nickname; %(cards)s is a rank in the plural,
        # like "kings" or "9s".
        gettext("%(name)s had two %(cards)s in one column.")
        % {"name": name, "cards": plural(rank)},
        gettext("Ask: what do two cards that match in a column score?"),
        gettext("0: they cancel out, whatever they are worth."),
    )


def total_talk(name: str, total: int) -> tuple[str, str, str]:
    """The child's total at the end of the game."""
    return (
        # Translators: %(name)s is the child's nickname; %(total)s their total, like "−3".
        gettext("%(name)s ended the game on %(total)s.") % {"name": name, "total": number(total)},
        gettext("Ask: in Golf, is a low score good or bad? Why?"),
        gettext("Good: the lowest score wins."),
    )


# --- the trend chart ---------------------------------------------------------------------


def trend_titles() -> tuple[str, str]:
    """The y axis's title and the x axis's."""
    return gettext("Average score per hole"), gettext("Game, oldest first")


# --- the download: its keys and codes stay in English, only the words for people are ours -


def bot_in_download(level: str) -> str:
    # Translators: a seat in a game of the downloaded data; %(level)s stays a code.
    return pgettext("a seat in the downloaded data", "bot: %(level)s") % {"level": level}


def you_in_download() -> str:
    return pgettext("a seat in the downloaded data", "you")
