import json
import random
import statistics
from collections import Counter
from dataclasses import replace
from itertools import permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import (
    PRESETS,
    Action,
    Observation,
    State,
    apply_action,
    choose_action,
    hint,
    new_game,
    observe,
    rank,
    score_cards,
)
from games.engine.bots.arena import play_holes
from games.engine.bots.reasons import CODES, Reason
from games.engine.bots.thinking import Unseen, expected_points
from games.engine.cards import build_deck
from tests.engine.strategies import (
    BASES,
    games,
    house_rules,
    play_randomly,
    rigged,
    scrambled,
    steps_of,
)

LEVELS = ["random", "gentle", "steady", "sharp"]
THINKING = ["gentle", "steady", "sharp"]
CLASSIC6 = PRESETS["classic6"]


def started(rules, players=2, seed=1) -> State:
    """A classic6-style hole just past the opening flips (top left and bottom right)."""
    state = new_game(rules, players, seed)
    while state.phase == "start":
        up = state.face_up[state.current]
        state = apply_action(state, Action("flip", 0 if not up[0] else rules.size - 1))
    return state


def table(state: State, mine: tuple[str, ...], up: tuple[bool, ...], top: str) -> State:
    seat = state.current
    layouts = list(state.layouts)
    layouts[seat] = mine
    face_up = list(state.face_up)
    face_up[seat] = up
    return rigged(state, layouts=tuple(layouts), face_up=tuple(face_up), discard=(top,))


# --- the public function ------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_level_plays_a_whole_game_with_legal_moves_and_reasons(level, preset):
    state = new_game(PRESETS[preset], 3, seed=5)
    rng = random.Random(1)
    while not state.is_over:
        view = observe(state, state.current)
        action, reason = choose_action(view, level=level, rng=rng)
        assert action in view.legal_actions
        assert reason.code in CODES
        state = apply_action(state, action)


@settings(max_examples=40, deadline=None)
@given(games(holes=st.sampled_from([1, 2])))
def test_bots_of_every_level_play_any_house_rules_to_the_end_with_legal_moves(game):
    rules, players, seed, choices = game
    state = new_game(rules, players, seed)
    rng = random.Random(choices)
    levels = [LEVELS[(choices + p) % 4] for p in range(players)]
    for _ in range(20_000):
        if state.is_over:
            break
        view = observe(state, state.current)
        action, reason = choose_action(view, level=levels[state.current], rng=rng)
        assert action in view.legal_actions
        assert Reason.from_json(json.loads(json.dumps(reason.to_json()))) == reason
        state = apply_action(state, action)
    assert state.is_over


def test_an_unknown_level_is_refused():
    state = new_game(CLASSIC6, 2, seed=1)
    with pytest.raises(ValueError, match="levels"):
        choose_action(observe(state, state.current), level="expert")


def test_a_seat_cannot_move_out_of_turn():
    state = new_game(CLASSIC6, 2, seed=1)
    other = 1 - state.current
    with pytest.raises(ValueError, match="turn"):
        choose_action(observe(state, other), level="steady")


def test_gentleness_outside_nought_to_one_is_refused():
    state = new_game(CLASSIC6, 2, seed=1)
    with pytest.raises(ValueError, match="gentleness"):
        choose_action(observe(state, state.current), level="gentle", gentleness=1.5)


@settings(max_examples=30, deadline=None)
@given(games(holes=st.just(1)), st.integers(0, 2**32))
def test_the_same_view_and_the_same_seed_give_the_same_move(game, seed):
    rules, players, game_seed, choices = game
    for _, _, state in play_randomly(new_game(rules, players, game_seed), random.Random(choices)):
        if state.is_over:
            break
        view = observe(state, state.current)
        for level in LEVELS:
            first = choose_action(view, level=level, rng=random.Random(seed))
            again = choose_action(view, level=level, rng=random.Random(seed))
            assert first == again


# --- fairness -----------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(games(holes=st.just(1)), st.integers(0, 2**32))
def test_moving_cards_the_seat_cannot_see_never_changes_a_bots_choice(game, scramble):
    mixer = random.Random(scramble)
    for _, _, state in steps_of(game):
        if state.is_over or mixer.random() < 0.7:
            continue
        seat = state.current
        other = scrambled(state, seat, mixer)
        for level in LEVELS:
            k = mixer.randrange(2**32)
            gentleness = mixer.random()
            mine = choose_action(observe(state, seat), level, random.Random(k), gentleness)
            theirs = choose_action(observe(other, seat), level, random.Random(k), gentleness)
            assert mine == theirs


