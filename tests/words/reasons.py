"""Bots' reasons to say, for the tests of what bots say in every language."""

from games.engine.bots.reasons import Reason


def every_reason(code: str) -> list[Reason]:
    """A bot's reason ``code`` about cards of every kind: a picture worth 0, a negative
    card, a number, an ace, a joker; beside a number or a picture it had before."""
    return [
        Reason(code, card, value, old=old, total=total)
        for card, value, total in (("K", 0, 4), ("2", -2, -3), ("8", 8, 12), ("A", 1, 1),
                                   ("JK", -5, 0))
        for old in ("9", "Q")
    ]  # fmt: skip
