"""The site in Spanish, under /es/: the family pages, the privacy pages, the account pages and
their emails, the chart and the sentences made in Python are Spanish and hold no English
sentence of the site's own; the same pages without /es/ are still in English."""

from __future__ import annotations

import io
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from PIL import Image

from peabody.families import export
from peabody.families.chart import FONT, trend_png
from peabody.families.forms import ChildForm, TogetherForm
from peabody.families.practice import JUDGED, Verdict
from peabody.words.grown_ups import trend_titles
from tests.builders import child_game, start_kid_mode
from tests.factories import PASSWORD, ChildFactory, ParentFactory
from tests.readability import too_hard_in_spanish

from .spanish import MAX_CRAWFORD, crawford, english_in, text_of, texts_of

LINK = re.compile(r"https?://\S+")
SPANISH_MONTH = re.compile(
    r"\b\d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre"
    r"|noviembre|diciembre)\b"
)


def es(name: str, *args: object) -> str:
    """The Spanish address of the page called ``name``."""
    with translation.override("es"):
        return reverse(name, args=args)


def spanish_page(client: Client, url: str, status: int = 200) -> str:
    assert url.startswith("/es/")
    response = client.get(url)
    assert response.status_code == status, url
    assert english_in(response.text) == [], url
    return response.text


@pytest.fixture
def family(parent, child):
    """Robin with three finished games whose questions were answered, and Sam."""
    for seed in (1, 2, 3):
        child_game(child, holes=3, seed=seed, questions=True, right=0.5)
    return child, ChildFactory(parent=parent, nickname="Sam")


@pytest.mark.django_db
def test_the_family_pages_are_in_spanish(parent_client: Client, family) -> None:
    robin, sam = family

    home = spanish_page(parent_client, es("families:home"))
    progress = spanish_page(parent_client, es("families:progress", robin.pk))
    edit = spanish_page(parent_client, es("families:child_edit", robin.pk))
    new = spanish_page(parent_client, es("families:child_new"))
    delete = spanish_page(parent_client, es("families:child_delete", robin.pk))
    delete_all = spanish_page(parent_client, es("families:account_delete"))

    assert "<h1>Tu familia</h1>" in home
    assert "Solo sumar: los 2 valen +2. Bots: amables (lo normal)." in text_of(home)
    assert "Progreso de <bdi>Robin</bdi>" in progress
    assert "En los últimos siete días, Robin jugó 3 partidas" in text_of(progress)
    assert "Cómo van las mates" in progress
    assert "Lo que le costó a <bdi>Robin</bdi>" in progress
    assert "Para hablar" in progress
    assert "<strong>9</strong> hoyos jugados" in progress
    assert "Ajustes de <bdi>Robin</bdi>" in edit
    for word in ("Apodo", "Hasta 20 letras.", "Dibujo", "Zorro", "Pingüino", "Nivel de mates"):
        assert word in edit and word in new
    assert "sus 3 partidas" in delete
    assert "los perfiles de <bdi>Robin</bdi> y <bdi>Sam</bdi> con todas sus partidas" in delete_all


@pytest.mark.django_db
def test_the_progress_page_shows_spanish_dates_and_numbers(parent_client: Client, family) -> None:
    robin, _ = family

    page = text_of(parent_client.get(es("families:progress", robin.pk)).text)

    assert SPANISH_MONTH.search(page)  # the weeks: "1 de diciembre"
    assert re.search(r"\d,\d", page)  # an average per hole with a decimal comma
    assert "Semana del" in page


@pytest.mark.django_db
def test_the_english_progress_page_keeps_its_english_dates_and_numbers(
    parent_client: Client, family
) -> None:
    robin, _ = family

    page = text_of(parent_client.get(reverse("families:progress", args=[robin.pk])).text)

    assert "In the last seven days, Robin played 3 games, under a minute, and answered" in page
    assert re.search(
        r"\b\d{1,2} (January|February|March|April|May|June|July|August"
        r"|September|October|November|December)\b",
        page,
    )
    assert not re.search(r"\d,\d", page)
    assert "Week starting" in page


