"""Bots that play Golf from what their seat may see, and give the reason for each move.

``choose_action(observe(state, seat), level="gentle", rng=random.Random(1))`` returns
``(action, reason)``. The reason is a :class:`Reason`: a code and the values it is about
(``Reason("swap_low", "K", 0)``), no words; the table says it as the bot's words or as a
hint to the child. :func:`hint` gives the move and reason for the child's seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from ..observation import Observation
from ..state import Action
from .levels import DEFAULT_GENTLENESS, LEVELS, SHARP, STEADY, gentle
from .reasons import Reason
from .thinking import think


def choose_action(
    obs: Observation,
    level: str = "gentle",
    rng: random.Random | None = None,
    gentleness: float | None = None,
) -> tuple[Action, Reason]:
    """The move a bot of ``level`` makes from ``obs``, and what it says about it.

    ``rng`` makes the choice repeatable; without one the bot uses a fresh generator.
    ``gentleness`` (0 to 1) tunes the gentle level only.
    """
    if rng is None:
        rng = random.Random()
    return bot(level, gentleness)(obs, rng)


Bot = Callable[[Observation, random.Random], tuple[Action, Reason]]


def bot(level: str, gentleness: float | None = None) -> Bot:
    """:func:`choose_action` for one level, as a function of the observation and the
    generator: the level is looked up once, for a caller that asks it for many moves."""
    if level == "random":
        return _random_move
    if level == "gentle":
        skill = gentle(DEFAULT_GENTLENESS if gentleness is None else gentleness)
    elif level == "steady":
        skill = STEADY
    elif level == "sharp":
        skill = SHARP
    else:
        raise ValueError(f"the bot levels are {', '.join(LEVELS)}, not {level!r}")
    return partial(think, skill)


def _random_move(obs: Observation, rng: random.Random) -> tuple[Action, Reason]:
    if not obs.legal_actions:
        raise ValueError("it is not this seat's turn")
    return rng.choice(obs.legal_actions), Reason("random")


def hint(obs: Observation, rng: random.Random | None = None) -> tuple[Action, Reason]:
    """A good move for the child at ``obs`` (the steady bot's), and its reason."""
    return choose_action(obs, level="steady", rng=rng)


__all__ = ["DEFAULT_GENTLENESS", "LEVELS", "Bot", "Reason", "bot", "choose_action", "hint"]
