"""A finished game told again hole by hole, from its rules, seed and action log."""

from __future__ import annotations

from dataclasses import dataclass

from games.board import CardView, ScoreView, card_view, scores_view
from games.engine import apply_action, new_game, observe
from games.models import Game
from games.narration import describe, seat_name


@dataclass(frozen=True)
class ReplayStep:
    text: str
    card: CardView | None


@dataclass(frozen=True)
class ReplayHole:
    number: int
    title: str
    steps: list[ReplayStep]
    scores: list[ScoreView]


def holes(game: Game) -> list[ReplayHole]:
    state = new_game(game.rules_object, game.players, game.seed)
    by_hole: list[list[ReplayStep]] = [[]]
    for action in game.action_log:
        text, card = describe(state, action, seat_name(state.current, game.human_seat))
        by_hole[-1].append(ReplayStep(text, card_view(card) if card else None))
        before = len(state.results)
        state = apply_action(state, action)
        if len(state.results) > before and not state.is_over:
            by_hole.append([])
    final = observe(state, game.human_seat)
    return [
        ReplayHole(
            number=i + 1,
            title="Extra hole" if result.tiebreak else f"Hole {result.number}",
            steps=by_hole[i],
            scores=scores_view(final, game.human_seat, i),
        )
        for i, result in enumerate(final.results)
    ]