@pytest.mark.django_db
def test_the_english_account_deletion_page_still_lists_the_children(
    parent_client: Client, family
) -> None:
    ChildFactory(parent=family[0].parent, nickname="Ada")

    page = parent_client.get(reverse("families:account_delete")).text

    assert (
        "your account and email address, and the profiles of <bdi>Robin</bdi>, <bdi>Sam</bdi>"
        " and <bdi>Ada</bdi> with all their games and practice answers. It cannot be undone."
    ) in page


@pytest.mark.django_db
def test_the_replay_and_the_kids_pages_are_in_spanish(parent_client: Client, family) -> None:
    robin, _ = family
    game = robin.games.first()

    # The replay's own words are the games' (another catalogue's): only ours are checked.
    replay = parent_client.get(es("families:replay", robin.pk, game.public_id)).text
    who = spanish_page(parent_client, es("kids:who"))
    together = spanish_page(parent_client, es("kids:together"))

    assert "Volver al progreso de <bdi>Robin</bdi>" in replay
    assert ": las preguntas</h2>" in replay
    assert "Back to" not in replay and "the questions" not in replay
    assert "<h1>¿Quién juega?</h1>" in who
    assert "Toca tu dibujo." in who
    assert "Asiento 1" in together and "Persona adulta" in together and "Nadie" in together


@pytest.mark.django_db
def test_the_kids_pages_read_at_grade_3_or_below(parent_client: Client, child) -> None:
    for url in (es("privacy:kids"), es("kids:who"), es("home")):
        for text in texts_of(parent_client.get(url).text):
            assert crawford(text) < MAX_CRAWFORD, text


@pytest.mark.django_db
def test_the_privacy_pages_are_in_spanish(client: Client) -> None:
    grown_ups = spanish_page(client, es("privacy:parents"))
    kids = spanish_page(client, es("privacy:kids"))

    assert "<h1>Privacidad, para personas adultas</h1>" in grown_ups
    assert "Qué guardamos y por qué" in grown_ups
    assert 'href="/es/privacy/kids/"' in grown_ups
    assert "<h1>Aquí tus partidas están seguras</h1>" in kids
    assert "Nunca te preguntamos dónde vives." in kids


@pytest.mark.django_db
def test_a_spanish_form_says_what_is_wrong_in_spanish(parent_client: Client, child) -> None:
    empty = parent_client.post(es("families:child_new"), {"nickname": ""})
    long = parent_client.post(es("families:child_new"), {"nickname": "A" * 21})
    seats = parent_client.post(es("kids:together"), {"seat_1": "nobody-here"})

    assert empty.status_code == long.status_code == seats.status_code == 400
    assert english_in(empty.text) == english_in(long.text) == english_in(seats.text) == []
    for words in ("Escribe un apodo.", "Elige un dibujo.", "Elige una opción."):
        assert words in empty.text
    assert "El apodo puede tener como mucho 20 letras." in long.text
    assert "Elige una opción." in seats.text


@pytest.mark.django_db
def test_a_table_too_big_for_its_game_is_refused_in_spanish(parent_client: Client, child) -> None:
    sam, ada = (ChildFactory(parent=child.parent, nickname=name) for name in ("Sam", "Ada"))
    seats = {"seat_1": child.pk, "seat_2": sam.pk, "seat_3": ada.pk, "seat_4": "grown-up"}
    game = {"mode": "easy4", "bots": "3", "level": "gentle", "holes": "1"}

    refused = parent_client.post(es("kids:together"), seats | game)

    assert refused.status_code == 400
    assert english_in(refused.text) == []
    assert (
        "Golf de cuatro cartas es para 6 jugadores como mucho, y elegiste 7. Elige menos bots"
        " o menos personas."
    ) in refused.text
    assert "Sin bots" in refused.text and "Asiento 4" in refused.text


@pytest.mark.django_db
def test_a_spanish_page_says_what_it_did_in_spanish(parent_client: Client) -> None:
    data = {
        "nickname": "Robin",
        "avatar": "fox",
        "maths_level": "adding",
        "gentleness": "0.8",
        "favourite_mode": "easy4",
        "language": "es",
    }

    response = parent_client.post(es("families:child_new"), data, follow=True)

    assert response.redirect_chain[-1][0] == es("families:home")
    assert "Robin ya puede jugar." in response.text


