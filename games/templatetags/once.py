"""{% once_token %}: a fresh one-time token for a form that starts a game (games.forms)."""

from django import template

from games.forms import new_once_token

register = template.Library()
register.simple_tag(new_once_token, name="once_token")