# --- good manners: what every thinking bot, the gentle one included, never does --------


def _need(obs: Observation) -> int:
    return obs.rules.rows if obs.rules.match == "full_column" else 2


def _column(obs: Observation, pos: int) -> list[int]:
    cols = obs.rules.cols
    return [p for p in range(pos % cols, obs.rules.size, cols) if p != pos]


def face_up_pair(obs: Observation, pos: int) -> bool:
    """The face-up card at ``pos`` matches face-up cards in its column."""
    layout = obs.layouts[obs.seat]
    card = layout[pos]
    if card is None:
        return False
    same = sum(1 for p in _column(obs, pos) if layout[p] and rank(layout[p]) == rank(card))
    return same + 1 >= _need(obs)


def known_pair(obs: Observation, pos: int, card: str) -> bool:
    """``card`` at ``pos`` would match cards its owner knows (face up or remembered)."""
    layout = obs.layouts[obs.seat]
    memory = dict(obs.memory)
    same = 0
    for p in _column(obs, pos):
        known = layout[p] or memory.get(p)
        if known and rank(known) == rank(card):
            same += 1
    return same + 1 >= _need(obs)


def check_manners(obs: Observation, action: Action) -> None:
    if obs.phase != "place":
        return
    values = obs.rules.values
    layout = obs.layouts[obs.seat]
    card = obs.drawn
    value = values[rank(card)]
    if action.kind == "swap":
        # The card it covers, if it knows it: face up, or face down and looked at.
        old = layout[action.pos] or dict(obs.memory).get(action.pos)
        if old is None:
            return
        assert not face_up_pair(obs, action.pos), "it broke its own pair"
        assert values[rank(old)] >= value or known_pair(obs, action.pos, card), (
            "it put a higher card onto a lower one it had seen"
        )
    elif value <= 0:
        assert None not in layout, "it threw away a low card with a face-down place free"
        for pos, old in enumerate(layout):
            assert values[rank(old)] < value or known_pair(obs, pos, old), (
                "it threw away a low card it had a place for"
            )


@settings(max_examples=60, deadline=None)
@given(games(holes=st.just(1)), st.floats(0, 1), st.sampled_from(THINKING))
def test_thinking_bots_never_break_a_pair_never_cover_a_lower_card_never_waste_a_low_card(
    game, gentleness, level
):
    rules, players, seed, choices = game
    state = new_game(rules, players, seed)
    rng = random.Random(choices)
    forced = False
    while not state.is_over:
        view = observe(state, state.current)
        action, _ = choose_action(view, level=level, rng=rng, gentleness=gentleness)
        if not forced:
            check_manners(view, action)
        forced = action.kind == "draw_discard" and len(view.legal_actions) == 1
        state = apply_action(state, action)


def test_it_takes_a_card_from_the_pile_that_makes_a_pair():
    state = started(CLASSIC6)
    state = table(state, ("7H", "4C", "JD", "9S", "QH", "3C"), (True,) + (False,) * 5, "7D")
    for level in THINKING:
        action, reason = choose_action(observe(state, state.current), level, random.Random(2), 0)
        assert action == Action("draw_discard")
        assert reason == Reason("take_pair", "7", 7)


def test_it_puts_a_pair_in_place_and_says_so():
    state = started(CLASSIC6)
    state = table(state, ("7H", "4C", "JD", "9S", "QH", "3C"), (True,) + (False,) * 5, "7D")
    state = apply_action(state, Action("draw_discard"))
    action, reason = choose_action(observe(state, state.current), "steady", random.Random(1))
    assert action == Action("swap", 3)
    assert reason == Reason("swap_pair", "7", 7)


def test_a_gentle_bot_that_takes_a_card_for_a_pair_always_makes_the_pair():
    state = started(CLASSIC6)
    state = table(state, ("7H", "4C", "JD", "9S", "QH", "3C"), (True,) + (False,) * 5, "7D")
    taken = 0
    for seed in range(40):
        rng = random.Random(seed)
        action, _ = choose_action(observe(state, state.current), "gentle", rng, gentleness=1.0)
        if action == Action("draw_discard"):
            taken += 1
            holding = apply_action(state, action)
            action, reason = choose_action(observe(holding, holding.current), "gentle", rng, 1.0)
            assert action == Action("swap", 3)
            assert reason.code == "swap_pair"
    assert 0 < taken < 40  # it sometimes misses the chance, as a beginner does


