"""Nicknames as a list inside a sentence: ``{{ nicknames|nickname_list }}``.

The list is joined by the site's one list-joiner (``games.words.people.and_list``); here,
where the HTML is made, each nickname is escaped and wrapped in <bdi>, so no name can turn
the direction of the words around it: "<bdi>Sam</bdi>, <bdi>Pip</bdi> and <bdi>Ada</bdi>".
"""

from collections.abc import Sequence

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from games.words.people import and_list

register = template.Library()


@register.filter
def nickname_list(nicknames: Sequence[str]) -> SafeString:
    isolated = [format_html("<bdi>{}</bdi>", nickname) for nickname in nicknames]
    # Each name is escaped above; the words that join them are our catalogue's, trusted as
    # a template's {% translate %} is.
    return mark_safe(and_list(isolated))
