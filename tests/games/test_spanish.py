"""The game in Spanish: the table's lines, the bots' sayings and hints, why a move is refused,
and the game's pages at /es/..., with the English exactly as it was."""

import random
import re
from html import unescape

import pytest
from django.test import Client
from django.utils import translation

from games.engine import (
    PRESETS,
    REFUSALS,
    Action,
    IllegalAction,
    apply_action,
    choose_action,
    new_game,
    observe,
)
from games.engine.bots.reasons import CODES, Reason
from games.table import Played
from games.table.play import public_card
from games.words.bots import bot_says, hint_says
from games.words.modes import MODE_NAMES
from games.words.people import YOU
from games.words.refusals import refusal
from games.words.table import (
    kind_line,
    knock_question,
    pass_line,
    pass_to,
    played_line,
    winner_text,
)
from games.words.tips import TIPS
from tests.catalogue import MAX_CRAWFORD, crawford, english_pieces, pieces_in
from tests.games.pages import moves_on, version_on
from tests.words.reasons import every_reason

NAMES = (YOU, "Pip", "Tully")
# Words that are only English: one of them in a Spanish line means a line left untranslated.
ENGLISH = re.compile(
    r"\b(the|you|your|and|took|threw|turned|put|pile|stock|knock|knocked|card|cards|"
    r"hole|points?|worth|keep|kept|take|pair|won|turn|tap|face)\b",
    re.IGNORECASE,
)


def spanish(function, *args):
    with translation.override("es"):
        return function(*args)


# --- the table's lines --------------------------------------------------------------------


def test_a_move_is_told_in_spanish_and_in_the_same_english_as_before() -> None:
    took = Played(seat=1, action=Action("draw_discard"), card="KH")
    mine = Played(seat=0, action=Action("draw_discard"), card="QS")
    flipped = Played(seat=2, action=Action("flip", 3), card="8D")

    assert played_line(took, NAMES) == "Pip took the king from the pile."
    assert played_line(mine, NAMES) == "You took the queen from the pile."
    assert played_line(flipped, NAMES) == "Tully turned over an 8."
    assert spanish(played_line, took, NAMES) == "Pip tomó el rey del montón."
    assert spanish(played_line, mine, NAMES) == "Tomaste la reina del montón."
    assert spanish(played_line, flipped, NAMES) == "Tully dio la vuelta a un 8."


def test_a_bots_saying_names_its_card_with_the_cards_own_article() -> None:
    king = Reason("swap_low", "K", 0)
    queen_pair = Reason("swap_pair", "Q", 10)

    assert bot_says(king) == "I kept the king. Kings are worth 0."
    assert hint_says(king) == "Keep the king: kings are worth 0."
    assert spanish(bot_says, king) == "Me quedé con el rey. Un rey vale 0."
    assert spanish(hint_says, king) == "Quédate con el rey: un rey vale 0."
    # Nothing around the card needs its gender: "the other card like it", not "my other queen".
    assert bot_says(queen_pair) == "I put the queen with my other queen. A pair scores 0!"
    assert spanish(bot_says, queen_pair) == (
        "Puse la reina con la otra carta igual. ¡Una pareja vale 0!"
    )


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_saying_and_hint_is_short_plain_spanish(code: str) -> None:
    for reason in every_reason(code):
        for say in (bot_says, hint_says):
            english, text = say(reason), spanish(say, reason)
            assert text != english
            assert not ENGLISH.search(text), text
            assert "%" not in text and "{" not in text, text
            assert not re.search(r"-\d", text), "a negative number needs a real minus sign"
            assert crawford(text) < MAX_CRAWFORD, text


def test_a_seeded_game_is_told_in_spanish() -> None:
    """Every move of a game between bots, told as the child at seat 0 hears it: the line,
    the bot's reason and the hint, each in Spanish."""
    state, rng, told = new_game(PRESETS["classic6"], 3, seed=7), random.Random(7), []
    while not state.is_over:
        action, reason = choose_action(observe(state, state.current), "steady", rng)
        card = public_card(state, action)
        event = Played(seat=state.current, action=action, card=card, reason=reason)
        told.append((event, reason))
        state = apply_action(state, action)
    lines = set()
    for event, reason in told:
        english = played_line(event, NAMES), bot_says(reason), hint_says(reason)
        said = spanish(played_line, event, NAMES), spanish(bot_says, reason)
        said += (spanish(hint_says, reason),)
        for text, before in zip(said, english, strict=True):
            assert text != before
            assert not ENGLISH.search(text), text
        lines |= set(said)
    words = " ".join(lines)
    for word in ("montón", "mazo", "Pip", "Tully", "Robaste", "carta"):
        assert word in words


