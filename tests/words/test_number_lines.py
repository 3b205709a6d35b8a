from lessons.number_line import scores_line, walk_line
from peabody.words.number_lines import said_line, walk
from peabody.words.people import YOU


def test_a_walk_says_each_step():
    assert walk([9, -2]) == "Start at 9. Go back 2. You land on 7."
    assert walk([-2, 5, 0]) == "Start at −2. Count on 5. Add nothing. You land on 3."


def test_a_walk_line_is_labelled_and_said_whole():
    said = said_line(walk_line([5, -2, -6]))
    drawn = said.drawings[0]
    assert [t.label for t in drawn.ticks][:3] == ["−3", "−2", "−1"]
    assert drawn.start.label == "5"
    assert [h.label for h in drawn.hops] == ["−2", "−6"]
    assert said.text == (
        "A number line from −3 to 5. Start at 5. Go back 2. Go back 6. You land on −3."
    )
    assert [h.label for h in said_line(walk_line([-4, 10])).drawings[0].hops] == ["+10"]


def test_both_drawings_carry_the_same_labels_at_their_own_places():
    usual, wide = said_line(walk_line([5, -7])).drawings
    assert [t.label for t in usual.ticks] == [t.label for t in wide.ticks]
    assert usual.right < wide.right


def test_scores_side_by_side_are_named_and_said():
    said = said_line(scores_line([(0, -1), (1, 4), (2, 4)]), (YOU, "Sam", "Ada"))
    assert [(m.value, m.label) for m in said.drawings[0].marks] == [
        (-1, "You"),
        (4, "Sam and Ada"),
    ]
    assert said.text == (
        "A number line from −1 to 4. You got −1. Sam and Ada got 4."
        " The lowest score is the one furthest left."
    )