@pytest.mark.parametrize("level", ["steady", "sharp"])
def test_with_the_four_of_a_kind_rule_it_makes_four_of_a_kind(level):
    rules = replace(CLASSIC6, four_of_a_kind="pair_of_columns")
    state = started(rules)
    # Two 7s matched in the first column, a third 7 face up in the last; a 9 beside it.
    mine = ("7H", "4C", "7C", "7S", "QH", "9D")
    state = table(state, mine, (True, False, True, True, False, True), "7D")
    action, _ = choose_action(observe(state, state.current), level, random.Random(1))
    assert action == Action("draw_discard")
    holding = apply_action(state, action)
    action, reason = choose_action(observe(holding, holding.current), level, random.Random(1))
    assert action == Action("swap", 5)
    assert reason == Reason("swap_four", "7", 7, total=10)


def test_it_keeps_a_drawn_king_for_being_worth_nothing():
    state = started(CLASSIC6)
    state = table(state, ("9H", "4C", "JD", "8S", "QH", "3C"), (True,) * 2 + (False,) * 4, "5D")
    state = rigged(state, stock=state.stock + ("KD",))
    state = apply_action(state, Action("draw_stock"))
    for level in THINKING:
        action, reason = choose_action(observe(state, state.current), level, random.Random(3), 0)
        assert action.kind == "swap"
        assert reason.code in ("swap_low", "swap_low_for_known")
        assert (reason.rank, reason.value) == ("K", 0)


def test_it_throws_away_a_big_card_it_has_no_use_for():
    state = started(CLASSIC6)
    state = table(state, ("2H", "KC", "AD", "8S", "QH", "3C"), (True,) * 3 + (False,) * 3, "5D")
    state = rigged(state, stock=state.stock + ("JD",))
    state = apply_action(state, Action("draw_stock"))
    action, reason = choose_action(observe(state, state.current), "steady", random.Random(3))
    assert action == Action("discard")
    assert reason == Reason("discard_high", "J", 10)


def test_it_does_not_go_out_when_the_other_player_is_clearly_lower():
    state = started(CLASSIC6)
    seat = state.current
    other = 1 - seat
    layouts = list(state.layouts)
    layouts[seat] = ("9H", "9C", "10D", "8S", "QH", "3C")
    layouts[other] = ("KH", "KC", "2D", "KS", "4H", "2C")
    face_up = list(state.face_up)
    face_up[seat] = (True, True, True, True, True, False)
    face_up[other] = (True, True, True, True, True, False)
    state = rigged(state, layouts=tuple(layouts), face_up=tuple(face_up), discard=("5S",))
    state = rigged(state, stock=state.stock + ("4D",))
    state = apply_action(state, Action("draw_stock"))
    for level in ("steady", "sharp"):
        action, _ = choose_action(observe(state, seat), level, random.Random(3))
        assert action != Action("swap", 5)


def test_knock_golf_bot_knocks_with_a_low_score_and_waits_with_a_high_one():
    rules = PRESETS["knock9"]
    state = started(rules)
    seat = state.current
    low = ("KH", "KC", "AS", "KD", "KS", "AD", "2C", "2D", "AC")
    high = ("QH", "9C", "JS", "8D", "7S", "JD", "10C", "9D", "QC")
    up = (True,) * 9
    after = apply_action(
        table(state, low[:8] + ("5H",), up[:8] + (False,), "3H"), Action("draw_stock")
    )
    knock = apply_action(after, Action("discard"))
    assert knock.phase == "knock"
    for level in ("steady", "sharp"):
        quiet = table(knock, high[:8] + ("5H",), up[:8] + (False,), knock.discard[-1])
        assert choose_action(observe(quiet, seat), level, random.Random(1))[0].kind == "end_turn"
        loud = table(knock, low[:8] + ("AH",), up, knock.discard[-1])
        action, reason = choose_action(observe(loud, seat), level, random.Random(1))
        assert action.kind == "knock"
        assert reason.code == "knock_exact"  # every card face up
        assert reason.total is not None and reason.total < 5


