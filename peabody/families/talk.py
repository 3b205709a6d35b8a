"""“Talk about it”: a question or two a grown-up can ask away from the screen, made from the
child's own cards in their last game. This module finds what is worth talking about; the
words are peabody.words.grown_ups's, made when the page is drawn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games.board import CardView, card_view
from games.engine import HoleResult, Rules
from lessons.core.skills import Skill
from lessons.core.stories import cards_story
from peabody.words.grown_ups import column_talk, pair_talk, total_talk

MOST = 2


@dataclass(frozen=True)
class Talk:
    """One thing to talk about, as the progress page shows it."""

    seen: str  # what the child had: "Robin had a 9 and a −2 in one column."
    ask: str  # what to ask
    answer: str  # what a right answer says, for the grown-up
    cards: list[CardView] = field(default_factory=list)  # the column's, top to bottom


def talk_about(
    results: Sequence[HoleResult], rules: Rules, seat: int | None, name: str
) -> list[Talk]:
    """At most two things to talk about from a game's ``results`` (the child's last game,
    played from ``seat``): a column that adds a negative number, a matching pair, a sum,
    or else the total."""
    if seat is None:
        return []
    found: dict[Skill, Talk] = {}
    for result in reversed(results):
        layout = result.layouts[seat]
        if layout is None:
            continue
        for column in cards_story(layout, rules).columns:
            cards = [card_view(c.code, counts=c.counts) for c in column.cards]
            kept = [c.value for c in column.cards if c.counts]
            if Skill.PAIRS_CANCEL not in found and column.matched and len(kept) == 0:
                found[Skill.PAIRS_CANCEL] = Talk(*pair_talk(name, column.matched), cards)
            mixed = any(v < 0 for v in kept) and any(v > 0 for v in kept)
            if Skill.ADDING_NEGATIVE not in found and column.matched is None and mixed:
                found[Skill.ADDING_NEGATIVE] = Talk(*column_talk(name, kept, column.total), cards)
            if (
                Skill.ADDING not in found
                and column.matched is None
                and sum(v > 0 for v in kept) > 1
            ):
                found[Skill.ADDING] = Talk(*column_talk(name, kept, column.total), cards)
    order = [Skill.ADDING_NEGATIVE, Skill.PAIRS_CANCEL, Skill.ADDING]
    talks = [found[skill] for skill in order if skill in found]
    if len(talks) < MOST and results:
        scores = [result.scores[seat] for result in results]
        total = sum(score for score in scores if score is not None)
        talks.append(Talk(*total_talk(name, total)))
    return talks[:MOST]
