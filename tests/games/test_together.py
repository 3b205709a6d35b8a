"""Several people at one device: the seats, the pass screen between their turns, the peek
each makes, and the words that name them."""

import random
import re
from dataclasses import replace

import pytest
from django.test import Client

from games import turns
from games.board import NO_TABLE, board
from games.engine import PRESETS, IllegalAction, legal_actions
from games.models import Game, Seat
from lessons.card_words import card_label
from tests.factories import ChildFactory, ParentFactory

from .conftest import moves_on, version_on
from .test_play import hidden_cards, named

pytestmark = pytest.mark.django_db

CARD = re.compile(r'class="card[ "]')


@pytest.fixture
def family():
    parent = ParentFactory()
    robin = ChildFactory(parent=parent, nickname="Robin", gentleness=0.5)
    sam = ChildFactory(parent=parent, nickname="Sam", gentleness=1.0, maths_level="negative")
    return parent, robin, sam


def together(
    people, preset: str = "easy4", bots: int = 1, holes: int = 1, seed: int = 3, house=None
):
    rules = replace(PRESETS[preset], holes=holes, **(house or {}))
    game = Game.start(rules, ["gentle"] * bots, seed=seed, people=people, questions=False)
    turns.begin(game)
    return Game.objects.get(pk=game.pk)


def past_the_pass(game: Game) -> turns.Outcome | None:
    """Say "I'm ready" if the game waits for the device to be passed."""
    game.refresh_from_db()
    if turns.stage(game, game.state) == turns.Stage.PASS:
        return turns.take(game, turns.READY)
    return None


def play_on(game: Game, rng: random.Random, until) -> None:
    """Play every person's seat with random calm moves until ``until(game)`` holds."""
    for _ in range(600):
        game.refresh_from_db()
        if until(game):
            return
        now = turns.stage(game, game.state)
        if now == turns.Stage.PASS:
            turns.take(game, turns.READY)
        elif now == turns.Stage.PEEK:
            turns.take(game, turns.REMEMBER)
        elif now == turns.Stage.SUMMARY:
            turns.take(game, turns.NEXT_HOLE)
        else:
            assert now == turns.Stage.PLAY, now
            moves = [str(a) for a in legal_actions(game.state) if a.kind != "knock"]
            turns.take(game, rng.choice(moves or [str(legal_actions(game.state)[0])]))
    raise AssertionError("never got there")


def over(game: Game) -> bool:
    return turns.stage(game, game.state) == turns.Stage.OVER


# --- who sits where -------------------------------------------------------------------


def test_the_people_sit_in_the_order_chosen_and_the_bots_after_them(family) -> None:
    _, robin, sam = family

    game = together([sam, robin], bots=2)

    assert game.bot_levels == [None, None, "gentle", "gentle"]
    assert [(s.number, s.child) for s in Seat.objects.filter(game=game)] == [(0, sam), (1, robin)]
    assert game.names == ("Sam", "Robin", "Pip", "Tully")
    assert game.is_together and game.persons == [0, 1]
    assert set(sam.games.all()) == set(robin.games.all()) == {game}


def test_a_grown_up_sits_at_the_table_without_a_profile(family) -> None:
    _, robin, _ = family

    game = together([robin, None])

    assert game.names == ("Robin", "Grown-up", "Pip")
    assert Seat.objects.get(game=game, number=1).child is None


def test_a_game_for_one_still_calls_its_person_you(family) -> None:
    _, robin, _ = family

    game = together([robin])

    assert game.names == ("You", "Pip")
    assert not game.is_together
    assert turns.stage(game, game.state) != turns.Stage.PASS


# --- passing the device ---------------------------------------------------------------


def test_a_game_together_begins_by_passing_the_device_to_the_first_person(family) -> None:
    _, robin, sam = family
    game = together([robin, sam])

    view = board(game)

    assert view.stage == turns.Stage.PASS
    assert view.prompt == "Pass to Robin"
    assert view.table == NO_TABLE and view.sheet is None
    assert [(c.label, c.move) for c in view.controls] == [("I'm ready", "ready")]


