"""A friend at a family table: the grown-up keeps a seat for a friend from another family,
whose own device joins it with four pictures; the host sees who joined and can let a bot
play the seat; a device gone a minute can be replaced by a bot; once the game is over the
friend leaves no trace but their moves."""

import random
from datetime import timedelta
from io import StringIO

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.join_codes import PICTURES as CODE_PICTURES
from games.models import AWAY, WRONG_CODES, Game, Seat
from games.table import Stage, legal_moves
from games.words.people import FRIEND_NAMES
from peabody.families.avatars import BY_NAME
from tests.builders import start_kid_mode
from tests.factories import ChildFactory, ParentFactory

pytestmark = pytest.mark.django_db

TABLE = {"mode": "classic6", "bots": "1", "level": "gentle", "holes": "1", "where": "each"}


@pytest.fixture(autouse=True)
def no_tries_counted():
    cache.clear()


def seat_a_friend(parent_client: Client, child, already: int = 0) -> Game:
    data = TABLE | {"seat_1": child.pk, "seat_2": "grown-up", "seat_3": "friend"}
    response = parent_client.post(reverse("kids:together"), data)
    assert Game.objects.count() == already + 1
    game = Game.objects.first()  # the newest
    assert response["Location"] == game.get_absolute_url()
    return game


def code_of(game: Game) -> list[str]:
    return Seat.objects.get(game=game, friend=True).code.split("-")


def join(device: Client, code: list[str]):
    """Tap the code's pictures in turn, as a friend does; the last tap's answer."""
    for n, name in enumerate(code):
        response = device.post(reverse("kids:join"), {"picked": " ".join(code[:n]), "tap": name})
    return response


def test_a_friends_seat_is_offered_to_a_grown_up_for_a_table_with_a_device_each(
    parent_client: Client, child
) -> None:
    assert "A friend, on their own device" in parent_client.get(reverse("kids:together")).text
    one_device = TABLE | {"seat_1": child.pk, "seat_2": "friend", "where": "one"}

    refused = parent_client.post(reverse("kids:together"), one_device)

    assert refused.status_code == 400 and not Game.objects.exists()
    assert "choose “Each on your own device.”" in refused.text
    start_kid_mode(parent_client, child)
    assert "A friend, on their own device" not in parent_client.get(reverse("kids:together")).text


def test_the_seat_has_a_code_of_four_pictures_its_host_alone_sees(
    parent_client: Client, parent, child
) -> None:
    game = seat_a_friend(parent_client, child)
    seat = Seat.objects.get(game=game, friend=True)

    pictures = seat.code.split("-")
    assert len(pictures) == 4 and set(pictures) <= set(CODE_PICTURES) <= set(BY_NAME)
    assert seat.code_open and not seat.joined
    host = parent_client.get(game.get_absolute_url()).text
    assert all(str(BY_NAME[p].label) in host for p in pictures)
    kid = Client()
    kid.force_login(parent)
    start_kid_mode(kid, child)
    assert "Friends at this table" not in kid.get(game.get_absolute_url()).text


def test_a_friends_device_joins_with_the_pictures_and_plays_that_seat(
    parent_client: Client, child
) -> None:
    game = seat_a_friend(parent_client, child)
    friend = Client()

    response = join(friend, code_of(game))

    assert response["Location"] == game.get_absolute_url()
    seat = Seat.objects.get(game=game, friend=True)
    assert seat.joined and not seat.code_open and seat.child is None
    assert seat.name in {str(name) for name in FRIEND_NAMES}
    page = friend.get(game.get_absolute_url()).text
    assert 'class="seat you' in page and 'data-seat="2"' in page
    assert "Friends at this table" not in page  # only the host keeps the seats
    # The host sees who joined.
    assert f"<bdi>{seat.name}</bdi> joined" in parent_client.get(game.get_absolute_url()).text


