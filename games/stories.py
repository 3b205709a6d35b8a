"""A score story as a page shows it: each column's cards and lines, the hole as the sum of its
columns, who ended it and who won, and the running totals, each with its number line. Built
from the facts (``lessons.core.stories``) with their words (``games.words.stories``), once
when a page is drawn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from games.words import stories as words
from games.words.cards import card_name, number
from games.words.number_lines import walk
from games.words.numbers import equation
from lessons.core.number_line import NumberLine
from lessons.core.skills import Skill
from lessons.core.stories import (
    CallerLine,
    CardPoints,
    ColumnStory,
    HoleStory,
    RunningStep,
    ScoreStory,
    Winner,
)

from .number_lines import LineView, line_view


@dataclass(frozen=True, slots=True)
class CardTold:
    card: CardPoints
    name: str  # "nine of clubs"
    points: str  # "9", "−2"

    @property
    def code(self) -> str:
        return self.card.code

    @property
    def counts(self) -> bool:
        return self.card.counts


@dataclass(frozen=True, slots=True)
class Told:
    """One sum told at length, behind a story's short lines: "Column 1: Start at 9. Go back
    2. You land on 7.". Its number line, if it has one, says it in its caption (the same
    words, said once), and ``see`` names the line: "Column 1 on a number line"."""

    text: str
    number_line: LineView | None = None
    see: str = ""


def _line(line: NumberLine | None, names: Sequence[str] = ()) -> LineView | None:
    return line_view(line, names) if line else None


def _told(text: str | None, line: LineView | None, see: str) -> Told | None:
    """A sum at length, its number line (if any) captioned with the same words."""
    if text is None:
        return None
    return Told(text, replace(line, text=text), see) if line else Told(text)


@dataclass(frozen=True, slots=True)
class ColumnTold:
    """One column: its cards, what matched, its sum, its short line and its number line."""

    story: ColumnStory
    cards: tuple[CardTold, ...]
    match_text: str | None  # "Two queens cancel to 0"
    equation: str | None  # "9 + (−2) = 7"; None when every card cancelled
    sentence: str  # "Start at 9. Go back 2. You land on 7." (a slide says it whole)
    number_line: LineView | None
    line: str  # "Column 1: 9 + (−2) = 7"
    told: Told | None  # the same at length, when there is more to say

    @property
    def number(self) -> int:
        return self.story.number

    @property
    def total(self) -> int:
        return self.story.total

    @property
    def points(self) -> str:
        return number(self.story.total)

    @property
    def skill(self) -> Skill:
        return self.story.skill


def column_told(column: ColumnStory) -> ColumnTold:
    line = _line(column.number_line)
    return ColumnTold(
        story=column,
        cards=tuple(CardTold(c, card_name(c.code), number(c.value)) for c in column.cards),
        match_text=words.match_text(column),
        equation=words.column_sum(column),
        sentence=words.column_sentence(column),
        number_line=line,
        line=words.column_line(column),
        told=_told(words.column_at_length(column), line, words.see_column(column.number)),
    )


@dataclass(frozen=True, slots=True)
class ScoreTold:
    """A whole layout: its columns, any bonus, and the sum of it all."""

    story: ScoreStory
    columns: tuple[ColumnTold, ...]
    bonus_text: str | None  # "Four queens in two columns! That takes away 10."
    equation: str  # "0 + 7 + 5 = 12"
    sentence: str  # "Add the columns. Start at 0. Count on 7. ..."
    number_line: LineView | None
    told: Told  # "All together: Start at 0. Count on 7. ..."

    @property
    def total(self) -> int:
        return self.story.total

    @property
    def points(self) -> str:
        return number(self.story.total)

    @property
    def equations(self) -> list[str]:
        """Every column's equation that has one, then the hole's, which ends in its score."""
        return [c.equation for c in self.columns if c.equation] + [self.equation]


def score_told(story: ScoreStory) -> ScoreTold:
    line = _line(story.number_line)
    told = _told(words.all_together(story), line, words.see_sum())
    assert told is not None
    return ScoreTold(
        story=story,
        columns=tuple(column_told(c) for c in story.columns),
        bonus_text=words.bonus_text(story),
        equation=words.layout_sum(story),
        sentence=words.layout_sentence(story),
        number_line=line,
        told=told,
    )


@dataclass(frozen=True, slots=True)
class CallerTold:
    """One line about the player who ended the hole, or about a score the rule changed."""

    seat: int
    text: str
    equation: str | None  # "8 + 2 = 10"
    score: int  # the seat's score for the hole after the rule


def caller_told(line: CallerLine, names: Sequence[str]) -> CallerTold:
    return CallerTold(line.seat, words.caller_text(line, names), words.caller_sum(line), line.score)


@dataclass(frozen=True, slots=True)
class WinnerTold:
    winner: Winner
    text: str  # "The lowest score wins. You won with −1. −1 is lower than 4."
    number_line: LineView | None

    @property
    def seats(self) -> tuple[int, ...]:
        return self.winner.seats

    @property
    def lowest(self) -> int:
        return self.winner.lowest


def winner_told(winner: Winner, names: Sequence[str]) -> WinnerTold:
    return WinnerTold(winner, words.winner_text(winner, names), _line(winner.number_line, names))


@dataclass(frozen=True, slots=True)
class RunningTold:
    step: RunningStep
    equation: str  # "12 + (−1) = 11"
    sentence: str  # "Start at 12. Go back 1. You land on 11."
    number_line: LineView | None

    @property
    def after(self) -> int:
        return self.step.after


def running_told(step: RunningStep) -> RunningTold:
    return RunningTold(
        step=step,
        equation=equation(step.terms, step.after),
        sentence=walk(step.terms),
        number_line=_line(step.number_line),
    )


@dataclass(frozen=True, slots=True)
class StoryFolded:
    """A player's story as a page folds it: its short lines are shown; ``shown`` is the one
    number line offered to open, and ``more`` the rest, told at length, behind "Tell me
    more"."""

    shown: Told | None
    more: tuple[Told, ...]
    every: tuple[Told, ...]  # all of them, in the story's order


