"""The templates and stylesheets as files: the table's stylesheets, a part each, all linked
in one place in their order; and no template line longer than 120 characters."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
CSS = ROOT / "static" / "css"
LINK = re.compile(r"""<link rel="stylesheet" href="\{% static 'css/([^']+)' %\}">""")


def test_every_part_of_the_tables_stylesheet_is_linked_once_by_table_styles() -> None:
    parts = sorted(path.name for path in CSS.glob("table-*.css"))
    linked = LINK.findall((TEMPLATES / "games" / "table_styles.html").read_text())

    assert len(parts) > 1
    assert sorted(linked) == parts
    assert not (CSS / "table.css").exists()


def test_each_part_of_the_tables_stylesheet_opens_with_a_line_saying_what_it_draws() -> None:
    for path in CSS.glob("table-*.css"):
        first, blank = path.read_text().splitlines()[:2]
        assert re.fullmatch(r"/\* .+ \*/", first), path.name
        assert blank == "", path.name


def test_no_page_links_a_part_of_the_tables_stylesheet_but_through_table_styles() -> None:
    """The parts come in their order or not at all: a page links table_styles.html."""
    pages = [path for path in TEMPLATES.rglob("*.html") if path.name != "table_styles.html"]
    including = [p for p in pages if '{% include "games/table_styles.html" %}' in p.read_text()]
    linking = [p.name for p in pages if "css/table-" in p.read_text()]

    assert (TEMPLATES / "games" / "game.html") in including
    assert linking == []


# --- lines of at most 120 characters --------------------------------------------------

LONGEST_LINE = 120
# Files left over the limit for now, each with why: others were changing them when the rest
# were wrapped. A file's entry names the lines it may keep (by what they hold), or None for
# all of them; once a file is wrapped, its entry goes.
LEFT_LONG = {
    "games/story.html": (None, "a score story, changed in other work at the time"),
    "games/hole_summary.html": (None, "the end of a hole, changed in other work at the time"),
    "lessons/number_line.html": (None, "a number line, changed in other work at the time"),
    "games/friend_seats.html": (None, "friends' seats and their codes, changed at the time"),
    "families/join.html": (None, "a friend's device joining by its code, changed at the time"),
    "classes/join.html": (None, "a class device joining by its code, changed at the time"),
    "families/privacy.html": (
        ("At a table with a device each", "A friend from another family"),
        "the notice on friends' tables, changed with them at the time",
    ),
}


def long_lines() -> dict[str, list[tuple[int, int, str]]]:
    """Every template line over the limit, by file: its number, length and text."""
    found: dict[str, list[tuple[int, int, str]]] = {}
    for path in sorted(TEMPLATES.rglob("*")):
        if not path.is_file():
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if len(line) > LONGEST_LINE:
                found.setdefault(str(path.relative_to(TEMPLATES)), []).append(
                    (number, len(line), line)
                )
    return found


def left_long(name: str, line: str) -> bool:
    if name not in LEFT_LONG:
        return False
    holding, _why = LEFT_LONG[name]
    return holding is None or any(words in line for words in holding)


def test_no_template_line_is_over_120_characters() -> None:
    """Break between a tag's attributes, inside blocktranslate trimmed, or where the page
    already has a space; never put a line break inside an inline element where it had none."""
    over = [
        f"templates/{name}:{number} ({length} characters)"
        for name, lines in long_lines().items()
        for number, length, line in lines
        if not left_long(name, line)
    ]
    assert over == [], "\n".join(over)


def test_every_file_left_over_the_limit_still_is() -> None:
    """A file wrapped since comes off LEFT_LONG."""
    found = long_lines()
    wrapped = [
        name
        for name, (holding, _why) in LEFT_LONG.items()
        if not any(left_long(name, line) for _n, _l, line in found.get(name, []))
    ]
    assert wrapped == []
