"""A class answering on its own devices (games.classes): the projector's code, a device
joining with it, answering once, the spread the projector shows, and nothing kept past the
lesson."""

import csv
import random
import re
from dataclasses import replace
from datetime import timedelta
from io import StringIO

import pytest
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.classes import views
from games.classes.models import ClassAnswer, ClassSession
from games.classes.pictures import COLOURS, device_picture
from games.classes.screens import closed_question
from games.join_codes import PICTURES as CODE_PICTURES
from games.models import Count, Game
from games.table import ANSWER as ANSWER_MOVE
from games.table import SKIP, Move, Stage, apply, legal_moves, question_asked, stage
from peabody import sessions
from peabody.families.avatars import AVATARS

JOIN = reverse("games:class_join")
DEVICE = reverse("games:class_device")
ANSWER = reverse("games:class_answer")


pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_counts() -> None:
    cache.clear()  # the tries counted by another test's devices


def deal(client: Client) -> Game:
    client.get(reverse("games:class_game"))
    client.post(reverse("games:start_class_game"))
    return Game.objects.get(public_id=client.session[sessions.CLASS_GAME])


def to_a_question(game: Game, way: int) -> bool:
    """Play the class's hole as a random player does until a question is asked (True) or
    the hole's scores come with none (False)."""
    rng = random.Random(way)
    while (now := stage(game.table)) not in (Stage.SUMMARY, Stage.OVER):
        if now == Stage.PRACTICE:
            return True
        legal = [m for m in legal_moves(game.table) if m.kind != "knock"] or legal_moves(game.table)
        game.play(rng.choice(legal))
    return False


def asked_class(projector: Client, choice: bool | None = None) -> Game:
    """A class game dealt on ``projector``, played to a question (of players to choose
    from, if ``choice``; answered with a number, if ``choice`` is False)."""
    for way in range(60):
        game = deal(projector)
        if to_a_question(game, way):
            asked = question_asked(game.table)
            if choice is None or bool(asked.choices) == choice:
                return game
    raise AssertionError("no deal asked such a question")


def tap_code(client: Client, code: str, **extra) -> object:
    """Tap each picture of ``code`` on the join page, as a child does."""
    response = None
    picked: list[str] = []
    for name in code.split("-"):
        response = client.post(JOIN, {"picked": " ".join(picked), "tap": name}, **extra)
        picked.append(name)
    return response


def wrong_code(code: str) -> str:
    names = code.split("-")
    names[0] = next(p for p in CODE_PICTURES if p != names[0])
    return "-".join(names)


def test_the_code_is_four_of_the_profile_pictures_and_every_device_gets_its_own() -> None:
    assert tuple(avatar.name for avatar in AVATARS) == CODE_PICTURES
    others = len(CODE_PICTURES) - 4  # the pictures not in the code
    given = [device_picture("fox-owl-frog-pig", n) for n in range(others * len(COLOURS))]
    assert len(set(given)) == len(given)  # no two devices alike
    # None of the code's own pictures: a child could take it for part of the code.
    assert not {picture for picture, _ in given} & {"fox", "owl", "frog", "pig"}


def test_dealing_the_class_game_makes_a_code_for_two_hours_shown_on_the_projector(
    client: Client,
) -> None:
    game = deal(client)
    class_session = game.class_session
    assert len(class_session.code.split("-")) == 4 and set(class_session.code.split("-")) <= set(
        CODE_PICTURES
    )
    assert (
        timedelta(hours=1, minutes=59)
        < class_session.expires - timezone.now()
        <= timedelta(hours=2)
    )
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Join at" in page and f"{reverse('games:class_join')}" in page
    for name in class_session.code.split("-"):
        assert reverse("kids:avatar", args=[name]) in page
    again = deal(client)  # a new deal: a new code, the old one gone
    assert ClassSession.objects.get().game == again


