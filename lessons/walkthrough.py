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

The slides are made once for each language (``slides()`` gives them in the page's).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache

from django.utils.translation import get_language, gettext, pgettext

from games.engine import PRESETS, Action, State, observe, rank, replay, score_cards
from peabody.words.cards import a_rank, number, plural, rank_word
from peabody.words.numbers import capital
from peabody.words.people import YOU, and_list

from .stories import ScoreStory, Winner, cards_story, lowest_wins

RULES = replace(PRESETS["easy4"], holes=1)
PLAYERS = 2
SEED = 43783
SEAT = 0


class _TheOther(str):
    """The other player's name, "The other player", in the page's language (as
    ``players.You`` is: ``str()`` it, or put it in a message with ``%``)."""

    def __str__(self) -> str:
        # Translators: the name of the walkthrough's other player, a gentle bot.
        return pgettext("a player's name", "The other player")

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


OTHER = _TheOther("The other player")
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
    """The class's cards, as said after "more than": "your 7s", "your 4 and your 3"."""
    ranks = [rank(card) for card in cards]
    if len(set(ranks)) == 1:
        # Translators: %(cards)s is a kind of card, more than one: "7s", "kings".
        return gettext("your %(cards)s") % {"cards": plural(ranks[0])}
    # Translators: %(card)s is a card's rank: "7", "king".
    return and_list([gettext("your %(card)s") % {"card": rank_word(r)} for r in ranks])


def _they_are(cards: list[str]) -> str:
    ranks = [rank(card) for card in cards]
    if len(set(ranks)) == 1:
        # Translators: %(cards)s is a kind of card, more than one: "7s", "kings".
        return gettext("They are both %(cards)s!") % {"cards": plural(ranks[0])}
    # Translators: %(cards)s is a list of cards: "a 7 and a 3".
    return gettext("They are %(cards)s.") % {"cards": and_list([a_rank(card) for card in cards])}


def _put(before: State, pos: int) -> str:
    """Where the held card goes, said as the class sees its layout."""
    if before.face_up[SEAT][pos] or pos in before.known[SEAT]:
        # Translators: %(card)s is a card's rank: "7", "king".
        said = gettext("Swap it for your %(card)s.")
        return said % {"card": rank_word(before.layouts[SEAT][pos])}
    return gettext("Put it on a face-down card.")


def _put_beside(before: State, pos: int, paired: str) -> str:
    """Where the held card goes, next to the card it pairs with."""
    if before.face_up[SEAT][pos] or pos in before.known[SEAT]:
        # Translators: %(card)s and %(paired)s are cards' ranks: "7", "king".
        said = gettext("Swap it for your %(card)s, in the same column as your other %(paired)s.")
        return said % {"card": rank_word(before.layouts[SEAT][pos]), "paired": rank_word(paired)}
    # Translators: %(paired)s is a card's rank: "7", "king".
    said = gettext("Put it on a face-down card, in the same column as your other %(paired)s.")
    return said % {"paired": rank_word(paired)}


def _you_take(card: str, drawn_from: str) -> str:
    """ "Now you take a king from the stock." """
    if drawn_from == "discard":
        # Translators: %(card)s is a card with its article: "a king", "an 8".
        return gettext("Now you take %(card)s from the pile.") % {"card": a_rank(card)}
    # Translators: %(card)s is a card with its article: "a king", "an 8".
    return gettext("Now you take %(card)s from the stock.") % {"card": a_rank(card)}


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


def slides() -> tuple[Slide, ...]:
    """The slides, in the page's language."""
    return _slides(get_language())


@cache
def _slides(language: str | None) -> tuple[Slide, ...]:
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
    other_takes = (
        gettext("The other player takes a card from the pile.")
        if state_after(last).drawn_from == "discard"
        else gettext("The other player takes a card from the stock.")
    )
    return (
        _slide(
            "deal",
            gettext("The deal"),
            gettext(
                "Each player gets 4 cards, face down in a square. One card goes face up to start"
                " the pile."
            ),
            0,
        ),
        _slide(
            "peek",
            gettext("Peek"),
            " ".join(
                (
                    gettext("Peek at the cards near you."),
                    _they_are(peeked),
                    gettext("Remember them. Then turn them face down again."),
                )
            ),
            0,
            RULES.peek_positions,
            show_memory=True,
        ),
        _slide(
            "draw",
            gettext("Take a card"),
            # Translators: %(card)s is a card with its article: "a 9", "an 8".
            gettext("It is your turn. Take the top card of the stock. It is %(card)s.")
            % {"card": a_rank(first)},
            1,
        ),
        _slide(
            "swap_or_throw",
            gettext("Swap or throw away"),
            " ".join(
                (
                    gettext("You can swap it for one of your cards, or throw it away."),
                    # Translators: %(card)s is a card with its article, starting the
                    # sentence ("A 9"); %(yours)s is "your 7s" or "your 4 and your 3".
                    gettext("%(card)s is more than %(yours)s, so throw it away.")
                    % {"card": capital(a_rank(first)), "yours": _yours(peeked)},
                )
            ),
            2,
        ),
        _slide(
            "kings",
            gettext("Kings are 0"),
            " ".join(
                (
                    _you_take(king.card, king.before.drawn_from),
                    gettext("A king is worth %(number)s!") % {"number": number(k)},
                    _put(king.before, king.pos),
                )
            ),
            king.moves,
            (king.pos,),
        ),
        _slide(
            "twos",
            gettext("A 2 takes away 2"),
            " ".join(
                (
                    _you_take(two.card, two.before.drawn_from),
                    gettext("A 2 is worth %(number)s, so it takes away %(count)s.")
                    % {"number": number(two_points), "count": -two_points},
                    _put(two.before, two.pos),
                )
            ),
            two.moves,
            (two.pos,),
        ),
        _slide(
            "pairs",
            gettext("Pairs cancel"),
            " ".join(
                (
                    _you_take(pair.card, pair.before.drawn_from),
                    _put_beside(pair.before, pair.pos, paired),
                    # Translators: %(cards)s is a kind of card, more than one: "7s", "kings".
                    gettext("Two %(cards)s in one column cancel: that column is 0!")
                    % {"cards": plural(paired)},
                )
            ),
            pair.moves,
            pair.column,
        ),
        _slide(
            "knock",
            gettext("Knock"),
            gettext(
                "Your cards add up to %(number)s. That is low! So you knock instead of taking a"
                " card."
            )
            % {"number": number(knocked)},
            knock + 1,
        ),
        _slide(
            "last_turn",
            gettext("One more turn each"),
            " ".join((gettext("After a knock, everyone else gets one more turn."), other_takes)),
            last,
        ),
        _slide(
            "count_up",
            gettext("Count up"),
            gettext("Now turn all the cards face up. Add up each column, then add the columns."),
            len(MOVES),
            tuple(range(RULES.size)),
            story=cards_story(result.layouts[SEAT], RULES),
        ),
        _slide("lowest_wins", gettext("Lowest wins"), winner.text, len(MOVES), winner=winner),
    )