def test_in_four_card_golf_each_person_peeks_at_their_own_cards_after_a_pass(family) -> None:
    _, robin, sam = family
    game = together([robin, sam])
    peeks = {}
    for _ in range(2):
        past_the_pass(game)
        assert turns.stage(game, game.state) == turns.Stage.PEEK
        view = board(game)
        peeks[view.you.name] = [card.code for card in view.you.cards if card.code]
        assert view.prompt.startswith(f"{view.you.name}, look at your 2 bottom cards")
        turns.take(game, turns.REMEMBER)

    state = game.state
    assert peeks == {
        name: [state.layouts[seat][pos] for pos in state.rules.peek_positions]
        for seat, name in enumerate(("Robin", "Sam"))
    }
    game.refresh_from_db()
    assert game.peeked == [1, 1, 0]
    assert turns.stage(game, game.state) in (turns.Stage.PASS, turns.Stage.PLAY)


def test_the_next_decision_of_another_person_waits_for_the_device(family) -> None:
    _, robin, sam = family
    game = together([robin, sam], preset="classic6", bots=2, seed=8)
    seen = set()
    for _ in range(40):
        past_the_pass(game)
        game.refresh_from_db()
        if turns.stage(game, game.state) != turns.Stage.PLAY:
            break
        mover = game.human_seat
        seen.add(mover)
        assert game.state.current == mover
        turns.take(game, str(legal_actions(game.state)[0]))
        game.refresh_from_db()
        if turns.stage(game, game.state) == turns.Stage.PLAY:
            assert game.state.current == mover  # the same person's turn goes on
        elif turns.stage(game, game.state) == turns.Stage.PASS:
            assert turns.waiting_for(game, game.state) != mover
    assert seen == {0, 1}


def test_ready_is_only_for_the_pass_screen_and_moves_are_not(family) -> None:
    _, robin, sam = family
    game = together([robin, sam], preset="classic6")

    with pytest.raises(IllegalAction):
        turns.take(game, str(legal_actions(game.state)[0]))
    past_the_pass(game)
    game.refresh_from_db()
    with pytest.raises(IllegalAction):
        turns.take(game, turns.READY)


def test_after_the_pass_the_next_person_is_shown_what_happened_since_they_last_looked(
    family,
) -> None:
    _, robin, sam = family
    game = together([robin, sam], preset="classic6", bots=1, seed=4)
    rng = random.Random(2)
    play_on(game, rng, lambda g: turns.stage(g, g.state) == turns.Stage.PLAY and g.state.turns > 3)
    first = game.human_seat
    made = []
    while True:
        made += turns.take(game, rng.choice([str(a) for a in legal_actions(game.state)])).steps
        game.refresh_from_db()
        if turns.stage(game, game.state) != turns.Stage.PLAY:
            break

    assert turns.stage(game, game.state) == turns.Stage.PASS
    caught_up = turns.take(game, turns.READY).steps
    assert game.human_seat != first
    # What the first person did and the bots after them, with nothing left out.
    assert caught_up[-len(made) :] == made
    assert all(step.name in ("Robin", "Sam", "Pip") for step in caught_up)
    assert any(step.seat == first for step in caught_up)


def test_a_card_drawn_from_the_stock_is_told_to_nobody_before_it_is_placed(family) -> None:
    _, robin, sam = family
    game = together([robin, sam], preset="easy4", seed=5, house={"memory_mode": True})
    at_a_draw = lambda g: (  # noqa: E731
        turns.stage(g, g.state) == turns.Stage.PLAY and g.state.phase == "draw"
    )
    play_on(game, random.Random(1), at_a_draw)
    mover = game.human_seat

    [drawn] = turns.take(game, "draw_stock").steps
    card = game.state.drawn

    assert (f"hand-{mover}", None, "") in drawn.changes
    [placed, *_] = turns.take(game, "swap:0").steps
    assert card not in {value for change in placed.changes for value in change}
    other = 1 - mover
    assert not any(card in str(step) for step in game.steps_for(other))


