"""The rules of Golf in plain Python: no Django, no I/O, no global randomness.

A game is its rules, its player count, its seed and the list of actions taken; everything
else is derived by folding the actions over :func:`new_game`.
"""

from .bots import choose_action, hint
from .cards import rank
from .observation import Observation, observe
from .rules import KNOCK9_FULL_COLUMN, PRESETS, Rules, RulesClash
from .scoring import ColumnScore, LayoutScore, score_cards, score_layout
from .state import (
    REFUSALS,
    Action,
    ActionKind,
    HoleResult,
    IllegalAction,
    Phase,
    State,
    apply_action,
    legal_actions,
    new_game,
    rebuild,
)

# Saved with every game. Raise it when a snapshot written by this engine could not be read back
# or would not be what its action log now replays to: a game saved by another version is
# rebuilt from its rules, seed and action log, which every version keeps replaying the same.
ENGINE_VERSION = 1

__all__ = [
    "ENGINE_VERSION",
    "KNOCK9_FULL_COLUMN",
    "PRESETS",
    "REFUSALS",
    "Action",
    "ActionKind",
    "ColumnScore",
    "HoleResult",
    "IllegalAction",
    "LayoutScore",
    "Observation",
    "Phase",
    "Rules",
    "RulesClash",
    "State",
    "apply_action",
    "choose_action",
    "hint",
    "legal_actions",
    "new_game",
    "observe",
    "rank",
    "rebuild",
    "score_cards",
    "score_layout",
]
