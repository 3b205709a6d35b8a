"""The bot levels, each a :class:`~games.engine.bots.thinking.BotSkill`."""

from __future__ import annotations

from .thinking import BotSkill

LEVELS = ("random", "gentle", "steady", "sharp")

# A parent will choose this later. At 0.8 two gentle bots average about 12 points a hole
# in classic6: beatable by a child who is learning, yet clearly not random.
DEFAULT_GENTLENESS = 0.8

STEADY = BotSkill(take_margin=1.5, keep_margin=0.5, feed_weight=0.15, lead=1.0)
SHARP = BotSkill(compare_with_stock=True, keep_margin=0.0, feed_weight=0.5, lead=3.0)


def gentle(gentleness: float) -> BotSkill:
    """A friendly beginner: 0 plays nearly like ``steady``, 1 makes every mistake it may."""
    if not 0.0 <= gentleness <= 1.0:
        raise ValueError("gentleness goes from 0 to 1")
    g = gentleness
    return BotSkill(
        take_margin=1.5 + 2.0 * g,
        keep_margin=0.5 - 0.5 * g,
        lead=1.0 - 12.0 * g,
        rush=4.0 * g,
        wobble=4.0 * g,
        miss_pair=0.8 * g,
        forget=0.3 * g,
        knock_wobble=6.0 * g,
    )