def test_a_device_joins_with_the_right_code_and_gets_a_picture_and_colour(client: Client) -> None:
    projector = Client()
    class_session = deal(projector).class_session
    response = tap_code(client, class_session.code)
    assert response.status_code == 302 and response["Location"] == DEVICE
    page = client.get(DEVICE).content.decode()
    picture, colour = device_picture(class_session.code, 0)
    assert f"ring-{colour}" in page and reverse("kids:avatar", args=[picture]) in page
    assert "A question will come here soon." in page
    # In its session only its token and where it joined, and the session ends with the lesson.
    kept = set(client.session.keys()) - {"_session_expiry"}
    assert kept == {sessions.CLASS_DEVICE, sessions.CLASS_JOINED}
    assert abs(client.session.get_expiry_date() - class_session.expires) < timedelta(seconds=1)
    class_session.refresh_from_db()
    assert class_session.joined == 1


def test_a_class_device_shows_nothing_for_grown_ups(client: Client) -> None:
    class_session = deal(Client()).class_session
    join_page = client.get(JOIN).content.decode()
    tap_code(client, class_session.code)

    device_page = client.get(DEVICE).content.decode()

    for page in (join_page, device_page):
        assert reverse("account_login") not in page and "Grown-ups" not in page


def test_a_wrong_code_is_refused_kindly_and_starts_again(client: Client) -> None:
    class_session = deal(Client()).class_session
    response = tap_code(client, wrong_code(class_session.code))
    assert response.status_code == 400
    assert "That is not the code." in response.content.decode()
    assert client.get(DEVICE)["Location"] == JOIN
    assert re.search(r'name="picked" value=""', response.content.decode())


def test_an_expired_code_opens_nothing(client: Client) -> None:
    class_session = deal(Client()).class_session
    ClassSession.objects.update(expires=timezone.now() - timedelta(seconds=1))
    response = tap_code(client, class_session.code)
    assert response.status_code == 400 and "That code is over." in response.content.decode()
    assert sessions.CLASS_JOINED not in client.session


def test_a_device_that_tries_too_many_wrong_codes_waits_even_for_the_right_one(
    client: Client,
) -> None:
    class_session = deal(Client()).class_session
    assert views.TRIES.per_device is not None
    for _ in range(views.TRIES.per_device.most):
        assert tap_code(client, wrong_code(class_session.code)).status_code == 400
    response = tap_code(client, class_session.code)
    assert response.status_code == 429 and "Wait a few minutes" in response.content.decode()
    assert sessions.CLASS_JOINED not in client.session
    # Another device in the same room is not held up by it.
    assert tap_code(Client(), class_session.code).status_code == 302


def test_once_its_window_is_over_the_device_may_try_again(client: Client, monkeypatch) -> None:
    class_session = deal(Client()).class_session
    assert views.TRIES.per_device is not None
    for _ in range(views.TRIES.per_device.most):
        tap_code(client, wrong_code(class_session.code))
    later = timezone.now() + views.TRIES.per_device.window
    monkeypatch.setattr(timezone, "now", lambda: later)

    assert tap_code(client, class_session.code).status_code == 302


def test_many_devices_from_one_address_are_held_too(client: Client, monkeypatch) -> None:
    three = replace(views.TRIES.per_address, most=3)
    monkeypatch.setattr(views, "TRIES", replace(views.TRIES, per_address=three))
    class_session = deal(Client()).class_session
    for _ in range(3):
        assert tap_code(Client(), wrong_code(class_session.code)).status_code == 400
    assert tap_code(Client(), class_session.code).status_code == 429
    keys = list(Count.objects.values_list("key", flat=True))  # the counts hold no address
    assert keys and not any("127.0.0.1" in key for key in keys)


def test_tapping_and_taking_back_keeps_the_code_so_far_in_the_form(client: Client) -> None:
    response = client.post(JOIN, {"picked": "fox owl", "tap": "frog"})
    assert 'name="picked" value="fox owl frog"' in response.content.decode()
    response = client.post(JOIN, {"picked": "fox owl frog", "undo": "1"})
    assert 'name="picked" value="fox owl"' in response.content.decode()
    response = client.post(JOIN, {"picked": "fox wolf", "tap": "owl"})  # no wolf: start again
    assert 'name="picked" value="owl"' in response.content.decode()


