"""Score stories as facts: every score the engine works out, as maths a child can follow (plain
Python: the engine and nothing else; ``games.words.stories`` tells them).

Each is built from the engine's own breakdown (``score_layout``), so a story and its score
never disagree. What a story holds: docs/lessons.md, "After every hole".
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from games.engine import ColumnScore, HoleResult, LayoutScore, Rules, score_layout

from .number_line import NumberLine, scores_line, walk_line
from .skills import Skill, column_skill


@dataclass(frozen=True, slots=True)
class CardPoints:
    code: str  # "9C"
    value: int
    counts: bool  # False when a match cancelled it


@dataclass(frozen=True, slots=True)
class ColumnStory:
    """One column, top to bottom."""

    number: int  # counted from 1, left to right
    cards: tuple[CardPoints, ...]
    matched: str | None  # the rank that matched and cancelled
    cancelled: int  # how many cards the match cancelled
    # The numbers added, as a sum: None when every card cancelled.
    terms: tuple[int, ...] | None
    total: int
    number_line: NumberLine | None
    skill: Skill

    @property
    def cancelled_points(self) -> int:
        """What the cancelled cards would have added up to."""
        return sum(card.value for card in self.cards if not card.counts)


@dataclass(frozen=True, slots=True)
class ScoreStory:
    """A whole layout: its columns, any four-of-a-kind bonus, and the sum of it all."""

    columns: tuple[ColumnStory, ...]
    bonus: int  # 0, or the four-of-a-kind bonus (negative)
    # The rank of the four of a kind, if one rank made it (None if not, or no bonus).
    bonus_rank: str | None
    square: bool  # the bonus is for four in a square (else in two columns)
    terms: tuple[int, ...]  # each column's total, then the bonus if there is one
    total: int
    number_line: NumberLine | None


def goes_below_zero(terms: Sequence[int]) -> bool:
    """Whether a sum meets a negative number: in a term, on the way, or at the end."""
    place = 0
    for v in terms:
        place += v
        if v < 0 or place < 0:
            return True
    return False


def line_for(terms: Sequence[int]) -> NumberLine | None:
    """The number line for a sum, when it meets a number below 0."""
    return walk_line(terms) if goes_below_zero(terms) else None


def column_story(col: ColumnScore, index: int) -> ColumnStory:
    cards = tuple(
        CardPoints(code, value, counted)
        for code, value, counted in zip(col.cards, col.values, col.counts, strict=True)
    )
    kept = tuple(v for v, counted in zip(col.values, col.counts, strict=True) if counted)
    # After a match, what is left is added to the 0 the match makes.
    terms = kept if col.matched is None else (0, *kept) if kept else None
    return ColumnStory(
        number=index + 1,
        cards=cards,
        matched=col.matched,
        cancelled=len(col.cards) - len(kept),
        terms=terms,
        total=col.total,
        number_line=line_for(terms) if terms else None,
        skill=column_skill(col),
    )


def story_of(score: LayoutScore, rules: Rules) -> ScoreStory:
    """The story of a layout the engine has scored."""
    columns = tuple(column_story(col, i) for i, col in enumerate(score.columns))
    terms = tuple(c.total for c in score.columns) + ((score.bonus,) if score.bonus else ())
    matched = [c.matched for c in score.columns if c.matched is not None]
    twice = {r for r in matched if matched.count(r) >= 2}
    return ScoreStory(
        columns=columns,
        bonus=score.bonus,
        bonus_rank=twice.pop() if score.bonus and len(twice) == 1 else None,
        square=rules.four_of_a_kind == "square",
        terms=terms,
        total=score.total,
        number_line=line_for(terms),
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


class Ended(StrEnum):
    """How the player who ended the hole did."""

    LOWEST = "lowest"  # lower than everyone else
    TIED = "tied"  # tied for the lowest (the rule then makes it count as 0)
    BUT_TIED = "but tied"  # tied for the lowest (the rule then doubles it)
    NOT_LOWEST = "not lowest"


class Penalty(StrEnum):
    """What the caller-penalty rule did to the caller's score."""

    NONE = "none"
    ADDED = "added"  # the lowest score was added on
    DOUBLED = "doubled"
    NOT_DOUBLED = "not doubled"  # 0 or less, so not doubled


@dataclass(frozen=True, slots=True)
class CallerLine:
    """What the rule did for the player who ended the hole (``ended`` says how they did),
    or, with ``ended`` None, a lowest score it made count as 0."""

    seat: int
    ended: Ended | None
    penalty: Penalty
    terms: tuple[int, ...] | None  # the sum the rule made, if it made one: "8 + 2 = 10"
    raw: int  # the seat's score before the rule
    score: int  # after it


