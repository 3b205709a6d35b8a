"""Practice questions in words: what is asked, what is said to each answer, and after a
second miss the answer told with how it adds up; and the skills' names as a grown-up reads
them. Functions from the question's facts (``lessons.core.questions``) to sentences, in the
page's language; the page's view of a question (``games.questions``) puts them together.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, gettext_lazy, ngettext

from games.engine import Rules
from lessons.core.questions import Column, Gap, Question, Total
from lessons.core.skills import Skill
from lessons.core.stories import ColumnStory

from .cards import card_name, number
from .number_lines import SPOKEN_MINUS, step, walk
from .numbers import uncapital
from .people import is_you
from .stories import not_the_cards, the_ones_cancel

# Words said whole, in the page's language when they are shown (``str()`` them).
RIGHT_FIRST = gettext_lazy("Yes, that's right!")
RIGHT_SECOND = gettext_lazy("Yes! You got it this time.")
TRY_AGAIN = gettext_lazy("Not quite. Try once more.")
NO_ANSWER = gettext_lazy("Tap the numbers to make your answer.")

SKILL_NAMES = {
    Skill.ADDING: gettext_lazy("Adding small numbers"),
    Skill.ADDING_NEGATIVE: gettext_lazy("Adding a negative number"),
    Skill.PAIRS_CANCEL: gettext_lazy("Pairs cancel to zero"),
    Skill.COMPARING: gettext_lazy("Comparing numbers"),
    Skill.RUNNING_TOTAL: gettext_lazy("Keeping a running total"),
    Skill.DIFFERENCE: gettext_lazy("How far behind"),
}


def skill_name(skill: str) -> str:
    """The skill as a grown-up reads it on a progress page."""
    return str(SKILL_NAMES[Skill(skill)])


# --- what is asked ---------------------------------------------------------------------


def look(question: Question, rules: Rules) -> str:
    """Where to look, for a question about the child's own cards: "Look at column 2 of your
    cards."; empty for any other question."""
    about = question.about
    if not isinstance(about, Column):
        return ""
    if rules.cols > 1:
        return gettext("Look at column %(number)s of your cards.") % {"number": about.number}
    return gettext("Look at your column of your cards.")


def prompt(question: Question, rules: Rules, names: Sequence[str]) -> str:
    """What is asked, with the numbers the child needs."""
    about = question.about
    if isinstance(about, Column):
        return " ".join((look(question, rules), gettext("What does it score?")))
    if isinstance(about, Total):
        return " ".join(
            (
                gettext("You had %(number)s before this hole.") % {"number": number(about.before)},
                gettext("You got %(number)s in this hole.") % {"number": number(about.score)},
                gettext("What is your total now?"),
            )
        )
    if isinstance(about, Gap):
        name = names[about.seat]
        return " ".join(
            (
                # Translators: %(name)s is another player's name; the numbers are scores.
                gettext("In this hole you got %(mine)s and %(name)s got %(theirs)s.")
                % {"mine": number(about.mine), "theirs": number(about.theirs), "name": name},
                gettext("How many points behind %(name)s are you?") % {"name": name},
            )
        )
    return " ".join((gettext("Who won this hole?"), gettext("Look at the scores.")))


def told(question: Question, names: Sequence[str]) -> str:
    """The answer as a sentence, after a second miss: "It scores 7."."""
    about, answer = question.about, question.answer
    if isinstance(about, Column):
        return gettext("It scores %(number)s.") % {"number": number(answer)}
    if isinstance(about, Total):
        return gettext("Your total is %(number)s.") % {"number": number(about.after)}
    if isinstance(about, Gap):
        return ngettext(
            "You are %(number)s point behind %(name)s.",
            "You are %(number)s points behind %(name)s.",
            answer,
        ) % {"number": number(answer), "name": names[about.seat]}
    if is_you(names[answer]):
        return gettext("You won this hole.")
    # Translators: %(name)s is a player's name.
    return gettext("%(name)s won this hole.") % {"name": names[answer]}


def column_story(column: ColumnStory) -> tuple[str, ...]:
    """How a column adds up, after its answer is told ("It scores 0."): what cancelled, and
    the sum walked, unless its number line says it (in its caption); each thing once."""
    said = []
    if column.matched is not None:
        said.append(the_ones_cancel(column.cancelled, column.matched))
    if column.terms and column.number_line is None:
        said.append(walk(column.terms))
    not_so = not_the_cards(column)
    if not_so:
        said.append(not_so)
    return tuple(said)


def gap_story(about: Gap, answer: int) -> str:
    """ "5 take away 2 is 3." """
    return gettext("%(mine)s take away %(theirs)s is %(number)s.") % {
        "mine": number(about.mine),
        "theirs": number(about.theirs),
        "number": number(answer),
    }


def gap_sum(about: Gap, answer: int) -> str:
    """ "5 − (−2) = 7" """
    return f"{number(about.mine)} − {parens(about.theirs)} = {number(answer)}"


# --- a sum walked on the number line ------------------------------------------------------


def walk_prompt(question: Question, rules: Rules) -> str:
    if isinstance(question.about, Total):
        return gettext("Find your total now.")
    return " ".join(
        (look(question, rules), gettext("Walk it on the number line, one step at a time."))
    )


def start_at_pair() -> str:
    return gettext("Start at 0: the pair makes 0.")


def start_at_card(code: str, value: int) -> str:
    # Translators: %(card)s is a card's name: "nine of clubs".
    return gettext("Start at %(number)s, your %(card)s.") % {
        "number": number(value),
        "card": card_name(code),
    }


def start_at_total(before: int) -> str:
    return gettext("Start at %(number)s, your total before this hole.") % {"number": number(before)}


def card_stride(code: str, value: int) -> str:
    """ "Your two of hearts: go back 2." """
    # Translators: %(card)s is a card's name: "two of hearts"; %(step)s is a move along the
    # line: "Go back 2."
    return gettext("Your %(card)s: %(step)s") % {
        "card": card_name(code),
        "step": uncapital(step(value)),
    }


def hole_stride(score: int) -> str:
    # Translators: %(step)s is a move along the line: "Count on 5."
    return gettext("This hole: %(step)s") % {"step": uncapital(step(score))}


def minus() -> str:
    """How a number below 0 is said, for the page's script: "minus %(count)s"."""
    return gettext(SPOKEN_MINUS)


def landed() -> str:
    """What is said at each landing, for the page's script: "You land on %(number)s."."""
    return gettext("You land on %(number)s.")


# --- what is said to an answer ------------------------------------------------------------


def look_again(stride: str) -> str:
    # Translators: "step" is the step that went wrong: "The 2 of hearts: go back 2."
    return gettext("Not quite. Look at this step again. %(step)s") % {"step": stride}


def good_try(told: str) -> str:
    return " ".join((gettext("Good try!"), told))


def parens(value: int) -> str:
    """A number after a sign: "(−2)" when it is below 0, as sums in books write it."""
    return f"({number(value)})" if value < 0 else number(value)