# --- reasons ------------------------------------------------------------------------


def test_a_reason_is_a_value_equal_to_any_with_the_same_code_and_values():
    assert Reason("take_low", "2", -2) == Reason("take_low", "2", -2)
    assert Reason("take_low", "2", -2) != Reason("take_low", "2", 1)
    assert len({Reason("knock", total=3), Reason("knock", total=3)}) == 1
    with pytest.raises(AttributeError):
        Reason("knock", total=3).total = 1  # type: ignore[misc]


def test_a_reason_goes_to_json_and_back_with_only_the_values_it_has():
    reason = Reason("swap_for_known", "K", 0, old="9")
    data = reason.to_json()
    assert data == {"code": "swap_for_known", "rank": "K", "value": 0, "old": "9"}
    assert Reason.from_json(json.loads(json.dumps(data))) == reason
    assert Reason.from_json({"code": "only_move"}) == Reason("only_move")


@pytest.mark.parametrize(
    "data",
    [{}, {"rank": "7"}, {"code": "take_low", "card": "7"}, {"code": "I kept the king."}],
)
def test_a_reason_that_is_not_one_a_bot_gives_is_refused(data):
    with pytest.raises(ValueError, match="reason"):
        Reason.from_json(data)


def test_a_hint_is_the_steady_move_for_the_childs_seat_with_its_reason():
    state = started(CLASSIC6)
    state = table(state, ("7H", "4C", "JD", "9S", "QH", "3C"), (True,) + (False,) * 5, "7D")
    action, reason = hint(observe(state, state.current), random.Random(1))
    assert action == Action("draw_discard")
    assert reason == Reason("take_pair", "7", 7)


# --- the bots' arithmetic agrees with the engine's ---------------------------------


def engine_column_score(ranks, rules) -> int:
    """The engine's score of a column of ``ranks``, put in the first column of a layout."""
    codes = [r if r == "JK" else r + "H" for r in ranks]
    layout = [
        codes[row] if c == 0 else "KH" for row in range(rules.rows) for c in range(rules.cols)
    ]
    return score_cards(layout, rules).columns[0].total


@st.composite
def columns_and_unseen(draw, hidden: int):
    """(rules, the known ranks of a column with ``hidden`` face-down cards, the cards not
    seen: a few, so that every way of drawing the hidden ones can be tried)."""
    rules = draw(house_rules())
    deck = build_deck(rules.decks_for(2), jokers=rules.jokers is not None)
    hidden = min(hidden, rules.rows)
    known = draw(
        st.lists(st.sampled_from(deck), min_size=rules.rows - hidden, max_size=rules.rows - hidden)
    )
    # Few ranks, so that matches among the hidden cards are likely.
    ranks = draw(st.lists(st.sampled_from(sorted({rank(c) for c in deck})), min_size=1, max_size=3))
    unseen = draw(st.lists(st.sampled_from(ranks), min_size=max(hidden, 1), max_size=7))
    return rules, [rank(c) for c in known], hidden, unseen


@settings(max_examples=200, deadline=None)
@given(columns_and_unseen(hidden=0))
def test_a_column_with_every_card_known_scores_what_the_engine_scores(case):
    rules, known, hidden, unseen = case
    counts = Unseen(rules, Counter(unseen))
    assert expected_points(known, 0, counts) == engine_column_score(known, rules)


@pytest.mark.parametrize("hidden", [1, 2, 3])
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_expected_points_are_the_engines_score_averaged_over_every_draw_of_the_hidden_cards(
    hidden, data
):
    rules, known, hidden, unseen = data.draw(columns_and_unseen(hidden))
    draws = list(permutations(unseen, hidden))
    average = sum(engine_column_score(known + list(d), rules) for d in draws) / len(draws)
    assert expected_points(known, hidden, Unseen(rules, Counter(unseen))) == pytest.approx(average)


def test_a_whole_column_of_one_rank_scores_0_in_every_base_preset():
    for rules, r in product(BASES, ("7", "K", "2")):
        unseen = Unseen(rules, Counter({"5": 4}))
        assert expected_points([r] * rules.rows, 0, unseen) == 0


