"""Several people at one device: the seats, the pass screen between their turns, the peek
each makes, and the words that name them."""

import random
import re
from dataclasses import replace

import pytest
from django.test import Client

from games.board import Board, PassBoard, StepView, board, seating, step_views
from games.engine import PRESETS, IllegalAction, legal_actions
from games.models import Game, Seat
from games.table import Event, Stage, stage, waiting_for
from peabody.words.cards import card_label
from peabody.words.people import seat_names
from tests.builders import take
from tests.factories import ChildFactory, ParentFactory
from tests.games.pages import hidden_cards, moves_on, named, version_on

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
    return Game.objects.get(pk=game.pk)


def now(game: Game) -> Stage:
    game.refresh_from_db()
    return stage(game.table)


def view(game: Game) -> Board:
    return board(game, game.table, stage(game.table), seating(game, game.table.at_device))


def steps(game: Game, events: list[Event]) -> list[StepView]:
    """``events`` told as the table tells them to the person at it now."""
    return step_views(events, seating(game, game.table.at_device))


def past_the_pass(game: Game) -> None:
    """Say "I'm ready" if the game waits for the device to be passed."""
    if now(game) == Stage.PASS:
        take(game, "ready")


def play_on(game: Game, rng: random.Random, until) -> None:
    """Play every person's seat with random calm moves until ``until(game)`` holds."""
    for _ in range(600):
        game.refresh_from_db()
        if until(game):
            return
        at = stage(game.table)
        if at == Stage.PASS:
            take(game, "ready")
        elif at == Stage.PEEK:
            take(game, "remember")
        elif at == Stage.SUMMARY:
            take(game, "next")
        else:
            assert at == Stage.PLAY, at
            moves = [str(a) for a in legal_actions(game.state) if a.kind != "knock"]
            take(game, rng.choice(moves or [str(legal_actions(game.state)[0])]))
    raise AssertionError("never got there")


def over(game: Game) -> bool:
    return stage(game.table) == Stage.OVER


# --- who sits where -------------------------------------------------------------------


def test_the_people_sit_in_the_order_chosen_and_the_bots_after_them(family) -> None:
    _, robin, sam = family

    game = together([sam, robin], bots=2)

    assert game.bot_levels == [None, None, "gentle", "gentle"]
    assert [(s.number, s.child) for s in Seat.objects.filter(game=game)] == [(0, sam), (1, robin)]
    assert seat_names(game.bot_levels, game.nicknames) == ("Sam", "Robin", "Pip", "Tully")
    assert game.shared_device and game.people_seats == [0, 1]
    assert set(sam.games.all()) == set(robin.games.all()) == {game}


def test_a_grown_up_sits_at_the_table_without_a_profile(family) -> None:
    _, robin, _ = family

    game = together([robin, None])

    assert seat_names(game.bot_levels, game.nicknames) == ("Robin", "Grown-up", "Pip")
    assert Seat.objects.get(game=game, number=1).child is None


def test_a_game_for_one_still_calls_its_person_you(family) -> None:
    _, robin, _ = family

    game = together([robin])

    assert seat_names(game.bot_levels, game.nicknames) == ("You", "Pip")
    assert not game.shared_device
    assert stage(game.table) != Stage.PASS


# --- passing the device ---------------------------------------------------------------


def test_a_game_together_begins_by_passing_the_device_to_the_first_person(family) -> None:
    _, robin, sam = family
    game = together([robin, sam])

    shown = view(game)

    assert shown.stage == Stage.PASS
    assert shown.prompt == "Pass to Robin"
    # The pass screen's view has no table: no card of anyone's can reach it.
    assert isinstance(shown, PassBoard) and not hasattr(shown, "table")
    assert shown.sheet is None
    assert [(c.label, c.move) for c in shown.controls] == [("I'm ready", "ready")]


def test_in_four_card_golf_each_person_peeks_at_their_own_cards_after_a_pass(family) -> None:
    _, robin, sam = family
    game = together([robin, sam])
    peeks = {}
    for _ in range(2):
        past_the_pass(game)
        assert now(game) == Stage.PEEK
        shown = view(game)
        peeks[shown.you.name] = [card.code for card in shown.you.cards if card.code]
        assert shown.prompt.startswith(f"{shown.you.name}, look at your 2 bottom cards")
        take(game, "remember")

    state = game.state
    assert peeks == {
        name: [state.layouts[seat][pos] for pos in state.rules.peek_positions]
        for seat, name in enumerate(("Robin", "Sam"))
    }
    game.refresh_from_db()
    assert game.table.peeked == (1, 1, 0)
    assert stage(game.table) in (Stage.PASS, Stage.PLAY)


def test_the_next_decision_of_another_person_waits_for_the_device(family) -> None:
    _, robin, sam = family
    game = together([robin, sam], preset="classic6", bots=2, seed=8)
    seen = set()
    for _ in range(40):
        past_the_pass(game)
        if now(game) != Stage.PLAY:
            break
        mover = game.table.at_device
        seen.add(mover)
        assert game.state.current == mover
        take(game, str(legal_actions(game.state)[0]))
        if now(game) == Stage.PLAY:
            assert game.state.current == mover  # the same person's turn goes on
        elif now(game) == Stage.PASS:
            assert waiting_for(game.table) != mover
    assert seen == {0, 1}


def test_ready_is_only_for_the_pass_screen_and_moves_are_not(family) -> None:
    _, robin, sam = family
    game = together([robin, sam], preset="classic6")

    with pytest.raises(IllegalAction):
        take(game, str(legal_actions(game.state)[0]))
    past_the_pass(game)
    with pytest.raises(IllegalAction):
        take(game, "ready")


