"""Hypothesis strategies and play helpers shared by the engine's tests."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from hypothesis import strategies as st

from games.engine import (
    KNOCK9_FULL_COLUMN,
    PRESETS,
    Action,
    Rules,
    State,
    apply_action,
    legal_actions,
    new_game,
)
from games.engine.cards import build_deck

BASES = [PRESETS["easy4"], PRESETS["classic6"], PRESETS["knock9"], KNOCK9_FULL_COLUMN]


@st.composite
def house_rules(draw, holes: st.SearchStrategy[int] | None = None) -> Rules:
    """A preset with any valid mix of house rules."""
    base = draw(st.sampled_from(BASES))
    changes = {
        "holes": draw(st.sampled_from([1, 2, 3]) if holes is None else holes),
        "jokers": draw(st.sampled_from([None, "pagat", "minus5"])),
        "caller_penalty": draw(st.sampled_from([None, "low_scores_zero", "double"])),
        "flip_instead_of_draw": draw(st.booleans()),
        "extra_hole": draw(st.booleans()),
    }
    if base.rows == 2:
        changes["four_of_a_kind"] = draw(st.sampled_from([None, "pair_of_columns", "square"]))
    if base.start == "peek":
        changes["memory_mode"] = draw(st.booleans())
    if changes["jokers"] is None and not changes.get("four_of_a_kind"):
        changes["adding_only"] = draw(st.booleans())
    return replace(base, **changes)


@st.composite
def games(draw, holes: st.SearchStrategy[int] | None = None) -> tuple[Rules, int, int, int]:
    """(rules, players, seed, seed for the random player's choices)"""
    rules = draw(house_rules(holes))
    players = draw(st.integers(2, min(6, rules.max_players)))
    return rules, players, draw(st.integers(0, 2**32)), draw(st.integers(0, 2**32))


def play_randomly(state: State, rng: random.Random, max_actions: int = 100_000):
    """Yield (state, action, next state) for random legal play to the end of the game."""
    for _ in range(max_actions):
        if state.is_over:
            return
        action = rng.choice(legal_actions(state))
        after = apply_action(state, action)
        yield state, action, after
        state = after
    raise AssertionError("the game did not end")


def steps_of(game: tuple[Rules, int, int, int]):
    """Random legal play of a game drawn by :func:`games`, step by step."""
    rules, players, seed, choices = game
    return play_randomly(new_game(rules, players, seed), random.Random(choices))


def play_to_end(state: State, rng: random.Random) -> tuple[State, list[Action]]:
    """Random legal play to the end: the final state and the action log."""
    log = []
    for _, action, after in play_randomly(state, rng):
        log.append(action)
        state = after
    return state, log


def cards_in_play(state: State) -> Counter:
    cards = Counter(state.stock) + Counter(state.discard)
    for layout in state.layouts:
        cards += Counter(layout)
    if state.drawn is not None:
        cards[state.drawn] += 1
    return cards


def full_deck(state: State) -> Counter:
    rules = state.rules
    return Counter(build_deck(rules.decks_for(state.players), jokers=rules.jokers is not None))


def hidden_from(state: State, seat: int) -> list[tuple[str, int, int]]:
    """Every place holding a card ``seat`` may not see: ("layout", player, pos) and the rest."""
    places = [("stock", i, 0) for i in range(len(state.stock))]
    for p, ups in enumerate(state.face_up):
        for pos, up in enumerate(ups):
            if not up and not (p == seat and pos in state.known[p]):
                places.append(("layout", p, pos))
    if state.drawn is not None and state.drawn_from == "stock" and state.current != seat:
        places.append(("drawn", 0, 0))
    return places


def rigged(state: State, **fields) -> State:
    """A copy of ``state`` with some cards put where a test needs them."""
    return state._replace(**fields)


def scrambled(state: State, seat: int, rng: random.Random) -> State:
    """The same game as ``seat`` sees it, with every card it cannot see moved around."""
    places = hidden_from(state, seat)
    stock, layouts = list(state.stock), [list(x) for x in state.layouts]
    cards = []
    for where, a, b in places:
        cards.append(
            stock[a] if where == "stock" else layouts[a][b] if where == "layout" else state.drawn
        )
    rng.shuffle(cards)
    drawn = state.drawn
    for (where, a, b), card in zip(places, cards, strict=True):
        if where == "stock":
            stock[a] = card
        elif where == "layout":
            layouts[a][b] = card
        else:
            drawn = card
    return rigged(state, stock=tuple(stock), layouts=tuple(tuple(x) for x in layouts), drawn=drawn)
