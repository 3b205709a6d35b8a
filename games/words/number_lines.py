"""Number lines in words: the labels a line's picture writes (its ticks' numbers, "+5" over a
hop, a player's name over their score) and the sentence that says the same for a screen
reader and for reading aloud. Where each thing is drawn is ``games.number_lines``'.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, gettext_noop, ngettext

from lessons.core.number_line import NumberLine

from .cards import number
from .people import is_you, you_first


def line_text(line: NumberLine, names: Sequence[str] = ()) -> str:
    """What ``line`` shows, as a sentence; ``names`` are the seats' names, for a line of
    scores."""
    if line.ruler:
        return from_to(line)
    if line.walked:
        return walk_text(line)
    return scores_text(line, names)


def mark_label(names: Sequence[str]) -> str:
    """The names written over a mark on a line of scores: "You and Sam"."""
    return you_first(names)


def hop_label(size: int) -> str:
    """``"+5"`` or ``"−2"``: written over a hop."""
    return f"+{size}" if size > 0 else number(size)


def walk(values: Sequence[int]) -> str:
    """A sum as steps along a line: ``[9, -2]`` is "Start at 9. Go back 2. You land on 7."."""
    said = [start_at(values[0]), *(step(v) for v in values[1:])]
    said.append(gettext("You land on %(number)s.") % {"number": number(sum(values))})
    return " ".join(said)


def start_at(value: int) -> str:
    return gettext("Start at %(number)s.") % {"number": number(value)}


def step(value: int) -> str:
    """One number of a sum as a move along the line: "Count on 7.", "Go back 2.", and a
    0 (a king) "Add nothing."."""
    if value < 0:
        return gettext("Go back %(count)s.") % {"count": -value}
    if value == 0:
        return gettext("Add nothing.")
    return gettext("Count on %(count)s.") % {"count": value}


def spoken(value: int) -> str:
    """A place on the line as a screen reader says a slider's value: "minus 2", "5"."""
    if value < 0:
        return gettext(SPOKEN_MINUS) % {"count": -value}
    return str(value)


# Translators: a number below 0, said aloud: "minus 2".
SPOKEN_MINUS = gettext_noop("minus %(count)s")


def from_to(line: NumberLine) -> str:
    return gettext("A number line from %(low)s to %(high)s.") % {
        "low": number(line.low),
        "high": number(line.high),
    }


def walk_text(line: NumberLine) -> str:
    return f"{from_to(line)} {walk(line.walked)}"


def scores_text(line: NumberLine, names: Sequence[str]) -> str:
    said = [from_to(line)]
    said += [got([names[s] for s in mark.seats], mark.value) for mark in line.marks]
    said.append(gettext("The lowest score is the one furthest left."))
    return " ".join(said)


def got(names: Sequence[str], value: int) -> str:
    """ "Sam got 3.", "You got 3.", "You and Sam got 3."."""
    if len(names) == 1 and is_you(names[0]):
        return gettext("You got %(number)s.") % {"number": number(value)}
    # Translators: %(names)s is one player's name, or several: "Sam", "You and Sam".
    return ngettext("%(names)s got %(number)s.", "%(names)s got %(number)s.", len(names)) % {
        "names": you_first(names),
        "number": number(value),
    }
