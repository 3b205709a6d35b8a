"""The teacher's slides: one real game of Four-card Golf, shown to a class a step at a time.

The game is the engine's own: ``RULES`` (easy4, one hole), ``PLAYERS`` players, ``SEED``, and
the moves in ``MOVES``, played by the class (seat ``SEAT``) and by a gentle bot. The seed and
the moves were picked so that every idea of the game turns up in order: the class throws its
first card away, swaps in a king, puts a 2 on a face-down card, makes a pair and knocks.

Each slide names how many of the moves have been played, so the site can replay the game to
that point (``slide.state()``) and draw the table with the game's own templates. The slides
find their moments in the game, and a text that names a card reads it off the table, so a
slide can never tell the class about a card that is not there. When the engine deals other
cards for a seed, only ``SEED`` and ``TURNS`` need finding again: play seeds with a simple
policy for the class that aims at the moments, and keep one where the tests pass.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache

from games.engine import PRESETS, Action, State, observe, rank, replay, score_cards

from .card_words import a_rank, number, plural, rank_word
from .players import YOU
from .stories import ScoreStory, Winner, cards_story, lowest_wins

RULES = replace(PRESETS["easy4"], holes=1)
PLAYERS = 2
SEED = 43783
SEAT = 0
OTHER = "The other player"
# One turn a line: the class's, then the other player's, and so on.
TURNS = (
    "draw_stock discard",  # the class's first card, worth more than both cards it peeked at
    "draw_stock swap:3",
    "draw_stock discard",
    "draw_stock discard",
    "draw_stock swap:0",  # a low card on a face-down card: half of the pair
    "draw_stock discard",
    "draw_stock discard",
    "draw_stock swap:0",
    "draw_stock swap:3",  # a king, for a card the class peeked at
    "draw_stock swap:1",
    "draw_discard swap:1",  # a 2 from the pile, on a face-down card
    "draw_stock discard",
    "draw_stock swap:2",  # the other half of the pair, in the same column
    "draw_stock discard",
    "knock",
    "draw_stock discard",  # the other player's last turn
)
MOVES = tuple(Action.from_text(move) for turn in TURNS for move in turn.split())
_FROM = {"stock": "from the stock", "discard": "from the pile"}


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


# --- the cards in words --------------------------------------------------------------


def _yours(cards: list[str]) -> str:
    """The class's cards in a sentence: "your 7s", "your 4 and your 3"."""
    ranks = [rank(card) for card in cards]
    if len(set(ranks)) == 1:
        return f"your {plural(ranks[0])}"
    return " and ".join(f"your {rank_word(r)}" for r in ranks)


def _they_are(cards: list[str]) -> str:
    ranks = [rank(card) for card in cards]
    if len(set(ranks)) == 1:
        return f"They are both {plural(ranks[0])}!"
    return f"They are {' and '.join(a_rank(card) for card in cards)}."


def _put(before: State, pos: int) -> str:
    """Where the held card goes, said as the class sees its layout."""
    if before.face_up[SEAT][pos] or pos in before.known[SEAT]:
        return f"Swap it for your {rank_word(before.layouts[SEAT][pos])}"
    return "Put it on a face-down card"


# --- the moments -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Swap:
    """A card the class puts into its layout."""

    moves: int  # how many of MOVES have been played once it is in
    before: State  # the class holding the card
    pos: int

    @property
    def card(self) -> str:
        return self.before.drawn

    @property
    def column(self) -> tuple[int, ...]:
        return tuple(range(self.pos % RULES.cols, RULES.size, RULES.cols))


def _class_swap(wanted: Callable[[_Swap], bool], what: str) -> _Swap:
    """The class's first swap that is ``wanted``."""
    for n, move in enumerate(MOVES):
        if move.kind == "swap" and state_after(n).current == SEAT:
            swap = _Swap(n + 1, state_after(n), move.pos)
            if wanted(swap):
                return swap
    raise LookupError(f"the class never {what} in the walkthrough: find a new SEED and TURNS")


def _makes_a_pair(swap: _Swap) -> bool:
    column = swap.pos % RULES.cols
    before = score_cards(swap.before.layouts[SEAT], RULES).columns[column]
    after = score_cards(state_after(swap.moves).layouts[SEAT], RULES).columns[column]
    return before.matched is None and after.matched is not None


@cache
def slides() -> tuple[Slide, ...]:
    deal = state_after(0)
    peeked = [card for _, card in observe(deal, SEAT).memory]
    first = state_after(1).drawn
    king = _class_swap(lambda s: rank(s.card) == "K", "takes a king")
    two = _class_swap(lambda s: rank(s.card) == "2", "takes a 2")
    pair = _class_swap(_makes_a_pair, "makes a pair")
    knock = MOVES.index(Action("knock"))
    knocked = score_cards(state_after(knock).layouts[SEAT], RULES).total
    last = len(MOVES) - 1
    result = state_after(len(MOVES)).results[-1]
    names = tuple(YOU if seat == SEAT else OTHER for seat in range(PLAYERS))
    winner = lowest_wins({s: v for s, v in enumerate(result.scores)}, names)
    k, two_points = RULES.values["K"], RULES.values["2"]
    paired = rank(pair.card)
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
            f"Peek at the cards near you. {_they_are(peeked)} Remember them. Then turn them"
            " face down again.",
            0,
            RULES.peek_positions,
            show_memory=True,
        ),
        _slide(
            "draw",
            "Take a card",
            f"It is your turn. Take the top card of the stock. It is {a_rank(first)}.",
            1,
        ),
        _slide(
            "swap_or_throw",
            "Swap or throw away",
            "You can swap it for one of your cards, or throw it away."
            f" {a_rank(first).capitalize()} is more than {_yours(peeked)}, so throw it away.",
            2,
        ),
        _slide(
            "kings",
            "Kings are 0",
            f"Now you take a king {_FROM[king.before.drawn_from]}. A king is worth"
            f" {number(k)}! {_put(king.before, king.pos)}.",
            king.moves,
            (king.pos,),
        ),
        _slide(
            "twos",
            "A 2 takes away 2",
            f"Now you take a 2 {_FROM[two.before.drawn_from]}. A 2 is worth {number(two_points)},"
            f" so it takes away {-two_points}. {_put(two.before, two.pos)}.",
            two.moves,
            (two.pos,),
        ),
        _slide(
            "pairs",
            "Pairs cancel",
            f"Now you take {a_rank(pair.card)} {_FROM[pair.before.drawn_from]}."
            f" {_put(pair.before, pair.pos)}, in the same column as your other"
            f" {rank_word(paired)}. Two {plural(paired)} in one column cancel: that column is 0!",
            pair.moves,
            pair.column,
        ),
        _slide(
            "knock",
            "Knock",
            f"Your cards add up to {number(knocked)}. That is low! So you knock instead of"
            " taking a card.",
            knock + 1,
        ),
        _slide(
            "last_turn",
            "One more turn each",
            "After a knock, everyone else gets one more turn. The other player takes a card"
            f" {_FROM[state_after(last).drawn_from]}.",
            last,
        ),
        _slide(
            "count_up",
            "Count up",
            "Now turn all the cards face up. Add up each column, then add the columns.",
            len(MOVES),
            tuple(range(RULES.size)),
            story=cards_story(result.layouts[SEAT], RULES),
        ),
        _slide("lowest_wins", "Lowest wins", winner.text, len(MOVES), winner=winner),
    )
