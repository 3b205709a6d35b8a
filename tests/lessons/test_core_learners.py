"""Simulated children: answers drawn from their abilities, the same for the same seed, more
often right for a stronger child, an easier question or a second try, and a little better
with every question practised."""

from games.engine import PRESETS
from lessons.core.learners import KINDS, Learner
from lessons.core.questions import Question, Scores, Total, about_total
from lessons.core.skills import Skill

CLASSIC6 = PRESETS["classic6"]


def total_question(level: int, skill: Skill = Skill.ADDING) -> Question:
    return Question(Total(8, 5), skill, 13, (), negatives=False, level=level)


def right_of(kind: str, question: Question, children: int = 300) -> int:
    """How many of ``children`` of ``kind`` get ``question`` right the first time."""
    learners = [Learner(KINDS[kind], n) for n in range(children)]
    return sum(learner.answer(question, 1, walked=False).right for learner in learners)


def test_a_child_is_the_same_for_the_same_seed_and_another_for_another() -> None:
    kind = KINDS["fast but careless"]
    one, again, other = Learner(kind, 7), Learner(kind, 7), Learner(kind, 8)
    assert one.ability == again.ability != other.ability
    question = total_question(2)
    answers = [one.answer(question, 1, walked=False) for _ in range(30)]
    assert answers == [again.answer(question, 1, walked=False) for _ in range(30)]


def test_a_stronger_child_answers_right_more_often() -> None:
    question = total_question(2)
    strong, starting = Learner(KINDS["strong"], 1), Learner(KINDS["just starting"], 1)
    assert strong.chance(question) > starting.chance(question)
    assert right_of("strong", question) > right_of("just starting", question) + 100


def test_a_harder_question_is_right_less_often_and_a_second_try_more() -> None:
    learner = Learner(KINDS["adds, unsure of negatives"], 3)
    easy, hard = total_question(1, Skill.ADDING_NEGATIVE), total_question(3, Skill.ADDING_NEGATIVE)
    assert learner.chance(easy) > learner.chance(hard)
    assert learner.chance(hard, attempt=2) > learner.chance(hard, attempt=1)


def test_a_careless_child_slips_on_first_tries_they_know() -> None:
    careless = Learner(KINDS["fast but careless"], 1)
    question = total_question(1)
    careless.ability[Skill.ADDING] = 9.0  # sure of it
    assert 0.7 < careless.chance(question) < 0.9
    assert careless.chance(question, attempt=2) > 0.99


def test_a_choice_of_two_players_is_right_half_the_time_by_guessing() -> None:
    learner = Learner(KINDS["just starting"], 1)
    learner.ability[Skill.COMPARING] = -9.0  # no idea
    question = Question(Scores((4, 9)), Skill.COMPARING, 0, (0, 1), negatives=False)
    assert abs(learner.chance(question, attempt=2) - 0.5) < 0.01
    wrong = [learner.answer(question, 1, walked=False) for _ in range(20)]
    assert all(given.value == 1 for given in wrong if not given.right)


def test_practice_makes_a_child_a_little_better_at_that_skill_only() -> None:
    learner = Learner(KINDS["just starting"], 2)
    before = dict(learner.ability)
    for _ in range(20):
        learner.answer(total_question(1), 1, walked=False)
    assert before[Skill.ADDING] < learner.ability[Skill.ADDING] < before[Skill.ADDING] + 1
    assert all(learner.ability[s] == before[s] for s in Skill if s != Skill.ADDING)


def test_a_slow_learner_learns_less_from_the_same_questions() -> None:
    quick, slow = Learner(KINDS["just starting"], 4), Learner(KINDS["slow to learn"], 4)
    quick.ability[Skill.ADDING] = slow.ability[Skill.ADDING] = 1.0
    for _ in range(20):
        quick.answer(total_question(1), 1, walked=False)
        slow.answer(total_question(1), 1, walked=False)
    assert quick.ability[Skill.ADDING] - 1.0 > 2 * (slow.ability[Skill.ADDING] - 1.0)


def test_a_wrong_answer_is_wrong_and_a_walk_lands_once_for_each_number() -> None:
    question = about_total(Total(3, -5), CLASSIC6).on_the_line()
    learner = Learner(KINDS["just starting"], 5)
    for _ in range(50):
        given = learner.answer(question, 1, walked=True)
        assert len(given.landings) == len(question.landings)
        assert given.value == given.landings[-1]
        assert question.is_right(given.value, given.landings) == given.right


def test_a_child_plays_their_cards_a_little_less_gently_game_by_game() -> None:
    starting = Learner(KINDS["just starting"], 1)
    assert starting.card_play(0) == ("gentle", 1.0)
    assert starting.card_play(10)[1] < 1.0
    assert starting.card_play(1000) == ("gentle", KINDS["just starting"].best)
    assert Learner(KINDS["strong"], 1).card_play(5) == ("steady", None)
