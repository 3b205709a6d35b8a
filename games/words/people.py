"""How a sentence names the players.

Callers pass one name per seat, as the table shows them (``seat_names``); the child's own
seat is named ``YOU``, and a sentence speaks to them then.
English says "You got 3" and "Sam got 3" with the same verb, but other languages do not
("Sacaste 3", "Sam sacó 3"): a sentence about one player is two messages, one for "you"
and one with the player's name (see ``is_you``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext, pgettext, pgettext_lazy


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
BOT_NAMES = ("Pip", "Tully", "Juno")  # names: the same in every language
# Translators: the name of a grown-up playing along, who has no profile.
GROWN_UP = pgettext_lazy("a player's name", "Grown-up")
# Translators: the name of a player whose profile was deleted.
SOMEONE = pgettext_lazy("a player's name", "A player")
# Translators: the name of a friend from another family at the table, before they join
# and once the game is over.
A_FRIEND = pgettext_lazy("a player's name", "A friend")


# The names a friend from another family is given at the table (peabody.families.friends):
# made up, friendly, and nobody's real name.
FRIEND_NAMES = (
    pgettext_lazy("a made-up name for a friend at the table", "Sunny Otter"),
    pgettext_lazy("a made-up name for a friend at the table", "Lucky Duck"),
    pgettext_lazy("a made-up name for a friend at the table", "Happy Panda"),
    pgettext_lazy("a made-up name for a friend at the table", "Brave Fox"),
    pgettext_lazy("a made-up name for a friend at the table", "Jolly Frog"),
    pgettext_lazy("a made-up name for a friend at the table", "Kind Koala"),
    pgettext_lazy("a made-up name for a friend at the table", "Busy Bee"),
    pgettext_lazy("a made-up name for a friend at the table", "Calm Turtle"),
)


def is_you(name: str) -> bool:
    return isinstance(name, You)


def seat_names(
    bot_levels: Sequence[str | None], nicknames: Mapping[int, str | None] | None = None
) -> tuple[str, ...]:
    """Every seat's name: a bot's by its place among the bots (Pip first). With no
    ``nicknames``, the one person at the table is ``YOU``; with them (several people at one
    device), each person's seat: their nickname, or None for a grown-up with no profile, or
    "" for a friend not named (yet, or any more); a person's seat not in them is a player
    whose profile was deleted."""
    names, bots = [], 0
    for seat, level in enumerate(bot_levels):
        if level is not None:
            names.append(BOT_NAMES[bots % len(BOT_NAMES)])
            bots += 1
        elif nicknames is None:
            names.append(YOU)
        elif seat not in nicknames:
            names.append(str(SOMEONE))
        else:
            name = nicknames[seat]
            names.append(str(GROWN_UP) if name is None else name or str(A_FRIEND))
    return tuple(names)


def name_shown(name: str) -> str:
    """A player's name where it stands alone (a heading, a column of the score sheet):
    "You" in the page's language, anyone else's name as it is."""
    if is_you(name):
        return pgettext("the person at the table, as a name standing alone", "You")
    return str(name)


def by_name(name: str, yours: str, theirs: str, **values: object) -> str:
    """``yours`` if the sentence is about "You", else ``theirs`` with the name in it: each a
    whole message, since many languages say "you did" and "Sam did" with other verbs."""
    if is_you(name):
        return yours % values
    return theirs % {"name": name, **values}


def to_person(name: str, text: str) -> str:
    """``text`` said to the person called ``name``: "Sam, tap 1 more card." (as it is, to
    "You")."""
    if is_you(name):
        return text
    # Translators: a request said to a player by name: "Sam, tap 1 more card."; the request
    # starts with a small letter.
    return pgettext("said to a player by name", "%(name)s, %(request)s") % {
        "name": name,
        "request": f"{text[0].lower()}{text[1:]}",
    }


def default_names(players: int) -> tuple[str, ...]:
    return tuple(gettext("Player %(number)d") % {"number": seat + 1} for seat in range(players))


def in_sentence(name: str) -> str:
    """A name inside a sentence: "you", but "Sam"."""
    if is_you(name):
        # Translators: the child playing, named inside a list of players ("Sam and you").
        return pgettext("the player the page speaks to, inside a sentence", "you")
    return str(name)


def and_list(items: Sequence[str]) -> str:
    """``["4", "5", "7"]`` as "4, 5 and 7", in the order given: the site's one way of
    joining a list."""
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


def you_first(names: Sequence[str]) -> str:
    """``["Sam", "You", "Ada"]`` as "You, Sam and Ada": the child first, then the rest in
    the order given. Starts a sentence."""
    ordered = sorted(names, key=lambda n: not is_you(n))
    if len(ordered) == 1:
        return str(ordered[0])
    return and_list([*ordered[:-1], in_sentence(ordered[-1])])
