"""A finished game told again hole by hole, from its rules, seed and action log."""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import apply_action, new_game, observe
from games.models import Game
from games.narration import Step, describe, seat_name
from games.table import ScoreView, StepView, scores_view, step_view


@dataclass
class ReplayHole:
    number: int
    title: str
    steps: list[StepView]
    scores: list[ScoreView]


def holes(game: Game) -> list[ReplayHole]:
    state = new_game(game.rules_object, game.players, game.seed)
    by_hole: list[list[Step]] = [[]]
    for action in game.action_log:
        name = seat_name(state.current, game.human_seat)
        text, card = describe(state, action, name)
        by_hole[-1].append(Step(state.current, name, text, "", card))
        before = len(state.results)
        state = apply_action(state, action)
        if len(state.results) > before and not state.is_over:
            by_hole.append([])
    final = observe(state, game.human_seat)
    return [
        ReplayHole(
            number=i + 1,
            title="Extra hole" if result.tiebreak else f"Hole {result.number}",
            steps=[step_view(step) for step in by_hole[i]],
            scores=scores_view(game, final, i),
        )
        for i, result in enumerate(final.results)
    ]
