from games.number_lines import line_view
from games.words.number_lines import walk
from games.words.people import YOU
from lessons.core.number_line import scores_line, walk_line


def test_a_walk_says_each_step():
    assert walk([9, -2]) == "Start at 9. Go back 2. You land on 7."
    assert walk([-2, 5, 0]) == "Start at −2. Count on 5. Add nothing. You land on 3."


def test_a_walk_line_is_labelled_and_said_whole():
    said = line_view(walk_line([5, -2, -6]))
    drawn = said.drawings[0]
    assert [t.label for t in drawn.ticks][:3] == ["−3", "−2", "−1"]
    assert drawn.start.label == "5"
    assert [h.label for h in drawn.hops] == ["−2", "−6"]
    assert said.text == (
        "A number line from −3 to 5. Start at 5. Go back 2. Go back 6. You land on −3."
    )
    assert [h.label for h in line_view(walk_line([-4, 10])).drawings[0].hops] == ["+10"]


def test_both_drawings_carry_the_same_labels_at_their_own_places():
    usual, wide = line_view(walk_line([5, -7])).drawings
    assert [t.label for t in usual.ticks] == [t.label for t in wide.ticks]
    assert usual.right < wide.right


def test_scores_side_by_side_are_named_and_said():
    said = line_view(scores_line([(0, -1), (1, 4), (2, 4)]), (YOU, "Sam", "Ada"))
    assert [(m.value, m.label) for m in said.drawings[0].marks] == [
        (-1, "You"),
        (4, "Sam and Ada"),
    ]
    assert said.text == (
        "A number line from −1 to 4. You got −1. Sam and Ada got 4."
        " The lowest score is the one furthest left."
    )


def test_names_that_would_overlap_go_in_rows_above_each_on_a_line_to_its_mark():
    names = ("Maximiliano", "Anastasia", "Bartholomew", "Grown-up")
    line = scores_line([(0, 37), (1, 35), (2, 50), (3, 39)])
    said = line_view(line, names)

    for drawn, plain in zip(said.drawings, line.drawings, strict=True):
        box = drawn.drawing
        by_name = {m.label: m for m in drawn.marks}
        assert list(by_name) == ["Anastasia", "Maximiliano", "Grown-up", "Bartholomew"]
        rows = {(box.mark_label - m.y) / box.row_height for m in drawn.marks}
        assert len(rows) > 1 and min(rows) == 0
        # The box is taller by the rows added above, and the line keeps its own shape.
        assert box.height - plain.height == (max(rows)) * box.row_height
        assert box.height - box.axis == plain.height - plain.axis
        assert min(m.y for m in drawn.marks) - box.label_size >= 0
        for mark in drawn.marks:
            assert (mark.leader_top is None) == (mark.y == box.mark_label)
            if mark.leader_top is not None:
                assert mark.y < mark.leader_top < box.axis


def test_names_with_room_stay_side_by_side_as_before():
    said = line_view(scores_line([(0, -5), (1, 4), (2, 12)]), (YOU, "Sam", "Pip"))

    usual = said.drawings[0]
    assert usual.drawing.height == 100 and usual.drawing.mark_label == 40
    assert [(m.y, m.anchor, m.leader_top) for m in usual.marks] == [
        (40, "middle", None),
        (40, "middle", None),
        (40, "middle", None),
    ]


def test_a_crowded_line_writes_every_other_number_and_always_0():
    said = line_view(scores_line([(0, -2), (1, 17), (2, 25), (3, 36)]), ("A", "B", "C", "D"))

    ticks = said.drawings[0].ticks
    assert len(ticks) > 12 and said.line.step == 2
    assert [t.label for t in ticks if not t.odd] == [
        "0",
        "4",
        "8",
        "12",
        "16",
        "20",
        "24",
        "28",
        "32",
        "36",
    ]
    assert [t.label for t in ticks if t.odd][:3] == ["−2", "2", "6"]
