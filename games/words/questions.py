"""Practice questions in words: what is asked, what is said to each answer, and after a
second miss the answer told with how it adds up (its story, sum and number line); and the
skills' names as a grown-up reads them.

The question itself is facts (``lessons.core.questions``); its words are made here once, when a
page is drawn, in the page's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, gettext_lazy, ngettext

from games.engine import Rules
from lessons.core.number_line import ruler
from lessons.core.questions import Column, Gap, Question, Reply, Scores, Total
from lessons.core.skills import Skill
from lessons.core.stories import ColumnStory, column_story, lowest_wins, running_step

from .cards import card_name, number
from .number_lines import SPOKEN_MINUS, SaidLine, said_line, spoken, step, walk
from .numbers import uncapital
from .people import default_names, is_you
from .stories import (
    CardSaid,
    column_said,
    not_the_cards,
    running_said,
    the_ones_cancel,
    winner_said,
)

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
class Stride:
    """One number of a sum, walked on the number line: what it is and the move it makes."""

    value: int
    text: str  # "The 2 of hearts: go back 2."


@dataclass(frozen=True, slots=True)
class Walk:
    """A sum to walk on a number line, one number at a time: the line (a ruler, with only
    where the walk starts marked), the start in words, and each stride."""

    line: SaidLine
    start: int
    start_text: str  # "Start at 9, your 9 of clubs."
    strides: tuple[Stride, ...]
    prompt: str  # what the child is asked to do on it

    @property
    def start_shown(self) -> str:
        return number(self.start)

    @property
    def start_spoken(self) -> str:
        """Where the walk starts as a screen reader says a slider's value: "minus 2"."""
        return spoken(self.start)

    @property
    def minus(self) -> str:
        """How a number below 0 is said, for the page's script: "minus %(count)s"."""
        return gettext(SPOKEN_MINUS)

    @property
    def landed(self) -> str:
        """What is said at each landing, for the page's script: "You land on %(number)s."."""
        return gettext("You land on %(number)s.")


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
    # A sum's walk on the number line: how it is asked on the line (None for a choice).
    walk: Walk | None = None

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

    def respond(self, given: int, attempt: int, landings: tuple[int, ...] = ()) -> Feedback:
        """What to say to ``given`` on try number ``attempt`` (1 or 2); ``landings``, where
        the child landed on a number line, each step of the way."""
        astray = self.question.astray(landings) if landings else None
        reply = self.question.reply(given, attempt, landings)
        if reply == Reply.RIGHT_FIRST:
            return Feedback(True, str(RIGHT_FIRST), False)
        if reply == Reply.RIGHT_SECOND:
            return Feedback(True, str(RIGHT_SECOND), False)
        if reply == Reply.TRY_AGAIN:
            if astray is not None and self.walk is not None:
                stride = self.walk.strides[astray].text
                # Translators: "step" is the step that went wrong: "The 2 of hearts: go
                # back 2."
                said = gettext("Not quite. Look at this step again. %(step)s") % {"step": stride}
                return Feedback(False, said, True)
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
    if isinstance(about, Gap):
        return _gap(question, about, names or default_names(about.seat + 1))
    return _winner(question, about, names or default_names(len(about.scores)))


def _column(question: Question, about: Column, rules: Rules) -> QuestionWords:
    column = column_said(column_story(about.score, about.number - 1))
    if rules.cols > 1:
        look = gettext("Look at column %(number)s of your cards.") % {"number": about.number}
    else:
        look = gettext("Look at your column of your cards.")
    walk = None
    if question.can_go_on_line:
        kept = [card for card in column.cards if card.counts]
        if column.story.matched is not None:
            # The pair makes 0, and the cards left are added to it.
            start = gettext("Start at 0: the pair makes 0.")
        else:
            first, kept = kept[0], kept[1:]
            # Translators: %(card)s is a card's name: "nine of clubs".
            start = gettext("Start at %(number)s, your %(card)s.") % {
                "number": first.points,
                "card": card_name(first.code),
            }
        strides = tuple(
            # Translators: %(card)s is a card's name: "two of hearts"; %(step)s is a move
            # along the line: "Go back 2."
            Stride(
                card.card.value,
                gettext("Your %(card)s: %(step)s")
                % {
                    "card": card_name(card.code),
                    "step": uncapital(step(card.card.value)),
                },
            )
            for card in kept
        )
        walk = _walk(question, start, strides, look)
    return QuestionWords(
        question=question,
        prompt=" ".join((look, gettext("What does it score?"))),
        told=gettext("It scores %(number)s.") % {"number": column.points},
        choices=(),
        cards=column.cards,
        story=_column_story(column.story),
        equation=column.equation,
        number_line=column.number_line,
        walk=walk,
    )


def _column_story(column: ColumnStory) -> tuple[str, ...]:
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


def _walk(question: Question, start: str, strides: tuple[Stride, ...], look: str) -> Walk:
    first = question.terms[0]
    return Walk(
        line=said_line(ruler(question.terms)),
        start=first,
        start_text=start,
        strides=strides,
        prompt=" ".join((look, gettext("Walk it on the number line, one step at a time."))),
    )


def _total(question: Question, about: Total) -> QuestionWords:
    running = running_said(running_step(0, about.before, about.score))
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
        # A number line says its sum in its caption: said once.
        story=() if running.number_line else (running.sentence,),
        equation=running.equation,
        number_line=running.number_line,
        walk=_walk(
            question,
            gettext("Start at %(number)s, your total before this hole.")
            % {"number": number(about.before)},
            (
                Stride(
                    about.score,
                    # Translators: %(step)s is a move along the line: "Count on 5."
                    gettext("This hole: %(step)s") % {"step": uncapital(step(about.score))},
                ),
            ),
            gettext("Find your total now."),
        ),
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


def _gap(question: Question, about: Gap, names: Sequence[str]) -> QuestionWords:
    name = names[about.seat]
    behind = {"number": number(question.answer), "name": name}
    return QuestionWords(
        question=question,
        prompt=" ".join(
            (
                # Translators: %(name)s is another player's name; the numbers are scores.
                gettext("In this hole you got %(mine)s and %(name)s got %(theirs)s.")
                % {"mine": number(about.mine), "theirs": number(about.theirs), "name": name},
                gettext("How many points behind %(name)s are you?") % {"name": name},
            )
        ),
        told=ngettext(
            "You are %(number)s point behind %(name)s.",
            "You are %(number)s points behind %(name)s.",
            question.answer,
        )
        % behind,
        choices=(),
        cards=(),
        story=(
            gettext("%(mine)s take away %(theirs)s is %(number)s.")
            % {"mine": number(about.mine), "theirs": number(about.theirs), **behind},
        ),
        equation=f"{number(about.mine)} − {parens(about.theirs)} = {number(question.answer)}",
        number_line=None,
    )


def parens(value: int) -> str:
    """A number after a sign: "(−2)" when it is below 0, as sums in books write it."""
    return f"({number(value)})" if value < 0 else number(value)
