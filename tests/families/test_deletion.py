"""Deleting a child or a whole account, by the parent or after two unused years."""

from datetime import datetime, timedelta

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from games.models import Game
from lessons.models import SkillAttempt
from peabody.families.deletion import delete_children
from peabody.families.management.commands.purge_inactive import months_before
from peabody.families.models import Child, Family
from tests.builders import child_game, reauthenticate, start_kid_mode
from tests.factories import ChildFactory, GameFactory, ParentFactory

from .practising import first_tries

pytestmark = pytest.mark.django_db

NEW_GAME = {"mode": "easy4", "bots": "1", "level": "gentle", "holes": "1"}


def rows() -> dict[str, int]:
    """How many rows every table holds, but Django's database cache (families.CacheEntry)
    and the limits' counts (games.Count): one-time tokens and tries counted under a hash of
    an address or device, no one's account, that run out by themselves (purge_expired)."""
    models = (
        model
        for model in apps.get_models()
        if model._meta.managed and model._meta.label != "games.Count"
    )
    return {model._meta.label: model.objects.count() for model in models}


def a_whole_family(client: Client):
    """A parent logged in on ``client`` and on a second device, with a time zone, two
    children who have played and answered a question, and a guest game of this browser."""
    parent = ParentFactory()
    Family.objects.create(parent=parent, time_zone="Europe/Madrid")
    client.post(reverse("games:create"), NEW_GAME)
    client.force_login(parent)
    for nickname in ("Robin", "Sam"):
        child = ChildFactory(parent=parent, nickname=nickname)
        game = child_game(child)
        SkillAttempt.objects.create(game=game, skill="adding", right=True, first_try=True, hole=1)
        start_kid_mode(client, child)
        client.post(reverse("games:create"), NEW_GAME)
    reauthenticate(client)
    Client().force_login(parent)
    return parent


def answered(child) -> Game:
    """A game of ``child``'s with a practice answer kept in it."""
    game = child_game(child)
    SkillAttempt.objects.create(game=game, skill="adding", right=True, first_try=True, hole=1)
    return game


def answers_kept() -> set[Game]:
    """The games that still hold practice answers."""
    return {answer.game for answer in SkillAttempt.objects.select_related("game")}


def test_deleting_a_child_deletes_their_games_and_nobody_elses() -> None:
    child, sibling = ChildFactory(), ChildFactory()
    GameFactory(child=child, guest_key="")
    kept = GameFactory(child=sibling, guest_key="")
    guest = GameFactory()

    delete_children(Child.objects.filter(pk=child.pk))

    assert list(Game.objects.order_by("pk")) == [kept, guest]


def test_deleting_a_child_deletes_them_and_their_games_only(parent_client: Client, child) -> None:
    child_game(child)
    sibling = ChildFactory(parent=child.parent)
    kept = child_game(sibling)
    reauthenticate(parent_client)

    response = parent_client.post(reverse("families:child_delete", args=[child.pk]))

    assert response["Location"] == reverse("families:home")
    assert list(Child.objects.all()) == [sibling]
    assert list(Game.objects.all()) == [kept]


def test_the_delete_page_deletes_the_childs_answers_and_not_another_familys(
    parent_client: Client, child
) -> None:
    answered(child)
    kept = answered(ChildFactory())
    reauthenticate(parent_client)

    parent_client.post(reverse("families:child_delete", args=[child.pk]))

    assert list(Game.objects.all()) == [kept]
    assert answers_kept() == {kept}