def test_a_column_of_hidden_cards_is_worth_the_mean_card_less_the_pairs_they_may_make():
    # Classic6: of 2 unseen kings (0) and 2 unseen 5s, a hidden pair is 5 + 0 two times in
    # three, and a pair scoring 0 otherwise.
    unseen = Unseen(CLASSIC6, Counter({"K": 2, "5": 2}))
    assert expected_points([], 2, unseen) == pytest.approx(5 * 2 / 3)


@pytest.mark.parametrize("level", THINKING)
def test_a_bot_never_names_a_card_it_only_remembers(level):
    # Easy4: the bot peeked at its bottom row, a 7 and a king, still face down.
    state = new_game(PRESETS["easy4"], 2, seed=3)
    state = table(state, ("9H", "4C", "7S", "KD"), (False,) * 4, "7D")
    # At gentleness 0 the gentle bot forgets nothing, so every level sees the pair.
    view = observe(state, state.current)
    action, reason = choose_action(view, level, random.Random(1), gentleness=0.0)
    assert action == Action("draw_discard")
    # The card it takes is on the pile for all to see; the one it remembers is not told.
    assert reason == Reason("take_pair_remembered", "7", 7)

    holding = apply_action(state, action)
    view = observe(holding, holding.current)
    action, reason = choose_action(view, level, random.Random(1), gentleness=0.0)
    assert action == Action("swap", 0)
    assert reason == Reason("swap_pair_remembered", "7", 7)


def test_a_bot_that_knocks_on_remembered_cards_gives_no_total():
    state = new_game(PRESETS["easy4"], 2, seed=3)
    state = table(state, ("KH", "2C", "KS", "2D"), (False,) * 4, "QD")
    state = rigged(state, known=tuple(frozenset(range(4)) for _ in state.known))
    action, reason = choose_action(observe(state, state.current), "steady", random.Random(1))
    assert action == Action("knock")
    assert reason == Reason("knock_remembered")


def test_a_bot_with_every_card_face_up_knocks_on_its_exact_total_and_otherwise_a_guess():
    state = new_game(PRESETS["easy4"], 2, seed=3)
    # A pair of kings and a pair of twos, all face up: both pairs cancel, 0 exactly.
    face_up = table(state, ("KH", "2C", "KS", "2D"), (True,) * 4, "QD")
    action, reason = choose_action(observe(face_up, face_up.current), "steady", random.Random(1))
    assert (action, reason) == (Action("knock"), Reason("knock_exact", total=0))
    # The same cards with a two still face down, and not seen: the total is a guess.
    one_down = table(state, ("KH", "2C", "KS", "2D"), (True, True, True, False), "QD")
    one_down = rigged(one_down, known=tuple(frozenset() for _ in one_down.known))
    action, reason = choose_action(observe(one_down, one_down.current), "steady", random.Random(1))
    assert action == Action("knock") and reason.code == "knock"


def test_in_memory_mode_a_bot_keeps_the_stock_card_it_puts_face_down_to_itself():
    rules = replace(PRESETS["easy4"], memory_mode=True)
    state = new_game(rules, 2, seed=3)
    state = table(state, ("9H", "QC", "7S", "8D"), (False,) * 4, "JD")
    state = rigged(state, stock=state.stock + ("KH",))
    state = apply_action(state, Action("draw_stock"))
    action, reason = choose_action(observe(state, state.current), "steady", random.Random(1))
    assert action.kind == "swap"
    # The reason holds the card for the hint (the child may hear about their own card);
    # what a bot says with it never names it (tests/games/test_narration.py).
    assert reason == Reason("swap_memory", "K", 0)


# --- the ladder: each level plays better than the one below it --------------------------


@pytest.mark.parametrize("preset", ["classic6", "knock9"])
@pytest.mark.parametrize(
    ("better", "worse"), [("sharp", "steady"), ("steady", "gentle"), ("gentle", "random")]
)
def test_each_level_scores_lower_than_the_level_below_with_95_percent_confidence(
    preset, better, worse
):
    holes = list(play_holes(PRESETS[preset], [better, worse], 2000, seed=1))
    differences = [mine - theirs for mine, theirs in holes]
    mean = statistics.fmean(differences)
    margin = 1.96 * statistics.stdev(differences) / len(differences) ** 0.5
    assert mean + margin < 0, f"{better} minus {worse}: {mean:.2f} ± {margin:.2f} points a hole"
