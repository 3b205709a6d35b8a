"""The rules in words: every game's title, every step's text and every picture's description
and label, in English (the Spanish is tests/words/test_spanish.py's)."""

from games.words.rules import beside_label, description, text, title
from lessons.core.rules import EASY_RULES, KNOCK_RULES, RULE_SETS, SIX_CARD_RULES


def test_every_game_and_every_step_has_its_words():
    for rule_set in RULE_SETS.values():
        assert title(rule_set)
        said = [text(rule_set, step) for step in rule_set.steps]
        assert all(said) and len(set(said)) == len(said)
        for step in rule_set.steps:
            if step.picture:
                assert description(rule_set, step)


def test_the_titles_and_steps_in_english():
    assert [title(r) for r in (EASY_RULES, SIX_CARD_RULES, KNOCK_RULES)] == [
        "Four-card Golf: the easy rules",
        "Six-card Golf",
        "Knock Golf",
    ]
    assert text(EASY_RULES, EASY_RULES.steps[4]) == (
        "The smaller your cards, the better. A king counts 0!"
    )
    assert description(KNOCK_RULES, KNOCK_RULES.steps[0]) == (
        "Nine cards in 3 rows. A 2 and a 10 are face up."
    )


def test_the_card_beside_a_picture_is_said_as_what_it_was():
    labels = [beside_label(step.picture) for step in EASY_RULES.steps if step.picture]
    assert labels == ["", "", "The card you took", "Thrown away", "", "", ""]
