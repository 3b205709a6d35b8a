"""Playing together on the family device: starting a game for two to four of the family,
and what becomes of it in each child's progress, download and deletion."""

import json
import re
from dataclasses import replace

import pytest
from django.apps import apps
from django.db import models
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import PRESETS
from games.models import Game, Seat
from games.table import Stage
from games.words.people import seat_names
from lessons.models import SkillAttempt
from peabody import sessions
from peabody.families.deletion import delete_accounts, delete_children
from peabody.families.forms import TogetherForm
from peabody.families.models import Child, MathsLevel
from peabody.families.progress import game_row
from peabody.words.grown_ups import signed_number
from tests.builders import reauthenticate, start_kid_mode, together_game
from tests.factories import ChildFactory

pytestmark = pytest.mark.django_db

GAME = {"mode": "easy4", "bots": "1", "level": "gentle", "holes": "3"}


def names_of(game: Game) -> tuple[str, ...]:
    """Every seat's name, as the table says it."""
    return seat_names(game.bot_levels, game.nicknames)


@pytest.fixture
def sam(parent):
    return ChildFactory(
        parent=parent, nickname="Sam", maths_level=MathsLevel.NEGATIVE, gentleness=1.0
    )


def start(client: Client, *seats, **choices):
    data = GAME | choices | {f"seat_{n}": seat for n, seat in enumerate(seats, start=1)}
    return client.post(reverse("kids:together"), data)


# --- starting ---------------------------------------------------------------------------


def test_whos_playing_offers_to_play_together(parent_client: Client, child) -> None:
    page = parent_client.get(reverse("kids:who")).text

    assert reverse("kids:together") in page


def test_the_together_page_offers_the_familys_children_and_a_grown_up_and_says_who_is_asked(
    parent_client: Client, child, sam
) -> None:
    ChildFactory(nickname="Stranger")

    page = parent_client.get(reverse("kids:together")).text

    assert "Robin" in page and "Sam" in page and "Grown-up" in page
    assert "Stranger" not in page
    # Questions come with a device each, where each child answers their own.
    assert "Maths questions only on your own devices: each child gets their own." in page
    assert "No maths questions" not in page
    assert 'name="questions"' not in page and 'name="adding_only"' not in page


def test_the_together_page_says_no_questions_when_no_child_is_asked_any(
    parent_client: Client, child, sam
) -> None:
    type(child).objects.filter(pk__in=[child.pk, sam.pk]).update(practice_questions=False)

    page = parent_client.get(reverse("kids:together")).text

    assert "No maths questions in this game." in page
    assert "Maths questions only" not in page


def test_a_parent_starts_a_game_for_two_children_in_the_order_chosen(
    parent_client: Client, child, sam
) -> None:
    response = start(parent_client, sam.pk, child.pk, bots="2")

    game = Game.objects.get()
    assert response["Location"] == game.get_absolute_url()
    assert [(s.number, s.child) for s in game.seats.all()] == [(0, sam), (1, child)]
    assert game.bot_levels == [None, None, "gentle", "gentle"]
    assert game.guest_key == ""
    assert sessions.CHILD not in parent_client.session
    assert "Pass to <bdi>Sam</bdi>" in parent_client.get(game.get_absolute_url()).text


def test_the_bots_are_the_gentlest_of_the_children_and_adding_only_wins_the_maths_level(
    parent_client: Client, child, sam
) -> None:
    child.gentleness = 0.2
    child.save()

    start(parent_client, child.pk, sam.pk)

    game = Game.objects.get()
    assert game.gentleness == 1.0
    assert game.rules.adding_only  # Robin plays adding only; Sam does not
    assert game.questions is False


def test_two_children_who_play_negative_numbers_keep_them(parent_client: Client, sam) -> None:
    ada = ChildFactory(parent=sam.parent, nickname="Ada", maths_level=MathsLevel.NEGATIVE)

    start(parent_client, ada.pk, sam.pk)

    assert not Game.objects.get().rules.adding_only


