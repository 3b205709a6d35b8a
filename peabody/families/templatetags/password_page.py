"""The password page's words for what it is asked for: ``{% password_page as page %}``
(peabody.families.reauth)."""

from django import template

from peabody.families.reauth import PasswordPage, password_page

register = template.Library()


@register.simple_tag(name="password_page", takes_context=True)
def password_page_tag(context: template.Context) -> PasswordPage:
    return password_page(context["request"])
