"""The rules of a game as data: the three presets and every house rule.

Nothing else in the engine asks which preset it is playing; it asks the rules object.
Variants are made with :func:`dataclasses.replace`, e.g.
``replace(PRESETS["classic6"], jokers="pagat", holes=18)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any, Literal

from .cards import JOKER, RANKS

Start = Literal["peek", "flip"]
Match = Literal["pairs", "full_column"]
Knock = Literal["none", "instead_of_draw", "after_turn"]
Jokers = Literal["pagat", "minus5"] | None
FourOfAKind = Literal["pair_of_columns", "square"] | None
CallerPenalty = Literal["low_scores_zero", "double"] | None

_CHOICES: dict[str, tuple[Any, ...]] = {
    "start": ("peek", "flip"),
    "match": ("pairs", "full_column"),
    "knock": ("none", "instead_of_draw", "after_turn"),
    "jokers": (None, "pagat", "minus5"),
    "four_of_a_kind": (None, "pair_of_columns", "square"),
    "caller_penalty": (None, "low_scores_zero", "double"),
}


class RulesClash(ValueError):
    """House rules that do not go together. ``code`` says which ("memory_needs_peek"), so
    that a page can say why in its own words; the message is for programmers."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that decides how a game plays and scores."""

    name: str
    rows: int
    cols: int
    # deck_limits[i] is the most players that i + 1 decks can serve; its last entry is the
    # table's maximum.
    deck_limits: tuple[int, ...]
    start: Start
    match: Match
    knock: Knock
    # Whether turning your last face-down card face up ends the hole (makes you the caller).
    out_when_all_face_up: bool
    twos_negative: bool
    king_value: int
    min_players: int = 2
    holes: int = 9
    round_limit: int = 20
    # House rules, off by default.
    jokers: Jokers = None
    four_of_a_kind: FourOfAKind = None
    caller_penalty: CallerPenalty = None
    flip_instead_of_draw: bool = False
    adding_only: bool = False
    memory_mode: bool = False
    extra_hole: bool = False
    # Points for every rank with the house rules applied: derived, so never compared or saved.
    values: MappingProxyType = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {allowed}, not {getattr(self, name)!r}")
        if self.rows < 2 or self.cols < 1:
            raise ValueError("a layout needs at least two rows and one column")
        if self.holes < 1 or self.round_limit < 1:
            raise ValueError("a game needs at least one hole and one round")
        if self.four_of_a_kind and self.rows != 2:
            raise RulesClash(
                "four_of_a_kind_needs_two_rows", "the four-of-a-kind bonus needs a two-row layout"
            )
        if self.memory_mode and self.start != "peek":
            raise RulesClash("memory_needs_peek", "memory mode goes with the peek start")
        if self.adding_only and self.jokers:
            raise RulesClash(
                "jokers_not_adding_only",
                "jokers are negative cards, so they cannot go with adding only",
            )
        if self.adding_only and self.four_of_a_kind:
            raise RulesClash(
                "four_of_a_kind_not_adding_only",
                "the four-of-a-kind bonus takes points away, so not with adding only",
            )
        if self.knock == "none" and not self.out_when_all_face_up:
            raise RulesClash("no_way_to_end", "a hole needs a way to end: knocking or going out")
        if self.memory_mode and self.knock == "none":
            raise RulesClash(
                "memory_needs_knock",
                "in memory mode cards stay face down, so the hole must end by a knock",
            )
        object.__setattr__(self, "values", MappingProxyType(_card_values(self)))

    # --- derived facts -------------------------------------------------------------

    @property
    def size(self) -> int:
        return self.rows * self.cols

    @property
    def max_players(self) -> int:
        return self.deck_limits[-1]

    def decks_for(self, players: int) -> int:
        for decks, limit in enumerate(self.deck_limits, start=1):
            if players <= limit:
                return decks
        raise ValueError(f"{self.name} is for {self.min_players} to {self.max_players} players")

    @property
    def start_flips(self) -> int:
        return 2 if self.start == "flip" else 0

    @property
    def peek_positions(self) -> tuple[int, ...]:
        """The cards a player peeks at before a peek-start hole: the row nearest to them."""
        if self.start != "peek":
            return ()
        return tuple(range((self.rows - 1) * self.cols, self.rows * self.cols))

    def to_dict(self) -> dict[str, Any]:
        """The rules as JSON data: every field a game is made with."""
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.init}
        data["deck_limits"] = list(self.deck_limits)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        unknown = set(data) - {f.name for f in fields(cls) if f.init}
        if unknown:
            raise ValueError(f"unknown rule fields: {sorted(unknown)}")
        data = dict(data)
        if "deck_limits" in data:  # a list in JSON
            data["deck_limits"] = tuple(data["deck_limits"])
        return cls(**data)


def _card_values(rules: Rules) -> dict[str, int]:
    """Points for every rank, with the house rules applied."""
    twos_plus = not rules.twos_negative or rules.adding_only or rules.jokers == "pagat"
    values = {"A": 1, "2": 2 if twos_plus else -2, "J": 10, "Q": 10, "K": rules.king_value}
    values |= {r: int(r) for r in RANKS[2:10]}
    if rules.jokers:
        values[JOKER] = -2 if rules.jokers == "pagat" else -5
    return values


EASY4 = Rules(
    name="easy4",
    rows=2,
    cols=2,
    deck_limits=(4, 6),
    start="peek",
    match="pairs",
    knock="instead_of_draw",
    out_when_all_face_up=False,
    twos_negative=True,
    king_value=0,
)
CLASSIC6 = Rules(
    name="classic6",
    rows=2,
    cols=3,
    deck_limits=(4, 8, 12),
    start="flip",
    match="pairs",
    knock="none",
    out_when_all_face_up=True,
    twos_negative=True,
    king_value=0,
)
KNOCK9 = Rules(
    name="knock9",
    rows=3,
    cols=3,
    deck_limits=(5, 6),
    start="flip",
    match="pairs",
    knock="after_turn",
    out_when_all_face_up=True,
    twos_negative=False,
    king_value=10,
)

PRESETS: dict[str, Rules] = {r.name: r for r in (EASY4, CLASSIC6, KNOCK9)}

# Nine-card golf as seeds 000 and 002 tell it: only a full column of three cancels.
KNOCK9_FULL_COLUMN = replace(KNOCK9, match="full_column")