def test_play_together_sent_twice_with_its_token_seats_one_table(
    parent_client: Client, child, sam
) -> None:
    token = re.search(
        r'name="once" value="([^"]+)"', parent_client.get(reverse("kids:together")).text
    )

    first = start(parent_client, sam.pk, child.pk, once=token.group(1))
    again = start(parent_client, sam.pk, child.pk, once=token.group(1))

    assert Game.objects.count() == 1
    assert again["Location"] == first["Location"] == Game.objects.get().get_absolute_url()


def test_a_child_and_a_grown_up_play_together(parent_client: Client, child) -> None:
    start(parent_client, "grown-up", child.pk)

    game = Game.objects.get()
    assert seat_names(game.bot_levels, game.nicknames) == ("Grown-up", "Robin", "Pip")
    assert game.gentleness == child.gentleness


def test_three_children_and_three_bots_fill_a_table_of_six(
    parent_client: Client, child, sam
) -> None:
    ada = ChildFactory(parent=child.parent, nickname="Ada")

    start(parent_client, child.pk, sam.pk, ada.pk, bots="3")

    assert names_of(Game.objects.get()) == ("Robin", "Sam", "Ada", "Pip", "Tully", "Juno")


def test_the_together_page_offers_four_seats_and_no_bots(parent_client: Client, child) -> None:
    page = parent_client.get(reverse("kids:together")).text

    assert all(f'name="seat_{n}"' in page for n in (1, 2, 3, 4))
    for optional in (3, 4):
        seat = re.search(rf'<select name="seat_{optional}".*?</select>', page, re.S).group()
        assert '<option value="" selected>Nobody</option>' in seat
    assert 'name="bots" value="0"' in page and ">No bots<" in page
    assert 'img/table.svg#empty"' in page  # "No bots" drawn as an empty seat


def test_a_child_playing_alone_is_offered_no_table_without_bots(parent_client: Client) -> None:
    page = parent_client.get(reverse("games:new")).text

    assert 'name="bots" value="1"' in page and 'name="bots" value="0"' not in page
    refused = parent_client.post(reverse("games:create"), GAME | {"bots": "0"})
    assert refused.status_code == 400
    assert not Game.objects.exists()


@pytest.fixture
def ada(parent):
    return ChildFactory(parent=parent, nickname="Ada")


def test_four_people_sit_at_one_table_with_no_bots(parent_client: Client, child, sam, ada) -> None:
    response = start(parent_client, ada.pk, child.pk, "grown-up", sam.pk, bots="0")

    game = Game.objects.get()
    assert response["Location"] == game.get_absolute_url()
    assert game.bot_levels == [None, None, None, None] and game.players == 4
    assert names_of(game) == ("Ada", "Robin", "Grown-up", "Sam")
    assert [s.child for s in game.seats.all()] == [ada, child, None, sam]
    assert "Pass to <bdi>Ada</bdi>" in parent_client.get(game.get_absolute_url()).text


def test_two_people_play_with_no_bots(parent_client: Client, child, sam) -> None:
    start(parent_client, child.pk, sam.pk, bots="0", mode="knock9")

    game = Game.objects.get()
    assert names_of(game) == ("Robin", "Sam")
    assert game.stage == Stage.PASS  # to whoever looks first, with nobody else to wait for


def test_an_empty_seat_3_leaves_no_gap_before_seat_4(parent_client: Client, child, sam, ada):
    start(parent_client, child.pk, sam.pk, "", ada.pk)

    assert names_of(Game.objects.get()) == ("Robin", "Sam", "Ada", "Pip")


@pytest.mark.parametrize(
    ("mode", "bots", "refusal"),
    [
        ("easy4", "3", "Four-card Golf is for up to 6 players, and you picked 7."),
        ("knock9", "3", "Knock Golf is for up to 6 players, and you picked 7."),
    ],
)
def test_more_players_than_the_game_is_for_are_refused_kindly_and_nothing_starts(
    parent_client: Client, child, sam, ada, mode, bots, refusal
) -> None:
    response = start(parent_client, child.pk, sam.pk, ada.pk, "grown-up", mode=mode, bots=bots)

    assert response.status_code == 400
    assert f"{refusal} Please pick fewer bots or fewer people." in response.text
    assert not Game.objects.exists()
    # The choices made are still chosen, to change one.
    assert re.search(r'name="bots" value="3"[^>]*checked', response.text)
    assert f'<option value="{ada.pk}" selected>Ada</option>' in response.text