def test_after_the_pass_the_next_person_is_shown_what_happened_since_they_last_looked(
    family,
) -> None:
    _, robin, sam = family
    game = together([robin, sam], preset="classic6", bots=1, seed=4)
    rng = random.Random(2)
    play_on(game, rng, lambda g: stage(g.table) == Stage.PLAY and g.state.turns > 3)
    first = game.table.at_device
    made = []
    while True:
        made += take(game, rng.choice([str(a) for a in legal_actions(game.state)]))
        if now(game) != Stage.PLAY:
            break

    assert now(game) == Stage.PASS
    take(game, "ready")
    caught_up = list(game.table.unseen[game.table.at_device])
    assert game.table.at_device != first
    # What the first person did and the bots after them, with nothing left out.
    assert caught_up[-len(made) :] == made
    assert all(step.name in ("Robin", "Sam", "Pip") for step in steps(game, caught_up))
    assert any(event.seat == first for event in caught_up)


def test_a_card_drawn_from_the_stock_is_told_to_nobody_before_it_is_placed(family) -> None:
    _, robin, sam = family
    game = together([robin, sam], preset="easy4", seed=5, house={"memory_mode": True})
    at_a_draw = lambda g: stage(g.table) == Stage.PLAY and g.state.phase == "draw"  # noqa: E731
    play_on(game, random.Random(1), at_a_draw)
    mover = game.table.at_device

    [drawn] = take(game, "draw_stock")
    card = game.state.drawn

    assert (("hand", mover), None, "") in drawn.changes
    [placed, *_] = take(game, "swap:0")
    assert card not in {value for change in placed.changes for value in change}
    other = 1 - mover
    assert not any(card in str(event) for event in game.table.unseen[other])


def test_lines_name_the_people_by_nickname_and_never_say_you(family) -> None:
    _, robin, sam = family
    game = together([robin, sam], preset="knock9", bots=2)
    told = []
    rng = random.Random(4)
    for _ in range(300):
        game.refresh_from_db()
        if over(game):
            break
        at = stage(game.table)
        if at == Stage.PASS:
            take(game, "ready")
            told += steps(game, list(game.table.unseen[game.table.at_device]))
        elif at == Stage.SUMMARY:
            told += steps(game, take(game, "next"))
        else:
            moves = [str(a) for a in legal_actions(game.state)]
            told += steps(game, take(game, rng.choice(moves)))

    lines = [step.text for step in told if step.kind != "reveal"]
    assert any(line.startswith("Robin ") for line in lines)
    assert any(line.startswith("Sam ") for line in lines)
    assert not any("You" in line.split() for line in lines)


# --- looking together -----------------------------------------------------------------


def test_the_scores_of_a_hole_are_looked_at_together_with_every_person_named(family) -> None:
    _, robin, sam = family
    game = together([robin, sam], preset="classic6", holes=2)
    play_on(game, random.Random(3), lambda g: stage(g.table) == Stage.SUMMARY)

    shown = view(game)

    assert shown.prompt == "Hole 1 is over."
    assert [(s.name, s.is_you) for s in shown.hole.scores][:2] == [("Robin", True), ("Sam", True)]
    assert shown.hole.scores[2].name == "Pip" and not shown.hole.scores[2].is_you
    assert shown.your_total == ""
    assert shown.sheet.names == ["Robin", "Sam", "Pip"]


def test_the_ending_gives_everyones_place_and_a_kind_line_for_each_person(family) -> None:
    _, robin, sam = family
    game = together([robin, sam, None], preset="easy4", bots=1, holes=2)
    play_on(game, random.Random(6), over)

    shown = view(game)

    assert {p.name for p in shown.places} == {"Robin", "Sam", "Grown-up", "Pip"}
    assert [p.is_you for p in shown.places if p.name == "Pip"] == [False]
    [robins, sams, grown_ups] = shown.kind_lines
    assert robins.startswith("Robin") and sams.startswith("Sam")
    assert grown_ups.startswith("Grown-up")
    assert "You" not in shown.winner.split()


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
        at = stage(game.table)
        if at == Stage.PASS:
            passes += 1
            assert "I&#x27;m ready" in html or "I'm ready" in html
            assert not CARD.search(html)
            every = [c for layout in state.layouts for c in layout] + list(state.discard)
            assert not any(card_label(card) in html for card in every)
            assert "What happened" not in html and "Score sheet" not in html
        elif at in (Stage.PLAY, Stage.PEEK):  # the scores show the last hole's
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

    assert "Pass to <bdi>Robin</bdi>" in html
    assert "/avatars/" in html and f"{robin.avatar}.png" in html
    assert 'name="move" value="ready"' in html


def test_a_child_nicknamed_you_is_called_by_their_nickname_not_spoken_to_as_you(family) -> None:
    parent, robin, _ = family
    you = ChildFactory(parent=parent, nickname="You")
    game = together([you, robin])

    past_the_pass(game)

    assert view(game).prompt.startswith("You, look at your 2 bottom cards")


def test_the_pass_screen_isolates_the_next_persons_name_in_its_sentences(family) -> None:
    parent, robin, sam = family
    game = together([robin, sam])

    html = parent_client(parent).get(game.get_absolute_url()).text

    assert "Pass to <bdi>Robin</bdi>" in html
    assert "<bdi>Robin</bdi>, tap" in html
