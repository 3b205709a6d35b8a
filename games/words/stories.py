"""Score stories in words: each column's cards and what they add up to, what matched, the
hole as the sum of its columns, the caller-penalty rule, who won and the running totals, as
a child reads them. Functions from the facts (``lessons.core.stories``) to sentences; the
page's view of a story (``games.stories``) puts them together."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, gettext_noop

from lessons.core.stories import CallerLine, ColumnStory, Ended, Penalty, ScoreStory, Winner

from .cards import number, plural
from .number_lines import walk
from .numbers import equation, uncapital
from .people import and_list, is_you, you_first

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


def column_sum(column: ColumnStory) -> str | None:
    """ "9 + (−2) = 7"; None when every card cancelled."""
    return equation(column.terms, column.total) if column.terms else None


def match_text(column: ColumnStory) -> str | None:
    """ "Two queens cancel to 0"; None for a column with no match."""
    if column.matched is None:
        return None
    return _cancelling(CANCEL_TO_0, column.cancelled, column.matched)


def column_line(column: ColumnStory) -> str:
    """The story's short line: "Column 1: 9 + (−2) = 7", "Column 2: two kings cancel to 0";
    after a match with cards left, its sum: "Column 3: 0 + 1 = 1"."""
    said = column_sum(column) or uncapital(str(match_text(column)))
    return in_column(column.number, said)


def column_sentence(column: ColumnStory) -> str:
    """The column said whole (a slide says it): "Start at 9. Go back 2. You land on 7."."""
    if column.matched is None:
        assert column.terms is not None, "a column with no match adds its cards"
        return walk(column.terms)
    if column.terms:
        return f"{the_ones_cancel(column.cancelled, column.matched)} {walk(column.terms)}"
    said = [
        _cancelling(ALL_CANCEL, column.cancelled, column.matched),
        gettext("The column scores 0."),
    ]
    not_so = not_the_cards(column)
    return " ".join([*said, not_so] if not_so else said)


def column_at_length(column: ColumnStory) -> str | None:
    """The column told at length behind its short line, when there is more to say: "Column
    1: Start at 9. Go back 2. You land on 7."; None when every card cancelled to a plain 0."""
    if column.terms:
        return in_column(column.number, column_sentence(column))
    not_so = not_the_cards(column)
    return in_column(column.number, not_so) if not_so else None


def see_column(number: int) -> str:
    """What opens a column's number line: "Column 1 on a number line"."""
    return gettext("Column %(number)s on a number line") % {"number": number}


def bonus_text(story: ScoreStory) -> str | None:
    """ "Four queens in two columns! That takes away 10."; None with no bonus."""
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


def layout_sum(story: ScoreStory) -> str:
    """ "0 + 7 + 5 = 12": the hole as the sum of its columns."""
    return equation(story.terms, story.total)


def layout_sentence(story: ScoreStory) -> str:
    """ "Add the columns. Start at 0. Count on 7. ..." """
    return " ".join((gettext("Add the columns."), walk(story.terms)))


def all_together(story: ScoreStory) -> str:
    """ "All together: Start at 0. Count on 7. ...": the layout told at length."""
    # Translators: %(walk)s is a sum told as steps: "Start at 0. Count on 7. ..."
    return gettext("All together: %(walk)s") % {"walk": walk(story.terms)}


def see_sum() -> str:
    return gettext("The sum on a number line")


def see_total() -> str:
    return gettext("The total on a number line")


# --- the caller penalty ---------------------------------------------------------------


def caller_text(line: CallerLine, names: Sequence[str]) -> str:
    """One line about the player who ended the hole, or about a score the rule changed."""
    name = names[line.seat]
    if line.ended is None:
        return _counts_as_0(name, line.raw)
    ended = _ended(name, line.ended)
    if line.ended == Ended.LOWEST:
        return " ".join((ended, gettext("Well done!")))
    if line.penalty == Penalty.ADDED:
        return " ".join((ended, gettext("So the lowest score is added on.")))
    if line.penalty == Penalty.DOUBLED:
        return " ".join((ended, gettext("So it counts 2 times.")))
    if line.penalty == Penalty.NOT_DOUBLED:
        return " ".join((ended, gettext("A score of 0 or less does not count 2 times.")))
    return ended


def caller_sum(line: CallerLine) -> str | None:
    """ "8 + 2 = 10": the score the rule made; None where it changed nothing."""
    return equation(line.terms, line.score) if line.terms else None


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


def winner_text(winner: Winner, names: Sequence[str]) -> str:
    """Who has the lowest score, and why that wins: "The lowest score wins. You won with −1.
    −1 is lower than 4."."""
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
    return " ".join(said)