def test_a_code_opens_one_seat_for_one_device_and_a_wrong_one_opens_nothing(
    parent_client: Client, child
) -> None:
    game = seat_a_friend(parent_client, child)
    code = code_of(game)
    join(Client(), code)

    second = join(Client(), code)
    wrong = join(Client(), ["fox"] * 4 if set(code) != {"fox"} else ["owl"] * 4)

    for refused in (second, wrong):
        assert refused.status_code == 400
        assert "Those pictures open no table." in refused.text
    assert Seat.objects.filter(game=game, friend=True).exclude(device_key="").count() == 1


def test_a_code_stops_working_after_ten_minutes_and_its_host_gets_new_pictures(
    parent_client: Client, child
) -> None:
    game = seat_a_friend(parent_client, child)
    code = code_of(game)
    Seat.objects.filter(game=game, friend=True).update(
        code_expires=timezone.now() - timedelta(seconds=1)
    )

    assert join(Client(), code).status_code == 400
    assert "the pictures ran out" in parent_client.get(game.get_absolute_url()).text
    parent_client.post(reverse("kids:new_code", args=[game.public_id, 2]))
    fresh = code_of(game)
    assert Seat.objects.get(game=game, friend=True).code_open
    assert join(Client(), fresh)["Location"] == game.get_absolute_url()


def test_a_seat_a_bot_plays_gets_no_new_code(parent_client: Client, child) -> None:
    game = seat_a_friend(parent_client, child)
    Seat.objects.filter(game=game, friend=True).update(
        code_expires=timezone.now() - timedelta(seconds=1)
    )
    parent_client.post(reverse("games:hand", args=[game.public_id, 2]))
    game.refresh_from_db()
    assert 2 in game.table.handed

    parent_client.post(reverse("kids:new_code", args=[game.public_id, 2]))

    seat = Seat.objects.get(game=game, friend=True)
    assert (seat.code, seat.device_key) == ("", "")
    assert not seat.code_open


def test_many_tries_in_a_minute_are_asked_to_wait(parent_client: Client, child) -> None:
    game = seat_a_friend(parent_client, child)
    guesser = Client()
    wrong = ["koala"] * 4
    if code_of(game) == wrong:
        wrong = ["robot"] * 4
    for _ in range(5):
        assert "Those pictures open no table." in join(guesser, wrong).text

    waited = join(guesser, code_of(game))

    assert "Wait a minute" in waited.text
    assert not Seat.objects.get(game=game, friend=True).joined


def test_a_minute_after_its_first_wrong_try_a_device_may_try_again(
    parent_client: Client, child, monkeypatch
) -> None:
    game = seat_a_friend(parent_client, child)
    guesser = Client()
    wrong = ["koala"] * 4
    if code_of(game) == wrong:
        wrong = ["robot"] * 4
    for _ in range(5):
        join(guesser, wrong)
    later = timezone.now() + timedelta(minutes=1)
    monkeypatch.setattr(timezone, "now", lambda: later)

    assert join(guesser, code_of(game))["Location"] == game.get_absolute_url()


def test_the_minute_ends_when_the_page_says_however_late_in_it_the_last_try_came(
    parent_client: Client, child, monkeypatch
) -> None:
    game = seat_a_friend(parent_client, child)
    guesser = Client()
    wrong = ["koala"] * 4 if code_of(game) != ["koala"] * 4 else ["robot"] * 4
    start = timezone.now()
    now = [start]
    monkeypatch.setattr(timezone, "now", lambda: now[0])
    join(guesser, wrong)
    now[0] = start + timedelta(seconds=50)
    for _ in range(4):
        join(guesser, wrong)  # the last tries of the minute do not make it longer
    now[0] = start + timedelta(seconds=59)
    assert "Wait a minute" in join(guesser, code_of(game)).text

    now[0] = start + timedelta(minutes=1)

    assert join(guesser, code_of(game))["Location"] == game.get_absolute_url()