@pytest.mark.django_db
def test_the_account_pages_are_in_spanish(client: Client) -> None:
    login = spanish_page(client, es("account_login"))
    signup = spanish_page(client, es("account_signup"))
    reset = spanish_page(client, es("account_reset_password"))

    assert "Inicio de sesión para personas adultas" in login
    assert "Contraseña" in login
    assert "Crear una cuenta familiar" in signup
    assert "He leído el aviso de privacidad" in signup
    assert "¿Olvidaste tu contraseña?" in reset


@pytest.mark.django_db
def test_signing_up_in_spanish_sends_the_email_in_spanish(client: Client, mailoutbox) -> None:
    data = {"email": "sam@example.com", "password1": PASSWORD, "password2": PASSWORD}

    response = client.post(es("account_signup"), data | {"consent": "on"})

    assert response.status_code == 302
    [message] = mailoutbox
    assert message.subject == "Peabody Golf: Confirma tu dirección de correo"
    assert message.body.startswith("Hola, te escribimos desde Peabody Golf.")
    assert "Para confirmarla, abre este enlace:" in message.body
    assert english_in(message.body) == []
    link = LINK.search(message.body).group(0)
    assert "/es/accounts/confirm-email/" in link
    assert "Sí, confirmarla" in spanish_page(client, link.split("testserver", 1)[1])


@pytest.mark.django_db
def test_signing_up_in_english_still_sends_the_email_in_english(client: Client, mailoutbox) -> None:
    data = {"email": "sam@example.com", "password1": PASSWORD, "password2": PASSWORD}

    client.post(reverse("account_signup"), data | {"consent": "on"})

    [message] = mailoutbox
    assert message.subject == "Peabody Golf: Please confirm your email address"
    assert message.body.startswith("Hello from Peabody Golf.")
    assert "/es/" not in message.body


@pytest.mark.django_db
def test_a_password_reset_asked_in_spanish_is_emailed_in_spanish(
    client: Client, mailoutbox
) -> None:
    parent = ParentFactory()

    client.post(es("account_reset_password"), {"email": parent.email})

    [message] = mailoutbox
    assert "Alguien (esperamos que tú) pidió elegir una contraseña nueva" in message.body
    assert "/es/accounts/password/reset/key/" in message.body
    assert english_in(message.body) == []
    assert message.subject == "Peabody Golf: Elige una contraseña nueva"


@pytest.mark.django_db
def test_kid_mode_asks_for_the_password_in_spanish(kid_client: Client, mailoutbox) -> None:
    asked = kid_client.get(es("families:home"), follow=True)
    sent = kid_client.post(es("kids:send_reset_link"), follow=True)

    assert asked.redirect_chain[-1][0].startswith(es("account_reauthenticate"))
    assert english_in(asked.text) == []
    assert "<h1>Solo para personas adultas</h1>" in asked.text
    assert "Enviamos un enlace al correo de la familia." in sent.text
    assert "Alguien (esperamos que tú)" in mailoutbox[0].body


@pytest.mark.django_db
def test_the_kids_nav_is_in_spanish(parent_client: Client, child) -> None:
    start_kid_mode(parent_client, child)

    page = parent_client.get(es("privacy:kids")).text

    assert 'aria-label="Robin: ¿Quién juega?"' in page
    assert "Tu familia puede ver tus partidas." in page


def test_the_chart_is_drawn_in_spanish() -> None:
    values = [8.5, 6.0, 3.3, -1.0]
    english = trend_png(values, trend_titles())
    with translation.override("es"):
        spanish = trend_png(values, trend_titles())

    english_image, spanish_image = (Image.open(io.BytesIO(png)) for png in (english, spanish))
    assert english_image.size == spanish_image.size
    assert english_image.tobytes() != spanish_image.tobytes()


@pytest.mark.parametrize("letter", "áéíóúüñÁÉÍÓÚÑ¿¡−")
def test_the_charts_font_has_every_spanish_letter(letter: str) -> None:
    missing = bytes(FONT.getmask("\uffff"))

    assert bytes(FONT.getmask(letter)) != missing


@pytest.mark.django_db
def test_the_chart_view_draws_the_spanish_titles_on_a_spanish_address(
    parent_client: Client, family
) -> None:
    robin, _ = family

    english = parent_client.get(reverse("families:chart", args=[robin.pk])).content
    spanish = parent_client.get(es("families:chart", robin.pk)).content

    assert english != spanish