def test_another_classs_code_does_not_open_this_class(client: Client) -> None:
    ours, theirs = deal(Client()), deal(Client())
    tap_code(client, theirs.class_session.code)
    joined = client.session[sessions.CLASS_JOINED]
    assert joined["lesson"] == theirs.class_session.pk != ours.class_session.pk


def test_a_device_answers_the_open_question_once(client: Client) -> None:
    projector = Client()
    game = asked_class(projector, choice=False)
    tap_code(client, game.class_session.code)
    page = client.get(DEVICE).content.decode()
    asked = question_asked(game.table)
    key = f"1:{asked.key}"
    assert f'name="question" value="{key}"' in page and "skip-questions" not in page
    response = client.post(ANSWER, {"question": key, "move": "answer", "answer": "3"})
    assert response.status_code == 200
    assert "You said 3. Now look at the big screen." in response.content.decode()
    again = client.post(ANSWER, {"question": key, "move": "answer", "answer": "5"})
    assert again.status_code == 409
    assert "You answered this one already." in again.content.decode()
    assert list(ClassAnswer.objects.values_list("question", "value")) == [(key, 3)]
    game.class_session.refresh_from_db()
    assert game.class_session.answered == 1


def test_a_device_that_joins_again_is_the_same_device_and_answers_once(client: Client) -> None:
    game = asked_class(Client(), choice=False)
    other = deal(Client()).class_session  # another lesson joined between
    key = f"1:{question_asked(game.table).key}"
    tap_code(client, game.class_session.code)
    assert (
        client.post(ANSWER, {"question": key, "move": "answer", "answer": "3"}).status_code == 200
    )

    answers = []
    for _ in range(10):
        tap_code(client, game.class_session.code)
        answers.append(client.post(ANSWER, {"question": key, "move": "answer", "answer": "5"}))
        tap_code(client, other.code)
    tap_code(client, game.class_session.code)

    assert {a.status_code for a in answers} == {409}
    assert "You answered this one already." in answers[-1].text
    assert list(ClassAnswer.objects.values_list("question", "value")) == [(key, 3)]
    game.class_session.refresh_from_db()
    assert game.class_session.answered == 1
    assert "You said 3." in client.get(DEVICE).text  # its own answer, as before


def test_an_answer_to_a_question_no_longer_asked_changes_nothing(client: Client) -> None:
    game = asked_class(Client())
    tap_code(client, game.class_session.code)
    response = client.post(ANSWER, {"question": "1:total-9", "move": "answer", "answer": "3"})
    assert response.status_code == 409 and "That question is over." in response.content.decode()
    assert not ClassAnswer.objects.exists()


def test_the_projector_shows_how_many_answered_and_their_spread_never_who(client: Client) -> None:
    projector = Client()
    game = asked_class(projector, choice=False)
    key = f"1:{question_asked(game.table).key}"
    for typed in ("4", "4", "\u22122"):
        device = Client()
        tap_code(device, game.class_session.code)
        device.post(ANSWER, {"question": key, "move": "answer", "answer": typed})
    tap_code(Client(), game.class_session.code)  # a fourth device joined, yet to answer
    spread = projector.get(reverse("games:class_answers"), headers={"HX-Request": "true"})
    html = spread.content.decode()
    assert "3 of 4 answered" in html
    bar = r'<span class="value">([^<]+)</span><span class="visually-hidden">: (\d)'
    bars = re.findall(bar, html)
    assert bars[0] == ("\u22122", "1") and ("4", "2") in bars
    assert ("0", "0") in bars  # the line between them, as on a number line
    assert game.class_session.spread(key) == {-2: 1, 4: 2}
    for device in ClassAnswer.objects.values_list("device", flat=True):
        assert device not in html
    # The game's page on the projector draws the same spread.
    page = projector.get(game.get_absolute_url()).content.decode()
    assert "3 of 4 answered" in page