def test_wrong_codes_from_many_addresses_close_an_open_code_and_the_host_is_told_why(
    parent_client: Client, child
) -> None:
    game = seat_a_friend(parent_client, child)
    code = code_of(game)
    wrong = ["koala"] * 4 if code != ["koala"] * 4 else ["robot"] * 4
    for n in range(WRONG_CODES):  # a new address each time: no address is held
        join(Client(REMOTE_ADDR=f"198.51.100.{n}"), wrong)

    right = join(Client(REMOTE_ADDR="203.0.113.9"), code)

    assert right.status_code == 400 and "Those pictures open no table." in right.text
    seat = Seat.objects.get(game=game, friend=True)
    assert not seat.code_open and not seat.joined
    host = parent_client.get(game.get_absolute_url()).text
    assert "these pictures stopped working, because wrong pictures were tried many times" in host
    parent_client.post(reverse("kids:new_code", args=[game.public_id, 2]))
    assert Seat.objects.get(game=game, friend=True).code_open
    assert join(Client(), code_of(game))["Location"] == game.get_absolute_url()


def test_the_hosts_page_looks_again_while_a_seat_waits_and_shows_the_friend_arrive(
    parent_client: Client, child
) -> None:
    game = seat_a_friend(parent_client, child)
    waiting = parent_client.get(game.get_absolute_url()).text
    assert 'hx-trigger="every 5s"' in waiting

    join(Client(), code_of(game))

    seat = Seat.objects.get(game=game, friend=True)
    arrived = parent_client.get(game.get_absolute_url(), headers={"HX-Request": "true"}).text
    assert f"{seat.name}</bdi> joined." in arrived
    assert 'hx-trigger="every 5s"' not in parent_client.get(game.get_absolute_url()).text


def test_a_device_of_the_family_at_the_table_cannot_take_the_friends_seat(
    parent_client: Client, child
) -> None:
    game = seat_a_friend(parent_client, child)

    assert join(parent_client, code_of(game)).status_code == 400
    assert not Seat.objects.get(game=game, friend=True).joined


def test_a_friend_in_kid_mode_of_their_own_family_sits_as_their_nickname_and_nothing_more(
    parent_client: Client, child
) -> None:
    game = seat_a_friend(parent_client, child)
    other = ParentFactory()
    kim = ChildFactory(parent=other, nickname="Kim", avatar="owl")
    friend = Client()
    friend.force_login(other)
    start_kid_mode(friend, kim)

    join(friend, code_of(game))

    seat = Seat.objects.get(game=game, friend=True)
    assert (seat.name, seat.avatar, seat.child) == ("Kim", "owl", None)
    assert not kim.games.exists()  # nothing in the friend's family
    assert "Kim" in parent_client.get(game.get_absolute_url()).text


@pytest.mark.parametrize("in_kid_mode", [False, True])
def test_a_friend_never_gets_the_picture_of_someone_at_the_table(
    parent_client: Client, child, in_kid_mode: bool
) -> None:
    friend = Client()
    if in_kid_mode:  # a friend whose own picture is the host's child's
        other = ParentFactory()
        friend.force_login(other)
        start_kid_mode(friend, ChildFactory(parent=other, nickname="Kim", avatar=child.avatar))
    for already in range(8):  # made-up pictures are chosen by chance: try several tables
        game = seat_a_friend(parent_client, child, already=already)
        join(friend, code_of(game))

        seat = Seat.objects.get(game=game, friend=True)
        assert seat.avatar and seat.avatar != child.avatar
        if in_kid_mode:
            assert seat.name == "Kim"


def test_the_host_lets_a_bot_play_a_friends_seat_and_the_friends_device_leaves(
    parent_client: Client, child
) -> None:
    game = seat_a_friend(parent_client, child)
    friend = Client()
    join(friend, code_of(game))

    parent_client.post(reverse("games:hand", args=[game.public_id, 2]))

    game.refresh_from_db()
    assert 2 in game.table.handed
    seat = Seat.objects.get(game=game, friend=True)
    assert (seat.device_key, seat.name) == ("", "")
    assert friend.get(game.get_absolute_url()).status_code == 410  # told kindly, below


