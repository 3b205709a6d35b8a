"""How a sentence names the players.

Callers pass one name per seat, as the table shows them; the child's own seat is named
"You" (as ``games.narration.seat_names`` has it), and a sentence speaks to them then. Every
sentence about a player is in the past tense ("You got 3", "Sam got 3"), so the verb is
the same for "You" and for anyone else.
"""

from __future__ import annotations

from collections.abc import Sequence

YOU = "You"


def default_names(players: int) -> tuple[str, ...]:
    return tuple(f"Player {seat + 1}" for seat in range(players))


def in_sentence(name: str) -> str:
    """A name inside a sentence: "you", but "Sam"."""
    return "you" if name == YOU else name


def together(names: Sequence[str]) -> str:
    """``["Sam", "You", "Ada"]`` as "You, Sam and Ada": the child first, then the rest in
    the order given. Starts a sentence."""
    ordered = sorted(names, key=lambda n: n != YOU)
    if len(ordered) == 1:
        return ordered[0]
    first = ", ".join(ordered[:-1])
    return f"{first} and {in_sentence(ordered[-1])}"
