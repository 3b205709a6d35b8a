"""The bot levels, each a :class:`~games.engine.bots.planner.Skill`."""

from __future__ import annotations

from .planner import Skill

LEVELS = ("random", "gentle", "steady", "sharp")

# A parent will choose this later; halfway plays like a child who knows the rules.
DEFAULT_GENTLENESS = 0.5

STEADY = Skill(take_margin=1.5, keep_margin=0.5, feed_weight=0.5, lead=1.0)
SHARP = Skill(compare_with_stock=True, keep_margin=0.0, feed_weight=0.7, lead=0.5)


def gentle(gentleness: float) -> Skill:
    """A friendly beginner: 0 plays nearly like ``steady``, 1 makes every mistake it may."""
    if not 0.0 <= gentleness <= 1.0:
        raise ValueError("gentleness goes from 0 to 1")
    g = gentleness
    return Skill(
        take_margin=1.5 + 2.0 * g,
        keep_margin=0.5 + 1.0 * g,
        lead=1.0 - 2.0 * g,
        forget=0.6 * g,
        miss_pair=0.6 * g,
        wobble=4.0 * g,
        knock_wobble=4.0 * g,
    )
