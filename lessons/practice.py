"""Practice questions made from the child's own cards, after each hole (logic only).

``questions_after_hole(results, seat, rules, rng)`` picks at most two questions about the
hole just played: what one of the child's columns scores, and sometimes what their total is
now or who won the hole. Each question knows its right answer, checks an answer given as a
whole number (typed on a number pad, or the seat of a player chosen), and answers kindly:
a first miss is asked again, a second is told the answer and how it adds up.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, gettext_lazy

from games.engine import HoleResult, Rules
from games.engine.scoring import score_column
from peabody.words.cards import MINUS, number
from peabody.words.numbers import can_go_below_zero
from peabody.words.people import default_names, is_you

from .number_line import NumberLine
from .skills import Skill
from .stories import (
    CardPoints,
    ColumnStory,
    RunningStep,
    cards_story,
    column_story,
    lowest_wins,
    running_step,
    running_totals,
)

MAX_QUESTIONS = 2
TRIES = 2

# How much more often a column is asked about when it practises the harder ideas.
COLUMN_WEIGHTS = {Skill.ADDING_NEGATIVE: 3, Skill.PAIRS_CANCEL: 2, Skill.ADDING: 1}

# Words said whole, in the page's language when they are shown (``str()`` them).
RIGHT_FIRST = gettext_lazy("Yes, that's right!")
RIGHT_SECOND = gettext_lazy("Yes! You got it this time.")
TRY_AGAIN = gettext_lazy("Not quite. Try once more.")
NO_ANSWER = gettext_lazy("Tap the numbers to make your answer.")


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
    number_line: NumberLine | None = None


@dataclass(frozen=True, slots=True)
class Question:
    key: str  # "column-2", "total" or "winner": tells a hole's questions apart in a form
    skill: Skill
    prompt: str
    answer: int
    told: str  # the answer as a sentence, after a second miss: "The answer is 7."
    # Empty for a number-pad question; otherwise the players to choose from.
    choices: tuple[Choice, ...]
    # Whether the number pad needs its minus key: never at "adding only".
    negatives: bool
    # The column asked about, top to bottom (column questions only).
    cards: tuple[CardPoints, ...]
    story: tuple[str, ...]
    equation: str | None
    number_line: NumberLine | None
    # What the question was about, as data a skill attempt keeps (see ``about``): a
    # column's number and card codes, the total before and the hole's score, or each
    # seat's score. Never names or sentences.
    facts: Mapping[str, Any]

    @property
    def kind(self) -> str:
        return "choice" if self.choices else "number"

    @property
    def about(self) -> str:
        """What is asked: "column", "total" or "winner"."""
        return self.key.partition("-")[0]

    def is_right(self, given: int) -> bool:
        return given == self.answer

    def respond(self, given: int, attempt: int) -> Feedback:
        """What to say to ``given`` on try number ``attempt`` (1 or 2)."""
        if not 1 <= attempt <= TRIES:
            raise ValueError(f"a question is tried once or twice, not {attempt} times")
        if self.is_right(given):
            return Feedback(True, str(RIGHT_FIRST if attempt == 1 else RIGHT_SECOND), False)
        if attempt < TRIES:
            return Feedback(False, str(TRY_AGAIN), True)
        return Feedback(
            False,
            " ".join((gettext("Good try!"), self.told)),
            False,
            self.story,
            self.equation,
            self.number_line,
        )


def read_answer(typed: str) -> int | None:
    """A number typed on the pad ("7", "−2", or "-2" from a keyboard), or None for
    anything else (an empty answer is not a try)."""
    text = typed.strip().replace(MINUS, "-")
    digits = text.removeprefix("-")
    if not digits.isascii() or not digits.isdigit() or len(digits) > 3:
        return None
    return int(text)


def _worth_asking(column: ColumnStory) -> bool:
    """A column whose score takes some working out: a match, or two numbers to add that
    are not 0 (a lone 5 under a king is only reading the card)."""
    if column.matched is not None:
        return True
    return sum(1 for c in column.cards if c.value != 0) >= 2


def column_question(cards: Sequence[str], rules: Rules, rng: random.Random) -> Question | None:
    """ "What does this column score?" about one of the child's columns worth asking."""
    story = cards_story(cards, rules)
    columns = [c for c in story.columns if _worth_asking(c)]
    if not columns:
        return None
    column = rng.choices(columns, [COLUMN_WEIGHTS[c.skill] for c in columns])[0]
    return about_column(column, rules)


def about_column(column: ColumnStory, rules: Rules) -> Question:
    lines = tuple(line for line in (column.match_text, column.sentence) if line)
    if rules.cols > 1:
        look = gettext("Look at column %(number)s of your cards.") % {"number": column.number}
    else:
        look = gettext("Look at your column of your cards.")
    return Question(
        key=f"column-{column.number}",
        skill=column.skill,
        prompt=" ".join((look, gettext("What does it score?"))),
        answer=column.total,
        told=gettext("It scores %(number)s.") % {"number": column.points},
        choices=(),
        negatives=can_go_below_zero(rules),
        cards=column.cards,
        story=lines,
        equation=column.equation,
        number_line=column.number_line,
        facts={"column": column.number, "cards": [c.code for c in column.cards]},
    )


