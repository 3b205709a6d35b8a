"""Every string inside the lessons' view objects, found by walking them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields, is_dataclass

from django.utils.functional import Promise

from lessons.core.skills import Skill

# Names and keys for code, not words shown to a child.
NOT_SHOWN = frozenset({"key", "code", "preset", "about"})


def strings_in(obj: object) -> Iterator[str]:
    """Every string held by ``obj`` (a view object, or tuples of them), however deep, as
    it is shown: in the language in use."""
    if isinstance(obj, Skill):
        return
    if isinstance(obj, str | Promise):
        # str(): a lazy text (the rules) and a name (``YOU``) in the page's language.
        yield str(obj)
    elif isinstance(obj, tuple | list):
        for item in obj:
            yield from strings_in(item)
    elif isinstance(obj, dict):
        for item in obj.values():
            yield from strings_in(item)
    elif is_dataclass(obj) and not isinstance(obj, type):
        for f in fields(obj):
            if f.name not in NOT_SHOWN:
                yield from strings_in(getattr(obj, f.name))