def test_a_skills_state_and_the_rule_it_is_judged_by_are_in_spanish() -> None:
    verdict = Verdict("adding", "Sumar", asked=4, judged=4, right=3)
    learned = Verdict("adding", "Sumar", asked=12, judged=JUDGED, right=9)

    with translation.override("es"):
        assert verdict.state_text == "aún faltan respuestas"
        assert verdict.evidence.startswith("4 respuestas por ahora.")
        assert learned.state_text == "ya lo sabe"
        assert learned.evidence.startswith("9 de las últimas 10, bien a la primera")
    assert verdict.state == "not enough answers yet"  # the key, and the page's CSS class


@pytest.mark.django_db
def test_the_forms_speak_spanish(child) -> None:
    with translation.override("es"):
        form = ChildForm({"nickname": "a@b"})
        game = {"mode": "easy4", "bots": "1", "level": "gentle", "holes": "1"}
        seats = TogetherForm(game | {"seat_1": child.pk, "seat_2": child.pk}, children=[child])
        form.is_valid(), seats.is_valid()
        errors = [str(e) for errors in form.errors.values() for e in errors]
        labels = [str(label) for _, label in form.fields["avatar"].choices]

    assert "Escribe un apodo, no una dirección de correo." in errors
    assert "Elige un dibujo." in errors
    assert seats.non_field_errors() == ["Cada persona solo puede ocupar 1 asiento."]
    assert labels[:3] == ["Zorro", "Gato", "Oso"]


@pytest.mark.django_db
def test_the_downloaded_data_keeps_its_english_keys_in_spanish(child) -> None:
    child_game(child)
    english = export.child_data(child)
    with translation.override("es"):
        spanish = export.child_data(child)

    assert spanish.keys() == english.keys()
    assert spanish["games"][0].keys() == english["games"][0].keys()
    assert spanish["maths_level"] == english["maths_level"] == "adding"
    assert "tú" in spanish["games"][0]["seats"]
    assert "you" in english["games"][0]["seats"]


@pytest.mark.django_db
def test_the_plan_and_the_gentle_bots_are_in_spanish(parent_client: Client, family) -> None:
    robin, _ = family

    page = text_of(spanish_page(parent_client, es("families:progress", robin.pk)))

    assert "Lo que Peabody practica con Robin" in page
    assert "(nivel 1 de" in page or "(nivel 2 de" in page
    assert "Cómo cambian los niveles" in page
    assert "4 bien de las últimas 5, en el nivel de la habilidad o más difíciles" in page
    assert "Una habilidad que Robin falló vuelve 1, 3 y 7 días después del fallo." in page
    assert "Peabody ajusta los bots amables para que Robin gane" in page
    assert "desactiva «Adaptar las preguntas y los bots amables a cómo le va»" in page


@pytest.mark.django_db
def test_with_adapting_off_the_spanish_page_says_so_in_spanish(
    parent_client: Client, family
) -> None:
    robin, _ = family
    robin.adapting = False
    robin.save()

    page = text_of(spanish_page(parent_client, es("families:progress", robin.pk)))
    form = text_of(spanish_page(parent_client, es("families:child_edit", robin.pk)))

    assert "Desactivaste «Adaptar las preguntas y los bots amables a cómo le va»" in page
    assert "Así, los bots amables se quedan tal como los elegiste: amables (lo normal)." in page
    assert "Activado: Peabody hace las preguntas de cada habilidad al nivel" in form


@pytest.mark.django_db
def test_the_privacy_pages_say_what_is_worked_out_in_spanish(client: Client) -> None:
    grown_ups = text_of(spanish_page(client, es("privacy:parents")))
    kids = texts_of(spanish_page(client, es("privacy:kids")))

    assert "Lo que Peabody deduce de las respuestas de tus hijos e hijas" in grown_ups
    assert "desmarca «Adaptar las preguntas y los bots amables a cómo le va»" in grown_ups
    new = [
        "Vemos qué respondes. Así elegimos tus preguntas.",
        "También ponemos los bots amables a tu medida.",
        "Esto se queda aquí. No se lo damos a nadie.",
        "Tu familia puede apagar esto.",
    ]
    assert set(new) <= {text.strip() for text in kids}
    assert too_hard_in_spanish(set(new)) == []
