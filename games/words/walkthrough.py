"""The teacher's slides in words: each slide's title and text, read off the moments of the
walkthrough game (``lessons.core.walkthrough``), so that every card a slide names is on its
table; the class is "You" and the other player "The other player"."""

from __future__ import annotations

from django.utils.translation import gettext, pgettext

from games.engine import rank
from lessons.core.walkthrough import PLAYERS, RULES, SEAT, Moments, Slide, Swap, moments

from .cards import a_rank, number, plural, rank_word
from .numbers import capital
from .people import YOU, and_list
from .stories import winner_text


class TheOther(str):
    """The other player's name, "The other player", in the page's language (as
    ``people.You`` is: ``str()`` it, or put it in a message with ``%``)."""

    def __str__(self) -> str:
        # Translators: the name of the walkthrough's other player, a gentle bot.
        return pgettext("a player's name", "The other player")

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


OTHER = TheOther("The other player")
# The slides' seats by name: the class, and the other player.
NAMES = tuple(YOU if seat == SEAT else OTHER for seat in range(PLAYERS))


def title(slide: Slide) -> str:
    return TITLES[slide.key]()


def text(slide: Slide) -> str:
    """What the slide says, read off the walkthrough game's moments."""
    return _text(slide, moments())


TITLES = {
    "deal": lambda: gettext("The deal"),
    "peek": lambda: gettext("Peek"),
    "draw": lambda: gettext("Take a card"),
    "swap_or_throw": lambda: gettext("Swap or throw away"),
    "kings": lambda: gettext("Kings are 0"),
    "twos": lambda: gettext("A 2 takes away 2"),
    "pairs": lambda: gettext("Pairs cancel"),
    "knock": lambda: gettext("Knock"),
    "last_turn": lambda: gettext("One more turn each"),
    "count_up": lambda: gettext("Count up"),
    "lowest_wins": lambda: gettext("Lowest wins"),
}


def _text(slide: Slide, found: Moments) -> str:
    key = slide.key
    if key == "deal":
        return gettext(
            "Each player gets 4 cards, face down in a square. One card goes face up to start"
            " the pile."
        )
    if key == "peek":
        return " ".join(
            (
                gettext("Peek at the cards near you."),
                _they_are(found.peeked),
                gettext("Remember them. Then turn them face down again."),
            )
        )
    if key == "draw":
        # Translators: %(card)s is a card with its article: "a 9", "an 8".
        return gettext("It is your turn. Take the top card of the stock. It is %(card)s.") % {
            "card": a_rank(found.first)
        }
    if key == "swap_or_throw":
        return " ".join(
            (
                gettext("You can swap it for one of your cards, or throw it away."),
                # Translators: %(card)s is a card with its article, starting the sentence
                # ("A 9"); %(yours)s is "your 7s" or "your 4 and your 3".
                gettext("%(card)s is more than %(yours)s, so throw it away.")
                % {"card": capital(a_rank(found.first)), "yours": _yours(found.peeked)},
            )
        )
    if key == "kings":
        king = found.king
        return " ".join(
            (
                _you_take(king),
                gettext("A king is worth %(number)s!") % {"number": number(RULES.values["K"])},
                _put(king),
            )
        )
    if key == "twos":
        two, points = found.two, RULES.values["2"]
        return " ".join(
            (
                _you_take(two),
                gettext("A 2 is worth %(number)s, so it takes away %(count)s.")
                % {"number": number(points), "count": -points},
                _put(two),
            )
        )
    if key == "pairs":
        pair = found.pair
        paired = rank(pair.card)
        return " ".join(
            (
                _you_take(pair),
                _put_beside(pair, paired),
                # Translators: %(cards)s is a kind of card, more than one: "7s", "kings".
                gettext("Two %(cards)s in one column cancel: that column is 0!")
                % {"cards": plural(paired)},
            )
        )
    if key == "knock":
        return gettext(
            "Your cards add up to %(number)s. That is low! So you knock instead of taking a card."
        ) % {"number": number(found.knocked)}
    if key == "last_turn":
        if found.other_draws_from == "discard":
            takes = gettext("The other player takes a card from the pile.")
        else:
            takes = gettext("The other player takes a card from the stock.")
        return " ".join((gettext("After a knock, all the others get one more turn."), takes))
    if key == "count_up":
        return gettext("Now turn all the cards face up. Add up each column, then add the columns.")
    assert slide.winner is not None, "the last slide tells who won"
    return winner_text(slide.winner, NAMES)


def _yours(cards: tuple[str, ...]) -> str:
    """The class's cards, as said after "more than": "your 7s", "your 4 and your 3"."""
    ranks = [rank(card) for card in cards]
    if len(set(ranks)) == 1:
        # Translators: %(cards)s is a kind of card, more than one: "7s", "kings".
        return gettext("your %(cards)s") % {"cards": plural(ranks[0])}
    # Translators: %(card)s is a card's rank: "7", "king".
    return and_list([gettext("your %(card)s") % {"card": rank_word(r)} for r in ranks])


def _they_are(cards: tuple[str, ...]) -> str:
    ranks = [rank(card) for card in cards]
    if len(set(ranks)) == 1:
        # Translators: %(cards)s is a kind of card, more than one: "7s", "kings".
        return gettext("They are both %(cards)s!") % {"cards": plural(ranks[0])}
    # Translators: %(cards)s is a list of cards: "a 7 and a 3".
    return gettext("They are %(cards)s.") % {"cards": and_list([a_rank(card) for card in cards])}


def _put(swap: Swap) -> str:
    """Where the held card goes, said as the class sees its layout."""
    if swap.covers is not None:
        # Translators: %(card)s is a card's rank: "7", "king".
        return gettext("Swap it for your %(card)s.") % {"card": rank_word(swap.covers)}
    return gettext("Put it on a face-down card.")


def _put_beside(swap: Swap, paired: str) -> str:
    """Where the held card goes, next to the card it pairs with."""
    if swap.covers is not None:
        # Translators: %(card)s and %(paired)s are cards' ranks: "7", "king".
        said = gettext("Swap it for your %(card)s, in the same column as your other %(paired)s.")
        return said % {"card": rank_word(swap.covers), "paired": rank_word(paired)}
    # Translators: %(paired)s is a card's rank: "7", "king".
    said = gettext("Put it on a face-down card, in the same column as your other %(paired)s.")
    return said % {"paired": rank_word(paired)}


def _you_take(swap: Swap) -> str:
    """ "Now you take a king from the stock." """
    if swap.drawn_from == "discard":
        # Translators: %(card)s is a card with its article: "a king", "an 8".
        return gettext("Now you take %(card)s from the pile.") % {"card": a_rank(swap.card)}
    # Translators: %(card)s is a card with its article: "a king", "an 8".
    return gettext("Now you take %(card)s from the stock.") % {"card": a_rank(swap.card)}
