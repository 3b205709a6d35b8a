"""Kid mode: "Who's playing?", a child's own games and settings, and the way back out."""

import json
import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from games.models import Count, Game
from games.table import play
from peabody import sessions
from peabody.families.deletion import delete_children
from peabody.families.models import CacheEntry, Child, MathsLevel
from tests.builders import child_game, reauthenticate, start_kid_mode
from tests.factories import PASSWORD, ChildFactory, ParentFactory

pytestmark = pytest.mark.django_db

NEW_GAME = {"mode": "classic6", "bots": "1", "level": "gentle", "holes": "1"}


def test_whos_playing_shows_this_parents_children_and_nobody_elses(
    parent_client: Client, child
) -> None:
    sibling = ChildFactory(parent=child.parent, nickname="Sam")
    ChildFactory(nickname="Stranger")

    page = parent_client.get(reverse("kids:who")).text

    assert "Robin" in page and "Sam" in page
    assert "Stranger" not in page
    assert reverse("kids:play_as", args=[sibling.pk]) in page


def test_tapping_a_picture_starts_kid_mode_with_the_childs_read_aloud_setting(
    parent_client: Client, child
) -> None:
    child.read_aloud = True
    child.save()

    response = parent_client.post(reverse("kids:play_as", args=[child.pk]))

    assert response["Location"] == reverse("games:new")
    assert parent_client.session[sessions.CHILD] == child.pk
    assert parent_client.session[sessions.READ_ALOUD] is True


@pytest.mark.parametrize(
    ("address", "field", "key"),
    [("read-aloud", "read_aloud", sessions.READ_ALOUD), ("sound", "sounds", sessions.SOUND)],
)
def test_a_switch_a_child_turns_is_kept_on_their_profile_for_next_time(
    parent_client: Client, child, address: str, field: str, key: str
) -> None:
    sibling = ChildFactory(parent=child.parent, nickname="Sam")
    parent_client.post(reverse("kids:play_as", args=[child.pk]))
    assert parent_client.session[key] is True

    parent_client.post(f"/play/{address}/", headers={"HX-Request": "true"})

    child.refresh_from_db()
    sibling.refresh_from_db()
    assert getattr(child, field) is False and getattr(sibling, field) is True
    # Next time, on another device, the switch starts where the child left it.
    other = Client()
    other.force_login(child.parent)
    other.post(reverse("kids:play_as", args=[child.pk]))
    assert other.session[key] is False
    # Turned back by the child.
    parent_client.post(f"/play/{address}/", headers={"HX-Request": "true"})
    child.refresh_from_db()
    assert getattr(child, field) is True


def test_kid_mode_starts_the_tables_sounds_where_the_childs_profile_says(
    parent_client: Client, child
) -> None:
    child.sounds = False
    child.save()

    parent_client.post(reverse("kids:play_as", args=[child.pk]))
    game_page = parent_client.post(reverse("games:create"), NEW_GAME, follow=True).text

    assert parent_client.session[sessions.SOUND] is False
    assert 'id="sound-switch" aria-pressed="false"' in game_page


def test_a_grown_up_turns_reading_off_for_the_whole_family_and_no_game_reads_to_a_child(
    parent_client: Client, child
) -> None:
    sibling = ChildFactory(parent=child.parent, nickname="Sam")
    home = parent_client.get(reverse("families:home")).text
    assert "Turn reading off for everyone" in home

    turned = parent_client.post(reverse("families:read_aloud"), {"read_aloud": "off"}, follow=True)

    assert "do not read out loud to your children now" in turned.text
    assert "Turn reading on again" in turned.text
    for who in (child, sibling):
        start_kid_mode(parent_client, who)
        assert parent_client.session[sessions.READ_ALOUD] is False
        game_page = parent_client.post(reverse("games:create"), NEW_GAME, follow=True).text
        assert 'id="read-switch"' not in game_page and 'id="sound-switch"' in game_page
        # A page from before, or a forged post, turns nothing on.
        answer = parent_client.post(reverse("games:read_aloud"), headers={"HX-Request": "true"})
        assert answer.content == b"" and parent_client.session[sessions.READ_ALOUD] is False
        who.refresh_from_db()
        assert who.read_aloud is True  # the child's own choice, kept for when it is on again
    # The grown-up turns it on again: each child's own switch counts once more.
    reauthenticate(parent_client)
    parent_client.post(reverse("families:read_aloud"), {"read_aloud": "on"})
    start_kid_mode(parent_client, child)
    assert parent_client.session[sessions.READ_ALOUD] is True
    game_page = parent_client.post(reverse("games:create"), NEW_GAME, follow=True).text
    assert 'id="read-switch" aria-pressed="true"' in game_page