def folded(story: ScoreTold, running: RunningTold | None, label: str = "") -> StoryFolded:
    """``story`` (and the ``running`` total, called ``label``: "Your total so far") folded:
    the number line offered is the hole's sum if it meets a number below 0, else the first
    column's that does, else the total's."""
    told = [c.told for c in story.columns if c.told]
    hole = story.told
    total = None
    if running is not None:
        total = _told(f"{label}: {running.sentence}", running.number_line, words.see_total())
    everything = [*told, hole, *([total] if total else [])]
    lines = [t for t in (hole, *told, total) if t and t.number_line]
    shown = lines[0] if lines else None
    return StoryFolded(shown, tuple(t for t in everything if t is not shown), tuple(everything))


@dataclass(frozen=True, slots=True)
class PlayerTold:
    seat: int
    name: str
    story: ScoreTold  # the cards' score, before any caller penalty
    score: int  # the hole's score, after it
    running: RunningTold | None  # None in an extra tie-break hole


@dataclass(frozen=True, slots=True)
class HoleTold:
    number: int
    tiebreak: bool
    players: tuple[PlayerTold, ...]  # the seats that played, in seat order
    caller: tuple[CallerTold, ...]
    winner: WinnerTold


def hole_told(hole: HoleStory, names: Sequence[str]) -> HoleTold:
    """A hole's story as a page shows it, each player called by ``names`` (one a seat)."""
    return HoleTold(
        number=hole.number,
        tiebreak=hole.tiebreak,
        players=tuple(
            PlayerTold(
                seat=p.seat,
                name=names[p.seat],
                story=score_told(p.story),
                score=p.score,
                running=running_told(p.running) if p.running else None,
            )
            for p in hole.players
        ),
        caller=tuple(caller_told(line, names) for line in hole.caller),
        winner=winner_told(hole.winner, names),
    )
