"""The rules to read aloud as facts: each game's steps, and the cards their pictures show.
Their words are tests/words/test_rules.py's, the /rules/ page tests/games/test_classroom.py's."""

from games.engine import PRESETS, rank
from lessons.core.rules import EASY_RULES, KNOCK_RULES, RULE_SETS, SIX_CARD_RULES, Beside


def cards_of(picture):
    return [card for row in picture.rows for card in row]


def test_the_easy_rules_are_seven_numbered_steps_each_with_a_picture():
    assert [step.number for step in EASY_RULES.steps] == [1, 2, 3, 4, 5, 6, 7]
    assert all(step.picture is not None for step in EASY_RULES.steps)


def test_every_rule_set_is_for_a_preset_and_its_pictures_are_its_layout():
    assert set(RULE_SETS) == set(PRESETS)
    for preset, rule_set in RULE_SETS.items():
        rules = PRESETS[preset]
        pictures = [step.picture for step in rule_set.steps if step.picture]
        assert pictures
        for picture in pictures:
            assert [len(row) for row in picture.rows] == [rules.cols] * rules.rows
            for card in cards_of(picture) + ([picture.beside] if picture.beside else []):
                rank(card.code)  # a real card code


def test_the_easy_pictures_follow_the_steps():
    deal, peek, take, swap, king, knock, count = (step.picture for step in EASY_RULES.steps)
    assert not any(card.face_up for card in cards_of(deal))
    # The peek shows the near row, the bottom one, and only that.
    assert [[card.face_up for card in row] for row in peek.rows] == [[False, False], [True, True]]
    assert take.beside.face_up and not any(card.face_up for card in cards_of(take))
    assert take.beside_was is Beside.TAKEN and swap.beside_was is Beside.THROWN
    # The card taken goes in, and the card it replaced lies beside, thrown away.
    assert take.beside in cards_of(swap)
    assert swap.beside.code in [card.code for card in cards_of(peek) if card.face_up]
    assert any(rank(card.code) == "K" and card.face_up for card in cards_of(king))
    assert all(card.face_up for card in cards_of(count))


def test_every_step_has_a_key_of_its_own_in_its_rule_set():
    for rule_set in RULE_SETS.values():
        keys = [step.key for step in rule_set.steps]
        assert len(set(keys)) == len(keys)


def test_a_card_lies_beside_a_picture_with_what_it_was_or_not_at_all():
    for rule_set in RULE_SETS.values():
        for step in rule_set.steps:
            if step.picture:
                assert (step.picture.beside is None) == (step.picture.beside_was is None)


def test_the_six_card_and_knock_games_start_with_two_cards_face_up():
    for rule_set in (SIX_CARD_RULES, KNOCK_RULES):
        first = rule_set.steps[0].picture
        assert sum(card.face_up for card in cards_of(first)) == 2


def test_the_longer_games_are_told_in_fewer_steps():
    assert len(SIX_CARD_RULES.steps) < len(EASY_RULES.steps)
    assert len(KNOCK_RULES.steps) < len(EASY_RULES.steps)