def test_the_end_of_a_game_and_the_screen_between_turns_in_spanish() -> None:
    assert spanish(kind_line, 2, 3, 3, False) == "¡Hiciste 2 parejas en esta partida!"
    assert kind_line(2, 3, 3, False) == "You got 2 pairs this game!"
    assert spanish(kind_line, 0, -2, 3, False, "Sam") == (
        "El mejor hoyo de Sam fue −2. ¡Menos de 0 es genial!"
    )
    assert spanish(knock_question, 1) == "Aún tienes 1 carta boca abajo. ¿Cierras ya?"
    assert spanish(knock_question, 3) == "Aún tienes 3 cartas boca abajo. ¿Cierras ya?"
    assert knock_question(1) == "1 of your cards is still face down. Knock now?"
    assert spanish(pass_to, "Sam") == "Pásale el aparato a Sam"
    assert "¡Ya!" in spanish(pass_line, "Sam")
    assert spanish(lambda: MODE_NAMES["knock9"]) == "Golf con cierre"
    assert MODE_NAMES["knock9"] == "Knock Golf"
    tips = spanish(lambda: list(TIPS.values()))
    assert all(not ENGLISH.search(tip) for tip in tips), tips


def test_a_tie_is_told_with_the_names_joined_in_each_language() -> None:
    class Over:
        winners = (0, 1, 2)

    assert winner_text(Over, NAMES) == "It's a tie! You and Pip and Tully share the win."
    assert spanish(winner_text, Over, NAMES) == "¡Empate! Ganan tú y Pip y Tully."
    Over.winners = (1, 2)
    assert spanish(winner_text, Over, NAMES) == "¡Empate! Ganan Pip y Tully."


def test_every_refusal_has_its_words_in_english_and_in_spanish() -> None:
    for code in REFUSALS:
        english, text = refusal(IllegalAction(code)), spanish(refusal, IllegalAction(code))
        assert english.endswith(".") and text.endswith(".")
        assert text != english or code == "no_answer"  # the lessons' words, translated there
    assert refusal(IllegalAction("not_your_turn")) == "It is not your turn yet."
    assert spanish(refusal, IllegalAction("not_your_turn")) == "Todavía no te toca."
    with pytest.raises(ValueError):
        IllegalAction("That is not a move in this game.")  # the engine holds no words


# --- the pages ------------------------------------------------------------------------------


def page_texts(html: str) -> list[str]:
    """Each piece of text a page shows or a screen reader says, one by one."""
    html = re.sub(r"<script.*?</script>", " ", html, flags=re.DOTALL)
    said = re.findall(r'aria-label="([^"]*)"', html)
    shown = re.sub(r"<[^>]+>", "\n", html).split("\n")
    return [unescape(text).strip() for text in shown + said if text.strip()]


@pytest.fixture(scope="module")
def our_english() -> set[str]:
    """The English of every message of the game's area that no Spanish page may show."""
    pieces = english_pieces("es", ("games/", "templates/games/"))
    assert len(pieces) > 200  # the check below looks for something
    return pieces


@pytest.mark.django_db
@pytest.mark.parametrize(("preset", "house"), [("easy4", {}), ("knock9", {"jokers": "minus5"})])
def test_a_whole_game_at_es_shows_none_of_the_games_english(
    client: Client, make_game, our_english, preset, house
) -> None:
    game = make_game(preset=preset, bots=2, holes=2, house=house, seed=5)
    url = f"/es/play/{game.public_id}/"
    html = client.get(url).text
    rng, texts = random.Random(5), []
    for _ in range(500):
        texts += page_texts(html)
        offered = moves_on(html)
        if not offered:
            break
        html = client.post(
            f"/es/play/{game.public_id}/move/",
            {"move": rng.choice(offered), "version": version_on(html)},
        ).text
    texts += page_texts(client.get(f"{url}?hint=1").text)
    texts += page_texts(client.get(f"/es/play/{game.public_id}/replay/").text)
    texts += page_texts(client.get("/es/play/").text)

    assert pieces_in("\n".join(texts), our_english) == []
    words = " ".join(texts)
    for spanish_words in (
        "Te toca",
        "montón",
        "Hoja de puntos",
        "Lo que pasó",
        "Repartir las cartas",
    ):
        assert spanish_words in words


@pytest.mark.django_db
def test_a_refused_move_is_told_in_the_pages_language(client: Client, make_game) -> None:
    game = make_game(preset="classic6", bots=1, seed=3)  # first, two cards to turn over
    html = client.get(f"/play/{game.public_id}/").text
    data = {"move": "swap:0", "version": version_on(html)}

    english = client.post(f"/play/{game.public_id}/move/", data)
    spanish_page = client.post(f"/es/play/{game.public_id}/move/", data)

    assert english.status_code == spanish_page.status_code == 400
    assert "First turn two of your cards face up." in unescape(english.text)
    assert "Primero pon dos de tus cartas boca arriba." in unescape(spanish_page.text)
