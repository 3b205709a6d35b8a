"""A family table with a device each: a grown-up seats two children and themselves, each
child's device in kid mode joins it, and each device plays only its own seat's turns and
sees only its own hidden cards."""

import random
import re
from dataclasses import replace
from datetime import timedelta
from html import unescape

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games import models
from games.adapting import practice_at
from games.engine import PRESETS
from games.models import AWAY, Game, Seat
from games.table import Stage, legal_moves, question_asked, stage_for
from lessons.models import SkillAttempt
from peabody import sessions
from peabody.families import export, practice
from tests.builders import start_kid_mode
from tests.factories import ChildFactory
from tests.games.pages import version_on

pytestmark = pytest.mark.django_db

GAME = {"mode": "classic6", "bots": "1", "level": "gentle", "holes": "1", "where": "each"}


@pytest.fixture
def sam(parent):
    return ChildFactory(parent=parent, nickname="Sam")


@pytest.fixture
def devices(parent, child, sam) -> dict[str, Client]:
    """Three devices of one family: the grown-up's, and one in kid mode for each child."""
    clients = {}
    for who, kid in (("grown-up", None), ("Robin", child), ("Sam", sam)):
        device = Client()
        device.force_login(parent)
        if kid is not None:
            start_kid_mode(device, kid)
        clients[who] = device
    return clients


def seat_table(devices: dict[str, Client], child, sam) -> Game:
    data = GAME | {"seat_1": child.pk, "seat_2": sam.pk, "seat_3": "grown-up"}
    response = devices["grown-up"].post(reverse("kids:together"), data)
    game = Game.objects.get()
    assert response["Location"] == game.get_absolute_url()
    return game


def seat_of(game: Game, who: str) -> int:
    return {"Robin": 0, "Sam": 1, "grown-up": 2}[who]


def whose_turn(game: Game) -> str:
    game.refresh_from_db()
    return {0: "Robin", 1: "Sam", 2: "grown-up"}[game.table.at_device]


def test_the_grown_up_seats_a_table_with_a_device_each(devices, child, sam) -> None:
    game = seat_table(devices, child, sam)

    assert game.devices and game.bot_levels == [None, None, None, "gentle"]
    assert [(s.number, s.child) for s in game.seats.all()] == [(0, child), (1, sam), (2, None)]
    # Nothing is passed round: the table waits for the device of whoever starts.
    assert game.stage == Stage.PLAY
    assert game.table.at_device == game.state.current
    assert sessions.CHILD not in devices["grown-up"].session


def test_each_childs_device_says_your_table_is_ready_and_joins_it(devices, child, sam) -> None:
    game = seat_table(devices, child, sam)

    for who in ("Robin", "Sam"):
        for page in (reverse("home"), reverse("games:new")):
            text = devices[who].get(page).text
            assert "Your table is ready" in text
            assert game.get_absolute_url() in text


def test_a_child_not_at_the_table_is_not_told_of_it(devices, parent, child, sam) -> None:
    seat_table(devices, child, sam)
    kim = ChildFactory(parent=parent, nickname="Kim")
    other = Client()
    other.force_login(parent)
    start_kid_mode(other, kim)

    assert "Your table is ready" not in other.get(reverse("games:new")).text


def test_only_the_device_whose_turn_it_is_may_move(devices, child, sam) -> None:
    game = seat_table(devices, child, sam)
    move = {"version": game.version, "move": "flip:0"}
    someone_else = next(who for who in devices if who != whose_turn(game))
    before = game.moves

    refused = devices[someone_else].post(reverse("games:move", args=[game.public_id]), move)

    assert refused.status_code == 400
    assert "It is not your turn yet." in refused.text
    game.refresh_from_db()
    assert game.version == 0 and game.moves == before
    made = devices[whose_turn(game)].post(reverse("games:move", args=[game.public_id]), move)
    assert made.status_code == 200
    game.refresh_from_db()
    assert game.version == 1


PROMPT = re.compile(r'<p id="prompt"[^>]*><span class="words">(.*?)</span>', re.S)


