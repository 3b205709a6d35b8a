"""Score stories in words: each column's cards and what they add up to, what matched, the
hole as the sum of its columns, the caller-penalty rule, who won and the running totals, as
a child reads them. The maths itself (what is added, who won) is ``lessons.core.stories``'."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.utils.translation import gettext, gettext_noop

from lessons.core.number_line import NumberLine
from lessons.core.skills import Skill
from lessons.core.stories import (
    CallerLine,
    CardPoints,
    ColumnStory,
    Ended,
    HoleStory,
    Penalty,
    RunningStep,
    ScoreStory,
    Winner,
)

from .cards import card_name, number, plural
from .number_lines import SaidLine, said_line, walk
from .numbers import equation, uncapital
from .people import and_list, is_you, you_first


@dataclass(frozen=True, slots=True)
class CardSaid:
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
    number_line: SaidLine | None = None
    see: str = ""


@dataclass(frozen=True, slots=True)
class ColumnSaid:
    """One column in words."""

    story: ColumnStory
    cards: tuple[CardSaid, ...]
    match_text: str | None  # "Two queens cancel to 0"
    equation: str | None  # "9 + (−2) = 7"; None when every card cancelled
    sentence: str  # "Start at 9. Go back 2. You land on 7." (a slide says it whole)
    number_line: SaidLine | None
    # The story's short line: "Column 1: 9 + (−2) = 7", "Column 2: two kings cancel to 0";
    # after a match with cards left, its sum: "Column 3: 0 + 1 = 1".
    line: str = ""
    # The same at length, when there is more to say: "Column 1: Start at 9. Go back 2. You
    # land on 7.", its number line telling it; None when every card cancelled to a plain 0.
    told: Told | None = None

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


@dataclass(frozen=True, slots=True)
class ScoreSaid:
    """A whole layout in words: its columns, any bonus, and the sum of it all."""

    story: ScoreStory
    columns: tuple[ColumnSaid, ...]
    bonus_text: str | None  # "Four queens in two columns! That takes away 10."
    equation: str  # "0 + 7 + 5 = 12"
    sentence: str  # "Add the columns. Start at 0. Count on 7. ..."
    number_line: SaidLine | None
    told: Told | None = None  # "All together: Start at 0. Count on 7. ..."

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


@dataclass(frozen=True, slots=True)
class CallerSaid:
    """One line about the player who ended the hole, or about a score the rule changed."""

    seat: int
    text: str
    equation: str | None  # "8 + 2 = 10"
    score: int  # the seat's score for the hole after the rule


@dataclass(frozen=True, slots=True)
class WinnerSaid:
    winner: Winner
    text: str  # "The lowest score wins. You won with −1. −1 is lower than 4."
    number_line: SaidLine | None

    @property
    def seats(self) -> tuple[int, ...]:
        return self.winner.seats

    @property
    def lowest(self) -> int:
        return self.winner.lowest


@dataclass(frozen=True, slots=True)
class RunningSaid:
    step: RunningStep
    equation: str  # "12 + (−1) = 11"
    sentence: str  # "Start at 12. Go back 1. You land on 11."
    number_line: SaidLine | None

    @property
    def after(self) -> int:
        return self.step.after


@dataclass(frozen=True, slots=True)
class PlayerSaid:
    seat: int
    name: str
    story: ScoreSaid  # the cards' score, before any caller penalty
    score: int  # the hole's score, after it
    running: RunningSaid | None  # None in an extra tie-break hole


@dataclass(frozen=True, slots=True)
class HoleSaid:
    number: int
    tiebreak: bool
    players: tuple[PlayerSaid, ...]  # the seats that played, in seat order
    caller: tuple[CallerSaid, ...]
    winner: WinnerSaid


def _line(line: NumberLine | None, names: Sequence[str] = ()) -> SaidLine | None:
    return said_line(line, names) if line else None


# --- a column and a layout ------------------------------------------------------------

# A match said three ways, for two, three or four cards of a kind: "Two kings cancel to 0"
# in a story's short line, "The two kings cancel." before the column's other cards are
# walked, "Two kings in one column cancel." for a whole column.
CANCEL_TO_0 = (
    # Translators: %(cards)s is a kind of card, more than one: "kings", "7s".
    gettext_noop("Two %(cards)s cancel to 0"),
    gettext_noop("Three %(cards)s cancel to 0"),
    gettext_noop("Four %(cards)s cancel to 0"),
)
THE_ONES_CANCEL = (
    # Translators: %(cards)s is a kind of card, more than one: "kings", "7s".
    gettext_noop("The two %(cards)s cancel."),
    gettext_noop("The three %(cards)s cancel."),
    gettext_noop("The four %(cards)s cancel."),
)
ALL_CANCEL = (
    # Translators: %(cards)s is a kind of card, more than one: "kings", "7s".
    gettext_noop("Two %(cards)s in one column cancel."),
    gettext_noop("Three %(cards)s in one column cancel."),
    gettext_noop("Four %(cards)s in one column cancel."),
)


def _cancelling(said: tuple[str, str, str], count: int, matched: str) -> str:
    """A match of ``count`` cards (2 to 4) of kind ``matched``, said one of the three ways."""
    return gettext(said[min(max(count, 2), 4) - 2]) % {"cards": plural(matched)}


def the_ones_cancel(count: int, matched: str) -> str:
    """ "The two kings cancel." """
    return _cancelling(THE_ONES_CANCEL, count, matched)


def not_the_cards(column: ColumnStory) -> str | None:
    """ "It is not −4!": what a match of cards below 0 would have added up to, had it not
    cancelled. None for any other column."""
    if column.terms or column.cancelled_points >= 0:
        return None
    return gettext("It is not %(number)s!") % {"number": number(column.cancelled_points)}


def in_column(number: int, said: str) -> str:
    """ "Column 1: 9 + (−2) = 7": a line of the story about one column."""
    return gettext("Column %(number)s: %(sentence)s") % {"number": number, "sentence": said}


def _told(text: str, line: SaidLine | None, see: str) -> Told:
    """A sum at length, its number line (if any) captioned with the same words."""
    return Told(text, replace(line, text=text) if line else None, see if line else "")


def column_said(column: ColumnStory) -> ColumnSaid:
    terms = column.terms
    sum_said = equation(terms, column.total) if terms else None
    match_text = None
    told_text = None
    if column.matched is None:
        assert terms is not None, "a column with no match adds its cards"
        sentence = walk(terms)
        line = in_column(column.number, str(sum_said))
        told_text = in_column(column.number, sentence)
    else:
        match_text = _cancelling(CANCEL_TO_0, column.cancelled, column.matched)
        if terms:
            # The cards show the match's 0 (on its last card), and the line its sum: short.
            line = in_column(column.number, str(sum_said))
            sentence = f"{the_ones_cancel(column.cancelled, column.matched)} {walk(terms)}"
            told_text = in_column(column.number, sentence)
        else:
            line = in_column(column.number, uncapital(match_text))
            said = [
                _cancelling(ALL_CANCEL, column.cancelled, column.matched),
                gettext("The column scores 0."),
            ]
            not_so = not_the_cards(column)
            if not_so:
                said.append(not_so)
                told_text = in_column(column.number, not_so)
            sentence = " ".join(said)
    number_line = _line(column.number_line)
    see = gettext("Column %(number)s on a number line") % {"number": column.number}
    return ColumnSaid(
        story=column,
        cards=tuple(CardSaid(c, card_name(c.code), number(c.value)) for c in column.cards),
        match_text=match_text,
        equation=sum_said,
        sentence=sentence,
        number_line=number_line,
        line=line,
        told=_told(told_text, number_line, see) if told_text else None,
    )


def _bonus_text(story: ScoreStory) -> str | None:
    if not story.bonus:
        return None
    if story.bonus_rank is not None:
        # Translators: %(cards)s is a kind of card, more than one: "kings", "7s".
        cards = {"cards": plural(story.bonus_rank)}
        if story.square:
            said = gettext("Four %(cards)s in a square!") % cards
        else:
            said = gettext("Four %(cards)s in two columns!") % cards
    else:
        said = gettext("Four of a kind!")
    took = gettext("That takes away %(number)s.") % {"number": -story.bonus}
    return f"{said} {took}"


def score_said(story: ScoreStory) -> ScoreSaid:
    """A layout's story in words."""
    number_line = _line(story.number_line)
    return ScoreSaid(
        story=story,
        columns=tuple(column_said(c) for c in story.columns),
        bonus_text=_bonus_text(story),
        equation=equation(story.terms, story.total),
        sentence=" ".join((gettext("Add the columns."), walk(story.terms))),
        number_line=number_line,
        told=_told(
            # Translators: %(walk)s is a sum told as steps: "Start at 0. Count on 7. ..."
            gettext("All together: %(walk)s") % {"walk": walk(story.terms)},
            number_line,
            gettext("The sum on a number line"),
        ),
    )