def told_a_bot_plays(response) -> None:
    """The kind page of a friend's device whose seat a bot plays now: the way on, and
    nothing of the table."""
    assert response.status_code == 410
    page = response.text
    main = page[page.index("<main") : page.index("</main>")]
    assert "A bot is playing for you now" in main
    assert f'href="{reverse("kids:join")}"' in main and f'href="{reverse("home")}"' in main
    assert "Robin" not in page and "Pip" not in page  # the family's child, the bot
    for secret in ("Grown-up", "data-card", "score", "Total", "Seat", "<img"):
        assert secret not in main


def test_a_friends_device_whose_seat_a_bot_took_is_told_so_kindly_and_shown_nothing_more(
    parent_client: Client, child
) -> None:
    game = seat_a_friend(parent_client, child)
    friend = Client()
    join(friend, code_of(game))
    url = game.get_absolute_url()
    drawn = game.version
    parent_client.post(reverse("games:hand", args=[game.public_id, 2]))
    game.refresh_from_db()
    htmx = {"HX-Request": "true"}

    told_a_bot_plays(friend.get(url))
    move = {"version": drawn, "move": "flip:0"}
    told_a_bot_plays(friend.post(reverse("games:move", args=[game.public_id]), move))
    for page in ("games:hint", "games:replay"):
        told_a_bot_plays(friend.get(reverse(page, args=[game.public_id])))
    for page in ("games:again",):
        told_a_bot_plays(friend.post(reverse(page, args=[game.public_id]), {"once": "x"}))
    told_a_bot_plays(friend.post(reverse("games:hand", args=[game.public_id, 0])))
    # The board drawn again after another device's move, or a move sent from the page: htmx
    # is sent to the whole page.
    for sent in (
        friend.get(f"{url}?told=0", headers=htmx),
        friend.post(reverse("games:move", args=[game.public_id]), move, headers=htmx),
    ):
        assert sent.status_code == 410 and sent["HX-Redirect"] == url
    # Its live stream says the game moved, so the page draws again and finds this out.
    live = reverse("games:live", args=[game.public_id])
    assert f"data: {game.version}" in friend.get(f"{live}?since={drawn}").text
    last = friend.get(live, headers={"Last-Event-ID": str(game.version)})
    assert last.status_code == 204  # nothing more will move for it
    # In Spanish too.
    spanish = friend.get(f"/es{url}")
    assert spanish.status_code == 410 and "Ahora un bot juega por ti" in spanish.text
    # Nothing changed, and nobody else is told anything: there is no such page for them.
    game.refresh_from_db()
    assert game.table.handed == (2,)
    for stranger in (Client(), joined_elsewhere(parent_client, child)):
        assert stranger.get(url).status_code == 404
        assert stranger.get(live).status_code == 404


def joined_elsewhere(parent_client: Client, child) -> Client:
    """A friend's device at another table of the same family."""
    other = seat_a_friend(parent_client, child, Game.objects.count())
    device = Client()
    join(device, code_of(other))
    return device


def test_only_the_host_takes_a_friends_seat_away(parent_client: Client, parent, child) -> None:
    game = seat_a_friend(parent_client, child)
    kid = Client()
    kid.force_login(parent)
    start_kid_mode(kid, child)
    Seat.objects.filter(game=game).update(seen=timezone.now())

    refused = kid.post(reverse("games:hand", args=[game.public_id, 2]))

    assert refused.status_code == 400
    game.refresh_from_db()
    assert game.table.handed == () and game.version == 0


