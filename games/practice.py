"""Practice questions after a hole, made from the child's own cards by the lesson layer, and
each answer kept as a skill attempt.

The questions about a hole are the same every time they are worked out (seeded by the game
and the hole), so a game only keeps how far the child has got: ``questions_done`` of them,
and ``wrong_tries`` on the one being asked.
"""

from __future__ import annotations

import random

from games.engine import IllegalAction, State
from games.models import Game
from lessons.models import SkillAttempt, seconds_since
from lessons.practice import NO_ANSWER, Feedback, Question, questions_after_hole, read_answer


def questions(game: Game, state: State) -> tuple[Question, ...]:
    """What the child is asked about the hole just finished (none with practice off, or
    once its scores have been seen)."""
    if not game.questions or len(state.results) <= game.holes_seen:
        return ()
    rng = random.Random(f"practice:{game.seed}:{len(state.results)}")
    return questions_after_hole(state.results, game.human_seat, state.rules, rng, game.names)


def current(game: Game, state: State) -> Question | None:
    """The question the child is being asked now, if any."""
    asked = questions(game, state)
    return asked[game.questions_done] if game.questions_done < len(asked) else None


def answer(game: Game, state: State, typed: str) -> tuple[Feedback, dict, SkillAttempt]:
    """Check the child's answer to the current question. Returns what to say, the game's
    fields that change, and the attempt to keep (not yet saved: it is kept only if the game
    is). Raises IllegalAction for no question, or nothing typed."""
    question = current(game, state)
    if question is None:
        raise IllegalAction("There is no question to answer now.")
    given = read_answer(typed)
    if given is None:
        raise IllegalAction(NO_ANSWER)
    feedback = question.respond(given, game.wrong_tries + 1)
    attempt = SkillAttempt.record(
        game,
        question,
        hole=state.results[-1].number,
        given=given,
        first_try=game.wrong_tries == 0,
        seconds=seconds_since(game.updated),  # the last save showed the question
    )
    if feedback.try_again:
        fields = {"wrong_tries": game.wrong_tries + 1}
    else:
        fields = {"questions_done": game.questions_done + 1, "wrong_tries": 0}
    return feedback, fields, attempt


def skip(game: Game, state: State) -> tuple[dict, SkillAttempt]:
    """Leave this hole's questions: the game's fields that change, and the skip of the
    question being asked, to keep (not yet saved, as with an answer)."""
    question = current(game, state)
    if question is None:
        raise IllegalAction("There is no question to skip now.")
    attempt = SkillAttempt.record(
        game,
        question,
        hole=state.results[-1].number,
        given=None,
        first_try=game.wrong_tries == 0,
        seconds=seconds_since(game.updated),
    )
    return {"questions_done": len(questions(game, state)), "wrong_tries": 0}, attempt