def test_reading_off_for_the_family_reaches_a_device_already_in_kid_mode(
    parent_client: Client, child
) -> None:
    """The child's own phone, in kid mode since before, loses its switch at once."""
    phone = Client()
    phone.force_login(child.parent)
    start_kid_mode(phone, child)
    game = phone.post(reverse("games:create"), NEW_GAME)["Location"]
    assert 'id="read-switch"' in phone.get(game).text

    parent_client.post(reverse("families:read_aloud"), {"read_aloud": "off"})

    assert 'id="read-switch"' not in phone.get(game).text
    assert export_of(parent_client)["read_aloud_for_the_family"] is False


def export_of(client: Client) -> dict:
    return json.loads(client.get(reverse("families:account_download")).content)


def test_a_child_of_another_family_cannot_be_chosen(parent_client: Client) -> None:
    stranger = ChildFactory()

    response = parent_client.post(reverse("kids:play_as", args=[stranger.pk]))

    assert response.status_code == 404
    assert sessions.CHILD not in parent_client.session


def test_in_kid_mode_every_page_says_the_grown_up_can_see_the_games(kid_client: Client) -> None:
    for url in (reverse("home"), reverse("games:new"), reverse("privacy:kids")):
        page = kid_client.get(url).text
        assert "Your grown-up can see your games." in page
        assert "Robin" in page


def test_a_parent_outside_kid_mode_is_not_told_so(parent_client: Client) -> None:
    assert "Your grown-up can see" not in parent_client.get(reverse("games:new")).text


def test_a_game_started_in_kid_mode_is_the_childs_with_their_bots_gentleness(
    kid_client: Client, child
) -> None:
    child.gentleness = 1.0
    child.save()

    kid_client.post(reverse("games:create"), NEW_GAME)

    game = Game.objects.get()
    assert list(game.children.all()) == [child]
    assert game.guest_key == ""
    assert game.gentleness == 1.0


def test_the_bots_of_a_childs_game_play_with_the_childs_gentleness(child, monkeypatch) -> None:
    asked = []
    real = play.choose_action

    def spy(*args, **kwargs):
        asked.append(kwargs["gentleness"])
        return real(*args, **kwargs)

    monkeypatch.setattr(play, "choose_action", spy)

    child_game(child, gentleness=0.2)

    assert asked and set(asked) == {0.2}


@pytest.mark.parametrize(
    ("level", "posted", "adding_only"),
    [
        (MathsLevel.ADDING, {}, True),
        (MathsLevel.NEGATIVE, {"adding_only": "on"}, False),
    ],
)
def test_the_childs_maths_level_sets_how_twos_count_and_the_child_cannot_change_it(
    kid_client: Client, child, level: str, posted: dict, adding_only: bool
) -> None:
    child.maths_level = level
    child.save()

    kid_client.post(reverse("games:create"), NEW_GAME | posted)

    assert Game.objects.get().rules.adding_only is adding_only


def test_the_new_game_form_starts_on_the_childs_favourite_game(kid_client: Client, child) -> None:
    child.favourite_mode = "knock9"
    child.save()

    page = kid_client.get(reverse("games:new")).text

    assert re.search(r'<input type="radio" name="mode" value="knock9"[^>]* checked', page)
    assert "twos count +2 (your grown-up chose this)" in page


def test_a_child_sees_their_own_games_and_this_browsers_guest_games_only(
    kid_client: Client, child
) -> None:
    mine = child_game(child, finished=False)
    sibling = child_game(ChildFactory(parent=child.parent), finished=False)
    strangers = child_game(ChildFactory(), finished=False)

    assert kid_client.get(mine.get_absolute_url()).status_code == 200
    assert kid_client.get(sibling.get_absolute_url()).status_code == 404
    assert kid_client.get(strangers.get_absolute_url()).status_code == 404


