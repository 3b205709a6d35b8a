"""The teacher's slides: one real game of Four-card Golf, shown to a class a step at a time
(plain Python: the engine and the stories' facts).

A slide is a number of moves played; its words read every card off ``moments()``, so no
slide names a card that is not there. A new ``SEED``: docs/lessons.md, "How to play, and the
teacher's slides".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache

from games.engine import (
    PRESETS,
    Action,
    ActionKind,
    HoleResult,
    State,
    observe,
    rank,
    rebuild,
    score_cards,
)

from .stories import ScoreStory, Winner, cards_story, lowest_wins

RULES = replace(PRESETS["easy4"], holes=1)
PLAYERS = 2
SEED = 43783
SEAT = 0


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
KNOCK = Action(ActionKind.KNOCK)


@dataclass(frozen=True, slots=True)
class Slide:
    key: str  # "deal", "peek", ...: stable, for links to one slide (and its words)
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
    return rebuild(RULES, PLAYERS, SEED, MOVES[:moves])


def _slide(key: str, moves: int, focus: tuple[int, ...] = (), **extra) -> Slide:
    fields = {"show_memory": False, "story": None, "winner": None} | extra
    return Slide(key, moves, focus=focus, **fields)


# --- the moments -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Swap:
    """A card the class puts into its layout."""

    moves: int  # how many of MOVES have been played once it is in
    before: State  # the class holding the card
    pos: int

    @property
    def card(self) -> str:
        assert self.before.drawn is not None, "the class holds the card it puts in"
        return self.before.drawn

    @property
    def drawn_from(self) -> str:
        """Where the class took the card: "stock" or "discard"."""
        assert self.before.drawn_from is not None, "the class holds the card it puts in"
        return self.before.drawn_from

    @property
    def covers(self) -> str | None:
        """The card it takes the place of, if the class knows it (face up, or peeked at);
        None for a face-down card it does not know."""
        before = self.before
        if before.face_up[SEAT][self.pos] or self.pos in before.known[SEAT]:
            return before.layouts[SEAT][self.pos]
        return None

    @property
    def column(self) -> tuple[int, ...]:
        return tuple(range(self.pos % RULES.cols, RULES.size, RULES.cols))


def _class_swap(wanted: Callable[[Swap], bool], what: str) -> Swap:
    """The class's first swap that is ``wanted``."""
    for n, move in enumerate(MOVES):
        if move.kind == ActionKind.SWAP and state_after(n).current == SEAT:
            assert move.pos is not None, "a swap names its place"
            swap = Swap(n + 1, state_after(n), move.pos)
            if wanted(swap):
                return swap
    raise LookupError(f"the class never {what} in the walkthrough: find a new SEED and TURNS")


def _makes_a_pair(swap: Swap) -> bool:
    column = swap.pos % RULES.cols
    before = score_cards(swap.before.layouts[SEAT], RULES).columns[column]
    after = score_cards(state_after(swap.moves).layouts[SEAT], RULES).columns[column]
    return before.matched is None and after.matched is not None


@dataclass(frozen=True, slots=True)
class Moments:
    """The moments of the walkthrough game its slides tell of."""

    peeked: tuple[str, ...]  # the class's two peeked cards
    first: str  # the first card the class takes, and throws away
    king: Swap  # a king put in
    two: Swap  # a 2 put in
    pair: Swap  # the card that makes a pair in its column
    knocked: int  # the class's score when it knocks
    other_draws_from: str  # where the other player takes its last card: "stock" or "discard"
    result: HoleResult


@cache
def moments() -> Moments:
    knock = MOVES.index(KNOCK)
    first, last = state_after(1).drawn, state_after(len(MOVES) - 1).drawn_from
    assert first is not None and last is not None, "the first and last moves take a card"
    return Moments(
        peeked=tuple(card for _, card in observe(state_after(0), SEAT).memory),
        first=first,
        king=_class_swap(lambda s: rank(s.card) == "K", "takes a king"),
        two=_class_swap(lambda s: rank(s.card) == "2", "takes a 2"),
        pair=_class_swap(_makes_a_pair, "makes a pair"),
        knocked=score_cards(state_after(knock).layouts[SEAT], RULES).total,
        other_draws_from=last,
        result=state_after(len(MOVES)).results[-1],
    )


@cache
def slides() -> tuple[Slide, ...]:
    """The slides, in order; their words are ``games.words.walkthrough``'s."""
    found = moments()
    knock = MOVES.index(KNOCK)
    result = found.result
    layout = result.layouts[SEAT]
    assert layout is not None, "the class plays the one hole"
    scores = {seat: score for seat, score in enumerate(result.scores) if score is not None}
    return (
        _slide("deal", 0),
        _slide("peek", 0, RULES.peek_positions, show_memory=True),
        _slide("draw", 1),
        _slide("swap_or_throw", 2),
        _slide("kings", found.king.moves, (found.king.pos,)),
        _slide("twos", found.two.moves, (found.two.pos,)),
        _slide("pairs", found.pair.moves, found.pair.column),
        _slide("knock", knock + 1),
        _slide("last_turn", len(MOVES) - 1),
        _slide(
            "count_up",
            len(MOVES),
            tuple(range(RULES.size)),
            story=cards_story(layout, RULES),
        ),
        _slide("lowest_wins", len(MOVES), winner=lowest_wins(scores)),
    )
