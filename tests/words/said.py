"""What a story or a piece of feedback says, sentence by sentence, for the tests that hold
it to saying each thing once; and a story's facts told in words, as the pages tell them."""

import re

from games.stories import caller_told, score_told, winner_told
from lessons.core import stories

# A step along a number line: the same step may be taken in two sums ("Count on 5." in a
# column and in the hole's sum), so it may be said in each; a sum's whole telling may not.
STEP = re.compile(r"^(Start at −?\d+|Count on \d+|Go back \d+|Add nothing|You land on −?\d+)\.$")


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]


def repeated(texts) -> list[str]:
    """The sentences of ``texts`` said more than once (a step along a line apart), and any
    text said whole more than once."""
    said = [s for text in texts for s in sentences(text) if not STEP.match(s)]
    return sorted({s for s in said if said.count(s) > 1} | {t for t in texts if texts.count(t) > 1})


def score_story(rows, rules):
    return score_told(stories.score_story(rows, rules))


def hole_winner(result, names):
    return winner_told(stories.hole_winner(result), names)


def caller_lines(result, rules, names):
    return tuple(caller_told(line, names) for line in stories.caller_lines(result, rules))
