"""Practice questions about the hole just played, as facts (plain Python: the engine and
nothing else, so the table can ask them).

A question is its subject, skill, level and answer, never words (``games.words.questions``).
``candidates`` are all a hole allows, for ``lessons.core.choice``; ``questions_after_hole`` is
the fixed choice, with adapting off.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, ClassVar

from games.engine import ColumnScore, HoleResult, Rules, score_cards
from games.engine.scoring import score_column

from .skills import Skill, column_skill, compare_level, difference_level, sum_level
from .stories import column_story

MAX_QUESTIONS = 2
TRIES = 2

# How much more often a column is asked about when it practises the harder ideas.
COLUMN_WEIGHTS = {Skill.ADDING_NEGATIVE: 3, Skill.PAIRS_CANCEL: 2, Skill.ADDING: 1}

# The number pad's minus key; a keyboard's "-" is read as one too.
MINUS = "\u2212"


class Reply(StrEnum):
    """What is due to an answer."""

    RIGHT_FIRST = "right_first"
    RIGHT_SECOND = "right_second"
    TRY_AGAIN = "try_again"  # a first miss: the question is asked once more
    TOLD = "told"  # a second miss: the answer is told, with how it adds up


@dataclass(frozen=True, slots=True)
class Column:
    """One of the child's columns, as the engine scored it."""

    kind: ClassVar[str] = "column"
    number: int  # counted from 1, left to right
    score: ColumnScore  # its cards top to bottom, what they are worth, and its total

    @property
    def key(self) -> str:
        return f"column-{self.number}"

    @property
    def cards(self) -> tuple[str, ...]:
        return self.score.cards

    def facts(self) -> dict[str, Any]:
        return {"column": self.number, "cards": list(self.cards)}


@dataclass(frozen=True, slots=True)
class Total:
    """The child's total before the hole, and their score in it."""

    kind: ClassVar[str] = "total"
    key: ClassVar[str] = "total"
    before: int
    score: int

    @property
    def after(self) -> int:
        return self.before + self.score

    def facts(self) -> dict[str, Any]:
        return {"before": self.before, "score": self.score}


@dataclass(frozen=True, slots=True)
class Scores:
    """Every seat's score in the hole: None for a seat that sat out."""

    kind: ClassVar[str] = "winner"
    key: ClassVar[str] = "winner"
    scores: tuple[int | None, ...]

    def facts(self) -> dict[str, Any]:
        return {"scores": list(self.scores)}


@dataclass(frozen=True, slots=True)
class Gap:
    """The child's score in the hole, and the lower score of the player in ``seat``: how
    many points behind them the child is."""

    kind: ClassVar[str] = "gap"
    seat: int
    mine: int
    theirs: int

    @property
    def key(self) -> str:
        return f"gap-{self.seat}"

    def facts(self) -> dict[str, Any]:
        return {"seat": self.seat, "mine": self.mine, "theirs": self.theirs}


# What a question kept as the kind "line" was about, told apart by its facts.
LINE = "line"


@dataclass(frozen=True, slots=True)
class Question:
    about: Column | Total | Scores | Gap
    skill: Skill
    answer: int  # a number, or for a choice the seat of the right player
    # The seats to choose from; empty for a question answered with a number.
    choices: tuple[int, ...]
    # Whether the number pad needs its minus key: never at "adding only".
    negatives: bool
    level: int = 1  # on the skill's ladder (lessons.core.skills), from 1
    # A sum asked on a number line: the child lands on each place of the sum in turn.
    on_line: bool = False

    @property
    def kind(self) -> str:
        """What is asked: "column", "total", "winner", "gap", or a sum on the number line,
        "line" (``SkillAttempt.kind``)."""
        return LINE if self.on_line else self.about.kind

    @property
    def key(self) -> str:
        """ "column-2", "total", "winner", "gap-1", "line-column-2", "line-total": tells a
        hole's questions apart."""
        return f"{LINE}-{self.about.key}" if self.on_line else self.about.key

    @property
    def terms(self) -> tuple[int, ...]:
        """The numbers a sum adds, in order (empty for a choice or a difference)."""
        about = self.about
        if isinstance(about, Column):
            return column_story(about.score, about.number - 1).terms or ()
        if isinstance(about, Total):
            return (about.before, about.score)
        return ()

    @property
    def landings(self) -> tuple[int, ...]:
        """Where a walk along the number line lands after each number but the first: the
        right answer, one landing at a time."""
        terms, found = self.terms, []
        for n in range(2, len(terms) + 1):
            found.append(sum(terms[:n]))
        return tuple(found)

    @property
    def can_go_on_line(self) -> bool:
        """A sum of two numbers or more: asked again on a number line after a first miss."""
        return len(self.terms) >= 2

    def on_the_line(self) -> Question:
        return replace(self, on_line=True)

    def astray(self, landings: tuple[int, ...]) -> int | None:
        """The first of the child's ``landings`` on the number line that is not where the
        sum lands (counted from 0), or None if every one is right."""
        for n, (given, right) in enumerate(zip(landings, self.landings, strict=False)):
            if given != right:
                return n
        return None if len(landings) == len(self.landings) else len(landings)

    @property
    def facts(self) -> dict[str, Any]:
        """What it is about as a skill attempt keeps it: a column's number and card codes,
        the total before and the hole's score, or each seat's score. Never names."""
        return self.about.facts()

    def is_right(self, given: int, landings: tuple[int, ...] = ()) -> bool:
        """Whether ``given`` is the answer; walked on a number line, every one of the
        ``landings`` on the way must be right too."""
        return given == self.answer and (not landings or self.astray(landings) is None)

    def reply(self, given: int, attempt: int, landings: tuple[int, ...] = ()) -> Reply:
        """What is due to ``given`` on try number ``attempt`` (1 or 2)."""
        if not 1 <= attempt <= TRIES:
            raise ValueError(f"a question is tried once or twice, not {attempt} times")
        if self.is_right(given, landings):
            return Reply.RIGHT_FIRST if attempt == 1 else Reply.RIGHT_SECOND
        return Reply.TRY_AGAIN if attempt < TRIES else Reply.TOLD


