"""Spanish says "tú" on every account page, in every error, flash message and email a family
can meet there, allauth's and Django's included (peabody.families.adapter,
peabody.words.borrowed, our templates in templates/account/)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import allauth
import django
import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import translation

from peabody.words import borrowed
from tests.factories import PASSWORD, ParentFactory

from .spanish import english_in, text_of

pytestmark = pytest.mark.django_db

# What "usted" Spanish says where ours says "tú": its pronouns, and its commands and verbs.
USTED = re.compile(
    r"\b(Usted|usted|[Ss]us? (contraseña|cuenta|correo|dirección|información|clave|datos|"
    r"otra|otros|sesión|usuario)|Ingrese|Introduzca|Escriba|Debe|Olvidó|Inicie|Intente|"
    r"Verifique|Confirme|Seleccione|Cambie|Recuerde|Vuelva|Espere|Compruebe|Asegúrese|Haga|"
    r"Le (hemos|enviamos|enviaremos))\b"
)
LINK = re.compile(r"https?://testserver(\S+)")
NEW_PASSWORD = "otra-contraseña-larga-de-la-familia"


def es(name: str, *args: object) -> str:
    with translation.override("es"):
        return reverse(name, args=args)


class Walk:
    """A Spanish browser's pages, as a reader meets them, each kept with what was done."""

    def __init__(self) -> None:
        self.client = Client()
        self.seen: dict[str, str] = {}

    def get(self, what: str, url: str) -> str:
        return self.keep(what, self.client.get(url, follow=True))

    def post(self, what: str, url: str, data: dict) -> str:
        return self.keep(what, self.client.post(url, data, follow=True))

    def keep(self, what: str, response) -> str:
        assert response.status_code in (200, 429), what
        assert response.redirect_chain == [] or "/es/" in response.redirect_chain[-1][0], what
        self.seen[what] = text_of(response.text)
        return self.seen[what]


def emailed_link(index: int = -1) -> str:
    return LINK.search(mail.outbox[index].body).group(1)