def test_every_waiting_device_names_the_person_deciding_and_what_they_do(
    devices, child, sam
) -> None:
    data = GAME | {"mode": "easy4", "seat_1": child.pk, "seat_2": sam.pk, "seat_3": "grown-up"}
    devices["grown-up"].post(reverse("kids:together"), data)
    game = Game.objects.get()
    names = {0: "Robin", 1: "Sam", 2: "Grown-up"}  # as another person's device names them
    rng = random.Random(5)
    peeking = set()
    while game.stage in (Stage.PLAY, Stage.PEEK):
        deciding = game.table.at_device
        if game.stage == Stage.PEEK:
            # At the start, each person in turn looks at their cards before anyone plays:
            # the one looking is named, not the first to play.
            peeking.add(deciding)
            doing = "is looking at their cards."
        else:
            doing = "is playing."
        for who, device in devices.items():
            if seat_of(game, who) != deciding:
                page = device.get(game.get_absolute_url()).text
                assert unescape(PROMPT.search(page)[1]) == f"{names[deciding]} {doing}"
        moves = [m for m in legal_moves(game.table) if m.kind != "knock"]
        made = post(
            devices[whose_turn(game)],
            game,
            {"version": game.version, "move": str(rng.choice(moves))},
        )
        assert made.status_code == 200
        game.refresh_from_db()

    assert peeking == {0, 1, 2}
    assert game.stage in (Stage.PRACTICE, Stage.SUMMARY)  # the hole was played to its end


SEAT = re.compile(
    r'<section class="seat (you|opponent)[^"]*"\s+aria-labelledby="[^"]*"\s+'
    r'data-seat="(\d)">(.*?)</section>',
    re.S,
)

LAYOUT = re.compile(r'<div class="layout[^"]*"(.*?)</div>', re.S)


def test_a_device_sees_its_own_cards_and_never_anothers_hidden_ones(devices, child, sam) -> None:
    game = seat_table(devices, child, sam)
    rng = random.Random(3)
    while not game.finished:
        table = game.table
        for looker, device in devices.items():
            page = device.get(game.get_absolute_url()).text
            mine = seat_of(game, looker)
            seen = stage_for(table, mine)
            assert (f"stage-{Stage.WAIT}" in page) == (seen == Stage.WAIT)
            if seen not in (Stage.PLAY, Stage.WAIT):
                continue
            seats = SEAT.findall(page)
            assert [int(n) for kind, n, _ in seats if kind == "you"] == [mine]
            for _, n, drawn in seats:
                layout, face_up = table.state.layouts[int(n)], table.state.face_up[int(n)]
                # Every card face down is drawn as its back, on every device, its owner's too.
                down = sum(1 for card, up in zip(layout, face_up, strict=True) if card and not up)
                cards = LAYOUT.search(drawn).group(1)
                assert cards.count('class="back"') == down
        moves = [m for m in legal_moves(table) if m.kind != "knock"] or legal_moves(table)
        move = rng.choice(moves)
        data = {"version": game.version, "move": str(move)}
        response = devices[whose_turn(game)].post(
            reverse("games:move", args=[game.public_id]), data
        )
        assert response.status_code == 200, response.text[:300]
        game.refresh_from_db()
    assert game.stage in (Stage.PRACTICE, Stage.SUMMARY, Stage.OVER)


def test_another_devices_board_tells_only_what_is_new_to_it(devices, child, sam) -> None:
    game = seat_table(devices, child, sam)
    url = game.get_absolute_url()
    mover = whose_turn(game)
    watcher = next(who for who in ("Robin", "Sam") if who != mover)
    page = devices[watcher].get(url, headers={"HX-Request": "true"}).text
    told = int(re.search(r'data-told="(\d+)"', page).group(1))

    move = {"version": 0, "move": "flip:0"}
    devices[mover].post(reverse("games:move", args=[game.public_id]), move)
    again = devices[watcher].get(f"{url}?told={told}", headers={"HX-Request": "true"}).text

    assert again.count('<li class="step') == 1  # Robin's one move, and nothing told before
    assert 'data-narrate="1"' in again


