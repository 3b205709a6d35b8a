"""Score stories: every score the engine works out, told as maths a child can follow.

Each story is built from the engine's own breakdown (``score_layout``), so the story and
the score never disagree: a column's equation ends in the engine's column total, and the
hole's equation ends in the engine's layout total. The objects here are plain frozen data
for templates: strings to show and numbers to draw, no HTML.

At the "adding only" level every card is worth 0 or more, so no minus sign appears.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext

from games.engine import ColumnScore, HoleResult, LayoutScore, Rules, score_layout
from peabody.words.cards import card_name, number, plural
from peabody.words.numbers import equation
from peabody.words.people import and_list, default_names, is_you, together

from .number_line import NumberLine, scores_line, walk, walk_line
from .skills import Skill, column_skill


@dataclass(frozen=True, slots=True)
class CardPoints:
    code: str  # "9C"
    name: str  # "nine of clubs"
    value: int
    points: str  # "9", "−2"
    counts: bool  # False when a match cancelled it


@dataclass(frozen=True, slots=True)
class ColumnStory:
    """One column, top to bottom."""

    number: int  # counted from 1, left to right
    cards: tuple[CardPoints, ...]
    matched: str | None  # the rank that matched and cancelled
    match_text: str | None  # "Two queens: they cancel, 0."
    # The numbers added, as a sum: None when every card cancelled (match_text says why).
    terms: tuple[int, ...] | None
    equation: str | None  # "9 + (−2) = 7"
    sentence: str  # "Start at 9. Go back 2. You land on 7."
    total: int
    number_line: NumberLine | None
    skill: Skill

    @property
    def points(self) -> str:
        return number(self.total)


@dataclass(frozen=True, slots=True)
class ScoreStory:
    """A whole layout: its columns, any four-of-a-kind bonus, and the sum of it all."""

    columns: tuple[ColumnStory, ...]
    bonus: int  # 0, or the four-of-a-kind bonus (negative)
    bonus_text: str | None  # "Four queens in two columns! That takes away 10."
    terms: tuple[int, ...]  # each column's total, then the bonus if there is one
    equation: str  # "0 + 7 + 5 = 12"
    sentence: str  # "Add the columns. Start at 0. Count on 7. ..."
    total: int
    number_line: NumberLine | None

    @property
    def points(self) -> str:
        return number(self.total)

    @property
    def equations(self) -> list[str]:
        """Every column's equation that has one, then the hole's, which ends in its score."""
        return [c.equation for c in self.columns if c.equation] + [self.equation]


def _goes_below_zero(terms: Sequence[int]) -> bool:
    """Whether a sum meets a negative number: in a term, on the way, or at the end."""
    place = 0
    for v in terms:
        place += v
        if v < 0 or place < 0:
            return True
    return False


def _line_for(terms: Sequence[int]) -> NumberLine | None:
    return walk_line(terms) if _goes_below_zero(terms) else None


# Translators for the next three: %(cards)s is a kind of card, more than one: "kings", "7s".


def _they_cancel(count: int, matched: str) -> str:
    """ "Two kings: they cancel, 0." """
    cards = {"cards": plural(matched)}
    if count == 4:
        return gettext("Four %(cards)s: they cancel, 0.") % cards
    if count == 3:
        return gettext("Three %(cards)s: they cancel, 0.") % cards
    return gettext("Two %(cards)s: they cancel, 0.") % cards


def _the_ones_cancel(count: int, matched: str) -> str:
    """ "The two kings cancel." """
    cards = {"cards": plural(matched)}
    if count == 4:
        return gettext("The four %(cards)s cancel.") % cards
    if count == 3:
        return gettext("The three %(cards)s cancel.") % cards
    return gettext("The two %(cards)s cancel.") % cards


def _all_cancel(count: int, matched: str) -> str:
    """ "Two kings in one column cancel." """
    cards = {"cards": plural(matched)}
    if count == 4:
        return gettext("Four %(cards)s in one column cancel.") % cards
    if count == 3:
        return gettext("Three %(cards)s in one column cancel.") % cards
    return gettext("Two %(cards)s in one column cancel.") % cards


def column_story(col: ColumnScore, index: int) -> ColumnStory:
    cards = tuple(
        CardPoints(code, card_name(code), value, number(value), counted)
        for code, value, counted in zip(col.cards, col.values, col.counts, strict=True)
    )
    kept = [v for v, counted in zip(col.values, col.counts, strict=True) if counted]
    if col.matched is None:
        terms: tuple[int, ...] | None = tuple(kept)
        match_text = None
        sentence = walk(kept)
    else:
        cancelled = len(col.cards) - len(kept)
        match_text = _they_cancel(cancelled, col.matched)
        if kept:
            # What is left is added to the 0 the match makes.
            terms = (0, *kept)
            sentence = f"{_the_ones_cancel(cancelled, col.matched)} {walk(terms)}"
        else:
            terms = None
            said = [_all_cancel(cancelled, col.matched), gettext("The column scores 0.")]
            gone = sum(v for v, counted in zip(col.values, col.counts, strict=True) if not counted)
            if gone < 0:
                said.append(gettext("It is not %(number)s!") % {"number": number(gone)})
            sentence = " ".join(said)
    return ColumnStory(
        number=index + 1,
        cards=cards,
        matched=col.matched,
        match_text=match_text,
        terms=terms,
        equation=equation(terms, col.total) if terms else None,
        sentence=sentence,
        total=col.total,
        number_line=_line_for(terms) if terms else None,
        skill=column_skill(col),
    )


def _bonus_text(score: LayoutScore, rules: Rules) -> str | None:
    if not score.bonus:
        return None
    matched = [c.matched for c in score.columns if c.matched is not None]
    twice = {r for r in matched if matched.count(r) >= 2}
    if len(twice) == 1:
        # Translators: %(cards)s is a kind of card, more than one: "kings", "7s".
        cards = {"cards": plural(twice.pop())}
        if rules.four_of_a_kind == "square":
            said = gettext("Four %(cards)s in a square!") % cards
        else:
            said = gettext("Four %(cards)s in two columns!") % cards
    else:
        said = gettext("Four of a kind!")
    took = gettext("That takes away %(number)s.") % {"number": -score.bonus}
    return f"{said} {took}"


def story_of(score: LayoutScore, rules: Rules) -> ScoreStory:
    """The story of a layout the engine has scored."""
    columns = tuple(column_story(col, i) for i, col in enumerate(score.columns))
    terms = tuple(c.total for c in score.columns) + ((score.bonus,) if score.bonus else ())
    return ScoreStory(
        columns=columns,
        bonus=score.bonus,
        bonus_text=_bonus_text(score, rules),
        terms=terms,
        equation=equation(terms, score.total),
        sentence=" ".join((gettext("Add the columns."), walk(terms))),
        total=score.total,
        number_line=_line_for(terms),
    )


def score_story(rows: Sequence[Sequence[str]], rules: Rules) -> ScoreStory:
    """The story of a layout given as rows of card codes, top row first, as
    ``games.engine.score_layout`` takes it."""
    return story_of(score_layout(rows, rules), rules)


def cards_story(cards: Sequence[str], rules: Rules) -> ScoreStory:
    """The story of a layout stored flat, row by row (a ``HoleResult``'s form)."""
    cols = rules.cols
    return score_story([cards[r * cols : (r + 1) * cols] for r in range(rules.rows)], rules)


# --- the caller penalty ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CallerLine:
    """One line about the player who ended the hole, or about a score the rule changed."""

    seat: int
    text: str
    equation: str | None  # "8 + 2 = 10"
    score: int  # the seat's score for the hole after the rule


def caller_lines(
    result: HoleResult, rules: Rules, names: Sequence[str] | None = None
) -> tuple[CallerLine, ...]:
    """What the caller-penalty house rule did to this hole's scores, told from the engine's
    scores before (``raw``) and after (``scores``) it. Empty when the rule is off or nobody
    ended the hole (the round limit did)."""
    caller = result.caller
    if rules.caller_penalty is None or caller is None:
        return ()
    names = names or default_names(len(result.raw))
    raw = {s: v for s, v in enumerate(result.raw) if v is not None}
    scores = {s: v for s, v in enumerate(result.scores) if v is not None}
    low, mine, score = min(raw.values()), raw[caller], scores[caller]
    lines = []
    name = names[caller]
    if all(v > mine for s, v in raw.items() if s != caller):
        said = " ".join((_ended(name, "lowest"), gettext("Well done!")))
        lines.append(CallerLine(caller, said, None, score))
    elif rules.caller_penalty == "low_scores_zero":
        if mine == low:
            lines.append(CallerLine(caller, _ended(name, "tied"), None, score))
        else:
            said = " ".join(
                (_ended(name, "not lowest"), gettext("So the lowest score is added on."))
            )
            lines.append(CallerLine(caller, said, equation([mine, score - mine], score), score))
    else:
        ended = _ended(name, "but tied" if mine == low else "not lowest")
        if score != mine:
            said = " ".join((ended, gettext("So it counts 2 times.")))
            lines.append(CallerLine(caller, said, equation([mine, mine], score), score))
        else:
            said = " ".join((ended, gettext("A score of 0 or less does not count 2 times.")))
            lines.append(CallerLine(caller, said, None, score))
    if rules.caller_penalty == "low_scores_zero":
        for seat in sorted(raw):
            if raw[seat] == low and scores[seat] != low:
                said = _counts_as_0(names[seat], low)
                lines.append(CallerLine(seat, said, None, scores[seat]))
    return tuple(lines)


def _ended(name: str, how: str) -> str:
    """ "Sam ended the hole with the lowest score.", and the like: ``how`` is "lowest",
    "tied" (and tied), "but tied" or "not lowest"."""
    if is_you(name):
        return {
            "lowest": gettext("You ended the hole with the lowest score."),
            "tied": gettext("You ended the hole and tied for the lowest score."),
            "but tied": gettext("You ended the hole but tied for the lowest score."),
            "not lowest": gettext("You ended the hole but did not get the lowest score."),
        }[how]
    # Translators for the next four: %(name)s is a player's name (never the child playing,
    # who has messages of their own).
    said = {
        "lowest": gettext("%(name)s ended the hole with the lowest score."),
        "tied": gettext("%(name)s ended the hole and tied for the lowest score."),
        "but tied": gettext("%(name)s ended the hole but tied for the lowest score."),
        "not lowest": gettext("%(name)s ended the hole but did not get the lowest score."),
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


@dataclass(frozen=True, slots=True)
class Winner:
    seats: tuple[int, ...]  # more than one for a tie
    lowest: int
    text: str  # "The lowest score wins. You won with −1. −1 is lower than 4."
    number_line: NumberLine | None


def lowest_wins(points: dict[int, int], names: Sequence[str]) -> Winner:
    """Who has the lowest of ``points`` (seat: score or total), and why that wins."""
    lowest = min(points.values())
    seats = tuple(sorted(s for s, v in points.items() if v == lowest))
    higher = sorted({v for v in points.values() if v != lowest})
    winners = together([names[s] for s in seats])
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
    line = None
    if any(v < 0 for v in points.values()):
        line = scores_line([(names[s], v) for s, v in sorted(points.items())])
    return Winner(seats, lowest, " ".join(said), line)


def hole_winner(result: HoleResult, names: Sequence[str] | None = None) -> Winner:
    names = names or default_names(len(result.scores))
    return lowest_wins({s: v for s, v in enumerate(result.scores) if v is not None}, names)


# --- the running total -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RunningStep:
    """One seat's total before a hole, its score in it, and the total after."""

    hole: int
    before: int
    score: int
    after: int
    equation: str  # "12 + (−1) = 11"
    sentence: str  # "Start at 12. Go back 1. You land on 11."
    number_line: NumberLine | None


def running_totals(results: Sequence[HoleResult], seat: int) -> tuple[RunningStep, ...]:
    """``seat``'s total hole by hole, as the engine keeps it: the scores after any caller
    penalty, added up; an extra tie-break hole decides a tie and adds nothing."""
    steps = []
    total = 0
    for result in results:
        if result.tiebreak:
            continue
        step = running_step(result.number, total, result.scores[seat])
        steps.append(step)
        total = step.after
    return tuple(steps)


def running_step(hole: int, before: int, score: int) -> RunningStep:
    """A total of ``before`` and a hole's ``score``, added."""
    after = before + score
    return RunningStep(
        hole=hole,
        before=before,
        score=score,
        after=after,
        equation=equation([before, score], after),
        sentence=walk([before, score]),
        number_line=_line_for([before, score]),
    )


# --- a whole hole -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerHole:
    seat: int
    name: str
    story: ScoreStory  # the cards' score, before any caller penalty
    score: int  # the hole's score, after it
    running: RunningStep | None  # None in an extra tie-break hole


@dataclass(frozen=True, slots=True)
class HoleStory:
    number: int
    tiebreak: bool
    players: tuple[PlayerHole, ...]  # the seats that played, in seat order
    caller: tuple[CallerLine, ...]
    winner: Winner


def hole_story(
    results: Sequence[HoleResult],
    rules: Rules,
    names: Sequence[str] | None = None,
    index: int = -1,
) -> HoleStory:
    """The story of ``results[index]`` (the latest hole unless told), for every player.
    The holes before it give the running totals."""
    position = index % len(results)
    result, upto = results[position], results[: position + 1]
    names = names or default_names(len(result.raw))
    players = []
    for seat, cards in enumerate(result.layouts):
        if cards is None:
            continue
        steps = running_totals(upto, seat)
        players.append(
            PlayerHole(
                seat=seat,
                name=names[seat],
                story=cards_story(cards, rules),
                score=result.scores[seat],
                running=None if result.tiebreak else steps[-1],
            )
        )
    return HoleStory(
        number=result.number,
        tiebreak=result.tiebreak,
        players=tuple(players),
        caller=caller_lines(result, rules, names),
        winner=hole_winner(result, names),
    )


__all__ = [
    "CallerLine",
    "CardPoints",
    "ColumnStory",
    "HoleStory",
    "PlayerHole",
    "RunningStep",
    "ScoreStory",
    "Winner",
    "caller_lines",
    "cards_story",
    "column_story",
    "hole_story",
    "hole_winner",
    "lowest_wins",
    "running_totals",
    "score_story",
    "story_of",
]