@dataclass(frozen=True, slots=True)
class StoryFolded:
    """A player's story as a page folds it: its short lines are shown; ``shown`` is the one
    number line offered to open, and ``more`` the rest, told at length, behind "Tell me
    more"."""

    shown: Told | None
    more: tuple[Told, ...]
    every: tuple[Told, ...]  # all of them, in the story's order


def folded(story: ScoreSaid, running: RunningSaid | None, label: str = "") -> StoryFolded:
    """``story`` (and the ``running`` total, called ``label``: "Your total so far") folded:
    the number line offered is the hole's sum if it meets a number below 0, else the first
    column's that does, else the total's."""
    told = [c.told for c in story.columns if c.told]
    hole = story.told
    assert hole is not None, "a layout's story tells its sum"
    total = None
    if running is not None:
        total = _told(
            f"{label}: {running.sentence}",
            running.number_line,
            gettext("The total on a number line"),
        )
    everything = [*told, hole, *([total] if total else [])]
    lines = [t for t in (hole, *told, total) if t and t.number_line]
    shown = lines[0] if lines else None
    return StoryFolded(shown, tuple(t for t in everything if t is not shown), tuple(everything))


# --- the caller penalty ---------------------------------------------------------------


def caller_said(line: CallerLine, names: Sequence[str]) -> CallerSaid:
    name = names[line.seat]
    if line.ended is None:
        text = _counts_as_0(name, line.raw)
    elif line.ended == Ended.LOWEST:
        text = " ".join((_ended(name, line.ended), gettext("Well done!")))
    elif line.penalty == Penalty.ADDED:
        text = " ".join((_ended(name, line.ended), gettext("So the lowest score is added on.")))
    elif line.penalty == Penalty.DOUBLED:
        text = " ".join((_ended(name, line.ended), gettext("So it counts 2 times.")))
    elif line.penalty == Penalty.NOT_DOUBLED:
        text = " ".join(
            (_ended(name, line.ended), gettext("A score of 0 or less does not count 2 times."))
        )
    else:
        text = _ended(name, line.ended)
    said = equation(line.terms, line.score) if line.terms else None
    return CallerSaid(line.seat, text, said, line.score)