def test_a_grown_up_not_at_the_table_sees_no_cards(parent_client, parent, child, sam) -> None:
    data = GAME | {"seat_1": child.pk, "seat_2": sam.pk, "seat_3": ""}
    parent_client.post(reverse("kids:together"), data)
    game = Game.objects.get()

    page = parent_client.get(game.get_absolute_url())

    assert page.status_code == 200
    assert "on the players’ own devices" in page.text
    assert "data-card" not in page.text
    hint = parent_client.get(
        reverse("games:hint", args=[game.public_id]), headers={"HX-Request": "true"}
    )
    assert "data-card" not in hint.text


def test_play_again_seats_the_same_table_with_a_device_each(devices, child, sam) -> None:
    game = seat_table(devices, child, sam)
    token = {"once": "again-1"}

    response = devices["Robin"].post(reverse("games:again", args=[game.public_id]), token)

    again = Game.objects.exclude(pk=game.pk).get()
    assert response["Location"] == again.get_absolute_url()
    assert again.devices and again.bot_levels == game.bot_levels
    assert [s.child for s in again.seats.all()] == [child, sam, None]
    assert again.get_absolute_url() in devices["Sam"].get(reverse("games:new")).text


# --- each child's own questions ------------------------------------------------------------

WHO = {0: "Robin", 1: "Sam", 2: "grown-up"}


def post(device: Client, game: Game, data: dict):
    return device.post(reverse("games:move", args=[game.public_id]), data)


def to_the_holes_end(devices: dict[str, Client], game: Game, rng: random.Random) -> None:
    """Each device makes its turns, at random, until the hole ends."""
    while game.stage in (Stage.PLAY, Stage.PEEK):
        moves = [m for m in legal_moves(game.table) if m.kind != "knock"]
        data = {"version": game.version, "move": str(rng.choice(moves))}
        assert post(devices[whose_turn(game)], game, data).status_code == 200
        game.refresh_from_db()


def answer_page(device: Client, game: Game) -> str:
    return device.get(game.get_absolute_url()).text


def test_each_child_answers_their_own_questions_on_their_own_device(devices, child, sam) -> None:
    game = seat_table(devices, child, sam)
    assert game.setup.learners == (0, 1)  # the children, whose questions are on; no grown-up
    for seed in range(40):
        to_the_holes_end(devices, game, random.Random(seed))
        if set(game.table.asking) == {0, 1}:
            break
        pytest.skip("this table's first hole asked not both children")  # pragma: no cover
    table = game.table
    robin_asked, sam_asked = question_asked(table, 0), question_asked(table, 1)

    # Each device shows its own question; the grown-up's sees the scores and waits.
    assert "stage-practice" in answer_page(devices["Robin"], game)
    assert "stage-practice" in answer_page(devices["Sam"], game)
    waiting = answer_page(devices["grown-up"], game)
    assert "stage-summary" in waiting
    assert "Waiting for Robin and Sam to answer. Then the next hole starts." in waiting
    assert 'value="next"' not in waiting
    # Nobody answers another's question, nor moves the table on before both are done.
    refused = post(devices["grown-up"], game, {"version": game.version, "move": "skip"})
    assert refused.status_code == 400
    assert "There is no question to answer now." in refused.text
    refused = post(devices["grown-up"], game, {"version": game.version, "move": "next"})
    assert "The others are still answering." in refused.text

    # Robin answers from the page drawn before Sam answered: both are taken, each its own.
    robin_page = answer_page(devices["Robin"], game)
    mark = re.search(r'name="asked" value="([^"]+)"', robin_page).group(1)
    sams = post(devices["Sam"], game, {"version": game.version, "move": "skip"})
    assert sams.status_code == 200
    assert "Waiting for Robin to answer." in sams.text
    data = {"version": version_of(robin_page), "asked": mark, "move": "skip"}
    assert post(devices["Robin"], game, data).status_code == 200
    # The same page's second tap is stale: Robin has moved on from that try.
    assert post(devices["Robin"], game, data).status_code == 409

    game.refresh_from_db()
    assert game.stage == Stage.SUMMARY
    assert 'value="next"' in answer_page(devices["grown-up"], game)
    kept = SkillAttempt.objects.filter(game=game).order_by("pk")
    assert [(a.child, a.kind) for a in kept] == [
        (sam, sam_asked.kind),
        (child, robin_asked.kind),
    ]