def test_a_choice_question_counts_each_player_and_the_device_taps_one(client: Client) -> None:
    projector = Client()
    game = asked_class(projector, choice=True)
    asked = question_asked(game.table)
    key = f"1:{asked.key}"
    tap_code(client, game.class_session.code)
    page = client.get(DEVICE).content.decode()
    assert f'value="answer:{asked.choices[0]}"' in page
    client.post(ANSWER, {"question": key, "move": f"answer:{asked.choices[0]}"})
    html = projector.get(reverse("games:class_answers")).content.decode()
    assert "1 answered" in html and ">You</span>" in html


def test_once_the_class_answers_each_device_hears_kindly_if_it_was_right(client: Client) -> None:
    projector = Client()
    game = asked_class(projector, choice=False)
    asked = question_asked(game.table)
    key = f"1:{asked.key}"
    right, wrong = Client(), Client()
    for device, value in ((right, asked.answer), (wrong, asked.answer + 1)):
        tap_code(device, game.class_session.code)
        device.post(ANSWER, {"question": key, "move": "answer", "answer": str(value)})
    game.play(Move(SKIP))  # the teacher moves on
    assert "Yes, that's right!" in right.get(DEVICE).content.decode()
    told = wrong.get(DEVICE).content.decode()
    assert "Good try!" in told and "Yes" not in told


def two_questions_in_a_row(projector: Client) -> Game:
    """A class game at a number question whose right answer brings the next question at once."""
    for way in range(200):
        game = deal(projector)
        if not to_a_question(game, way) or question_asked(game.table).choices:
            game.delete()  # a deal passed over is not one of the browser's games of the day
            continue
        after, _ = apply(game.table, Move(ANSWER_MOVE, value=question_asked(game.table).answer))
        if stage(after) == Stage.PRACTICE:
            return game
        game.delete()
    raise AssertionError("no deal asked two questions in a row")


def test_when_the_next_question_opens_at_once_the_device_still_hears_how_it_did(
    client: Client,
) -> None:
    projector = Client()
    game = two_questions_in_a_row(projector)
    first = question_asked(game.table)
    tap_code(client, game.class_session.code)
    skipped = Client()  # a device that did not answer the first question
    tap_code(skipped, game.class_session.code)
    client.post(
        ANSWER, {"question": f"1:{first.key}", "move": "answer", "answer": str(first.answer)}
    )
    game.play(Move(ANSWER_MOVE, value=first.answer))  # the class answers on the projector
    second = question_asked(game.table)
    page = client.get(DEVICE).content.decode()
    assert "Yes, that's right!" in page
    assert f'name="question" value="1:{second.key}"' in page  # and the next question is asked
    other = skipped.get(DEVICE).content.decode()
    assert f'name="question" value="1:{second.key}"' in other
    assert "You said" not in other and "Good try" not in other


def test_ending_the_lesson_deletes_its_code_and_every_answer(client: Client) -> None:
    projector = Client()
    game = asked_class(projector)
    tap_code(client, game.class_session.code)
    key = f"1:{question_asked(game.table).key}"
    client.post(ANSWER, {"question": key, "move": "answer", "answer": "1"})
    response = projector.post(reverse("games:class_end"))
    assert response["Location"] == reverse("games:class_game")
    assert not ClassSession.objects.exists() and not ClassAnswer.objects.exists()
    assert client.get(DEVICE)["Location"] == JOIN


def test_purge_expired_deletes_lessons_past_their_time_and_their_answers(client: Client) -> None:
    game = asked_class(Client())
    tap_code(client, game.class_session.code)
    key = f"1:{question_asked(game.table).key}"
    client.post(ANSWER, {"question": key, "move": "answer", "answer": "1"})
    live = deal(Client()).class_session
    call_command("purge_expired", stdout=StringIO())
    assert ClassSession.objects.count() == 2
    ClassSession.objects.exclude(pk=live.pk).update(expires=timezone.now() - timedelta(minutes=1))
    out = StringIO()
    call_command("purge_expired", stdout=out)
    assert list(ClassSession.objects.all()) == [live] and not ClassAnswer.objects.exists()
    assert "1 class lesson" in out.getvalue()