def _ended(name: str, how: Ended) -> str:
    """ "Sam ended the hole with the lowest score.", and the like."""
    if is_you(name):
        return {
            Ended.LOWEST: gettext("You ended the hole with the lowest score."),
            Ended.TIED: gettext("You ended the hole and tied for the lowest score."),
            Ended.BUT_TIED: gettext("You ended the hole but tied for the lowest score."),
            Ended.NOT_LOWEST: gettext("You ended the hole but did not get the lowest score."),
        }[how]
    # Translators for the next four: %(name)s is a player's name (never the child playing,
    # who has messages of their own).
    said = {
        Ended.LOWEST: gettext("%(name)s ended the hole with the lowest score."),
        Ended.TIED: gettext("%(name)s ended the hole and tied for the lowest score."),
        Ended.BUT_TIED: gettext("%(name)s ended the hole but tied for the lowest score."),
        Ended.NOT_LOWEST: gettext("%(name)s ended the hole but did not get the lowest score."),
    }[how]
    return said % {"name": name}


def _counts_as_0(name: str, low: int) -> str:
    if is_you(name):
        return gettext("You got the lowest score, %(number)s, so it counts as 0.") % {
            "number": number(low)
        }
    # Translators: %(name)s is a player's name.
    return gettext("%(name)s got the lowest score, %(number)s, so it counts as 0.") % {
        "name": name,
        "number": number(low),
    }


# --- who won ----------------------------------------------------------------------------


def winner_said(winner: Winner, names: Sequence[str]) -> WinnerSaid:
    """Who has the lowest score, and why that wins, in words."""
    seats, lowest, higher = winner.seats, winner.lowest, winner.higher
    winners = you_first([names[s] for s in seats])
    said = [gettext("The lowest score wins.")]
    if len(seats) == 1:
        if is_you(names[seats[0]]):
            said.append(gettext("You won with %(number)s.") % {"number": number(lowest)})
        else:
            # Translators: %(name)s is a player's name.
            said.append(
                gettext("%(name)s won with %(number)s.")
                % {"name": winners, "number": number(lowest)}
            )
    elif higher:
        tied = {"names": winners, "number": number(lowest)}
        if len(seats) == 2:
            # Translators: %(names)s are two players: "You and Sam", "Pip and Tully".
            said.append(gettext("%(names)s both got %(number)s.") % tied)
        else:
            # Translators: %(names)s are three or more players: "You, Pip and Tully".
            said.append(gettext("%(names)s all got %(number)s.") % tied)
        said.append(gettext("It is a tie!"))
    else:
        said.append(gettext("Everyone got %(number)s.") % {"number": number(lowest)})
        said.append(gettext("It is a tie!"))
    if higher:
        # Translators: %(numbers)s is one score or a list of them: "4", "4, 5 and 7".
        said.append(
            gettext("%(number)s is lower than %(numbers)s.")
            % {"number": number(lowest), "numbers": and_list([number(v) for v in higher])}
        )
    return WinnerSaid(winner, " ".join(said), _line(winner.number_line, names))


# --- the running total -------------------------------------------------------------------


def running_said(step: RunningStep) -> RunningSaid:
    return RunningSaid(
        step=step,
        equation=equation(step.terms, step.after),
        sentence=walk(step.terms),
        number_line=_line(step.number_line),
    )


# --- a whole hole -------------------------------------------------------------------------


def hole_said(hole: HoleStory, names: Sequence[str]) -> HoleSaid:
    """A hole's story in words, each player called by ``names`` (one a seat)."""
    return HoleSaid(
        number=hole.number,
        tiebreak=hole.tiebreak,
        players=tuple(
            PlayerSaid(
                seat=p.seat,
                name=names[p.seat],
                story=score_said(p.story),
                score=p.score,
                running=running_said(p.running) if p.running else None,
            )
            for p in hole.players
        ),
        caller=tuple(caller_said(line, names) for line in hole.caller),
        winner=winner_said(hole.winner, names),
    )
