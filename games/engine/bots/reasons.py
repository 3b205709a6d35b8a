"""Why a bot made its move, as facts: a code naming the idea and the values it is about.

A reason holds no words. The table turns it into what the bot says ("I kept the king.
Kings are worth 0.") or into a hint to the child ("Keep the king: kings are worth 0.") when
a page is drawn (games.words.bots), so that the same reason can be told in any language.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

# Every idea a bot may give as its reason.
CODES = frozenset(
    {
        "only_move",
        "random",
        "start_flip",
        "start_flip_other_column",
        "take_pair",
        # The card it pairs with is face down: the bot only remembers it.
        "take_pair_remembered",
        "take_low",
        "take_better",
        "take_hurry",
        "take_last_turn",
        "draw_stock",
        "flip_instead",
        "knock",
        # Every card of the bot's is face up: its total is exact, not a guess.
        "knock_exact",
        "knock_remembered",
        "no_knock",
        "swap_pair",
        "swap_pair_remembered",
        "swap_four",
        # In memory mode a stock card goes in face down, and only its owner may know it.
        "swap_memory",
        "swap_low",
        "swap_for_known",
        "swap_low_for_known",
        "swap_plain",
        "swap_hidden",
        "swap_hurry",
        "swap_last_turn",
        "go_out",
        "discard_high",
        "discard_no_place",
        "discard_not_ready",
    }
)


@dataclass(frozen=True, slots=True)
class Reason:
    """What a bot's move was for: ``code`` names the idea; ``rank`` is the rank of the card
    the move is about and ``value`` its points under the game's rules; ``old`` the rank of
    the card it replaces; ``total`` a whole number of points (a score, a bonus). A value the
    idea does not use is None."""

    code: str
    rank: str | None = None
    value: int | None = None
    old: str | None = None
    total: int | None = None

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"{self.code!r} is not a bot's reason")

    def to_json(self) -> dict[str, str | int]:
        """The reason as a dict for JSON: its code, and only the values it has."""
        return {name: value for name, value in asdict(self).items() if value is not None}

    @classmethod
    def from_json(cls, data: dict) -> Reason:
        """The reason :meth:`to_json` gave ``data`` for."""
        known = {field.name for field in fields(cls)}
        unknown = set(data) - known
        if unknown or "code" not in data:
            raise ValueError(f"a bot's reason has a code and {sorted(known - {'code'})}: {data!r}")
        return cls(**data)
