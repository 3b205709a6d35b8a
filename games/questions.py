"""A practice question as a page asks it: its prompt, the players to choose from or the
column's cards, the walk on a number line, and what is said to each answer. Built from the
question's facts (``lessons.core.questions``) with their words (``games.words.questions``),
once when a page is drawn."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any

from games.engine import Rules
from games.words import questions as words
from games.words.cards import number
from games.words.number_lines import spoken
from games.words.people import default_names
from lessons.core.number_line import ruler
from lessons.core.questions import Column, Gap, Question, Reply, Total, asked_again
from lessons.core.skills import Skill
from lessons.core.stories import column_story, lowest_wins, running_step
from lessons.models import SkillAttempt

from .number_lines import LineView, line_view
from .stories import CardTold, ColumnTold, column_told, running_told, winner_told


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
    number_line: LineView | None = None


@dataclass(frozen=True, slots=True)
class Stride:
    """One number of a sum, walked on the number line: what it is and the move it makes."""

    value: int
    text: str  # "The 2 of hearts: go back 2."


@dataclass(frozen=True, slots=True)
class Walk:
    """A sum to walk on a number line, one number at a time: the line (a ruler, with only
    where the walk starts marked), the start in words, and each stride."""

    line: LineView
    start: int
    start_text: str  # "Start at 9, your 9 of clubs."
    strides: tuple[Stride, ...]
    prompt: str  # what the child is asked to do on it
    minus: str  # how a number below 0 is said, for the page's script: "minus %(count)s"
    landed: str  # what is said at each landing, for the script: "You land on %(number)s."

    @property
    def start_shown(self) -> str:
        return number(self.start)

    @property
    def start_spoken(self) -> str:
        """Where the walk starts as a screen reader says a slider's value: "minus 2"."""
        return spoken(self.start)


@dataclass(frozen=True, slots=True)
class QuestionTold:
    """A question as it is asked: the facts, and their words."""

    question: Question
    prompt: str
    told: str  # the answer as a sentence, after a second miss: "It scores 7."
    # The players to choose from (empty for a number-pad question).
    choices: tuple[Choice, ...]
    # The column asked about, top to bottom (column questions only).
    cards: tuple[CardTold, ...]
    story: tuple[str, ...]
    equation: str | None
    number_line: LineView | None
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
            return Feedback(True, str(words.RIGHT_FIRST), False)
        if reply == Reply.RIGHT_SECOND:
            return Feedback(True, str(words.RIGHT_SECOND), False)
        if reply == Reply.TRY_AGAIN:
            if astray is not None and self.walk is not None:
                return Feedback(False, words.look_again(self.walk.strides[astray].text), True)
            return Feedback(False, str(words.TRY_AGAIN), True)
        return Feedback(
            False, words.good_try(self.told), False, self.story, self.equation, self.number_line
        )


def question_told(
    question: Question, rules: Rules, names: Sequence[str] | None = None
) -> QuestionTold:
    """``question`` as it is asked under ``rules``; ``names`` are the seats' names, for a
    choice of players."""
    about = question.about
    if isinstance(about, Gap):
        names = names or default_names(about.seat + 1)
    elif not isinstance(about, Column | Total):
        names = names or default_names(len(about.scores))
    names = names or ()
    told = partial(
        QuestionTold,
        question=question,
        prompt=words.prompt(question, rules, names),
        told=words.told(question, names),
    )
    if isinstance(about, Column):
        column = column_told(column_story(about.score, about.number - 1))
        return told(
            choices=(),
            cards=column.cards,
            story=words.column_story(column.story),
            equation=column.equation,
            number_line=column.number_line,
            walk=_column_walk(question, rules, column) if question.can_go_on_line else None,
        )
    if isinstance(about, Total):
        running = running_told(running_step(0, about.before, about.score))
        return told(
            choices=(),
            cards=(),
            # A number line says its sum in its caption: said once.
            story=() if running.number_line else (running.sentence,),
            equation=running.equation,
            number_line=running.number_line,
            walk=_walk(
                question,
                rules,
                words.start_at_total(about.before),
                (Stride(about.score, words.hole_stride(about.score)),),
            ),
        )
    if isinstance(about, Gap):
        return told(
            choices=(),
            cards=(),
            story=(words.gap_story(about, question.answer),),
            equation=words.gap_sum(about, question.answer),
            number_line=None,
        )
    played = {seat: v for seat, v in enumerate(about.scores) if v is not None}
    winner = winner_told(lowest_wins(played), names)
    return told(
        # str(): a name in the page's language (``YOU`` reads "Tú" in Spanish).
        choices=tuple(Choice(s, str(names[s]), number(played[s])) for s in question.choices),
        cards=(),
        story=(winner.text,),
        equation=None,
        number_line=winner.number_line,
    )


