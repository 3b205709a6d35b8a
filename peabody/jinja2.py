"""The Jinja2 environment every page is rendered with.

Jinja2 rather than Django's own template language: it compiles a template to Python, and
the game board, redrawn on every move, renders several times faster (see ``make bench``).
"""

from django.templatetags.static import static
from django.urls import reverse
from django.utils.timesince import timesince
from jinja2 import Environment, StrictUndefined


def url(name: str, *args) -> str:
    return reverse(name, args=args)


def environment(**options) -> Environment:
    # A misspelt name is an error, not an empty string that a test might miss.
    options["undefined"] = StrictUndefined
    env = Environment(**options)
    env.globals.update(static=static, url=url)
    env.filters["timesince"] = timesince
    return env
