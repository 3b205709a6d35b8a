"""Practice questions in words: what is asked, what is said to each answer, and after a
second miss the answer told with how it adds up (its story, sum and number line); and the
skills' names as a grown-up reads them.

The question itself is facts (``lessons.questions``); its words are made here once, when a
page is drawn, in the page's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, gettext_lazy

from games.engine import Rules
from lessons.questions import Column, Question, Reply, Scores, Total
from lessons.skills import Skill
from lessons.stories import column_story, lowest_wins, running_step

from .cards import number
from .number_lines import SaidLine
from .people import default_names, is_you
from .stories import CardSaid, column_said, running_said, winner_said

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
}


def skill_name(skill: str) -> str:
    """The skill as a grown-up reads it on a progress page."""
    return str(SKILL_NAMES[Skill(skill)])


@dataclass(frozen=True, slots=True)
class Choice:
    value: int  # the seat: what is checked
    label: str  # "You", "Sam"
    points: str  # their score, "−1"


@dataclass(frozen=True, slots=True)
class Feedback:
    right: bool
    text: str
    try_again: bool
    # After a second miss: the answer, told with its story. Empty otherwise.
    story: tuple[str, ...] = ()
    equation: str | None = None
    number_line: SaidLine | None = None


@dataclass(frozen=True, slots=True)
class QuestionWords:
    """A question as it is asked: the facts, and their words."""

    question: Question
    prompt: str
    told: str  # the answer as a sentence, after a second miss: "It scores 7."
    # The players to choose from (empty for a number-pad question).
    choices: tuple[Choice, ...]
    # The column asked about, top to bottom (column questions only).
    cards: tuple[CardSaid, ...]
    story: tuple[str, ...]
    equation: str | None
    number_line: SaidLine | None

    @property
    def answer(self) -> int:
        return self.question.answer

    @property
    def kind(self) -> str:
        return self.question.kind

    @property
    def skill(self) -> Skill:
        return self.question.skill

    @property
    def facts(self) -> dict[str, Any]:
        return self.question.facts

    def respond(self, given: int, attempt: int) -> Feedback:
        """What to say to ``given`` on try number ``attempt`` (1 or 2)."""
        reply = self.question.reply(given, attempt)
        if reply == Reply.RIGHT_FIRST:
            return Feedback(True, str(RIGHT_FIRST), False)
        if reply == Reply.RIGHT_SECOND:
            return Feedback(True, str(RIGHT_SECOND), False)
        if reply == Reply.TRY_AGAIN:
            return Feedback(False, str(TRY_AGAIN), True)
        return Feedback(
            False,
            " ".join((gettext("Good try!"), self.told)),
            False,
            self.story,
            self.equation,
            self.number_line,
        )


def question_words(
    question: Question, rules: Rules, names: Sequence[str] | None = None
) -> QuestionWords:
    """``question`` in words under ``rules``; ``names`` are the seats' names, for a choice
    of players."""
    about = question.about
    if isinstance(about, Column):
        return _column(question, about, rules)
    if isinstance(about, Total):
        return _total(question, about)
    return _winner(question, about, names or default_names(len(about.scores)))


def _column(question: Question, about: Column, rules: Rules) -> QuestionWords:
    column = column_said(column_story(about.score, about.number - 1))
    if rules.cols > 1:
        look = gettext("Look at column %(number)s of your cards.") % {"number": about.number}
    else:
        look = gettext("Look at your column of your cards.")
    return QuestionWords(
        question=question,
        prompt=" ".join((look, gettext("What does it score?"))),
        told=gettext("It scores %(number)s.") % {"number": column.points},
        choices=(),
        cards=column.cards,
        story=tuple(line for line in (column.match_text, column.sentence) if line),
        equation=column.equation,
        number_line=column.number_line,
    )


def _total(question: Question, about: Total) -> QuestionWords:
    step = running_said(running_step(0, about.before, about.score))
    return QuestionWords(
        question=question,
        prompt=" ".join(
            (
                gettext("You had %(number)s before this hole.") % {"number": number(about.before)},
                gettext("You got %(number)s in this hole.") % {"number": number(about.score)},
                gettext("What is your total now?"),
            )
        ),
        told=gettext("Your total is %(number)s.") % {"number": number(about.after)},
        choices=(),
        cards=(),
        story=(step.sentence,),
        equation=step.equation,
        number_line=step.number_line,
    )


def _winner(question: Question, about: Scores, names: Sequence[str]) -> QuestionWords:
    played = {seat: v for seat, v in enumerate(about.scores) if v is not None}
    winner = winner_said(lowest_wins(played), names)
    seat = question.answer
    if is_you(names[seat]):
        told = gettext("You won this hole.")
    else:
        # Translators: %(name)s is a player's name.
        told = gettext("%(name)s won this hole.") % {"name": names[seat]}
    return QuestionWords(
        question=question,
        prompt=" ".join((gettext("Who won this hole?"), gettext("Look at the scores."))),
        told=told,
        # str(): a name in the page's language (``YOU`` reads "Tú" in Spanish).
        choices=tuple(Choice(s, str(names[s]), number(played[s])) for s in question.choices),
        cards=(),
        story=(winner.text,),
        equation=None,
        number_line=winner.number_line,
    )
