"""A join code: a few of the children's pictures tapped in order, with which a device joins a
table it is not at (peabody.families.friends, games.classes). A 7-year-old needs no letters.

One way to make and read them, for both; each page limits wrong tries with games.limits:
few codes are open and few wrong tries allowed, so guessing one takes far longer than a
code lives.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.words.pictures import PICTURES as WORDS

# What a code is made of, in the order the pages offer them, and how many make one.
PICTURES = tuple(WORDS)
LENGTH = 4
# Between a code's pictures as it is kept: "fox-owl-frog-pig".
SEPARATOR = "-"


@dataclass(frozen=True)
class CodePicture:
    """A picture as a page draws it: its image's address and its name in words."""

    name: str  # "fox": its image's address
    label: str  # "Fox", in the page's language


def picture(name: str) -> CodePicture:
    return CodePicture(name, str(WORDS[name]))


def new_code() -> str:
    """LENGTH pictures at random, any of them more than once. Whoever keeps codes sees to
    it that no two open ones are the same."""
    return code_of([secrets.choice(PICTURES) for _ in range(LENGTH)])


def code_of(pictures: Sequence[str]) -> str:
    """The code tapped as ``pictures``, in order, as it is kept. Only a code's pictures make
    one: anything else is a mistake of ours (the pages offer no other), so it raises."""
    if len(pictures) != LENGTH or any(name not in WORDS for name in pictures):
        raise ValueError(f"Not a join code: {pictures!r}")
    return SEPARATOR.join(pictures)


def read(code: str) -> list[str] | None:
    """The pictures of ``code``, in order; None if it is not a code."""
    pictures = code.split(SEPARATOR)
    if len(pictures) != LENGTH or any(name not in WORDS for name in pictures):
        return None
    return pictures


def shown(code: str) -> list[CodePicture]:
    """A code's pictures as a page draws them, in order ([] if it is not a code)."""
    return [picture(name) for name in read(code) or []]


def begun(pictures: Sequence[str]) -> bool:
    """``pictures`` may be the start of a code, tapped one at a time: fewer than LENGTH,
    each one of a code's."""
    return len(pictures) < LENGTH and all(name in WORDS for name in pictures)


# --- tapping a code in, one picture a post ----------------------------------------------


@dataclass(frozen=True)
class Tapped:
    """A code as tapped so far on a join page (templates/games/join_code.html): each tap
    is a post carrying the pictures before it, so the page works without a script."""

    picked: list[str]  # the pictures so far, in order
    code: str = ""  # the whole code, as kept, once its last picture is tapped

    def keys(self) -> dict:
        """What the join form draws: the code so far, its empty places and every key."""
        return {
            "pictures": [picture(name) for name in PICTURES],
            "picked": [picture(name) for name in self.picked],
            "picked_names": " ".join(self.picked),
            "left": range(LENGTH - len(self.picked)),
        }


def tapped(post: Mapping[str, str]) -> Tapped:
    """The code after this post: a picture added ("tap") or the last taken back ("undo").
    Pictures so far that are not a code's start are dropped: the child starts again."""
    picked = post.get("picked", "").split()
    if not begun(picked):
        picked = []
    if "undo" in post:
        return Tapped(picked[:-1])
    tap = post.get("tap", "")
    if tap not in WORDS:
        return Tapped(picked)
    picked = [*picked, tap]
    return Tapped(picked) if begun(picked) else Tapped([], code_of(picked))
