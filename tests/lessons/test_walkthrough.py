from games.engine import apply_action, new_game, observe, rank, replay, score_cards
from lessons.walkthrough import MOVES, PLAYERS, RULES, SEAT, SEED, slides

KEYS = [
    "deal",
    "peek",
    "draw",
    "swap_or_throw",
    "kings",
    "twos",
    "pairs",
    "knock",
    "last_turn",
    "count_up",
    "lowest_wins",
]


def by_key():
    return {slide.key: slide for slide in slides()}


def movers() -> list[int]:
    """Who made each of the walkthrough's moves."""
    seats, state = [], new_game(RULES, PLAYERS, SEED)
    for move in MOVES:
        seats.append(state.current)
        state = apply_action(state, move)
    return seats


def last_move_by(seat: int, moves: int):
    who = movers()
    return next(MOVES[n] for n in reversed(range(moves)) if who[n] == seat)


def test_the_slides_come_in_the_order_of_the_game():
    assert [slide.key for slide in slides()] == KEYS
    moves = [slide.moves for slide in slides()]
    assert moves == sorted(moves)
    assert moves[-1] == len(MOVES)


def test_every_slide_is_a_moment_of_one_real_game():
    for slide in slides():
        assert slide.actions == MOVES[: slide.moves]
        assert slide.state() == replay(RULES, PLAYERS, SEED, slide.actions)
    assert RULES.name == "easy4"


def test_the_deal_and_the_peek():
    deal, peek = by_key()["deal"], by_key()["peek"]
    state = deal.state()
    assert state == new_game(RULES, PLAYERS, SEED)
    assert state.current == SEAT
    assert not any(any(ups) for ups in state.face_up)
    assert peek.show_memory and peek.focus == RULES.peek_positions
    memory = dict(observe(peek.state(), SEAT).memory)
    assert sorted(memory) == list(peek.focus)
    # The text says both near cards are 7s: they are.
    assert [rank(card) for card in memory.values()] == ["7", "7"]


def test_the_class_draws_then_throws_the_card_away():
    draw, thrown = by_key()["draw"], by_key()["swap_or_throw"]
    state = draw.state()
    assert (state.current, state.phase, state.drawn_from) == (SEAT, "place", "stock")
    assert rank(state.drawn) == "9"
    assert last_move_by(SEAT, thrown.moves).kind == "discard"
    assert thrown.state().discard[-1] == state.drawn


def face_up_at(slide, pos) -> str:
    state = slide.state()
    assert state.face_up[SEAT][pos]
    return rank(state.layouts[SEAT][pos])


def test_the_king_and_the_two_are_swapped_in_face_up():
    kings, twos = by_key()["kings"], by_key()["twos"]
    assert last_move_by(SEAT, kings.moves).kind == "swap"
    assert [face_up_at(kings, pos) for pos in kings.focus] == ["K"]
    assert RULES.values["K"] == 0
    assert [face_up_at(twos, pos) for pos in twos.focus] == ["2"]
    assert RULES.values["2"] == -2


def test_the_pairs_slide_shows_a_pair_in_one_column_cancelling():
    pairs = by_key()["pairs"]
    assert [face_up_at(pairs, pos) for pos in pairs.focus] == ["4", "4"]
    column = pairs.focus[0] % RULES.cols
    assert all(pos % RULES.cols == column for pos in pairs.focus)
    layout = pairs.state().layouts[SEAT]
    assert score_cards(layout, RULES).columns[column].matched == "4"


def test_the_knock_and_the_last_turn():
    knock, last = by_key()["knock"], by_key()["last_turn"]
    assert MOVES[knock.moves - 1].kind == "knock"
    assert last_move_by(SEAT, knock.moves).kind == "knock"
    assert knock.state().caller == SEAT
    state = last.state()
    assert state.caller == SEAT and state.current != SEAT
    assert state.drawn is not None and not state.is_over
    # The other player's last turn is the game's last move.
    assert movers()[last.moves :] == [state.current]


def test_the_count_up_tells_the_score_story_and_the_lowest_wins():
    count, wins = by_key()["count_up"], by_key()["lowest_wins"]
    state = count.state()
    assert state.is_over
    result = state.results[-1]
    assert count.story.total == result.raw[SEAT]
    assert count.story.equations[-1].endswith(f"= {count.story.points}")
    assert wins.winner.seats == state.winners == (SEAT,)
    assert wins.text == wins.winner.text