def test_a_device_gone_a_minute_can_be_played_by_a_bot_from_another_device(
    parent_client: Client, parent, child
) -> None:
    game = seat_a_friend(parent_client, child)
    join(Client(), code_of(game))
    kid = Client()
    kid.force_login(parent)
    start_kid_mode(kid, child)
    waiting = game.table.at_device
    watcher = kid if waiting != 0 else parent_client
    name = {0: "Robin", 1: "Grown-up"}.get(waiting)
    Seat.objects.filter(game=game).update(seen=timezone.now())

    assert "is away" not in watcher.get(game.get_absolute_url()).text
    too_soon = watcher.post(reverse("games:hand", args=[game.public_id, waiting]))
    assert too_soon.status_code == 400

    Seat.objects.filter(game=game, number=waiting).update(seen=timezone.now() - AWAY)
    page = watcher.get(game.get_absolute_url()).text
    assert "is away" in page and "Let a bot play for" in page
    if name:
        assert f"<bdi>{name}</bdi> is away" in page
    watcher.post(reverse("games:hand", args=[game.public_id, waiting]))
    game.refresh_from_db()
    assert waiting in game.table.handed
    assert game.stage in (Stage.PLAY, Stage.SUMMARY, Stage.OVER)
    assert game.table.at_device != waiting or game.stage != Stage.PLAY


