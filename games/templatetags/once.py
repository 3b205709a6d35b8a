"""{% once_token %}: a fresh one-time token for a form that starts a game (games.once)."""

from django import template

from games.once import new_token

register = template.Library()
register.simple_tag(new_token, name="once_token")
