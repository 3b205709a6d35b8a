"""A score story as the end of a hole shows it: short lines first, one number line to open,
the rest behind "Tell me more", and read aloud whole, each thing said once."""

from html.parser import HTMLParser

from django.template.loader import render_to_string
from hypothesis import given, settings
from hypothesis import strategies as st

from games.board import ColumnView, ScoreView
from games.engine import PRESETS
from games.stories import running_told, score_told
from games.words.cards import number
from games.words.people import YOU
from lessons.core import stories
from tests.lessons.strategies import rows_of, rules_and_layouts
from tests.words.said import repeated

BLOCKS = frozenset({"li", "p", "figcaption", "summary"})


class Said(HTMLParser):
    """A story's words as speech.js reads them aloud: the text of its ``.words``, each
    block (a line, a paragraph, a number line's caption) apart, without a <summary>'s words
    (a button's) or a picture's; and, apart, every summary and the <details> open or not."""

    def __init__(self) -> None:
        super().__init__()
        self.blocks: list[str] = []
        self.summaries: list[str] = []
        self.details: list[str] = []  # each <details>' class
        self.lines_outside_details = 0  # number lines drawn with nothing to open
        self._open: list[str] = []
        self._text: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "details":
            self.details.append(attrs.get("class", ""))
        if tag == "figure" and "details" not in self._open:
            self.lines_outside_details += 1
        if tag in BLOCKS:
            self._text = []
        self._open.append(tag)

    def handle_endtag(self, tag):
        while self._open and self._open.pop() != tag:
            pass
        if tag in BLOCKS:
            text = " ".join("".join(self._text).split())
            (self.summaries if tag == "summary" else self.blocks).append(text)
            self._text = []

    def handle_data(self, data):
        if "svg" not in self._open:
            self._text.append(data)


def shown(rows, rules, before: int = 0, class_table: bool = False) -> tuple[Said, ScoreView]:
    story = score_told(stories.score_story(rows, rules))
    running = running_told(stories.running_step(2, before, story.total))
    view = ScoreView(
        name=YOU,
        columns=[ColumnView([], column) for column in story.columns],
        story=story,
        score=number(story.total),
        running=running,
        is_you=True,
    )
    said = Said()
    said.feed(render_to_string("games/story.html", {"s": view, "class_table": class_table}))
    return said, view


def test_a_story_shows_its_short_lines_then_one_line_to_open_then_more():
    said, view = shown(rows_of("QH 9C KS / QD 2H 5C"), PRESETS["classic6"], before=3)
    assert said.blocks == [
        "Column 1: two queens cancel to 0",
        "Column 2: 9 + (−2) = 7",
        "Column 3: 0 + 5 = 5",
        "Add the columns: 0 + 7 + 5 = 12",
        "Your total so far: 3 + 12 = 15",
        # Folded away, and read aloud all the same:
        "Column 2: Start at 9. Go back 2. You land on 7.",  # the number line's caption
        "Column 3: Start at 0. Count on 5. You land on 5.",
        "All together: Start at 0. Count on 7. Count on 5. You land on 12.",
        "Your total so far: Start at 3. Count on 12. You land on 15.",
    ]
    assert said.summaries == ["Column 2 on a number line", "Tell me more"]
    assert said.details == ["see-line", "more"]
    assert said.lines_outside_details == 0


def test_on_the_class_projector_every_line_is_drawn_and_its_words_are_read():
    said, _ = shown(rows_of("2H 5D / KS 2C"), PRESETS["easy4"], class_table=True)
    assert said.details == ["more"]
    assert said.lines_outside_details == 3  # each column's and the hole's, beside the story
    assert "All together: Start at −2. Count on 3. You land on 1." in said.blocks


@settings(max_examples=300, deadline=None)
@given(
    rules_and_layouts(),
    st.integers(-30, 60),
)
def test_any_story_shown_says_each_thing_once_and_reads_it_all(case, before):
    rules, rows = case
    said, view = shown(rows, rules, before)
    folded = view.folded
    # Read aloud whole: every line, and every sum told at length, what is folded away too.
    for column in view.story.columns:
        assert column.line in said.blocks
    for told in folded.every:
        assert told.text in said.blocks
    assert repeated(said.blocks) == []
    # One number line to open, or none; the rest only behind "Tell me more".
    assert said.details.count("see-line") == (1 if folded.shown else 0)
    assert said.details.count("more") == 1
    assert said.lines_outside_details == 0
    assert len(said.summaries) == len(said.details)
