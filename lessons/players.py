"""How a sentence names the players.

Callers pass one name per seat, as the table shows them; the child's own seat is named
"You" (as ``games.narration.seat_names`` has it), and a sentence speaks to them then. Every
sentence about a player is in the past tense ("You got 3", "Sam got 3"), so the verb is
the same for "You" and for anyone else.
"""

from __future__ import annotations

from collections.abc import Sequence


class You(str):
    """The name of the one person a page speaks to. It reads "You", and is told apart from
    a child whose nickname happens to be "You" by what it is, not by how it is spelled."""


YOU = You("You")


def is_you(name: str) -> bool:
    return isinstance(name, You)


def default_names(players: int) -> tuple[str, ...]:
    return tuple(f"Player {seat + 1}" for seat in range(players))


def in_sentence(name: str) -> str:
    """A name inside a sentence: "you", but "Sam"."""
    return "you" if is_you(name) else name


def together(names: Sequence[str]) -> str:
    """``["Sam", "You", "Ada"]`` as "You, Sam and Ada": the child first, then the rest in
    the order given. Starts a sentence."""
    ordered = sorted(names, key=lambda n: not is_you(n))
    if len(ordered) == 1:
        return ordered[0]
    first = ", ".join(ordered[:-1])
    return f"{first} and {in_sentence(ordered[-1])}"