def caller_lines(result: HoleResult, rules: Rules) -> tuple[CallerLine, ...]:
    """What the caller-penalty house rule did to this hole's scores, told from the engine's
    scores before (``raw``) and after (``scores``) it. Empty when the rule is off or nobody
    ended the hole (the round limit did)."""
    caller = result.caller
    if rules.caller_penalty is None or caller is None:
        return ()
    raw = {s: v for s, v in enumerate(result.raw) if v is not None}
    scores = {s: v for s, v in enumerate(result.scores) if v is not None}
    low, mine, score = min(raw.values()), raw[caller], scores[caller]
    lines = []
    if all(v > mine for s, v in raw.items() if s != caller):
        lines.append(CallerLine(caller, Ended.LOWEST, Penalty.NONE, None, mine, score))
    elif rules.caller_penalty == "low_scores_zero":
        if mine == low:
            lines.append(CallerLine(caller, Ended.TIED, Penalty.NONE, None, mine, score))
        else:
            terms = (mine, score - mine)
            lines.append(CallerLine(caller, Ended.NOT_LOWEST, Penalty.ADDED, terms, mine, score))
    else:
        ended = Ended.BUT_TIED if mine == low else Ended.NOT_LOWEST
        if score != mine:
            lines.append(CallerLine(caller, ended, Penalty.DOUBLED, (mine, mine), mine, score))
        else:
            lines.append(CallerLine(caller, ended, Penalty.NOT_DOUBLED, None, mine, score))
    if rules.caller_penalty == "low_scores_zero":
        for seat in sorted(raw):
            if raw[seat] == low and scores[seat] != low:
                lines.append(CallerLine(seat, None, Penalty.NONE, None, low, scores[seat]))
    return tuple(lines)


# --- who won ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Winner:
    points: tuple[tuple[int, int], ...]  # (seat, score or total) of everyone compared
    seats: tuple[int, ...]  # the lowest: more than one for a tie
    lowest: int
    higher: tuple[int, ...]  # every other score, lowest first
    number_line: NumberLine | None  # the scores side by side, when one is below 0


def lowest_wins(points: Mapping[int, int]) -> Winner:
    """Who has the lowest of ``points`` (seat: score or total), and why that wins."""
    lowest = min(points.values())
    return Winner(
        points=tuple(sorted(points.items())),
        seats=tuple(sorted(s for s, v in points.items() if v == lowest)),
        lowest=lowest,
        higher=tuple(sorted({v for v in points.values() if v != lowest})),
        number_line=(
            scores_line(sorted(points.items())) if any(v < 0 for v in points.values()) else None
        ),
    )


def hole_winner(result: HoleResult) -> Winner:
    return lowest_wins({s: v for s, v in enumerate(result.scores) if v is not None})


class Standing(StrEnum):
    """How a person's hole or game ended beside the others at their table (never anyone
    else): what the moment at the end celebrates."""

    WON = "won"  # the lowest, or tied for it
    CLOSE = "close"  # a few points from the lowest
    BEHIND = "behind"


# "So close!": at most this many points behind the lowest, for each hole played.
CLOSE_BEHIND = 3


def standing(
    points: Mapping[int, int | None], winners: Collection[int], seat: int, holes: int = 1
) -> Standing:
    """Where ``seat`` finished, over ``holes`` holes: ``points`` each seat's score or total
    (None: sat the hole out), ``winners`` the lowest (after an extra hole, its winners)."""
    if seat in winners:
        return Standing.WON
    played = [v for v in points.values() if v is not None]
    mine = points.get(seat)
    if mine is None:
        return Standing.BEHIND
    behind = mine - min(played)
    return Standing.CLOSE if behind <= CLOSE_BEHIND * holes else Standing.BEHIND


# --- the running total -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RunningStep:
    """One seat's total before a hole, its score in it, and the total after."""

    hole: int
    before: int
    score: int
    after: int
    number_line: NumberLine | None

    @property
    def terms(self) -> tuple[int, int]:
        return (self.before, self.score)


def running_totals(results: Sequence[HoleResult], seat: int) -> tuple[RunningStep, ...]:
    """``seat``'s total hole by hole, as the engine keeps it: the scores after any caller
    penalty, added up; an extra tie-break hole decides a tie and adds nothing."""
    steps = []
    total = 0
    for result in results:
        if result.tiebreak:
            continue
        score = result.scores[seat]
        assert score is not None, "every seat plays every hole but an extra one"
        step = running_step(result.number, total, score)
        steps.append(step)
        total = step.after
    return tuple(steps)


def running_step(hole: int, before: int, score: int) -> RunningStep:
    """A total of ``before`` and a hole's ``score``, added."""
    return RunningStep(hole, before, score, before + score, line_for([before, score]))


# --- a whole hole -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerHole:
    seat: int
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


def hole_story(results: Sequence[HoleResult], rules: Rules, index: int = -1) -> HoleStory:
    """The story of ``results[index]`` (the latest hole unless told), for every player.
    The holes before it give the running totals."""
    position = index % len(results)
    result, upto = results[position], results[: position + 1]
    players = []
    for seat, cards in enumerate(result.layouts):
        if cards is None:
            continue
        score = result.scores[seat]
        assert score is not None, "a seat with cards has a score"
        players.append(
            PlayerHole(
                seat=seat,
                story=cards_story(cards, rules),
                score=score,
                running=None if result.tiebreak else running_totals(upto, seat)[-1],
            )
        )
    return HoleStory(
        number=result.number,
        tiebreak=result.tiebreak,
        players=tuple(players),
        caller=caller_lines(result, rules),
        winner=hole_winner(result),
    )