def test_a_parent_outside_kid_mode_does_not_play_the_childs_games(
    parent_client: Client, child
) -> None:
    game = child_game(child, finished=False)

    assert parent_client.get(game.get_absolute_url()).status_code == 404


def test_a_child_of_another_family_in_the_session_opens_nothing(
    parent_client: Client, child
) -> None:
    stranger = ChildFactory()
    theirs = child_game(stranger, finished=False)
    session = parent_client.session
    session[sessions.CHILD] = stranger.pk
    session.save()

    response = parent_client.get(theirs.get_absolute_url())

    assert response.status_code == 404
    assert sessions.CHILD not in parent_client.session


def test_a_child_in_kid_mode_switches_to_a_sibling_only_with_the_grown_ups_password(
    kid_client: Client, child
) -> None:
    sibling = ChildFactory(parent=child.parent)
    play_as_sibling = reverse("kids:play_as", args=[sibling.pk])

    tapped = kid_client.post(play_as_sibling)

    assert tapped["Location"] == f"{reverse('account_reauthenticate')}?next=/who/"
    assert kid_client.session[sessions.CHILD] == child.pk  # still the child who tapped
    assert kid_client.post(reverse("kids:play_as", args=[child.pk])).status_code == 302
    assert kid_client.session[sessions.CHILD] == child.pk  # their own picture goes on
    reauthenticate(kid_client, next_url=reverse("kids:who"))
    assert sessions.CHILD not in kid_client.session
    kid_client.post(play_as_sibling)
    assert kid_client.session[sessions.CHILD] == sibling.pk


def test_the_parent_zone_asks_for_the_password_again_in_kid_mode(kid_client: Client) -> None:
    response = kid_client.get(reverse("families:home"))

    assert response.status_code == 302
    assert response["Location"] == f"{reverse('account_reauthenticate')}?next=/family/"
    page = kid_client.get(response["Location"]).text
    assert "Please type your password" in page
    assert "+" not in page.split("<main")[1]  # no sum to work out: children can do maths


def test_the_right_password_ends_kid_mode_and_opens_the_parent_zone(kid_client: Client) -> None:
    response = reauthenticate(kid_client, next_url=reverse("families:home"))

    assert response["Location"] == reverse("families:home")
    assert sessions.CHILD not in kid_client.session
    assert kid_client.get(reverse("families:home")).status_code == 200


def test_a_wrong_password_keeps_kid_mode(kid_client: Client, child) -> None:
    response = reauthenticate(kid_client, password="a guess")

    assert response.status_code == 200
    assert kid_client.session[sessions.CHILD] == child.pk
    assert kid_client.get(reverse("families:home")).status_code == 302


def test_a_childs_guesses_make_that_device_wait_and_never_lock_the_grown_up_out(
    kid_client: Client, child
) -> None:
    for _ in range(5):
        assert reauthenticate(kid_client, password="a guess").status_code == 200

    waiting = reauthenticate(kid_client)
    elsewhere = Client()  # the grown-up's own phone
    logged_in = elsewhere.post(
        reverse("account_login"), {"login": child.parent.email, "password": PASSWORD}
    )

    assert "Too many tries in a short time." in waiting.text
    assert kid_client.session[sessions.CHILD] == child.pk  # still in kid mode
    assert logged_in.status_code == 302
    assert "_auth_user_id" in elsewhere.session