def _column_walk(question: Question, rules: Rules, column: ColumnTold) -> Walk:
    kept = [card for card in column.cards if card.counts]
    if column.story.matched is not None:
        start = words.start_at_pair()  # the pair makes 0, and the cards left are added to it
    else:
        first, kept = kept[0], kept[1:]
        start = words.start_at_card(first.code, first.card.value)
    strides = tuple(
        Stride(card.card.value, words.card_stride(card.code, card.card.value)) for card in kept
    )
    return _walk(question, rules, start, strides)


def _walk(question: Question, rules: Rules, start: str, strides: tuple[Stride, ...]) -> Walk:
    return Walk(
        line=line_view(ruler(question.terms)),
        start=question.terms[0],
        start_text=start,
        strides=strides,
        prompt=words.walk_prompt(question, rules),
        minus=words.minus(),
        landed=words.landed(),
    )


# --- kept answers read back, for a grown-up's pages (progress, the replay) ----------------


@dataclass(frozen=True, slots=True)
class Try:
    text: str  # as the child gave it: "11", a player's name, or "" for a skip
    right: bool
    skipped: bool


@dataclass(frozen=True, slots=True)
class AnsweredQuestion:
    """One question asked after a hole and every try at it, first first."""

    game_id: int
    hole: int
    answered: datetime  # the first try
    skill: str
    # None for an answer kept before the questions were ("an older answer").
    question: QuestionTold | None
    tries: tuple[Try, ...]
    right: str  # the right answer as the child would give it ("" for an older answer)

    @property
    def right_first_time(self) -> bool:
        return self.tries[0].right

    @property
    def missed(self) -> bool:
        """Answered, not right the first time (a skip is not a miss)."""
        first = self.tries[0]
        return not first.right and not first.skipped


def as_given(question: QuestionTold, value: int) -> str:
    """An answer as it was given: a number, or the name of the player chosen."""
    if question.choices:
        return next((c.label for c in question.choices if c.value == value), number(value))
    return number(value)


def as_asked(
    attempts: Iterable[SkillAttempt], rules: Rules, names: Sequence[str]
) -> list[AnsweredQuestion]:
    """``attempts`` of one game (each with its first try), as the questions they answered,
    in the order they were asked; ``names`` are the game's seats' names, to say who was
    chosen."""
    asked: dict[tuple, list[SkillAttempt]] = {}
    for attempt in sorted(attempts, key=lambda a: (a.answered, a.pk or 0)):
        # An older answer has no facts to tell its question by: each stands alone.
        key = (attempt.hole, attempt.kind, repr(attempt.facts)) if attempt.kind else (attempt.pk,)
        asked.setdefault(key, []).append(attempt)
    found = []
    for tries in asked.values():
        first = tries[0]
        again = asked_again(first.kind, first.facts, rules) if first.kind else None
        question = question_told(again, rules, names) if again else None
        found.append(
            AnsweredQuestion(
                game_id=first.game_id,
                hole=first.hole,
                answered=first.answered,
                skill=first.skill,
                question=question,
                tries=tuple(
                    Try(
                        as_given(question, a.given) if question and a.given is not None else "",
                        a.right,
                        a.skipped,
                    )
                    for a in tries
                ),
                right=as_given(question, question.answer) if question else "",
            )
        )
    return found
