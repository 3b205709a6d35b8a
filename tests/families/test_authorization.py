"""Every URL, walked by everyone who might ask for it: each gets exactly what it should.

Another family's child, game, chart or download is a 404, as if it did not exist. "login"
is a redirect to the log-in page, "password" one to the page that asks for the parent's
password again. A's children are Robin (in kid mode: "A's child"), who has a game of their
own and one played together with Sam, and Ada ("A's other child"), who played neither.
"""

from dataclasses import dataclass

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.builders import child_game, start_kid_mode, together_game
from tests.factories import ChildFactory, ParentFactory

pytestmark = pytest.mark.django_db

ACTORS = ["nobody", "parent A", "parent B", "A's child", "A's other child", "guest"]
KIDS = ["A's child", "A's other child"]
NEW_GAME = {"mode": "easy4", "bots": "1", "level": "gentle", "holes": "1"}
PROFILE = {
    "nickname": "Robin",
    "avatar": "cat",
    "maths_level": "adding",
    "gentleness": "0.8",
    "favourite_mode": "easy4",
    "language": "en-gb",
}


@dataclass
class World:
    clients: dict[str, Client]
    names: dict[str, object]  # what the URLs below are made of


@pytest.fixture
def world() -> World:
    a, b = ParentFactory(), ParentFactory()
    child_a, child_b = ChildFactory(parent=a), ChildFactory(parent=b)
    game_a, game_b = child_game(child_a), child_game(child_b)
    sam, ada = ChildFactory(parent=a, nickname="Sam"), ChildFactory(parent=a, nickname="Ada")
    played_together = together_game([child_a, sam])
    guest = Client()
    guest.post(reverse("games:create"), NEW_GAME)
    guest_game = Game.objects.get(children=None)
    clients = {"nobody": Client(), "guest": guest}
    for actor, parent in (("parent A", a), ("parent B", b), *((kid, a) for kid in KIDS)):
        clients[actor] = Client()
        clients[actor].force_login(parent)
    start_kid_mode(clients["A's child"], child_a)
    start_kid_mode(clients["A's other child"], ada)
    names = {
        "child": child_a.pk,
        "b_child": child_b.pk,
        "game": game_a.public_id,
        "b_game": game_b.public_id,
        "guest_game": guest_game.public_id,
        "together": played_together.public_id,
        "sam": sam.pk,
    }
    return World(clients, names)


def outcome(response) -> object:
    if response.status_code != 302:
        return response.status_code
    location = response["Location"]
    if location.startswith(reverse("account_login")):
        return "login"
    if location.startswith(reverse("account_reauthenticate")):
        return "password"
    return location


PASSWORD = dict.fromkeys(KIDS, "password")
PARENT_ZONE = {"nobody": "login", "parent A": 200, "parent B": 200} | PASSWORD
A_ONLY = {"nobody": "login", "parent A": 200, "parent B": 404} | PASSWORD
NOBODYS = dict.fromkeys(ACTORS, 404)
KID_ONLY = NOBODYS | {"A's child": 200}
# A game played together: the parent of its children, and in kid mode a child at its table.
TOGETHER = NOBODYS | {"parent A": 200, "A's child": 200}
EVERYONES = dict.fromkeys(ACTORS, 200)
A_FAMILY = PARENT_ZONE | dict.fromkeys(KIDS, 200)
ADMIN_LOGIN = "/admin/login/?next=/admin/"

# (method, URL name, argument names, data, what each actor gets; a guest, if not named,
# gets what nobody gets), in the order walked.
WALK = [
    ("get", "home", [], None, EVERYONES),
    ("get", "privacy:parents", [], None, EVERYONES),
    ("get", "privacy:kids", [], None, EVERYONES),
    ("get", "kids:avatar", ["fox"], None, EVERYONES),
    ("get", "games:new", [], None, EVERYONES),
    ("get", "games:play", ["game"], None, KID_ONLY),
    ("get", "games:replay", ["game"], None, KID_ONLY),
    ("get", "games:play", ["b_game"], None, NOBODYS),
    ("get", "games:play", ["guest_game"], None, NOBODYS | {"guest": 200}),
    ("get", "games:play", ["together"], None, TOGETHER),
    ("get", "games:replay", ["together"], None, TOGETHER),
    ("get", "kids:who", [], None, A_FAMILY),
    ("get", "kids:together", [], None, A_FAMILY),
    ("get", "families:home", [], None, PARENT_ZONE),
    ("get", "families:child_new", [], None, PARENT_ZONE),
    ("get", "families:account_download", [], None, PARENT_ZONE),
    ("get", "families:account_delete", [], None, PARENT_ZONE),
    ("get", "families:goodbye", [], None, EVERYONES | PASSWORD),
    ("get", "families:progress", ["child"], None, A_ONLY),
    ("get", "families:child_edit", ["child"], None, A_ONLY),
    ("post", "families:child_edit", ["child"], PROFILE, A_ONLY | {"parent A": "/family/"}),
    ("get", "families:child_delete", ["child"], None, A_ONLY),
    ("get", "families:chart", ["child"], None, A_ONLY),
    ("get", "families:child_download", ["child"], None, A_ONLY),
    ("get", "families:replay", ["child", "game"], None, A_ONLY),
    ("get", "families:replay", ["child", "together"], None, A_ONLY),
    ("get", "families:replay", ["sam", "together"], None, A_ONLY),
    ("get", "families:replay", ["sam", "game"], None, A_ONLY | {"parent A": 404}),
    ("get", "families:replay", ["child", "b_game"], None, A_ONLY | {"parent A": 404}),
    (
        "get",
        "families:replay",
        ["b_child", "game"],
        None,
        A_ONLY | {"parent A": 404, "parent B": 404},
    ),
    ("get", "families:progress", ["b_child"], None, A_ONLY | {"parent A": 404, "parent B": 200}),
    ("get", "account_change_password", [], None, PARENT_ZONE),
    ("get", "account_email", [], None, PARENT_ZONE),
    ("get", "admin:login", [], None, PARENT_ZONE | {"parent A": 403, "parent B": 403}),
    (
        "get",
        "admin:index",
        [],
        None,
        PARENT_ZONE | dict.fromkeys(["nobody", "parent A", "parent B"], ADMIN_LOGIN),
    ),
    # Last, as they start kid mode.
    (
        "post",
        "kids:play_as",
        ["child"],
        None,
        # Another child's picture asks for the grown-up's password first.
        A_ONLY | {"parent A": "/play/", "A's child": "/play/", "A's other child": "password"},
    ),
    (
        "post",
        "kids:play_as",
        ["b_child"],
        None,
        A_ONLY | {"parent A": 404, "parent B": "/play/"} | dict.fromkeys(KIDS, 404),
    ),
]


@pytest.mark.parametrize("actor", ACTORS)
def test_every_url_gives_each_visitor_exactly_what_they_should_get(
    world: World, actor: str
) -> None:
    client = world.clients[actor]
    wrong = {}
    for method, name, arg_names, data, expected in WALK:
        args = [world.names.get(arg, arg) for arg in arg_names]
        url = reverse(name, args=args)
        want = expected.get(actor, expected["nobody"])
        got = outcome(getattr(client, method)(url, data or {}))
        if got != want:
            wrong[f"{method.upper()} {url}"] = f"got {got}, expected {want}"
    assert wrong == {}


@pytest.mark.parametrize("bad", ["%00", "%FF", "x" * 33])
def test_a_malformed_game_id_in_a_childs_replay_is_not_found(parent_client, child, bad) -> None:
    response = parent_client.get(f"/family/children/{child.pk}/games/{bad}/")

    assert response.status_code == 404
