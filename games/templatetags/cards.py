from django import template

from games.words.cards import suit_letter as letter

register = template.Library()


@register.filter
def suit_letter(code: str | None) -> str:
    """A card's suit as the letter in its corner, in the page's language:
    ``{{ card.code|suit_letter }}``."""
    return letter(code)
