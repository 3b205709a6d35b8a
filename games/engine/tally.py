"""Cards counted in one whole number, for the bots: they read it as ``Rules.tallies`` and
``Observation.in_view``, and nothing in the rules of play does.

A card's tally packs its points plus ``OFFSET`` (so that no field goes below zero) in the
lowest 16 bits, 1 in the next 8 (counting cards), and 1 in its rank's 8 bits above those. No
field can overflow (a game has at most a few hundred cards, and values are small), so the sum
of the tallies of some cards tells exactly how many there are, how many of each rank, and
their points; taking a card away is a subtraction.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .cards import JOKER, RANKS, STANDARD_DECK, rank

OFFSET = 64
_CARDS_AT = 16
# Where each rank's count starts: ``tally >> RANK_SHIFT[rank] & 255`` cards of that rank.
RANK_SHIFT = {r: 24 + 8 * i for i, r in enumerate((*RANKS, JOKER))}


def card_tallies(values: Mapping[str, int]) -> dict[str | None, int]:
    """The tally of every card in a game whose ranks score ``values``; a face-down place
    (None) tallies 0."""
    tallies: dict[str | None, int] = {
        code: (values[rank(code)] + OFFSET) | 1 << _CARDS_AT | 1 << RANK_SHIFT[rank(code)]
        for code in (*STANDARD_DECK, JOKER)
        if rank(code) in values
    }
    tallies[None] = 0
    return tallies


def tally_of(cards: Iterable[str | None], tallies: Mapping[str | None, int]) -> int:
    return sum(tallies[card] for card in cards)


def cards_in(tally: int) -> int:
    """How many cards are in ``tally``."""
    return tally >> _CARDS_AT & 255


def points_in(tally: int) -> int:
    """The points of the cards in ``tally``."""
    return (tally & 0xFFFF) - OFFSET * (tally >> _CARDS_AT & 255)
