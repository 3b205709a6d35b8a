"""Rule mixes, layouts, played games and an equation reader for the lesson tests.

Only the engine's public API is used: its internals are not the lessons' business.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from itertools import product

from hypothesis import strategies as st

from games.engine import (
    KNOCK9_FULL_COLUMN,
    PRESETS,
    Rules,
    State,
    apply_action,
    legal_actions,
    new_game,
)

BASES = (PRESETS["easy4"], PRESETS["classic6"], PRESETS["knock9"], KNOCK9_FULL_COLUMN)
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")


def _mixes() -> list[Rules]:
    mixes = []
    for base, jokers, penalty, fours, adding in product(
        BASES,
        (None, "pagat", "minus5"),
        (None, "low_scores_zero", "double"),
        (None, "pair_of_columns", "square"),
        (False, True),
    ):
        if (fours and base.rows != 2) or (adding and (jokers or fours)):
            continue
        mixes.append(
            replace(
                base,
                jokers=jokers,
                caller_penalty=penalty,
                four_of_a_kind=fours,
                adding_only=adding,
            )
        )
    return mixes


# Every preset with every mix of the house rules that change a score.
RULE_MIXES = tuple(_mixes())
ADDING_ONLY = tuple(r for r in RULE_MIXES if r.adding_only)


def ranks_for(rules: Rules) -> tuple[str, ...]:
    return RANKS + (("JK",) if rules.jokers else ())


def code(rank: str, suit: str) -> str:
    return "JK" if rank == "JK" else rank + suit


@st.composite
def layouts(draw, rules: Rules) -> list[list[str]]:
    """Rows of cards for ``rules``. The ranks come from a small palette, so that pairs,
    triples and four of a kind turn up often."""
    palette = draw(st.lists(st.sampled_from(ranks_for(rules)), min_size=1, max_size=5))
    return [
        [
            code(draw(st.sampled_from(palette)), draw(st.sampled_from(SUITS)))
            for _ in range(rules.cols)
        ]
        for _ in range(rules.rows)
    ]


def rules_and_layouts() -> st.SearchStrategy[tuple[Rules, list[list[str]]]]:
    """One of the rule mixes, and rows of cards for it."""
    return st.sampled_from(RULE_MIXES).flatmap(lambda r: st.tuples(st.just(r), layouts(r)))


def random_layout(rules: Rules, rng: random.Random) -> list[list[str]]:
    """:func:`layouts` without hypothesis, for loops over every rule mix."""
    palette = rng.choices(ranks_for(rules), k=rng.randint(1, 5))
    return [
        [code(rng.choice(palette), rng.choice(SUITS)) for _ in range(rules.cols)]
        for _ in range(rules.rows)
    ]


def rows_of(text: str) -> list[list[str]]:
    """``"QH 9C KS / QD 2H 5C"`` as rows of cards."""
    return [row.split() for row in text.split("/")]


def play_randomly(rules: Rules, players: int, seed: int) -> State:
    """A whole game of random legal moves, seeded."""
    rng = random.Random(seed)
    state = new_game(rules, players, seed)
    while not state.is_over:
        state = apply_action(state, rng.choice(legal_actions(state)))
    return state


# --- reading an equation back ----------------------------------------------------------

_FIRST = re.compile(r"−?(0|[1-9]\d*)")
_ADDED = re.compile(r"0|[1-9]\d*|\(−[1-9]\d*\)")


def _value(text: str) -> int:
    text = text.strip("()")
    return -int(text[1:]) if text.startswith("−") else int(text)


def read_equation(equation: str) -> tuple[list[int], int]:
    """``"9 + (−2) = 7"`` as ``([9, -2], 7)``. Anything not written as the lessons promise
    (a hyphen for a minus sign, a negative number added without brackets, "−0") fails."""
    left, equals, right = equation.partition(" = ")
    assert equals, f"no ' = ' in {equation!r}"
    first, *rest = left.split(" + ")
    assert _FIRST.fullmatch(first), f"bad first number in {equation!r}"
    assert all(_ADDED.fullmatch(t) for t in rest), f"bad term in {equation!r}"
    assert _FIRST.fullmatch(right) and right != "−0", f"bad result in {equation!r}"
    assert first != "−0"
    return [_value(first), *(_value(t) for t in rest)], _value(right)


def check_equation(equation: str) -> int:
    """The result of ``equation``, once its arithmetic is checked."""
    terms, result = read_equation(equation)
    assert sum(terms) == result, f"{equation!r} does not add up"
    return result


def mix_id(rules: Rules) -> str:
    """A test id for a rule mix: "classic6-pagat-double-square" and so on."""
    parts = [rules.name if rules.match == "pairs" else f"{rules.name}_full_column"]
    parts += [str(v) for v in (rules.jokers, rules.caller_penalty, rules.four_of_a_kind) if v]
    return "-".join(parts + (["adding_only"] if rules.adding_only else []))
