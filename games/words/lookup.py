"""A constant table of messages looked up by a fact's key (a mode's name, a refusal's code),
each said in the language of the moment it is read."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from django.utils.functional import Promise


class Words(Mapping[str, str]):
    """``MODE_NAMES["knock9"]`` is "Knock Golf" on an English page, "Golf con cierre" on a
    Spanish one."""

    def __init__(self, messages: Mapping[str, Promise | str]) -> None:
        self._messages = dict(messages)

    def __getitem__(self, key: str) -> str:
        return str(self._messages[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._messages)

    def __len__(self) -> int:
        return len(self._messages)