def test_kid_mode_guesses_on_a_homes_devices_leave_the_grown_ups_log_in_working_at_once(
    kid_client: Client, child
) -> None:
    parent = child.parent
    family = [kid_client]
    for _ in range(2):  # two more family devices in kid mode, on the same home address
        device = Client()
        device.force_login(parent)
        start_kid_mode(device, child)
        family.append(device)
    for n in range(14):
        reauthenticate(family[n % 3], password="a guess")

    phone = Client()  # the grown-up's own phone, on the same address
    logged_in = phone.post(reverse("account_login"), {"login": parent.email, "password": PASSWORD})
    again = reauthenticate(phone, next_url=reverse("families:home"))

    assert logged_in.status_code == 302 and "_auth_user_id" in phone.session
    assert again["Location"] == reverse("families:home")
    # allauth's log-in counts never saw the guesses (the phone's own try was given back).
    rows = CacheEntry.objects.filter(cache_key__contains="login_failed")
    for key in rows.values_list("cache_key", flat=True):
        assert cache.get(key.split(":", 2)[2]) == []
    used = dict(Count.objects.filter(key__startswith="password-again:").values_list("key", "used"))
    assert sorted(v for k, v in used.items() if ":device:" in k) == [0, 4, 5, 5]
    assert [v for k, v in used.items() if ":address:" in k] == [14]


def test_a_password_typed_just_before_kid_mode_does_not_let_the_child_in(
    parent_client: Client, child
) -> None:
    reauthenticate(parent_client)
    start_kid_mode(parent_client, child)

    response = parent_client.get(reverse("families:progress", args=[child.pk]))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_reauthenticate"))


def test_kid_mode_ends_when_the_child_is_deleted(kid_client: Client, child) -> None:
    delete_children(Child.objects.filter(pk=child.pk))

    page = kid_client.get(reverse("games:new")).text

    assert "Your grown-up can see" not in page
    assert sessions.CHILD not in kid_client.session


def test_logging_in_as_another_parent_leaves_no_child_behind(kid_client: Client) -> None:
    kid_client.logout()
    kid_client.force_login(ParentFactory())

    assert sessions.CHILD not in kid_client.session


@pytest.mark.parametrize(
    ("chosen", "posted"), [(False, {"questions": "on"}), (True, {})], ids=["off", "on"]
)
def test_the_grown_up_decides_whether_a_child_is_asked_practice_questions(
    kid_client: Client, child, chosen: bool, posted: dict
) -> None:
    child.practice_questions = chosen
    child.save()

    page = kid_client.get(reverse("games:new")).text
    kid_client.post(reverse("games:create"), NEW_GAME | posted)

    assert "Ask me maths questions after each hole (your grown-up chose this)" in page
    assert Game.objects.get().questions is chosen


def test_a_guest_game_started_before_kid_mode_stays_with_the_browser(
    client: Client, parent, child
) -> None:
    client.post(reverse("games:create"), NEW_GAME)
    guest_game = Game.objects.get()
    client.force_login(parent)
    start_kid_mode(client, child)

    assert client.get(guest_game.get_absolute_url()).status_code == 200
    assert not guest_game.children.exists()
    assert not child.games.exists()


def test_the_password_page_in_kid_mode_offers_a_way_out_for_a_forgotten_password(
    kid_client: Client,
) -> None:
    page = kid_client.get(reverse("account_reauthenticate")).text

    assert "Forgot the password?" in page
    assert reverse("kids:send_reset_link") in page
    assert reverse("kids:log_out_device") in page
    # allauth's own "Forgot your password?" link no longer leads back to the password box.
    assert kid_client.get(reverse("account_reset_password")).status_code == 200


def test_a_reset_link_is_emailed_to_the_accounts_address_and_kid_mode_stays(
    kid_client: Client, parent, child, mailoutbox
) -> None:
    response = kid_client.post(reverse("kids:send_reset_link"))

    assert response["Location"] == reverse("account_reauthenticate")
    [message] = mailoutbox
    assert message.to == [parent.email]
    assert "/accounts/password/reset/key/" in message.body
    assert kid_client.session[sessions.CHILD] == child.pk
    assert kid_client.get(reverse("families:home")).status_code == 302
    page = kid_client.get(response["Location"]).text
    assert "We emailed a link to the family’s email address." in page


def test_the_emailed_link_sets_a_new_password_and_ends_kid_mode_without_opening_the_parent_zone(
    kid_client: Client, parent, mailoutbox
) -> None:
    kid_client.post(reverse("kids:send_reset_link"))
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/key/\S+)", mailoutbox[0].body)[1]

    form = kid_client.get(link, follow=True)  # allauth moves the key into the session
    assert form.status_code == 200 and "password1" in form.text
    new = "a-brand-new-family-secret"
    kid_client.post(form.redirect_chain[-1][0], {"password1": new, "password2": new})

    assert sessions.CHILD not in kid_client.session
    assert kid_client.get(reverse("families:home")).status_code == 302
    parent.refresh_from_db()
    assert parent.check_password(new)