def total_question(results: Sequence[HoleResult], seat: int, rules: Rules) -> Question | None:
    """ "What is your total now?", from the second hole on."""
    if results[-1].tiebreak:
        return None
    steps = running_totals(results, seat)
    if len(steps) < 2:
        return None
    return about_total(steps[-1], rules)


def about_total(step: RunningStep, rules: Rules) -> Question:
    return Question(
        key="total",
        skill=Skill.RUNNING_TOTAL,
        prompt=" ".join(
            (
                gettext("You had %(number)s before this hole.") % {"number": number(step.before)},
                gettext("You got %(number)s in this hole.") % {"number": number(step.score)},
                gettext("What is your total now?"),
            )
        ),
        answer=step.after,
        told=gettext("Your total is %(number)s.") % {"number": number(step.after)},
        choices=(),
        negatives=can_go_below_zero(rules),
        cards=(),
        story=(step.sentence,),
        equation=step.equation,
        number_line=step.number_line,
        facts={"before": step.before, "score": step.score},
    )


def winner_question(result: HoleResult, names: Sequence[str]) -> Question | None:
    """ "Who won this hole?", when one player did (a tie has no one answer)."""
    return about_winner(result.scores, names)


def about_winner(scores: Sequence[int | None], names: Sequence[str]) -> Question | None:
    winner = lowest_wins({s: v for s, v in enumerate(scores) if v is not None}, names)
    if len(winner.seats) != 1:
        return None
    seat = winner.seats[0]
    # str(): a name in the page's language (``YOU`` reads "Tú" in Spanish).
    choices = tuple(
        Choice(s, str(names[s]), number(v)) for s, v in enumerate(scores) if v is not None
    )
    if is_you(names[seat]):
        told = gettext("You won this hole.")
    else:
        # Translators: %(name)s is a player's name.
        told = gettext("%(name)s won this hole.") % {"name": names[seat]}
    return Question(
        key="winner",
        skill=Skill.COMPARING,
        prompt=" ".join((gettext("Who won this hole?"), gettext("Look at the scores."))),
        answer=seat,
        told=told,
        choices=choices,
        negatives=False,
        cards=(),
        story=(winner.text,),
        equation=None,
        number_line=winner.number_line,
        facts={"scores": list(scores)},
    )


def asked_again(
    kind: str, facts: Mapping[str, Any], rules: Rules, names: Sequence[str]
) -> Question | None:
    """A kept question made again from its facts (``SkillAttempt.kind`` and ``facts``),
    worded as it was asked; None for an answer kept before questions were, or facts that
    no longer fit the rules."""
    try:
        if kind == "column":
            cards = facts["cards"]
            return about_column(
                column_story(score_column(cards, rules), facts["column"] - 1), rules
            )
        if kind == "total":
            return about_total(running_step(0, facts["before"], facts["score"]), rules)
        if kind == "winner":
            return about_winner(facts["scores"], names)
    except (KeyError, TypeError, ValueError, IndexError):
        return None
    return None


def questions_after_hole(
    results: Sequence[HoleResult],
    seat: int,
    rules: Rules,
    rng: random.Random | int,
    names: Sequence[str] | None = None,
) -> tuple[Question, ...]:
    """At most two questions for ``seat`` about ``results[-1]``, the same every time for
    the same ``rng`` (a generator, or a seed for one). None for a seat that sat out."""
    if isinstance(rng, int):
        rng = random.Random(rng)
    result = results[-1]
    cards = result.layouts[seat]
    if cards is None:
        return ()
    names = names or default_names(len(result.scores))
    asked = []
    column = column_question(cards, rules, rng)
    if column:
        asked.append(column)
    others = [
        q for q in (total_question(results, seat, rules), winner_question(result, names)) if q
    ]
    # A column question most holes; a second question about half the time.
    if others and (not asked or rng.random() < 0.5):
        asked.append(rng.choice(others))
    return tuple(asked[:MAX_QUESTIONS])


def ask(
    key: str,
    results: Sequence[HoleResult],
    seat: int,
    rules: Rules,
    names: Sequence[str] | None = None,
) -> Question:
    """The question ``key`` (one of a ``questions_after_hole`` question's keys) about
    ``results[-1]``, asked again of ``seat``: a game keeps only the keys of the questions it
    asks, and the question is made again from them whenever it is shown."""
    names = names or default_names(len(results[-1].scores))
    kind, _, column = key.partition("-")
    question = None
    if kind == "column":
        cards = results[-1].layouts[seat]
        story = cards_story(cards, rules) if cards is not None else None
        if story is not None and column.isdigit() and 1 <= int(column) <= len(story.columns):
            question = about_column(story.columns[int(column) - 1], rules)
    elif kind == "total":
        question = total_question(results, seat, rules)
    elif kind == "winner":
        question = winner_question(results[-1], names)
    if question is None:
        raise ValueError(f"there is no question {key!r} about this hole")
    return question


__all__ = [
    "ask",
    "MAX_QUESTIONS",
    "NO_ANSWER",
    "Choice",
    "Feedback",
    "Question",
    "asked_again",
    "column_question",
    "questions_after_hole",
    "read_answer",
    "total_question",
    "winner_question",
]
