"""Scoring a layout, with a breakdown the lesson layer can explain line by line.

A layout is scored column by column; only cards in the same column can cancel.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import rank
from .rules import Rules

FOUR_OF_A_KIND_BONUS = {"pair_of_columns": -10, "square": -20}


@dataclass(frozen=True, slots=True)
class ColumnScore:
    """One column, top to bottom: its cards, what each is worth, and what cancelled."""

    cards: tuple[str, ...]
    values: tuple[int, ...]
    # False for a card whose points were cancelled by a match.
    counts: tuple[bool, ...]
    # The rank that matched and cancelled ("Q" for a pair of queens), or None.
    matched: str | None
    total: int


@dataclass(frozen=True, slots=True)
class LayoutScore:
    columns: tuple[ColumnScore, ...]
    # The four-of-a-kind bonus (negative), 0 when there is none.
    bonus: int
    total: int


def matched_rank(ranks: Sequence[str | None], rules: Rules) -> str | None:
    """The rank that matches and cancels in a column, or None. The one statement of the
    matching rule: a None rank (a card still face down) matches nothing, so the table can
    ask it of a column half turned up."""
    if rules.match == "full_column":
        first = ranks[0]
        return first if first is not None and ranks.count(first) == len(ranks) else None
    # At most one rank can repeat in a column of two or three cards.
    for i, r in enumerate(ranks):
        if r is not None and r in ranks[i + 1 :]:
            return r
    return None


def score_column(cards: Sequence[str], rules: Rules) -> ColumnScore:
    values = rules.values
    ranks = [rank(c) for c in cards]
    matched = matched_rank(ranks, rules)
    card_values = tuple(values[r] for r in ranks)
    counts = tuple(r != matched for r in ranks)
    total = sum(v for v, counted in zip(card_values, counts, strict=True) if counted)
    return ColumnScore(tuple(cards), card_values, counts, matched, total)


def four_of_a_kind(matched: Sequence[str | None], rules: Rules) -> int:
    """The bonus (negative) for two matched columns of the same rank (two-row layouts only),
    given the rank that matched in each column, or None."""
    kind = rules.four_of_a_kind
    if kind is None:
        return 0
    by_rank: dict[str, list[int]] = {}
    for i, r in enumerate(matched):
        if r is not None:
            by_rank.setdefault(r, []).append(i)
    bonuses = 0
    for places in by_rank.values():
        if kind == "pair_of_columns":
            bonuses += len(places) // 2
        else:  # "square": the two matched columns must sit side by side
            i = 0
            while i + 1 < len(places):
                if places[i + 1] == places[i] + 1:
                    bonuses += 1
                    i += 2
                else:
                    i += 1
    return bonuses * FOUR_OF_A_KIND_BONUS[kind]


def score_layout(rows: Sequence[Sequence[str]], rules: Rules) -> LayoutScore:
    """Score a layout given as rows of card codes, top row first."""
    if len(rows) != rules.rows or any(len(row) != rules.cols for row in rows):
        raise ValueError(f"{rules.name} layouts are {rules.rows} rows of {rules.cols} cards")
    columns = tuple(score_column([row[c] for row in rows], rules) for c in range(rules.cols))
    bonus = four_of_a_kind([col.matched for col in columns], rules)
    return LayoutScore(columns, bonus, sum(col.total for col in columns) + bonus)


def score_cards(cards: Sequence[str], rules: Rules) -> LayoutScore:
    """Score a layout stored flat, row by row (the engine's own form)."""
    cols = rules.cols
    return score_layout([cards[r * cols : (r + 1) * cols] for r in range(rules.rows)], rules)


def apply_caller_penalty(raw: dict[int, int], caller: int | None, rules: Rules) -> dict[int, int]:
    """Hole scores by seat after the caller penalty house rule."""
    scores = dict(raw)
    if rules.caller_penalty is None or caller is None:
        return scores
    low = min(raw.values())
    if rules.caller_penalty == "low_scores_zero":
        # Seed 000 read literally: the low scorers score 0, and a caller who is not among
        # them adds the low score to their own.
        for seat, s in raw.items():
            if s == low:
                scores[seat] = 0
        if raw[caller] != low:
            scores[caller] = raw[caller] + low
    elif sum(1 for s in raw.values() if s <= raw[caller]) > 1 and raw[caller] > 0:
        # Ours: a caller who is not strictly lowest scores double. Doubling a score below
        # zero would be a reward, so a negative score is left alone.
        scores[caller] = raw[caller] * 2
    return scores
