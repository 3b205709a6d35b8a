"""A name inside a sentence, isolated: ``{{ line|isolating:name }}``.

Our sentences are whole (made with their names in them, so another language can order them
its own way); on the page, each place the name appears is wrapped in <bdi>, so no name can
turn the direction of the words around it.
"""

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter
def isolating(text: str, name: str) -> SafeString:
    escaped = conditional_escape(text)
    if not name:
        return escaped
    isolated = format_html("<bdi>{}</bdi>", name)
    return mark_safe(escaped.replace(conditional_escape(name), isolated))