def test_deleting_a_child_deletes_what_was_worked_out_about_them_and_no_siblings(
    parent_client: Client, child
) -> None:
    sibling = ChildFactory(parent=child.parent)
    for kid in (child, sibling):
        first_tries(kid, "adding", [True] * 4)  # the answers a level is worked out from
        start_kid_mode(parent_client, kid)
        parent_client.post(reverse("games:create"), NEW_GAME)  # a game keeps its plan
        reauthenticate(parent_client)
    theirs = list(child.games.values_list("pk", flat=True))
    assert Game.objects.filter(pk__in=theirs, plan__levels__adding=2).exists()

    parent_client.post(reverse("families:child_delete", args=[child.pk]))

    assert not Game.objects.filter(pk__in=theirs).exists()
    assert not SkillAttempt.objects.filter(game__in=theirs).exists()
    assert Game.objects.filter(children=sibling, plan__levels__adding=2).exists()
    assert SkillAttempt.objects.filter(game__children=sibling).count() == 4


def test_deleting_asks_for_the_password_if_it_was_not_typed_in_the_last_minutes(
    parent_client: Client, child
) -> None:
    response = parent_client.post(reverse("families:child_delete", args=[child.pk]))

    assert response["Location"].startswith(reverse("account_reauthenticate"))
    assert Child.objects.filter(pk=child.pk).exists()


def test_a_deleted_account_leaves_no_row_behind(client: Client) -> None:
    other_family = ParentFactory()
    child_game(ChildFactory(parent=other_family))
    GameFactory()  # someone else's guest game
    before = rows()
    a_whole_family(client)
    assert rows() != before

    response = client.post(reverse("families:account_delete"))

    assert response["Location"] == reverse("families:goodbye")
    assert rows() == before
    assert get_user_model().objects.get() == other_family
    assert "sessionid" not in client.cookies or not client.cookies["sessionid"].value


def test_after_deleting_the_account_the_browser_is_logged_out(client: Client) -> None:
    a_whole_family(client)

    client.post(reverse("families:account_delete"))

    assert client.get(reverse("families:home"))["Location"].startswith(reverse("account_login"))
    assert "Your account is deleted" in client.get(reverse("families:goodbye")).text


def test_deleting_the_account_asks_for_the_password_first(parent_client: Client) -> None:
    response = parent_client.post(reverse("families:account_delete"))

    assert response["Location"].startswith(reverse("account_reauthenticate"))
    assert get_user_model().objects.exists()


def last_used(parent, when: datetime) -> None:
    get_user_model().objects.filter(pk=parent.pk).update(last_login=when, date_joined=when)


def test_purge_inactive_deletes_accounts_unused_for_the_given_months() -> None:
    now = timezone.now()
    gone = ParentFactory()
    last_used(gone, now - timedelta(days=800))
    child_game(ChildFactory(parent=gone, created=now - timedelta(days=800)))
    Game.objects.update(updated=now - timedelta(days=800))
    never_logged_in = ParentFactory()
    last_used(never_logged_in, now - timedelta(days=800))
    get_user_model().objects.filter(pk=never_logged_in.pk).update(last_login=None)
    recent = ParentFactory()
    last_used(recent, now - timedelta(days=30))
    still_playing = ParentFactory()  # logged in long ago; the family device stays logged in
    last_used(still_playing, now - timedelta(days=800))
    child_game(ChildFactory(parent=still_playing))
    staff = ParentFactory(is_staff=True)
    last_used(staff, now - timedelta(days=800))

    call_command("purge_inactive", "--months", "24", verbosity=0)

    kept = set(get_user_model().objects.all())
    assert kept == {recent, still_playing, staff}
    assert not Child.objects.filter(parent=gone).exists()


def test_purge_inactive_deletes_the_childrens_games_and_answers_and_nobody_elses() -> None:
    long_ago = timezone.now() - timedelta(days=800)
    gone = ParentFactory()
    last_used(gone, long_ago)
    answered(ChildFactory(parent=gone, created=long_ago))
    Game.objects.update(updated=long_ago)
    kept = answered(ChildFactory())

    call_command("purge_inactive", "--months", "24", verbosity=0)

    assert list(Game.objects.all()) == [kept]
    assert answers_kept() == {kept}