def test_every_account_page_error_message_and_email_says_tu(mailoutbox) -> None:
    parent = ParentFactory(email="ana@example.com")
    walk = Walk()
    for name in (
        "account_login",
        "account_signup",
        "account_reset_password",
        "account_reset_password_done",
        "account_email_verification_sent",
    ):
        walk.get(name, es(name))

    # Signing up, wrongly in every way a password can be wrong, then rightly.
    signup = es("account_signup")
    for what, password in [
        ("too short", "corta"),
        ("too common", "password123"),
        ("only numbers", "4815162342"),
        ("like the email", "pablo.golf@example.com"),
    ]:
        walk.post(
            f"sign-up, {what}",
            signup,
            {
                "email": "pablo.golf@example.com",
                "password1": password,
                "password2": password,
                "consent": "on",
            },
        )
    walk.post(
        "sign-up, two passwords",
        signup,
        {"email": "pablo@example.com", "password1": PASSWORD, "password2": PASSWORD + "x"},
    )
    walk.post("sign-up, no email", signup, {"email": "pablo", "password1": PASSWORD})
    walk.post(
        "sign-up, taken",
        signup,
        {"email": parent.email, "password1": PASSWORD, "password2": PASSWORD, "consent": "on"},
    )
    walk.post(
        "sign-up",
        signup,
        {
            "email": "pablo@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "consent": "on",
        },
    )
    walk.get("confirm the email", emailed_link())
    walk.post("confirmed", emailed_link(), {})
    walk.post("log out", es("account_logout"), {})
    walk.get("an old confirmation link", es("account_confirm_email", "no-such-key"))

    # Logging in wrongly, then too often.
    login = es("account_login")
    walk.post("log-in, empty", login, {})
    walk.post("log-in, not an email", login, {"login": "ana", "password": "x"})
    for _ in range(5):
        walk.post("log-in, wrong password", login, {"login": parent.email, "password": "no"})
    walk.post("log-in, too many", login, {"login": parent.email, "password": PASSWORD})

    # A forgotten password, for an unknown address and for the family's.
    reset = es("account_reset_password")
    walk.post("reset, unknown address", reset, {"email": "nadie@example.com"})
    walk.post("reset", reset, {"email": parent.email})
    form = walk.client.get(emailed_link(), follow=True).redirect_chain[-1][0]
    walk.get("the new password's form", form)
    walk.post("new password, too short", form, {"password1": "corta", "password2": "corta"})
    walk.post(
        "new password, two passwords",
        form,
        {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD + "x"},
    )
    walk.post("new password", form, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    walk.get("a used link", emailed_link())
    for _ in range(6):
        walk.post("reset, too many", reset, {"email": parent.email})
    assert walk.seen["reset, too many"].count("Demasiados intentos") == 2  # allauth's 429

    # Logged in: the password page, the password and the email address.
    walk.client.logout()
    walk.post("log-in", login, {"login": parent.email, "password": NEW_PASSWORD})
    walk.post("password page, wrong", es("account_reauthenticate"), {"password": "no"})
    walk.post("password page", es("account_reauthenticate"), {"password": NEW_PASSWORD})
    change = es("account_change_password")
    walk.get("change the password", change)
    walk.post(
        "change, wrong password",
        change,
        {"oldpassword": "no", "password1": PASSWORD, "password2": PASSWORD},
    )
    walk.post(
        "change",
        change,
        {"oldpassword": NEW_PASSWORD, "password1": PASSWORD, "password2": PASSWORD},
    )
    email = es("account_email")
    walk.get("the email address", email)
    walk.post("email, the same", email, {"email": parent.email, "action_add": ""})
    walk.post("email, a new one", email, {"email": "ana.nueva@example.com", "action_add": ""})
    walk.post("email, sent again", email, {"email": "ana.nueva@example.com", "action_send": ""})
    walk.post("email, kept", email, {"email": "ana.nueva@example.com", "action_remove": ""})
    walk.get("log out", es("account_logout"))
    walk.post("logged out", es("account_logout"), {})

    seen = walk.seen | {
        f"email {n}: {message.subject}": f"{message.subject}\n{message.body}"
        for n, message in enumerate(mailoutbox)
    }
    assert {what: USTED.findall(text) for what, text in seen.items() if USTED.search(text)} == {}
    assert {what: english_in(text) for what, text in seen.items() if english_in(text)} == {}
    # Each error was met, in our Spanish.
    said = "\n".join(seen.values())
    for words in (
        "Esta contraseña es demasiado corta.",
        "Esta contraseña es demasiado común.",
        "Esta contraseña solo tiene números.",
        "La contraseña se parece demasiado a tu",
        "Escribe la misma contraseña las dos veces.",
        "Escribe la dirección de correo entera",
        "Ese correo y esa contraseña no coinciden.",
        "Demasiados intentos en poco tiempo.",
        "Esa no es la contraseña.",
        "Esa ya es tu dirección de correo.",
        "Tu contraseña nueva está guardada.",
        "Enviamos un enlace a ana.nueva@example.com.",
        "Te quedas con tu dirección de antes.",
        "Tu contraseña necesita al menos 8 caracteres.",
        "Ya tienes una cuenta",
        "Ninguna cuenta con esta dirección",
    ):
        assert words in said, words


def catalogue_msgids(po: Path) -> set[str]:
    """Every message a .po file translates, its lines joined."""
    found = set()
    for entry in re.findall(r'^msgid(?:_plural)? ((?:".*"\n)+)', po.read_text() + "\n", re.M):
        found.add("".join(re.findall(r'"(.*)"', entry)).replace('\\"', '"'))
    return found


def test_the_borrowed_sentences_are_still_django_s_and_allauth_s_word_for_word() -> None:
    theirs = catalogue_msgids(
        Path(django.__file__).parent / "contrib/auth/locale/es/LC_MESSAGES/django.po"
    ) | catalogue_msgids(Path(allauth.__file__).parent / "locale/es/LC_MESSAGES/django.po")
    source = ast.parse(Path(borrowed.__file__).read_text())
    ours = [
        argument.value
        for call in ast.walk(source)
        if isinstance(call, ast.Call)
        for argument in call.args
        if isinstance(argument, ast.Constant)
    ]

    assert len(ours) == len(borrowed.SINGLE) + 2 * len(borrowed.PLURAL)
    assert [sentence for sentence in ours if sentence not in theirs] == []
