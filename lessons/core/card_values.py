"""What the cards are worth under a game's rules, house rules included, as the table's
reminder lists them: a line for each card, but one for the number cards 3 to 10 (each worth
the number on it) and one for a jack and a queen worth the same. Plain Python: the engine's
rules; ``games.words.numbers`` says each line."""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import Rules

NUMBER_CARDS = ("3", "4", "5", "6", "7", "8", "9", "10")


@dataclass(frozen=True, slots=True)
class ValueLine:
    """One line of the reminder: ``ranks`` ("K",), each worth ``value`` (0); the number cards'
    line, ``NUMBER_CARDS``, has no value of its own (None): each is worth its number."""

    ranks: tuple[str, ...]
    value: int | None


def value_lines(rules: Rules) -> tuple[ValueLine, ...]:
    """The reminder's lines under ``rules``: ace, 2, the number cards, the jack and the queen
    (on one line when they are worth the same), king, and the joker if there is one."""
    values = rules.values
    lines = [
        ValueLine(("A",), values["A"]),
        ValueLine(("2",), values["2"]),
        ValueLine(NUMBER_CARDS, None),
    ]
    if values["J"] == values["Q"]:
        lines.append(ValueLine(("J", "Q"), values["J"]))
    else:
        lines.append(ValueLine(("J",), values["J"]))
        lines.append(ValueLine(("Q",), values["Q"]))
    lines.append(ValueLine(("K",), values["K"]))
    if "JK" in values:
        lines.append(ValueLine(("JK",), values["JK"]))
    return tuple(lines)