def can_go_below_zero(rules: Rules) -> bool:
    """Whether any score under ``rules`` can be negative: never at "adding only" (nor in
    Knock Golf without jokers), so a number pad needs no minus key there."""
    return any(v < 0 for v in rules.values.values()) or rules.four_of_a_kind is not None


def read_answer(typed: str) -> int | None:
    """A number typed on the pad ("7", "−2", or "-2" from a keyboard), or None for
    anything else (an empty answer is not a try)."""
    text = typed.strip().replace(MINUS, "-")
    digits = text.removeprefix("-")
    if not digits.isascii() or not digits.isdigit() or len(digits) > 3:
        return None
    return int(text)


def _worth_asking(column: ColumnScore) -> bool:
    """A column whose score takes some working out: a match, or two numbers to add that
    are not 0 (a lone 5 under a king is only reading the card)."""
    if column.matched is not None:
        return True
    return sum(1 for v in column.values if v != 0) >= 2


def column_question(cards: Sequence[str], rules: Rules, rng: random.Random) -> Question | None:
    """ "What does this column score?" about one of the child's columns worth asking."""
    columns = [
        Column(n, column)
        for n, column in enumerate(score_cards(cards, rules).columns, start=1)
        if _worth_asking(column)
    ]
    if not columns:
        return None
    chosen = rng.choices(columns, [COLUMN_WEIGHTS[column_skill(c.score)] for c in columns])[0]
    return about_column(chosen, rules)


def about_column(column: Column, rules: Rules) -> Question:
    skill = column_skill(column.score)
    return Question(
        about=column,
        skill=skill,
        answer=column.score.total,
        choices=(),
        negatives=can_go_below_zero(rules),
        level=sum_level(skill, column_story(column.score, column.number - 1).terms or ()),
    )


def total_question(results: Sequence[HoleResult], seat: int, rules: Rules) -> Question | None:
    """ "What is your total now?", from the second hole on; an extra tie-break hole adds
    nothing to a total, so it asks none."""
    if results[-1].tiebreak:
        return None
    scores = []
    for result in results:
        if not result.tiebreak:
            score = result.scores[seat]
            assert score is not None  # every seat plays every hole but an extra tie-break
            scores.append(score)
    if len(scores) < 2:
        return None
    return about_total(Total(sum(scores[:-1]), scores[-1]), rules)


def about_total(total: Total, rules: Rules) -> Question:
    return Question(
        about=total,
        skill=Skill.RUNNING_TOTAL,
        answer=total.after,
        choices=(),
        negatives=can_go_below_zero(rules),
        level=sum_level(Skill.RUNNING_TOTAL, (total.before, total.score)),
    )


def winner_question(result: HoleResult) -> Question | None:
    """ "Who won this hole?", when one player did (a tie has no one answer)."""
    return about_scores(Scores(tuple(result.scores)))


def about_scores(scores: Scores) -> Question | None:
    played = {seat: v for seat, v in enumerate(scores.scores) if v is not None}
    lowest = min(played.values())
    winners = [seat for seat, v in played.items() if v == lowest]
    if len(winners) != 1:
        return None
    return Question(
        about=scores,
        skill=Skill.COMPARING,
        answer=winners[0],
        choices=tuple(played),
        negatives=False,
        level=compare_level(list(played.values())),
    )


