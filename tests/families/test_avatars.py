import io

import pytest
from django.test import Client
from django.urls import reverse
from PIL import Image

from games.words.pictures import PICTURES
from peabody.families.avatars import AVATARS, DRAWINGS, SIZE, VERSION, png
from peabody.families.forms import ChildForm


def test_there_are_at_least_twelve_pictures_each_with_its_own_name_and_label() -> None:
    assert len(AVATARS) >= 12
    assert len({a.name for a in AVATARS}) == len({a.label for a in AVATARS}) == len(AVATARS)


def test_every_picture_of_the_one_list_is_drawn_and_nothing_else() -> None:
    assert [a.name for a in AVATARS] == list(PICTURES) and set(DRAWINGS) == set(PICTURES)
    assert [a.label for a in AVATARS] == list(PICTURES.values())


def test_every_picture_is_a_round_png_of_its_own() -> None:
    drawings = set()
    for avatar in AVATARS:
        image = Image.open(io.BytesIO(png(avatar.name)))
        assert (image.format, image.size, image.mode) == ("PNG", (SIZE, SIZE), "RGBA")
        assert image.getpixel((0, 0))[3] == 0  # a corner outside the circle is clear
        assert image.getpixel((SIZE // 2, SIZE // 2))[3] == 255
        drawings.add(image.tobytes())
    assert len(drawings) == len(AVATARS)


@pytest.mark.django_db
def test_pictures_are_served_to_be_kept_for_a_year(client: Client) -> None:
    url = reverse("kids:avatar", args=["fox"])
    response = client.get(url)

    assert f"/{VERSION}/" in url
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert response["Cache-Control"] == "public, max-age=31536000, immutable"
    assert response.content == png("fox")
    assert not response.cookies


@pytest.mark.django_db
def test_an_unknown_picture_is_not_found(client: Client) -> None:
    assert client.get(reverse("kids:avatar", args=["unicorn"])).status_code == 404


def test_the_profile_form_offers_every_picture_and_no_empty_choice() -> None:
    names = [value for value, _ in ChildForm().fields["avatar"].choices]

    assert names == [a.name for a in AVATARS]
