"""The README stays short, and every relative link in the project's Markdown leads somewhere:
to a file that exists and, when it names one, to a heading in it."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [
    ROOT / "README.md",
    ROOT / "SCHOOLS.md",
    ROOT / "tests" / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
]
LONGEST_README = 200

# [text](target), with no scheme: the links to read. Code is taken out first.
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
CODE = re.compile(r"`[^`\n]*`")
HEADING = re.compile(r"^#{1,6} +(.+?) *#*$", re.M)


def prose(page: Path) -> str:
    return CODE.sub("", FENCE.sub("", page.read_text()))


def anchor(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as
    hyphens."""
    text = heading.replace("`", "").strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    return {anchor(heading) for heading in HEADING.findall(FENCE.sub("", page.read_text()))}


def relative_links(page: Path) -> list[str]:
    return [
        target
        for target in LINK.findall(prose(page))
        if not re.match(r"[a-z][a-z0-9+.-]*:", target)  # http:, https:, mailto:
    ]


def test_the_readme_is_at_most_200_lines() -> None:
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= LONGEST_README


def test_the_docs_folder_has_pages_and_the_readme_links_to_each() -> None:
    docs = sorted(path.name for path in (ROOT / "docs").glob("*.md"))
    linked = {Path(target.split("#")[0]).name for target in relative_links(ROOT / "README.md")}
    assert docs
    assert [name for name in docs if name not in linked] == []


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_leads_to_a_file_and_heading_that_exist(page: Path) -> None:
    broken = []
    for target in relative_links(page):
        path, _, fragment = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists() or (
            fragment and linked.suffix == ".md" and fragment not in anchors(linked)
        ):
            broken.append(target)
    assert broken == []


def test_a_heading_becomes_the_anchor_github_gives_it() -> None:
    assert anchor("2026-12-01: gunicorn's workers compared") == (
        "2026-12-01-gunicorns-workers-compared"
    )
    assert anchor("A slower day (recorded 2026-12-04)") == "a-slower-day-recorded-2026-12-04"
    assert anchor("Why `make serve` answers") == "why-make-serve-answers"
