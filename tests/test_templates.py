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


def test_no_template_line_is_over_120_characters() -> None:
    """Break between a tag's attributes, inside blocktranslate trimmed, or where the page
    already has a space; never put a line break inside an inline element where it had none."""
    over = [
        f"templates/{path.relative_to(TEMPLATES)}:{number} ({len(line)} characters)"
        for path in sorted(TEMPLATES.rglob("*"))
        if path.is_file()
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if len(line) > LONGEST_LINE
    ]
    assert over == [], "\n".join(over)