def version_of(page: str) -> int:
    return int(version_on(page))


def test_each_childs_progress_and_download_hold_only_their_own_answers(
    devices, child, sam, monkeypatch
) -> None:
    # A deal that asks both children (about 1 deal in 200 asks only one of them in its hole).
    monkeypatch.setattr(models, "new_seed", lambda: 3)
    game = seat_table(devices, child, sam)
    rng = random.Random(11)
    while not game.finished or game.stage == Stage.PRACTICE:
        game.refresh_from_db()
        if game.stage in (Stage.PLAY, Stage.PEEK):
            to_the_holes_end(devices, game, rng)
            continue
        for seat in game.table.asking:
            asked = question_asked(game.table, seat)
            # Robin answers every question right; Sam types 99 until it is skipped.
            given = asked.answer if seat == 0 else 99
            move = f"answer:{given}" if asked.choices else "answer"
            if asked.choices and seat == 1:
                move = "skip"
            data = {"version": game.version, "move": move, "answer": str(given)}
            response = post(devices[WHO[seat]], game, data)
            assert response.status_code == 200, response.text[:300]
            game.refresh_from_db()
        if game.stage == Stage.SUMMARY and not game.finished:
            post(devices["Sam"], game, {"version": game.version, "move": "next"})
            game.refresh_from_db()
    robins = SkillAttempt.objects.filter(child=child)
    sams = SkillAttempt.objects.filter(child=sam)
    assert robins.exists() and sams.exists()
    assert all(a.right for a in robins) and not any(a.right for a in sams)
    assert robins.count() + sams.count() == SkillAttempt.objects.filter(game=game).count()

    games = Game.objects.filter(children=child)
    assert practice.answers_for(games, child) == [(a.skill, True) for a in robins]
    assert [a.pk for a in practice.kept_for(Game.objects.all(), sam)] == [a.pk for a in sams]
    # What each found tricky is their own: Robin missed nothing; Sam's misses are Sam's.
    assert practice.tricky(Game.objects.all(), child) == []
    missed = sams.filter(skipped=False, first_try=True).count()  # one a question, both tries
    assert len(practice.tricky(Game.objects.all(), sam)) == missed
    downloaded = export.child_data(child)
    assert len(downloaded["practice_answers"]) == robins.count()
    assert all(answer["right"] for answer in downloaded["practice_answers"])
    [played] = downloaded["games"]
    assert any(m.endswith("@0") for m in played["moves"])  # Robin's own answers
    assert not any(m.endswith("@1") for m in played["moves"])  # never Sam's


# --- a device gone while its question is open ----------------------------------------------


def a_hole_asking_both(child, sam) -> Game:
    """Robin, Sam and the grown-up at a two-hole table with a device each (and a bot), its
    first hole played out, both children's questions open."""
    rules = replace(PRESETS["classic6"], holes=2)
    practice = practice_at([child, sam, None])
    for seed in range(200):
        game = Game.start(
            rules,
            ["gentle"],
            seed=seed,
            people=[child, sam, None],
            questions=True,
            plans=practice.plans,
            devices=True,
            learners=practice.learners,
        )
        rng = random.Random(seed)
        while game.stage in (Stage.PLAY, Stage.PEEK):
            moves = [m for m in legal_moves(game.table) if m.kind != "knock"]
            game.play(rng.choice(moves), game.table.at_device)
        if set(game.table.asking) == {0, 1}:
            return game
        game.delete()
    raise AssertionError("no such table in 200 deals")  # pragma: no cover