def test_logging_the_device_out_ends_kid_mode_and_the_parent_zone_asks_to_log_in(
    kid_client: Client,
) -> None:
    response = kid_client.post(reverse("kids:log_out_device"))

    assert response["Location"] == reverse("home")
    assert sessions.CHILD not in kid_client.session
    home = kid_client.get(reverse("families:home"))
    assert home.status_code == 302
    assert home["Location"].startswith(reverse("account_login"))


def test_the_way_out_is_sent_only_by_post(kid_client: Client, mailoutbox) -> None:
    assert kid_client.get(reverse("kids:send_reset_link")).status_code == 405
    assert kid_client.get(reverse("kids:log_out_device")).status_code == 405
    assert not mailoutbox


def test_email_me_a_link_pressed_again_and_again_sends_a_few_emails_and_says_wait(
    kid_client: Client, child, mailoutbox
) -> None:
    for _ in range(20):
        response = kid_client.post(reverse("kids:send_reset_link"), follow=True)

    assert len(mailoutbox) == 5  # the reset page's limit: 5 a minute for one address
    assert "We just sent the link." in response.text
    assert kid_client.session[sessions.CHILD] == child.pk


def offered_levels(page: str) -> list[str]:
    return re.findall(r'<input type="radio" name="level" value="(\w+)"', page)


@pytest.mark.parametrize(
    ("gentleness", "offered"),
    [
        (1.0, ["gentle"]),
        (0.8, ["gentle"]),
        (0.5, ["gentle", "steady"]),
        (0.2, ["gentle", "steady", "sharp"]),
    ],
)
def test_a_child_is_offered_bots_no_trickier_than_their_grown_up_chose(
    kid_client: Client, child, gentleness: float, offered: list[str]
) -> None:
    child.gentleness = gentleness
    child.save()

    page = kid_client.get(reverse("games:new")).text

    assert offered_levels(page) == offered
    assert "Your grown-up chose how tricky the bots can be." in page


def test_a_grown_up_outside_kid_mode_is_offered_every_level_of_bots(
    parent_client: Client,
) -> None:
    page = parent_client.get(reverse("games:new")).text

    assert offered_levels(page) == ["gentle", "steady", "sharp"]
    assert "Your grown-up chose" not in page


@pytest.mark.parametrize("level", ["sharp", "steady"])
def test_trickier_bots_posted_by_hand_are_refused_kindly_and_change_nothing(
    kid_client: Client, child, level: str
) -> None:
    child.gentleness = 0.8
    child.save()

    response = kid_client.post(reverse("games:create"), NEW_GAME | {"level": level})

    assert response.status_code == 400
    assert "Your grown-up chose kinder bots. Please pick one of these." in response.text
    assert not Game.objects.exists()
    child.refresh_from_db()
    assert (child.gentleness, child.maths_level) == (0.8, MathsLevel.ADDING)


def test_the_bots_the_grown_up_allows_are_dealt(kid_client: Client, child) -> None:
    child.gentleness = 0.5
    child.save()

    kid_client.post(reverse("games:create"), NEW_GAME | {"level": "steady", "bots": "2"})

    assert Game.objects.get().bot_levels == [None, "steady", "steady"]


def test_playing_together_in_kid_mode_offers_bots_no_trickier_than_the_child_may_choose(
    kid_client: Client, child
) -> None:
    sibling = ChildFactory(parent=child.parent, nickname="Sam", gentleness=0.2)
    together = {"seat_1": str(child.pk), "seat_2": str(sibling.pk), "seat_3": ""}

    page = kid_client.get(reverse("kids:together")).text
    response = kid_client.post(reverse("kids:together"), NEW_GAME | together | {"level": "sharp"})

    assert offered_levels(page) == ["gentle"]
    assert response.status_code == 400
    assert not Game.objects.exists()