def gap_question(result: HoleResult, seat: int, rules: Rules) -> Question | None:
    """ "How many points behind Pip are you?", when one other player had the hole's lowest
    score (a tie, or the child's own win, asks none)."""
    mine = result.scores[seat]
    others = {s: v for s, v in enumerate(result.scores) if v is not None and s != seat}
    if mine is None or not others:
        return None
    lowest = min(others.values())
    lowest_seats = [s for s, v in others.items() if v == lowest]
    if lowest >= mine or len(lowest_seats) != 1:
        return None
    return about_gap(Gap(lowest_seats[0], mine, lowest), rules)


def about_gap(gap: Gap, rules: Rules) -> Question:
    return Question(
        about=gap,
        skill=Skill.DIFFERENCE,
        answer=gap.mine - gap.theirs,
        choices=(),
        negatives=can_go_below_zero(rules),
        level=difference_level(gap.mine, gap.theirs),
    )


def asked_again(kind: str, facts: Mapping[str, Any], rules: Rules) -> Question | None:
    """A kept question made again from its facts (``SkillAttempt.kind`` and ``facts``);
    None for an answer kept before questions were, or facts that no longer fit the rules."""
    try:
        if kind == LINE:
            # A sum on the number line: a column's, or a total's, told apart by the facts.
            again = asked_again(Column.kind if "column" in facts else Total.kind, facts, rules)
            return again.on_the_line() if again is not None else None
        if kind == Column.kind:
            column = Column(facts["column"], score_column(facts["cards"], rules))
            return about_column(column, rules)
        if kind == Total.kind:
            return about_total(Total(facts["before"], facts["score"]), rules)
        if kind == Scores.kind:
            return about_scores(Scores(tuple(facts["scores"])))
        if kind == Gap.kind:
            return about_gap(Gap(facts["seat"], facts["mine"], facts["theirs"]), rules)
    except (KeyError, TypeError, ValueError, IndexError):
        return None
    return None


def candidates(results: Sequence[HoleResult], seat: int, rules: Rules) -> list[Question]:
    """Every question the hole just finished allows ``seat``: each column worth working out,
    on the number pad and on the number line; the total (from the second hole), on both;
    who won; how far behind the winner the child is. None for a seat that sat out."""
    result = results[-1]
    cards = result.layouts[seat]
    if cards is None:
        return []
    found = [
        about_column(Column(n, column), rules)
        for n, column in enumerate(score_cards(cards, rules).columns, start=1)
        if _worth_asking(column)
    ]
    found += [q for q in (total_question(results, seat, rules),) if q]
    found += [q.on_the_line() for q in found if q.can_go_on_line]
    found += [q for q in (winner_question(result), gap_question(result, seat, rules)) if q]
    return found


def questions_after_hole(
    results: Sequence[HoleResult], seat: int, rules: Rules, rng: random.Random | int
) -> tuple[Question, ...]:
    """At most two questions for ``seat`` about ``results[-1]``, the same every time for
    the same ``rng`` (a generator, or a seed for one). None for a seat that sat out."""
    if isinstance(rng, int):
        rng = random.Random(rng)
    result = results[-1]
    cards = result.layouts[seat]
    if cards is None:
        return ()
    asked = []
    column = column_question(cards, rules, rng)
    if column:
        asked.append(column)
    others = [q for q in (total_question(results, seat, rules), winner_question(result)) if q]
    # A column question most holes; a second question about half the time.
    if others and (not asked or rng.random() < 0.5):
        asked.append(rng.choice(others))
    return tuple(asked[:MAX_QUESTIONS])


def ask(key: str, results: Sequence[HoleResult], seat: int, rules: Rules) -> Question:
    """The question ``key`` (one of a ``candidates`` question's keys) about
    ``results[-1]``, asked again of ``seat``: a game keeps only the keys of the questions it
    asks, and the question is made again from them."""
    if key.startswith(f"{LINE}-"):
        sum_asked = ask(key.removeprefix(f"{LINE}-"), results, seat, rules)
        if not sum_asked.can_go_on_line:
            raise ValueError(f"there is no question {key!r} about this hole")
        return sum_asked.on_the_line()
    kind, _, number = key.partition("-")
    question = None
    if kind == Column.kind:
        cards = results[-1].layouts[seat]
        columns = score_cards(cards, rules).columns if cards is not None else ()
        if number.isdigit() and 1 <= int(number) <= len(columns):
            question = about_column(Column(int(number), columns[int(number) - 1]), rules)
    elif key == Total.key:
        question = total_question(results, seat, rules)
    elif key == Scores.key:
        question = winner_question(results[-1])
    elif kind == Gap.kind:
        question = gap_question(results[-1], seat, rules)
        if question is not None and key != question.key:
            question = None
    if question is None:
        raise ValueError(f"there is no question {key!r} about this hole")
    return question