def test_only_the_projector_that_dealt_sees_the_spread(client: Client) -> None:
    asked_class(Client())
    assert client.get(reverse("games:class_answers")).status_code == 404
    assert client.get(reverse("games:class_answers_live")).status_code == 404
    assert client.get(reverse("games:class_device_live")).status_code == 404


def test_a_device_joins_in_spanish_and_the_projector_says_the_spanish_address(
    client: Client,
) -> None:
    projector = Client()
    projector.post("/es/teach/play/start/")
    game = Game.objects.get()
    assert "/es/class/" in projector.get(f"/es/play/{game.public_id}/").content.decode()
    assert "Únete a tu clase" in client.get("/es/class/").content.decode()
    picked: list[str] = []
    for name in game.class_session.code.split("-"):
        response = client.post("/es/class/", {"picked": " ".join(picked), "tap": name})
        picked.append(name)
    assert response["Location"] == "/es/class/play/"
    assert "¡Ya estás dentro!" in client.get("/es/class/play/").content.decode()


def test_a_device_that_answered_draws_its_page_without_reading_its_last_result(
    client: Client, django_assert_max_num_queries
) -> None:
    game = asked_class(Client(), choice=False)
    tap_code(client, game.class_session.code)
    key = f"1:{question_asked(game.table).key}"
    client.post(ANSWER, {"question": key, "move": "answer", "answer": "3"})

    # The session, the lesson with its game, and this device's answers: the page shows no
    # result while the question is open, so reads no earlier answer for one.
    with django_assert_max_num_queries(3):
        page = client.get(DEVICE).content.decode()

    assert "You said 3. Now look at the big screen." in page


# --- after the class's game: what the class found tricky ------------------------------


def three_answer(projector: Client) -> tuple[Game, str, list[Client]]:
    """A class game at a number question, answered by three devices: two right, one not."""
    game = asked_class(projector, choice=False)
    asked = question_asked(game.table)
    key = f"1:{asked.key}"
    devices = []
    for value in (asked.answer, asked.answer + 1, asked.answer):
        device = Client()
        tap_code(device, game.class_session.code)
        device.post(ANSWER, {"question": key, "move": "answer", "answer": str(value)})
        devices.append(device)
    return game, key, devices


def tricky_url(game: Game, language: str = "") -> str:
    url = reverse("games:class_tricky", args=[game.class_session.pk])
    return f"/{language}{url}" if language else url


def test_an_answer_is_kept_with_whether_it_was_right_the_first_time(client: Client) -> None:
    game, key, _ = three_answer(Client())
    answer = question_asked(game.table).answer
    rows = list(ClassAnswer.objects.order_by("pk").values_list("question", "value", "right"))
    assert rows == [(key, answer, True), (key, answer + 1, False), (key, answer, True)]
    assert game.class_session.tallies() == [(key, 3, 2)]


def test_a_choice_answer_is_right_when_it_names_the_right_player(client: Client) -> None:
    game = asked_class(Client(), choice=True)
    asked = question_asked(game.table)
    wrong = next(c for c in asked.choices if c != asked.answer)
    for choice in (asked.answer, wrong):
        device = Client()
        tap_code(device, game.class_session.code)
        device.post(ANSWER, {"question": f"1:{asked.key}", "move": f"answer:{choice}"})
    assert list(ClassAnswer.objects.order_by("pk").values_list("right", flat=True)) == [
        True,
        False,
    ]