def test_seven_players_fit_the_six_card_game(parent_client: Client, child, sam, ada) -> None:
    start(parent_client, child.pk, sam.pk, ada.pk, "grown-up", mode="classic6", bots="3")

    game = Game.objects.get()
    assert names_of(game) == ("Robin", "Sam", "Ada", "Grown-up", "Pip", "Tully", "Juno")
    assert game.state.rules.decks_for(7) == 2


def test_a_game_that_needs_more_players_says_so(
    parent_client: Client, child, sam, monkeypatch
) -> None:
    monkeypatch.setitem(PRESETS, "easy4", replace(PRESETS["easy4"], min_players=3))

    response = start(parent_client, child.pk, sam.pk, bots="0")

    assert response.status_code == 400
    assert (
        "Four-card Golf needs at least 3 players, and you picked 2. Please add a bot or a "
        "person." in response.text
    )
    assert not Game.objects.exists()


PEOPLE = ["robin", "sam", "ada", "grown-up", ""]


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    seats=st.lists(st.sampled_from(PEOPLE), min_size=4, max_size=4),
    bots=st.sampled_from(["0", "1", "2", "3"]),
    mode=st.sampled_from(list(PRESETS)),
    where=st.sampled_from(["one", "each"]),
)
def test_any_table_the_form_takes_seats_its_people_then_its_bots_within_the_rules(
    child, sam, ada, seats, bots, mode, where
) -> None:
    family = {"robin": child, "sam": sam, "ada": ada, "grown-up": None}
    ids = {"robin": str(child.pk), "sam": str(sam.pk), "ada": str(ada.pk), "grown-up": "grown-up"}
    data = GAME | {"mode": mode, "bots": bots, "where": where}
    data |= {f"seat_{n}": ids.get(seat, "") for n, seat in enumerate(seats, start=1)}
    form = TogetherForm(data, children=[child, sam, ada])
    people = [seat for seat in seats if seat]
    players = len(people) + int(bots)
    rules = PRESETS[mode]
    takes = (
        all(seats[:2])
        and len(set(people)) == len(people)
        and rules.min_players <= players <= rules.max_players
    )

    assert form.is_valid() == takes, form.errors
    if not takes:
        return
    game = form.start_game()  # as the view starts it
    assert game.bot_levels == [None] * len(people) + ["gentle"] * int(bots)
    assert [s.child for s in game.seat_rows] == [family[p] for p in people]
    assert len(game.state.layouts) == players
    assert game.stage in (Stage.PASS, Stage.PEEK, Stage.PLAY)


@pytest.mark.parametrize(
    "seats",
    [("robin", "robin"), ("grown-up", "grown-up"), ("robin", "sam", "robin"), ("robin",)],
)
def test_each_person_sits_once_and_at_least_two_play(
    parent_client: Client, child, sam, seats
) -> None:
    ids = {"robin": child.pk, "sam": sam.pk, "grown-up": "grown-up"}

    response = start(parent_client, *(ids[seat] for seat in seats))

    assert response.status_code == 400
    assert not Game.objects.exists()


def test_another_familys_child_cannot_be_seated(parent_client: Client, child) -> None:
    stranger = ChildFactory(nickname="Stranger")

    response = start(parent_client, child.pk, stranger.pk)

    assert response.status_code == 400
    assert not Game.objects.exists()


def test_in_kid_mode_the_device_stays_in_kid_mode_as_the_child_at_the_table(
    kid_client: Client, child, sam
) -> None:
    start(kid_client, child.pk, sam.pk)

    game = Game.objects.get()
    assert kid_client.session[sessions.CHILD] == child.pk
    assert kid_client.get(game.get_absolute_url()).status_code == 200
    assert kid_client.get(reverse("families:home"))["Location"].startswith(
        reverse("account_reauthenticate")
    )


