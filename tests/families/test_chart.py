import io

import pytest
from django.test import Client
from django.urls import reverse
from PIL import Image

from peabody.families.chart import FONT, HEIGHT, WIDTH, nice_step, trend_png
from tests.builders import child_game

TITLES = ("Average score per hole", "Game, oldest first")


def picture(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize(("span", "step"), [(1, 1), (7, 2), (12, 5), (40, 10), (90, 20)])
def test_grid_lines_fall_on_round_numbers_about_five_apart(span: int, step: int) -> None:
    assert nice_step(span) == step


def test_on_a_phone_the_charts_words_and_numbers_are_at_least_12_px() -> None:
    # A phone 390 px wide leaves about 330 px for the picture, scaled down to fit.
    assert FONT.size * 330 / WIDTH >= 12


def test_the_trend_is_a_png_of_a_fixed_size() -> None:
    image = picture(trend_png([8.5, 6.0, 3.3, -1.0], TITLES))

    assert image.format == "PNG"
    assert image.size == (WIDTH, HEIGHT)


def test_each_game_is_a_point_where_its_score_is() -> None:
    low, high = picture(trend_png([0.0, 0.0], TITLES)), picture(trend_png([0.0, 10.0], TITLES))

    assert low.tobytes() != high.tobytes()
    # The last point: at the zero line in one chart, far above it in the other.
    blue = (11, 79, 156)
    right = WIDTH - 24
    column = [high.getpixel((right, y)) for y in range(HEIGHT)]
    assert blue in column[: HEIGHT // 2]


def test_a_negative_grid_label_gets_a_minus_sign() -> None:
    with_negative = picture(trend_png([-4.0, 2.0], TITLES))
    without = picture(trend_png([4.0, 2.0], TITLES))

    assert with_negative.tobytes() != without.tobytes()


@pytest.mark.django_db
def test_the_chart_view_draws_the_childs_trend(parent_client: Client, child) -> None:
    child_game(child)

    response = parent_client.get(reverse("families:chart", args=[child.pk]))

    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert "no-store" in response["Cache-Control"]
    assert picture(response.content).size == (WIDTH, HEIGHT)
