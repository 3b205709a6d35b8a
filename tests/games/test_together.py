"""Several people at one device: the seats, the device passed between their turns, and the
pass screen's page. What the board shows each of them is tests/games/test_board.py's."""

import random
import re

import pytest
from django.test import Client

from games.engine import IllegalAction, legal_actions
from games.models import Seat
from games.table import Stage, stage, waiting_for
from games.words.cards import card_label
from games.words.people import seat_names
from tests.builders import dealt_together, past_the_pass, play_on, stage_now, take
from tests.games.pages import hidden_cards, moves_on, named, version_on

pytestmark = pytest.mark.django_db

CARD = re.compile(r'class="card[\s"]')


def test_the_people_sit_in_the_order_chosen_and_the_bots_after_them(family) -> None:
    _, robin, sam = family

    game = dealt_together([sam, robin], bots=2)

    assert game.bot_levels == [None, None, "gentle", "gentle"]
    assert [(s.number, s.child) for s in Seat.objects.filter(game=game)] == [(0, sam), (1, robin)]
    assert seat_names(game.bot_levels, game.nicknames) == ("Sam", "Robin", "Pip", "Tully")
    assert game.shared_device and game.people_seats == [0, 1]
    assert set(sam.games.all()) == set(robin.games.all()) == {game}


def test_a_grown_up_sits_at_the_table_without_a_profile(family) -> None:
    _, robin, _ = family

    game = dealt_together([robin, None])

    assert seat_names(game.bot_levels, game.nicknames) == ("Robin", "Grown-up", "Pip")
    assert Seat.objects.get(game=game, number=1).child is None


def test_a_game_for_one_still_calls_its_person_you(family) -> None:
    _, robin, _ = family

    game = dealt_together([robin])

    assert seat_names(game.bot_levels, game.nicknames) == ("You", "Pip")
    assert not game.shared_device
    assert stage(game.table) != Stage.PASS


# --- passing the device ---------------------------------------------------------------


def test_the_next_decision_of_another_person_waits_for_the_device(family) -> None:
    _, robin, sam = family
    game = dealt_together([robin, sam], preset="classic6", bots=2, seed=8)
    seen = set()
    for _ in range(40):
        past_the_pass(game)
        if stage_now(game) != Stage.PLAY:
            break
        mover = game.table.at_device
        seen.add(mover)
        assert game.state.current == mover
        take(game, str(legal_actions(game.state)[0]))
        if stage_now(game) == Stage.PLAY:
            assert game.state.current == mover  # the same person's turn goes on
        elif stage_now(game) == Stage.PASS:
            assert waiting_for(game.table) != mover
    assert seen == {0, 1}


def test_ready_is_only_for_the_pass_screen_and_moves_are_not(family) -> None:
    _, robin, sam = family
    game = dealt_together([robin, sam], preset="classic6")

    with pytest.raises(IllegalAction):
        take(game, str(legal_actions(game.state)[0]))
    past_the_pass(game)
    with pytest.raises(IllegalAction):
        take(game, "ready")


def test_a_card_drawn_from_the_stock_is_told_to_nobody_before_it_is_placed(family) -> None:
    _, robin, sam = family
    game = dealt_together([robin, sam], preset="easy4", seed=5, house={"memory_mode": True})
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


# --- the pages ------------------------------------------------------------------------


def parent_client(parent) -> Client:
    client = Client()
    client.force_login(parent)
    return client


def test_the_pass_screen_shows_no_card_at_all_and_the_table_shows_no_hidden_one(
    family,
) -> None:
    parent, robin, sam = family
    game = dealt_together([robin, sam], preset="easy4", bots=2, holes=2)
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
    game = dealt_together([robin, sam])

    html = parent_client(parent).get(game.get_absolute_url()).text

    assert "Pass to <bdi>Robin</bdi>" in html
    assert "/avatars/" in html and f"{robin.avatar}.png" in html
    assert 'name="move" value="ready"' in html


def test_the_pass_screen_isolates_the_next_persons_name_in_its_sentences(family) -> None:
    parent, robin, sam = family
    game = dealt_together([robin, sam])

    html = parent_client(parent).get(game.get_absolute_url()).text

    assert "Pass to <bdi>Robin</bdi>" in html
    assert "<bdi>Robin</bdi>, tap" in html