def test_in_kid_mode_a_table_without_the_child_needs_the_grown_ups_password(
    kid_client: Client, child, sam
) -> None:
    ada = ChildFactory(parent=child.parent, nickname="Ada")

    response = start(kid_client, sam.pk, ada.pk)

    # Playing as a sibling would put the sibling's answers on the wrong profile.
    assert response["Location"].startswith(reverse("account_reauthenticate"))
    assert not Game.objects.exists()
    assert kid_client.session[sessions.CHILD] == child.pk


def test_the_together_page_is_for_a_logged_in_parent(client: Client) -> None:
    response = client.get(reverse("kids:together"))

    assert response["Location"].startswith(reverse("account_login"))


def test_a_table_of_four_people_and_no_bots_plays_to_its_end_and_again(
    parent_client: Client, child, sam, ada
) -> None:
    old = together_game([child, None, sam, ada], bots=(), holes=3)
    assert old.finished and len(old.state.results) >= 3
    assert all(len(result.scores) == 4 for result in old.state.results)
    assert parent_client.get(old.get_absolute_url()).status_code == 200
    assert parent_client.get(reverse("games:replay", args=[old.public_id])).status_code == 200

    parent_client.post(reverse("games:again", args=[old.public_id]))

    new = Game.objects.exclude(pk=old.pk).get()
    assert names_of(new) == ("Robin", "Grown-up", "Sam", "Ada")
    assert new.stage == Stage.PASS


def test_play_again_seats_the_same_people(parent_client: Client, child, sam) -> None:
    old = together_game([sam, None, child])

    parent_client.post(reverse("games:again", args=[old.public_id]))

    new = Game.objects.exclude(pk=old.pk).get()
    assert names_of(new) == ("Sam", "Grown-up", "Robin", "Pip")
    assert new.questions is False


def test_an_unfinished_game_together_is_offered_to_carry_on_with_who_is_at_it(
    parent_client: Client, child, sam
) -> None:
    together_game([child, sam], finished=False)

    page = parent_client.get(reverse("games:new")).text

    assert "Four-card Golf with Robin and Sam, hole 1 of 1" in page


# --- the grown-up's pages ---------------------------------------------------------------


def test_a_game_together_is_in_the_progress_of_every_child_who_played_it(
    parent_client: Client, child, sam
) -> None:
    game = together_game([child, sam], holes=3)

    for who, other, seat in ((child, "Sam", 0), (sam, "Robin", 1)):
        page = parent_client.get(reverse("families:progress", args=[who.pk])).text
        assert f"Four-card Golf, with {other}<" in page
        replay = reverse("families:replay", args=[who.pk, game.public_id])
        assert replay in page
        assert parent_client.get(replay).status_code == 200
        data = parent_client.get(reverse("families:child_download", args=[who.pk])).json()
        [saved] = data["games"]
        assert saved["your_seat"] == seat
        assert saved["seats"][seat] == "you" and saved["seats"][2] == "bot: gentle"


def test_a_game_of_four_people_and_no_bots_is_in_each_childs_progress_download_and_replay(
    parent_client: Client, child, sam, ada
) -> None:
    game = together_game([child, sam, None, ada], bots=(), holes=3)

    for who, seat, others in (
        (child, 0, "Sam, Grown-up and Ada"),
        (sam, 1, "Robin, Grown-up and Ada"),
        (ada, 3, "Robin, Sam and Grown-up"),
    ):
        page = parent_client.get(reverse("families:progress", args=[who.pk])).text
        assert f"Four-card Golf, with {others}<" in page
        replay = reverse("families:replay", args=[who.pk, game.public_id])
        assert parent_client.get(f"{replay}?hole=1&step=1").status_code == 200
        data = parent_client.get(reverse("families:child_download", args=[who.pk])).json()
        [saved] = data["games"]
        assert saved["your_seat"] == seat and saved["bots"] == []
        assert saved["seats"][seat] == "you" and len(saved["seats"]) == 4
        row = game_row(game, seat)
        assert row.holes_played == len(game.state.results)


