"""The teacher's slides: one real game of Four-card Golf, shown to a class a step at a time.

The game is the engine's own: ``RULES`` (easy4, one hole), ``PLAYERS`` players, ``SEED``, and
the moves in ``MOVES``, played by the class (seat ``SEAT``) and by a gentle bot. The seed and
the moves were picked so that every idea of the game turns up in order: the class throws a
9 away, swaps in a king, puts a 2 on a hidden card, makes a pair of 4s and knocks.

Each slide names how many of the moves have been played, so the site can replay the game to
that point (``slide.state()``) and draw the table with the game's own templates.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from games.engine import PRESETS, Action, State, replay

from .players import YOU
from .stories import ScoreStory, Winner, cards_story, lowest_wins

RULES = replace(PRESETS["easy4"], holes=1)
PLAYERS = 2
SEED = 4591
SEAT = 0
OTHER = "The other player"
# One turn a line: the class's, then the other player's, and so on.
TURNS = (
    "draw_stock discard",  # the class takes a 9 and throws it away
    "draw_stock swap:0",
    "draw_stock swap:2",  # a king for a 7
    "draw_stock swap:2",
    "draw_stock swap:0",  # a 2 on a hidden card
    "draw_discard swap:1",
    "draw_discard swap:1",  # a 4 on a hidden card
    "draw_stock swap:1",
    "draw_discard swap:3",  # a 4 for a 7: two 4s in a column
    "draw_stock discard",
    "knock",
    "draw_stock discard",  # the other player's last turn
)
MOVES = tuple(Action.from_text(move) for turn in TURNS for move in turn.split())


@dataclass(frozen=True, slots=True)
class Slide:
    key: str  # "deal", "peek", ...: stable, for links to one slide
    title: str
    text: str
    moves: int  # how many of MOVES have been played at this slide
    # Show the class's remembered cards face up (the peek); otherwise draw what all can see.
    show_memory: bool
    focus: tuple[int, ...]  # the places in the class's layout this slide points at
    story: ScoreStory | None  # the class's score, on the slide that counts up
    winner: Winner | None

    @property
    def actions(self) -> tuple[Action, ...]:
        return MOVES[: self.moves]

    def state(self) -> State:
        return state_after(self.moves)


@cache
def state_after(moves: int) -> State:
    """The walkthrough game after its first ``moves`` moves (treat it as read-only)."""
    return replay(RULES, PLAYERS, SEED, MOVES[:moves])


def _slide(
    key: str, title: str, text: str, moves: int, focus: tuple[int, ...] = (), **extra
) -> Slide:
    fields = {"show_memory": False, "story": None, "winner": None} | extra
    return Slide(key, title, text, moves, focus=focus, **fields)


@cache
def slides() -> tuple[Slide, ...]:
    end = state_after(len(MOVES))
    result = end.results[-1]
    names = tuple(YOU if seat == SEAT else OTHER for seat in range(PLAYERS))
    winner = lowest_wins({s: v for s, v in enumerate(result.scores)}, names)
    return (
        _slide(
            "deal",
            "The deal",
            "Each player gets 4 cards, face down in a square. One card goes face up to start"
            " the pile.",
            0,
        ),
        _slide(
            "peek",
            "Peek",
            "Peek at the 2 cards near you. They are both 7s! Remember them. Then turn them"
            " face down again.",
            0,
            (2, 3),
            show_memory=True,
        ),
        _slide(
            "draw", "Take a card", "It is your turn. Take the top card of the stock. It is a 9.", 1
        ),
        _slide(
            "swap_or_throw",
            "Swap or throw away",
            "You can swap the card for one of yours, or throw it away. A 9 is more than 7, so"
            " throw it away.",
            2,
        ),
        _slide(
            "kings",
            "Kings are 0",
            "Next time you take a king. A king is worth 0! Swap it for one of your 7s.",
            6,
            (2,),
        ),
        _slide(
            "twos",
            "A 2 takes away 2",
            "Now you take a 2. A 2 is worth −2, so it takes away 2. Put it on a face-down card.",
            10,
            (0,),
        ),
        _slide(
            "pairs",
            "Pairs cancel",
            "You put a 4 on a face-down card. Then you take a 4 from the pile and swap it"
            " for your other 7. Two 4s in one column cancel: that column is 0!",
            18,
            (1, 3),
        ),
        _slide(
            "knock",
            "Knock",
            "Your cards add up to a small number. So you knock instead of taking a card.",
            21,
        ),
        _slide(
            "last_turn",
            "One more turn each",
            "After a knock, everyone else gets one more turn. The other player takes a card.",
            22,
        ),
        _slide(
            "count_up",
            "Count up",
            "Now turn all the cards face up. Add up each column, then add the columns.",
            len(MOVES),
            (0, 1, 2, 3),
            story=cards_story(result.layouts[SEAT], RULES),
        ),
        _slide("lowest_wins", "Lowest wins", winner.text, len(MOVES), winner=winner),
    )
