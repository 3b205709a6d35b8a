"""The view models of the table (games/board.py), built for whoever holds the device: the
pass screen's board, the peek, the steps told since a person last looked, a hole's scores
and the game's end, each naming the people at it.

Asserted only through the pages that draw them (tests/games/test_views.py, test_practice.py,
the browser tests), not here: a practice question's view (question_view, question_mark),
the hint (hint_for; its words' reading grade is test_words.py's), the table's slots and
what a step changes (table_view, spot_id, card_slot, slot_value, changes_text, pairs_text),
the card-value reminder (value_reminder: its lines are tests/lessons/test_core_card_values.py's,
their words tests/words/test_numbers.py's), and game_ref. A score's view drawn by its
template is test_story_shown.py's.
"""

import random
from dataclasses import replace

import pytest

from games.board import Board, PassBoard, StepView, board, seating, step_views
from games.engine import PRESETS, legal_actions
from games.models import Game
from games.table import Event, Stage, stage
from tests.builders import dealt_together, past_the_pass, play_on, stage_now, take
from tests.factories import ChildFactory

pytestmark = pytest.mark.django_db


def view(game: Game) -> Board:
    return board(game, game.table, stage(game.table), seating(game, game.table.at_device))


def steps(game: Game, events: list[Event]) -> list[StepView]:
    """``events`` told as the table tells them to the person at it now."""
    return step_views(events, seating(game, game.table.at_device))


def over(game: Game) -> bool:
    return stage(game.table) == Stage.OVER


def test_a_game_together_begins_by_passing_the_device_to_the_first_person(family) -> None:
    _, robin, sam = family
    game = dealt_together([robin, sam])

    shown = view(game)

    assert shown.stage == Stage.PASS
    assert shown.prompt == "Pass to Robin"
    # The pass screen's view has no table: no card of anyone's can reach it.
    assert isinstance(shown, PassBoard) and not hasattr(shown, "table")
    assert shown.sheet is None
    assert [(c.label, c.move) for c in shown.controls] == [("I'm ready", "ready")]


def test_in_four_card_golf_each_person_peeks_at_their_own_cards_after_a_pass(family) -> None:
    _, robin, sam = family
    game = dealt_together([robin, sam])
    peeks = {}
    for _ in range(2):
        past_the_pass(game)
        assert stage_now(game) == Stage.PEEK
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


def test_after_the_pass_the_next_person_is_shown_what_happened_since_they_last_looked(
    family,
) -> None:
    _, robin, sam = family
    game = dealt_together([robin, sam], preset="classic6", bots=1, seed=4)
    rng = random.Random(2)
    play_on(game, rng, lambda g: stage(g.table) == Stage.PLAY and g.state.turns > 3)
    first = game.table.at_device
    made = []
    while True:
        made += take(game, rng.choice([str(a) for a in legal_actions(game.state)]))
        if stage_now(game) != Stage.PLAY:
            break

    assert stage_now(game) == Stage.PASS
    take(game, "ready")
    caught_up = list(game.table.unseen[game.table.at_device])
    assert game.table.at_device != first
    # What the first person did and the bots after them, with nothing left out.
    assert caught_up[-len(made) :] == made
    assert all(step.name in ("Robin", "Sam", "Pip") for step in steps(game, caught_up))
    assert any(event.seat == first for event in caught_up)


def test_lines_name_the_people_by_nickname_and_never_say_you(family) -> None:
    _, robin, sam = family
    game = dealt_together([robin, sam], preset="knock9", bots=2)
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


def test_the_scores_of_a_hole_are_looked_at_together_with_every_person_named(family) -> None:
    _, robin, sam = family
    game = dealt_together([robin, sam], preset="classic6", holes=2)
    play_on(game, random.Random(3), lambda g: stage(g.table) == Stage.SUMMARY)

    shown = view(game)

    assert shown.prompt == "Hole 1 is over."
    assert [(s.name, s.is_you) for s in shown.hole.scores][:2] == [("Robin", True), ("Sam", True)]
    assert shown.hole.scores[2].name == "Pip" and not shown.hole.scores[2].is_you
    assert shown.your_total == ""
    assert shown.sheet.names == ["Robin", "Sam", "Pip"]


def test_the_ending_gives_everyones_place_and_a_kind_line_for_each_person(family) -> None:
    _, robin, sam = family
    game = dealt_together([robin, sam, None], preset="easy4", bots=1, holes=2)
    play_on(game, random.Random(6), over)

    shown = view(game)

    assert {p.name for p in shown.places} == {"Robin", "Sam", "Grown-up", "Pip"}
    assert [p.is_you for p in shown.places if p.name == "Pip"] == [False]
    [robins, sams, grown_ups] = shown.kind_lines
    assert robins.startswith("Robin") and sams.startswith("Sam")
    assert grown_ups.startswith("Grown-up")
    assert "You" not in shown.winner.split()


def test_a_child_nicknamed_you_is_called_by_their_nickname_not_spoken_to_as_you(family) -> None:
    parent, robin, _ = family
    you = ChildFactory(parent=parent, nickname="You")
    game = dealt_together([you, robin])

    past_the_pass(game)

    assert view(game).prompt.startswith("You, look at your 2 bottom cards")


def test_a_table_passed_round_celebrates_its_winners_and_singles_nobody_out(family) -> None:
    _, robin, sam = family
    for seed in (3, 4, 5):
        game = dealt_together([robin, sam], preset="classic6", holes=2, seed=seed)
        play_on(game, random.Random(seed), lambda g: stage(g.table) == Stage.SUMMARY)
        hole = view(game).cheer
        play_on(game, random.Random(seed), over)
        end = view(game).cheer
        state = game.state
        hole_scores = state.results[0].scores
        lowest = [s for s, v in enumerate(hole_scores) if v == min(hole_scores)]
        faces = ["you", "you", "pip"]
        for cheer, winners in ((hole, lowest), (end, state.winners)):
            assert cheer.kind == "won" and cheer.line == "Well played, everyone!"
            assert [face for face, _ in cheer.faces] == [faces[s] for s in winners]
            assert cheer.reactor == "pip"


def test_a_child_at_a_device_of_their_own_is_told_how_the_game_went_for_them() -> None:
    seen = set()
    for seed in range(200):
        if seen == {"won", "close", "behind"}:
            break
        one_hole = replace(PRESETS["easy4"], holes=1)
        game = Game.start(one_hole, ["gentle"], seed=seed, questions=False)
        play_on(game, random.Random(seed), over)
        totals = game.state.totals
        behind = totals[0] - min(totals)
        cheer = view(game).cheer
        if 0 in game.state.winners:
            assert (cheer.kind, cheer.line) == ("won", "You did it!")
        elif behind <= 3:
            assert (cheer.kind, cheer.line) == ("close", "So close! Good try!")
        else:
            assert (cheer.kind, cheer.line) == ("behind", "Good game! That was fun.")
        assert cheer.faces == [("you", "")] and cheer.reactor == "pip"
        seen.add(cheer.kind)
    assert seen == {"won", "close", "behind"}