def test_the_friend_keeps_their_name_to_the_end_and_an_hour_later_leaves_none_behind(
    parent_client: Client, child, monkeypatch
) -> None:
    game = seat_a_friend(parent_client, child)
    friend = Client()
    join(friend, code_of(game))
    name = Seat.objects.get(game=game, friend=True).name

    game = played_out(game, friend)

    # The score cards and the way on say the name the friend had all game, not "A friend".
    ending = parent_client.get(game.get_absolute_url()).text
    assert name in ending and "A friend" not in ending
    seat = Seat.objects.get(game=game, friend=True)
    assert seat.code == "" and not seat.code_open  # nobody joins a finished game

    later = timezone.now() + timedelta(hours=1, seconds=1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    # Read as forgotten at once, before anything is cleared...
    later_page = parent_client.get(game.get_absolute_url()).text
    assert name not in later_page and "A friend" in later_page
    # ...and purge_expired clears it from the row.
    out = StringIO()
    call_command("purge_expired", stdout=out)
    seat = Seat.objects.get(game=game, friend=True)
    assert (seat.name, seat.avatar, seat.code) == ("", "", "")
    assert "1 friends' seats forgot their names" in out.getvalue()


def test_a_friend_at_a_game_still_going_or_just_ended_is_not_forgotten(
    parent_client: Client, child
) -> None:
    playing = seat_a_friend(parent_client, child)
    join(Client(), code_of(playing))
    ended = seat_a_friend(parent_client, child, already=1)
    friend = Client()
    join(friend, code_of(ended))
    played_out(ended, friend)
    Game.objects.filter(pk=playing.pk).update(updated=timezone.now() - timedelta(days=2))

    call_command("purge_expired", stdout=StringIO())

    assert Seat.objects.filter(friend=True).exclude(name="").exclude(avatar="").count() == 2


def played_out(game: Game, friend: Client) -> Game:
    """``game`` played to its end: the family's seats by bots, the friend's from ``friend``."""
    for number in (0, 1):  # the family's seats to bots: the friend plays it out alone
        game.hand_to_bot(number)
    rng = random.Random(2)
    while not game.finished:
        moves = [str(m) for m in legal_moves(game.table) if m.kind != "knock"]
        data = {"version": game.version, "move": rng.choice(moves)}
        assert friend.post(reverse("games:move", args=[game.public_id]), data).status_code == 200
        game = Game.objects.get(pk=game.pk)
    return game


def test_at_the_end_the_friends_device_is_shown_the_way_on_and_not_play_again(
    parent_client: Client, parent, child
) -> None:
    game = seat_a_friend(parent_client, child)
    friend = Client()
    join(friend, code_of(game))
    game = played_out(game, friend)
    see_who_won = {"version": game.version, "move": "next"}
    assert friend.post(reverse("games:move", args=[game.public_id]), see_who_won).status_code == 200
    again = f'action="{reverse("games:again", args=[game.public_id])}"'
    kid = Client()
    kid.force_login(parent)
    start_kid_mode(kid, child)

    page = friend.get(game.get_absolute_url())

    assert page.status_code == 200
    ending = page.text[page.text.index('class="ending"') : page.text.index("</main>")]
    assert again not in ending and "Play again" not in ending
    assert "Thanks for playing! To play again, ask your friend" in ending
    assert f'href="{reverse("kids:join")}"' in ending and f'href="{reverse("home")}"' in ending
    # The family's own devices, the grown-up's and the child's, play again as before.
    for device in (parent_client, kid):
        page = device.get(game.get_absolute_url()).text
        assert again in page and "Play again" in page and "Thanks for playing" not in page
    assert "Gracias por jugar" in friend.get(f"/es{game.get_absolute_url()}").text


def test_play_again_from_the_friends_device_is_refused_kindly_and_makes_no_table(
    parent_client: Client, child
) -> None:
    game = seat_a_friend(parent_client, child)
    friend = Client()
    join(friend, code_of(game))
    again = reverse("games:again", args=[game.public_id])
    once = {"once": "A" * 22}

    during = friend.post(again, once)
    game = played_out(game, friend)
    after = friend.post(again, once)

    for refused in (during, after):
        assert refused.status_code == 403
        assert "Your friend&#x27;s grown-up starts the next game." in refused.text
    assert Game.objects.get() == game
    # The host plays again, with the same token the friend's device sent (it claimed none).
    made = parent_client.post(again, once)
    new = Game.objects.exclude(pk=game.pk).get()
    assert made["Location"] == new.get_absolute_url()
    assert Seat.objects.get(game=new, friend=True).code_open


def test_play_again_keeps_a_seat_for_the_friend_with_a_new_code_and_no_second_grown_up(
    parent_client: Client, child
) -> None:
    game = seat_a_friend(parent_client, child)
    friend = Client()
    join(friend, code_of(game))

    parent_client.post(reverse("games:again", args=[game.public_id]))

    again = Game.objects.exclude(pk=game.pk).get()
    seats = list(again.seats.all())
    assert [(s.child, s.friend) for s in seats] == [(child, False), (None, False), (None, True)]
    assert seats[2].code_open and not seats[2].joined
    assert join(friend, code_of(again))["Location"] == again.get_absolute_url()


def test_a_table_of_four_keeps_its_fourth_seat_for_a_friend_with_no_bots(
    parent_client: Client, parent, child
) -> None:
    sam = ChildFactory(parent=parent, nickname="Sam")
    seats = {"seat_1": child.pk, "seat_2": sam.pk, "seat_3": "grown-up", "seat_4": "friend"}
    parent_client.post(reverse("kids:together"), TABLE | seats | {"bots": "0"})
    game = Game.objects.get()
    friend = Client()

    assert join(friend, code_of(game))["Location"] == game.get_absolute_url()

    page = friend.get(game.get_absolute_url()).text
    assert 'class="seat you' in page and 'data-seat="3"' in page
    assert game.bot_levels == [None] * 4


def test_the_friends_code_is_tapped_in_turn_from_one_set_of_pictures(
    parent_client: Client, child
) -> None:
    page = Client().get(reverse("kids:join")).text
    assert page.count('name="tap"') == len(CODE_PICTURES) and 'type="radio"' not in page

    game = seat_a_friend(parent_client, child)
    code = code_of(game)
    friend = Client()
    so_far = friend.post(reverse("kids:join"), {"picked": " ".join(code[:2]), "tap": code[2]})
    assert f'name="picked" value="{" ".join(code[:3])}"' in so_far.text
    taken_back = friend.post(reverse("kids:join"), {"picked": " ".join(code[:3]), "undo": "1"})
    assert f'name="picked" value="{" ".join(code[:2])}"' in taken_back.text
    assert not Seat.objects.get(game=game, friend=True).joined
    assert join(friend, code)["Location"] == game.get_absolute_url()
