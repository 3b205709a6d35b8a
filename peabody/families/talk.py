"""“Talk about it”: a question or two a grown-up can ask away from the screen, made from the
child's own cards in their last game. Facts in, sentences out when the page is drawn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from games.engine import HoleResult, Rules
from lessons.skills import Skill
from lessons.stories import ColumnStory, cards_story
from peabody.words.cards import a_number, number, plural
from peabody.words.people import you_first

MOST = 2


@dataclass(frozen=True)
class Talk:
    seen: str  # what the child had: "Robin had a 9 and a −2 in one column."
    ask: str  # what to ask
    answer: str  # what a right answer says, for the grown-up


def _mixed(column: ColumnStory, name: str) -> Talk:
    values = [c.value for c in column.cards if c.counts]
    cards = you_first([a_number(v) for v in values])
    return Talk(
        # Translators: %(name)s is the child's nickname; %(cards)s is like "a 9 and a −2".
        _("%(name)s had %(cards)s in one column.") % {"name": name, "cards": cards},
        _("Ask: what do they make together?"),
        _("They make %(total)s.") % {"total": number(column.total)},
    )


def _pair(column: ColumnStory, name: str) -> Talk:
    return Talk(
        # Translators: %(name)s is the child's nickname; %(cards)s is a rank in the plural,
        # like "kings" or "9s".
        _("%(name)s had two %(cards)s in one column.")
        % {"name": name, "cards": plural(column.matched)},
        _("Ask: what do two cards that match in a column score?"),
        _("0: they cancel out, whatever they are worth."),
    )


def _total(total: int, name: str) -> Talk:
    return Talk(
        # Translators: %(name)s is the child's nickname; %(total)s their total, like "−3".
        _("%(name)s ended the game on %(total)s.") % {"name": name, "total": number(total)},
        _("Ask: in Golf, is a low score good or bad? Why?"),
        _("Good: the lowest score wins."),
    )


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
            kept = [c.value for c in column.cards if c.counts]
            if Skill.PAIRS_CANCEL not in found and column.matched and len(kept) == 0:
                found[Skill.PAIRS_CANCEL] = _pair(column, name)
            mixed = any(v < 0 for v in kept) and any(v > 0 for v in kept)
            if Skill.ADDING_NEGATIVE not in found and column.matched is None and mixed:
                found[Skill.ADDING_NEGATIVE] = _mixed(column, name)
            if (
                Skill.ADDING not in found
                and column.matched is None
                and sum(v > 0 for v in kept) > 1
            ):
                found[Skill.ADDING] = _mixed(column, name)
    order = [Skill.ADDING_NEGATIVE, Skill.PAIRS_CANCEL, Skill.ADDING]
    talks = [found[skill] for skill in order if skill in found]
    if len(talks) < MOST and results:
        played = [r.scores[seat] for r in results if r.scores[seat] is not None]
        talks.append(_total(sum(played), name))
    return talks[:MOST]