def test_what_the_class_found_tricky_counts_three_devices_never_who(client: Client) -> None:
    projector = Client()
    game, key, devices = three_answer(projector)
    response = projector.get(tricky_url(game))
    assert response.status_code == 200
    page = response.content.decode()
    assert "What the class found tricky" in page
    assert str(closed_question(game, key).prompt) in page
    assert "2 of 3 right" in page
    questions = page[page.index('id="tricky-questions"') :]
    assert questions.count('class="dot right"') == 2 and questions.count('class="dot"') == 1
    assert "Tricky</span>" not in page  # two of three is not fewer than half
    # Never who: no device's token, picture or colour.
    for token in ClassAnswer.objects.values_list("device", flat=True):
        assert token not in page
    for number in range(3):
        picture, colour = device_picture(game.class_session.code, number)
        assert reverse("kids:avatar", args=[picture]) not in page and f"ring-{colour}" not in page
    # The game's end and the page before the table offer it.
    play_to_the_end(game)
    ending = projector.get(game.get_absolute_url()).content.decode()
    assert f'href="{tricky_url(game)}"' in ending
    assert (
        f'href="{tricky_url(game)}"' in projector.get(reverse("games:class_game")).content.decode()
    )


def test_a_question_fewer_than_half_got_right_is_marked_tricky(client: Client) -> None:
    projector = Client()
    game = asked_class(projector, choice=False)
    asked = question_asked(game.table)
    for value in (asked.answer + 1, asked.answer + 2, asked.answer):
        device = Client()
        tap_code(device, game.class_session.code)
        device.post(ANSWER, {"question": f"1:{asked.key}", "move": "answer", "answer": str(value)})
    page = projector.get(tricky_url(game)).content.decode()
    assert "1 of 3 right" in page and "is-tricky" in page and "Tricky</span>" in page


def test_what_the_class_found_tricky_in_spanish(client: Client) -> None:
    projector = Client()
    game, _, _ = three_answer(projector)
    page = projector.get(tricky_url(game, "es")).content.decode()
    assert "Lo que a la clase le costó" in page and "2 de 3 bien" in page
    assert 'lang="es"' in page


def test_another_lessons_tricky_screen_is_not_found(client: Client) -> None:
    game, _, devices = three_answer(Client())
    ours = deal(client)
    assert client.get(tricky_url(ours)).status_code == 200
    for someone in (client, devices[0], Client()):
        assert someone.get(tricky_url(game)).status_code == 404
        counts = reverse("games:class_tricky_counts", args=[game.class_session.pk])
        assert someone.get(counts).status_code == 404
    assert client.get(reverse("games:class_tricky", args=[999_999])).status_code == 404


def test_the_counts_kept_hold_only_each_question_and_its_counts(client: Client) -> None:
    projector = Client()
    game, key, _ = three_answer(projector)
    response = projector.get(reverse("games:class_tricky_counts", args=[game.class_session.pk]))
    assert response["Content-Type"].startswith("text/csv")
    assert response["Content-Disposition"] == 'attachment; filename="class-counts.csv"'
    text = response.content.decode()
    rows = list(csv.reader(StringIO(text)))
    prompt = str(closed_question(game, key).prompt)
    assert rows == [
        ["Question", "Devices that answered", "Right the first time"],
        [prompt, "3", "2"],
    ]
    for token in ClassAnswer.objects.values_list("device", flat=True):
        assert token not in text
    assert game.class_session.code not in text
    # And the site keeps nothing for it: no row was written anywhere.
    assert ClassAnswer.objects.count() == 3 and ClassSession.objects.count() == 1


def test_purge_leaves_nothing_of_a_lesson_whose_counts_were_not_kept(
    client: Client, monkeypatch
) -> None:
    projector = Client()
    game, _, devices = three_answer(projector)
    url = tricky_url(game)
    device_sessions = [device.session.session_key for device in devices]
    later = timezone.now() + timedelta(hours=2, minutes=1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    call_command("purge_expired", stdout=StringIO())
    assert not ClassSession.objects.exists() and not ClassAnswer.objects.exists()
    assert not Session.objects.filter(session_key__in=device_sessions).exists()
    assert projector.get(url).status_code == 404


def play_to_the_end(game: Game) -> None:
    """Skip the class's questions and play on until the game is over."""
    rng = random.Random(0)
    while stage(game.table) != Stage.OVER:
        legal = legal_moves(game.table)
        skips = [m for m in legal if m.kind == SKIP]
        game.play(
            skips[0] if skips else rng.choice([m for m in legal if m.kind != "knock"] or legal)
        )