def test_purge_inactive_refuses_less_than_a_month() -> None:
    with pytest.raises(CommandError):
        call_command("purge_inactive", "--months", "0")


@pytest.mark.parametrize(
    ("moment", "months", "expected"),
    [
        (datetime(2026, 12, 1, 8), 24, datetime(2024, 12, 1, 8)),
        (datetime(2026, 3, 31), 1, datetime(2026, 2, 28)),
        (datetime(2026, 1, 15), 13, datetime(2024, 12, 15)),
    ],
)
def test_months_are_calendar_months(moment: datetime, months: int, expected: datetime) -> None:
    assert months_before(moment, months) == expected


def test_sessions_of_other_people_survive_an_account_deletion(client: Client) -> None:
    stranger = Client()
    stranger.post(reverse("games:create"), NEW_GAME)
    a_whole_family(client)

    client.post(reverse("families:account_delete"))

    assert Session.objects.filter(session_key=stranger.session.session_key).exists()
    assert stranger.get(Game.objects.get().get_absolute_url()).status_code == 200


@pytest.fixture
def staff_client(client: Client) -> Client:
    client.force_login(ParentFactory(is_staff=True, is_superuser=True))
    return client


@pytest.mark.parametrize("how", ["its own page", "a selection"])
def test_the_admin_deletes_a_child_with_their_games_and_nobody_elses(
    staff_client: Client, child, how: str
) -> None:
    answered(child)
    sibling = ChildFactory(parent=child.parent)
    kept = [answered(sibling), answered(ChildFactory())]

    if how == "its own page":
        url = reverse("admin:families_child_delete", args=[child.pk])
        response = staff_client.post(url, {"post": "yes"})
    else:
        url = reverse("admin:families_child_changelist")
        chosen = {"action": "delete_selected", "_selected_action": [child.pk], "post": "yes"}
        response = staff_client.post(url, chosen)

    assert response.status_code == 302
    assert not Child.objects.filter(pk=child.pk).exists()
    assert set(Game.objects.all()) == set(kept)
    assert answers_kept() == set(kept)


@pytest.mark.parametrize("how", ["its own page", "a selection"])
def test_the_admin_deletes_a_parent_with_their_childrens_games_and_nobody_elses(
    staff_client: Client, child, how: str
) -> None:
    answered(child)
    answered(ChildFactory(parent=child.parent))
    kept = answered(ChildFactory())

    if how == "its own page":
        url = reverse("admin:auth_user_delete", args=[child.parent.pk])
        response = staff_client.post(url, {"post": "yes"})
    else:
        url = reverse("admin:auth_user_changelist")
        chosen = {"action": "delete_selected", "_selected_action": [child.parent.pk], "post": "yes"}
        response = staff_client.post(url, chosen)

    assert response.status_code == 302
    assert not get_user_model().objects.filter(pk=child.parent.pk).exists()
    assert list(Game.objects.all()) == [kept]
    assert answers_kept() == {kept}


@pytest.mark.parametrize(
    ("games", "english", "spanish"),
    [
        (0, "They have not played a game yet.", "Aún no ha jugado ninguna partida."),
        (1, "’s profile, their one game and every", "su única partida"),
        (3, "’s profile, all 3 of their games and every", "sus 3 partidas"),
    ],
)
def test_the_delete_page_counts_the_childs_games_in_words_that_agree(
    parent_client: Client, child, games: int, english: str, spanish: str
) -> None:
    for _ in range(games):
        GameFactory(child=child, guest_key="")
    reauthenticate(parent_client)
    url = reverse("families:child_delete", args=[child.pk])

    page = parent_client.get(url).text
    with translation.override("es"):  # the Spanish site, under /es/
        spanish_page = parent_client.get(reverse("families:child_delete", args=[child.pk])).text

    assert english in page
    assert "all 0" not in page and "all 1 of" not in page
    assert spanish in spanish_page
    assert child.games.count() == games  # the page only shows them