def test_the_progress_counts_the_childs_own_seat_in_a_game_together(
    parent_client: Client, child, sam
) -> None:
    game = together_game([child, sam], holes=3)
    scores = [r.scores[1] for r in game.state.results]

    row = game_row(game, 1)

    assert (row.total, row.holes_played) == (signed_number(sum(scores)), 3)
    assert row.with_people == "Robin"


def test_a_replay_of_a_game_together_shows_the_table_as_that_child_saw_it(
    parent_client: Client, child, sam
) -> None:
    game = together_game([child, sam], holes=1)
    url = reverse("families:replay", args=[sam.pk, game.public_id])

    page = parent_client.get(f"{url}?hole=1&step=1").text

    assert 'aria-labelledby="seat-1"' in page  # Sam's seat at the bottom
    assert 'id="seat-0" class="seat-name"><bdi>Robin</bdi><' in page


# --- deleting ---------------------------------------------------------------------------


def rows_referring_to(child: Child) -> list[str]:
    """Every row of every table with a foreign key to ``child``."""
    found = []
    for model in apps.get_models():
        for field in model._meta.get_fields():
            if isinstance(field, models.ForeignKey) and field.related_model is Child:
                hits = model.objects.filter(**{field.attname: child.pk})
                found += [f"{model._meta.label} {pk}" for pk in hits.values_list("pk", flat=True)]
    return found


def test_deleting_a_child_keeps_a_game_together_for_the_sibling_with_the_seat_unnamed(
    parent_client: Client, child, sam
) -> None:
    game = together_game([child, sam])
    own = together_game([child], seed=2)
    reauthenticate(parent_client)

    parent_client.post(reverse("families:child_delete", args=[child.pk]))

    kept = Game.objects.get()
    assert kept == game
    assert not Game.objects.filter(pk=own.pk).exists()
    assert rows_referring_to(child) == []
    assert [s.child for s in Seat.objects.all()] == [sam]
    assert names_of(kept) == ("A player", "Sam", "Pip")
    page = parent_client.get(reverse("families:progress", args=[sam.pk])).text
    assert "Four-card Golf, with A player<" in page
    assert (
        "Robin"
        not in parent_client.get(reverse("families:replay", args=[sam.pk, game.public_id])).text
    )
    assert "Robin" not in json.dumps(
        parent_client.get(reverse("families:child_download", args=[sam.pk])).json()
    )


def test_the_test_of_rows_referring_to_a_child_finds_their_seat(child, sam) -> None:
    together_game([child, sam])

    assert len(rows_referring_to(child)) == 1


def test_deleting_the_only_child_of_a_game_with_a_grown_up_deletes_the_game(child) -> None:
    game = together_game([None, child])
    SkillAttempt.objects.create(game=game, skill="adding", right=True, first_try=True, hole=1)

    delete_children(Child.objects.filter(pk=child.pk))

    assert not Game.objects.exists()
    assert not Seat.objects.exists()
    assert not SkillAttempt.objects.exists()


def test_deleting_the_account_deletes_the_games_played_together(client: Client, parent) -> None:
    robin, sam = ChildFactory(parent=parent), ChildFactory(parent=parent)
    together_game([robin, sam])
    kept = together_game([ChildFactory(), None])

    delete_accounts(type(parent).objects.filter(pk=parent.pk))

    assert list(Game.objects.all()) == [kept]
    assert Seat.objects.count() == 2


def test_a_game_deleted_on_its_own_takes_its_seats_and_leaves_the_children(child, sam) -> None:
    game = together_game([child, sam])

    game.delete()

    assert not Seat.objects.exists()
    assert set(Child.objects.all()) == {child, sam}


def test_after_the_child_in_kid_mode_is_deleted_the_game_stays_open_for_their_parent(
    parent_client: Client, child, sam
) -> None:
    game = together_game([child, sam], finished=False)
    start_kid_mode(parent_client, child)

    delete_children(Child.objects.filter(pk=child.pk))

    assert parent_client.get(game.get_absolute_url()).status_code == 200
    assert sessions.CHILD not in parent_client.session