def test_lines_name_the_people_by_nickname_and_never_say_you(family) -> None:
    _, robin, sam = family
    game = together([robin, sam], preset="knock9", bots=2)
    told = []
    rng = random.Random(4)
    for _ in range(300):
        game.refresh_from_db()
        if over(game):
            break
        now = turns.stage(game, game.state)
        if now == turns.Stage.PASS:
            told += turns.take(game, turns.READY).steps
        elif now == turns.Stage.SUMMARY:
            told += turns.take(game, turns.NEXT_HOLE).steps
        else:
            moves = [str(a) for a in legal_actions(game.state)]
            told += turns.take(game, rng.choice(moves)).steps

    lines = [step.text for step in told if step.kind != "reveal"]
    assert any(line.startswith("Robin ") for line in lines)
    assert any(line.startswith("Sam ") for line in lines)
    assert not any("You" in line.split() for line in lines)


# --- looking together -----------------------------------------------------------------


def test_the_scores_of_a_hole_are_looked_at_together_with_every_person_named(family) -> None:
    _, robin, sam = family
    game = together([robin, sam], preset="classic6", holes=2)
    play_on(game, random.Random(3), lambda g: turns.stage(g, g.state) == turns.Stage.SUMMARY)

    view = board(game)

    assert view.prompt == "Hole 1 is over."
    assert [(s.name, s.is_you) for s in view.hole.scores][:2] == [("Robin", True), ("Sam", True)]
    assert view.hole.scores[2].name == "Pip" and not view.hole.scores[2].is_you
    assert view.your_total == ""
    assert view.sheet.names == ["Robin", "Sam", "Pip"]


def test_the_ending_gives_everyones_place_and_a_kind_line_for_each_person(family) -> None:
    _, robin, sam = family
    game = together([robin, sam, None], preset="easy4", bots=1, holes=2)
    play_on(game, random.Random(6), over)

    view = board(game)

    assert {p.name for p in view.places} == {"Robin", "Sam", "Grown-up", "Pip"}
    assert [p.is_you for p in view.places if p.name == "Pip"] == [False]
    [robins, sams, grown_ups] = view.kind_lines
    assert robins.startswith("Robin") and sams.startswith("Sam")
    assert grown_ups.startswith("Grown-up")
    assert "You" not in view.winner.split()


# --- the pages ------------------------------------------------------------------------


def parent_client(parent) -> Client:
    client = Client()
    client.force_login(parent)
    return client


def test_the_pass_screen_shows_no_card_at_all_and_the_table_shows_no_hidden_one(
    family,
) -> None:
    parent, robin, sam = family
    game = together([robin, sam], preset="easy4", bots=2, holes=2)
    client = parent_client(parent)
    html = client.get(game.get_absolute_url()).text
    rng = random.Random(9)
    passes = 0
    for _ in range(120):
        game.refresh_from_db()
        state = game.state
        now = turns.stage(game, state)
        if now == turns.Stage.PASS:
            passes += 1
            assert "I&#x27;m ready" in html or "I'm ready" in html
            assert not CARD.search(html)
            every = [c for layout in state.layouts for c in layout] + list(state.discard)
            assert not any(card_label(card) in html for card in every)
            assert "What happened" not in html and "Score sheet" not in html
        elif now in (turns.Stage.PLAY, turns.Stage.PEEK):  # the scores show the last hole's
            for card in hidden_cards(game):
                assert not named(card, html), card
        offered = moves_on(html)
        if not offered:
            break
        html = client.post(
            f"{game.get_absolute_url()}move/",
            {"move": rng.choice(offered), "version": version_on(html)},
        ).text
    assert passes >= 3


def test_the_pass_screen_names_the_next_person_with_their_picture(family) -> None:
    parent, robin, sam = family
    game = together([robin, sam])

    html = parent_client(parent).get(game.get_absolute_url()).text

    assert "Pass to Robin" in html
    assert "/avatars/" in html and f"{robin.avatar}.png" in html
    assert 'name="move" value="ready"' in html