def hand(device: Client, game: Game, seat: int, htmx: bool = False):
    headers = {"HX-Request": "true"} if htmx else {}
    return device.post(reverse("games:hand", args=[game.public_id, seat]), headers=headers)


def last_heard(game: Game, seat: int, ago: timedelta) -> None:
    Seat.objects.filter(game=game, number=seat).update(seen=timezone.now() - ago)


NOT_A_MOVE = "That is not a move in this game."


def test_a_device_gone_while_its_question_is_open_can_be_played_by_a_bot(
    devices, child, sam
) -> None:
    game = a_hole_asking_both(child, sam)
    robin, grown_up = devices["Robin"], devices["grown-up"]
    Seat.objects.filter(game=game).update(seen=timezone.now())
    # Robin, still answering, is offered nothing, and may not hand Sam's seat even once
    # Sam's device has gone: the offer comes once Robin's own questions are done.
    last_heard(game, 1, AWAY)
    page = answer_page(robin, game)
    assert "stage-practice" in page and "away-seat" not in page
    assert NOT_A_MOVE in hand(robin, game, 1).text
    # The grown-up's device, with no question, waits for both and is offered a bot for Sam
    # only: Robin's device is here.
    page = answer_page(grown_up, game)
    assert "Waiting for Robin and Sam to answer." in page
    assert "<bdi>Sam</bdi> is away." in page and "Let a bot play for <bdi>Sam</bdi>" in page
    assert "<bdi>Robin</bdi> is away." not in page
    last_heard(game, 1, timedelta(0))
    assert post(robin, game, {"version": game.version, "move": "skip"}).status_code == 200
    game.refresh_from_db()
    before = game.version

    # Sam is slow, not gone: Robin's device waits with no offer, and looks again when Sam's
    # device would count as away.
    page = answer_page(robin, game)
    assert "Waiting for Sam to answer." in page
    assert "is away" not in page and "Let a bot play" not in page
    assert 55 <= int(re.search(r'data-away-in="(\d+)"', page).group(1)) <= 61
    slow = hand(robin, game, 1)
    assert slow.status_code == 400
    assert "Sam is still here, so we wait for Sam." in slow.text
    # A seat nobody waits on (the grown-up's, Robin's own), a bot's, or none: not a move.
    for seat in (2, 0, 3, 9):
        refused = hand(robin, game, seat)
        assert refused.status_code == 400 and NOT_A_MOVE in refused.text
    game.refresh_from_db()
    assert game.version == before and game.table.handed == () and game.table.asking == (1,)

    # Sam's device gone a minute: each device waiting is offered a bot for Sam.
    last_heard(game, 1, AWAY)
    for device in (robin, grown_up):
        page = answer_page(device, game)
        assert "<bdi>Sam</bdi> is away." in page and "Let a bot play for <bdi>Sam</bdi>" in page
        assert 'value="next"' not in page
    handed = hand(robin, game, 1, htmx=True)

    # Sam's question is closed, unanswered and kept nowhere; the next hole may start.
    assert handed.status_code == 200 and "<html" not in handed.text  # the board, drawn again
    assert 'value="next"' in handed.text and "is away" not in handed.text
    game.refresh_from_db()
    assert game.table.handed == (1,) and game.table.asking == () and game.stage == Stage.SUMMARY
    assert not SkillAttempt.objects.filter(child=sam).exists()
    # A second press, from a second tab or another device, finds it done: nothing changes.
    done = game.version
    for device in (robin, robin, grown_up):
        again = hand(device, game, 1, htmx=True)
        assert again.status_code == 409 and "That move was already made." in again.text
    game.refresh_from_db()
    assert game.version == done
    assert post(grown_up, game, {"version": game.version, "move": "next"}).status_code == 200
    game.refresh_from_db()
    assert game.state.hole == 2 and game.table.bots[1] == "gentle"
    assert game.stage in (Stage.PLAY, Stage.PEEK) and game.table.at_device != 1


