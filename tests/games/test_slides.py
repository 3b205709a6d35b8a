"""The teacher's slides: one real game, told a moment a slide, each text naming only the
cards on its table."""

import re

from games.engine import apply_action, new_game, observe, rank, rebuild, score_cards
from games.slides import slides_told
from games.words.cards import number
from lessons.core.walkthrough import MOVES, PLAYERS, RULES, SEAT, SEED, slides, state_after

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


# A card named in a sentence: "a 9", "an ace", "your 7", "your other 4", "both 7s", "Two 4s".
# A bare number ("is worth 0", "takes away 2", "gets 4 cards") is a number, not a card.
CARD = re.compile(r"\b(?:a|an|your|other|both|two) (ace|jack|queen|king|10|[2-9])s?\b", re.I)
RANK_OF = {"ace": "A", "jack": "J", "queen": "Q", "king": "K"}


def cards_named(text: str) -> set[str]:
    """The ranks of the cards a slide's text names."""
    return {RANK_OF.get(word.lower(), word) for word in CARD.findall(text)}


def test_the_card_names_are_read_as_cards_and_numbers_are_not():
    said = "A king is worth 0! Swap it for your 7. Two 4s cancel. An ace takes away 2."
    assert cards_named(said) == {"K", "7", "4", "A"}


def by_key():
    """The slides in words, by key (each with its facts: ``.slide``)."""
    return {said.key: said for said in slides_told()}


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
        assert slide.state() == rebuild(RULES, PLAYERS, SEED, slide.actions)
    assert RULES.name == "easy4"


def test_the_deal_and_the_peek():
    deal, peek = by_key()["deal"], by_key()["peek"]
    state = deal.slide.state()
    assert state == new_game(RULES, PLAYERS, SEED)
    assert state.current == SEAT
    assert not any(any(ups) for ups in state.face_up)
    assert peek.slide.show_memory and peek.focus == RULES.peek_positions
    memory = dict(observe(peek.slide.state(), SEAT).memory)
    assert sorted(memory) == list(peek.focus)
    # The text names the near cards, and only those.
    assert cards_named(peek.text) == {rank(card) for card in memory.values()}


def test_the_class_draws_then_throws_the_card_away():
    draw, thrown = by_key()["draw"], by_key()["swap_or_throw"]
    state = draw.slide.state()
    assert (state.current, state.phase, state.drawn_from) == (SEAT, "place", "stock")
    assert cards_named(draw.text) == {rank(state.drawn)}
    assert last_move_by(SEAT, thrown.slide.moves).kind == "discard"
    assert thrown.slide.state().discard[-1] == state.drawn
    # It was worth more than every card the class had peeked at, as the text says.
    peeked = [card for _, card in observe(state, SEAT).memory]
    assert all(RULES.values[rank(card)] < RULES.values[rank(state.drawn)] for card in peeked)
    assert cards_named(thrown.text) == {rank(card) for card in [state.drawn, *peeked]}


def face_up_at(slide, pos) -> str:
    state = slide.slide.state()
    assert state.face_up[SEAT][pos]
    return rank(state.layouts[SEAT][pos])


def swapped_in(slide):
    """The slide's move is the class putting its held card at a place the slide points at.
    The state just before it, and the card it replaced if the class had seen that card."""
    before, move = state_after(slide.slide.moves - 1), MOVES[slide.slide.moves - 1]
    assert before.current == SEAT
    assert move.kind == "swap" and move.pos in slide.focus
    replaced = before.layouts[SEAT][move.pos]
    seen = before.face_up[SEAT][move.pos] or move.pos in before.known[SEAT]
    return before, replaced if seen else None


def says_where_from(slide, before) -> bool:
    where = {"stock": "from the stock", "discard": "from the pile"}[before.drawn_from]
    return where in slide.text


