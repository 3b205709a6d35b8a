"""How a sentence names the players.

Callers pass one name per seat, as the table shows them; the child's own seat is named
``YOU`` (as ``games.narration.seat_names`` has it), and a sentence speaks to them then.
English says "You got 3" and "Sam got 3" with the same verb, but other languages do not
("Sacaste 3", "Sam sacó 3"): a sentence about one player is two messages, one for "you"
and one with the player's name (see ``is_you``).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, pgettext


class You(str):
    """The name of the one person a page speaks to. It reads "You" in the page's language
    (``str(YOU)``, ``f"{YOU}"``, ``"%s" % YOU`` and a template all say "Tú" in Spanish), and
    is told apart from a child whose nickname happens to be "You" by what it is, not by how
    it is spelled. Its own characters stay "You": joining it with ``+`` or ``str.join``
    does not translate it, so put it in a message with ``%`` instead."""

    def __str__(self) -> str:
        # Translators: the name of the child playing, on the table and in lists of
        # players ("You and Sam").
        return pgettext("the player the page speaks to", "You")

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


YOU = You("You")


def is_you(name: str) -> bool:
    return isinstance(name, You)


def default_names(players: int) -> tuple[str, ...]:
    return tuple(gettext("Player %(number)d") % {"number": seat + 1} for seat in range(players))


def in_sentence(name: str) -> str:
    """A name inside a sentence: "you", but "Sam"."""
    if is_you(name):
        # Translators: the child playing, named inside a list of players ("Sam and you").
        return pgettext("the player the page speaks to, inside a sentence", "you")
    return str(name)


def and_list(items: Sequence[str]) -> str:
    """``["4", "5", "7"]`` as "4, 5 and 7", in the order given."""
    said = [str(item) for item in items]
    if not said:
        return ""
    joined = said[0]
    for item in said[1:-1]:
        # Translators: a list of more than two things, all but the last one joined.
        joined = gettext("%(rest)s, %(next)s") % {"rest": joined, "next": item}
    if len(said) > 1:
        # Translators: the last thing of a list joined on: "4, 5 and 7", "You and Sam".
        joined = gettext("%(rest)s and %(last)s") % {"rest": joined, "last": said[-1]}
    return joined


def together(names: Sequence[str]) -> str:
    """``["Sam", "You", "Ada"]`` as "You, Sam and Ada": the child first, then the rest in
    the order given. Starts a sentence."""
    ordered = sorted(names, key=lambda n: not is_you(n))
    if len(ordered) == 1:
        return str(ordered[0])
    return and_list([*ordered[:-1], in_sentence(ordered[-1])])
