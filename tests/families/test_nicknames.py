"""Nicknames as a list inside a sentence: each escaped and isolated, joined by the site's one
list-joiner in the page's language."""

import pytest
from django.template import Context, Template
from django.utils import translation

LIST = Template("{% load nicknames %}{{ nicknames|nickname_list }}")


def listed(nicknames: list[str]) -> str:
    return LIST.render(Context({"nicknames": nicknames}))


@pytest.mark.parametrize(
    ("nicknames", "html"),
    [
        ([], ""),
        (["Sam"], "<bdi>Sam</bdi>"),
        (["Sam", "Pip"], "<bdi>Sam</bdi> and <bdi>Pip</bdi>"),
        (["Sam", "Pip", "Ada"], "<bdi>Sam</bdi>, <bdi>Pip</bdi> and <bdi>Ada</bdi>"),
    ],
)
def test_each_nickname_is_isolated_and_the_last_joined_with_and(
    nicknames: list[str], html: str
) -> None:
    assert listed(nicknames) == html


def test_a_nickname_is_escaped() -> None:
    assert listed(["<b>Sam</b>", "Pip & Ada"]) == (
        "<bdi>&lt;b&gt;Sam&lt;/b&gt;</bdi> and <bdi>Pip &amp; Ada</bdi>"
    )


def test_the_list_is_joined_in_the_pages_language() -> None:
    with translation.override("es"):
        assert listed(["Sam", "Pip", "Ada"]) == "<bdi>Sam</bdi>, <bdi>Pip</bdi> y <bdi>Ada</bdi>"