def test_a_seat_whose_child_was_deleted_since_can_be_played_by_a_bot(devices, child, sam) -> None:
    """A grown-up deletes Sam's profile mid-game: Sam's seat has no device to come back,
    so the others are offered a bot for it at once, not kept waiting for ever."""
    game = a_hole_asking_both(child, sam)
    Seat.objects.filter(game=game).update(seen=timezone.now())
    sam.delete()
    grown_up = devices["grown-up"]
    page = answer_page(grown_up, game)
    assert page.count("Let a bot play for") == 1  # Sam's seat, not Robin's (still here)
    assert hand(grown_up, game, 1, htmx=True).status_code == 200
    game.refresh_from_db()
    assert game.table.handed == (1,) and game.table.asking == (0,)


# --- a table of four people, and no bots -----------------------------------------------


def test_four_people_with_a_device_each_and_no_bots_play_to_the_end_and_again(
    parent, child, sam
) -> None:
    ada = ChildFactory(parent=parent, nickname="Ada")
    who = {0: "Robin", 1: "Sam", 2: "grown-up", 3: "Ada"}
    devices = {}
    for name, kid in (("grown-up", None), ("Robin", child), ("Sam", sam), ("Ada", ada)):
        device = Client()
        device.force_login(parent)
        if kid is not None:
            start_kid_mode(device, kid)
        devices[name] = device
    seats = {"seat_1": child.pk, "seat_2": sam.pk, "seat_3": "grown-up", "seat_4": ada.pk}
    response = devices["grown-up"].post(reverse("kids:together"), GAME | seats | {"bots": "0"})
    game = Game.objects.get()
    assert response["Location"] == game.get_absolute_url()
    assert game.bot_levels == [None] * 4 and game.setup.learners == (0, 1, 3)
    for name in ("Robin", "Sam", "Ada"):
        assert game.get_absolute_url() in devices[name].get(reverse("games:new")).text

    rng = random.Random(4)
    while game.stage != Stage.OVER:
        if game.stage in (Stage.PLAY, Stage.PEEK):
            # Only the device of the person whose turn it is plays; nobody waits on a bot.
            mover = who[game.table.at_device]
            moves = [m for m in legal_moves(game.table) if m.kind != "knock"]
            data = {"version": game.version, "move": str(rng.choice(moves))}
        elif game.stage == Stage.PRACTICE:
            mover = who[game.table.asking[0]]  # each child skips their own questions
            data = {"version": game.version, "move": "skip"}
        else:
            mover, data = "Ada", {"version": game.version, "move": "next"}
        response = post(devices[mover], game, data)
        assert response.status_code == 200, response.text[:300]
        game.refresh_from_db()
    assert len(game.state.results[-1].scores) == 4
    for device in devices.values():
        assert "stage-over" in device.get(game.get_absolute_url()).text
    assert SkillAttempt.objects.filter(game=game, child=None).count() == 0  # no grown-up's

    devices["Ada"].post(reverse("games:again", args=[game.public_id]), {"once": "again-4"})

    again = Game.objects.exclude(pk=game.pk).get()
    assert again.devices and again.bot_levels == [None] * 4
    assert [s.child for s in again.seats.all()] == [child, sam, None, ada]
    assert again.setup.learners == (0, 1, 3)


# --- the cost of a board ---------------------------------------------------------------


def test_a_boards_queries_do_not_grow_with_the_children_at_the_table(parent, child, sam) -> None:
    """Every move makes each other device draw its board again, so a board reads all the
    seats (with their children) at once: a table of three children costs what one does."""
    counts = []
    for children in ([child], [child, sam, ChildFactory(parent=parent, nickname="Ada")]):
        Game.objects.all().delete()
        device = Client()
        device.force_login(parent)
        seats = {f"seat_{n}": kid.pk for n, kid in enumerate(children, start=1)}
        seats[f"seat_{len(children) + 1}"] = "grown-up"
        device.post(reverse("kids:together"), GAME | seats | {"bots": "0"})
        game = Game.objects.get()
        start_kid_mode(device, children[0])
        url = f"{game.get_absolute_url()}?told={game.version}"
        with CaptureQueriesContext(connection) as queries:
            assert device.get(url).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