def test_the_king_and_the_two_are_swapped_in_face_up():
    kings, twos = by_key()["kings"], by_key()["twos"]
    assert [face_up_at(kings, pos) for pos in kings.focus] == ["K"]
    assert RULES.values["K"] == 0
    assert [face_up_at(twos, pos) for pos in twos.focus] == ["2"]
    assert RULES.values["2"] == -2


def test_the_king_goes_in_for_a_card_the_text_names():
    kings = by_key()["kings"]
    before, replaced = swapped_in(kings)
    assert rank(before.drawn) == "K"
    assert replaced is not None and RULES.values[rank(replaced)] > 0
    assert cards_named(kings.text) == {"K", rank(replaced)}
    assert says_where_from(kings, before)


def test_the_two_goes_on_a_face_down_card_the_class_has_not_seen():
    twos = by_key()["twos"]
    before, replaced = swapped_in(twos)
    assert rank(before.drawn) == "2"
    assert replaced is None and "face-down card" in twos.text
    assert cards_named(twos.text) == {"2"}
    assert says_where_from(twos, before)


def test_the_pairs_slide_shows_a_pair_in_one_column_cancelling():
    pairs = by_key()["pairs"]
    layout = pairs.slide.state().layouts[SEAT]
    matched = rank(layout[pairs.focus[0]])
    assert [face_up_at(pairs, pos) for pos in pairs.focus] == [matched, matched]
    assert len(pairs.focus) == RULES.rows
    column = pairs.focus[0] % RULES.cols
    assert all(pos % RULES.cols == column for pos in pairs.focus)
    assert score_cards(layout, RULES).columns[column].matched == matched
    assert RULES.values[matched] > 0  # so cancelling really takes points away
    # The pair is made by the slide's move: the column did not match before it.
    before, replaced = swapped_in(pairs)
    assert score_cards(before.layouts[SEAT], RULES).columns[column].matched is None
    assert rank(before.drawn) == matched
    assert cards_named(pairs.text) == {matched} | ({rank(replaced)} if replaced else set())
    assert says_where_from(pairs, before)


def test_the_moments_come_one_at_a_time():
    keys = ["draw", "swap_or_throw", "kings", "twos", "pairs", "knock", "last_turn"]
    moves = [by_key()[key].slide.moves for key in keys]
    assert moves == sorted(set(moves))


def test_the_knock_and_the_last_turn():
    knock, last = by_key()["knock"], by_key()["last_turn"]
    assert MOVES[knock.slide.moves - 1].kind == "knock"
    assert last_move_by(SEAT, knock.slide.moves).kind == "knock"
    assert knock.slide.state().caller == SEAT
    # The class knows every card it knocks with, and the text gives their total.
    before = state_after(knock.slide.moves - 1)
    assert all(up or pos in before.known[SEAT] for pos, up in enumerate(before.face_up[SEAT]))
    total = score_cards(before.layouts[SEAT], RULES).total
    assert total <= 3  # "That is low!"
    assert f"add up to {number(total)}." in knock.text
    state = last.slide.state()
    assert state.caller == SEAT and state.current != SEAT
    assert state.drawn is not None and not state.is_over
    assert says_where_from(last, state)
    # The other player's last turn is the game's last move.
    assert movers()[last.slide.moves :] == [state.current]


def test_the_count_up_tells_the_score_story_and_the_lowest_wins():
    count, wins = by_key()["count_up"], by_key()["lowest_wins"]
    state = count.slide.state()
    assert state.is_over
    result = state.results[-1]
    assert count.story.total == result.raw[SEAT]
    assert count.story.equations[-1].endswith(f"= {count.story.points}")
    assert wins.winner.seats == state.winners == (SEAT,)
    assert wins.text == wins.winner.text


def test_the_texts_write_a_real_minus_sign():
    texts = " ".join(said.text for said in slides_told())
    assert "\N{MINUS SIGN}" in texts  # the 2 and the score below 0 are told
    assert not re.search(r"-\d", texts)
