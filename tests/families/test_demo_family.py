import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from games.models import Game
from peabody.families.models import Child

pytestmark = pytest.mark.django_db

LOG_IN = re.compile(r"log in as (\S+) with the password (\S+)")


def demo() -> str:
    out = io.StringIO()
    call_command("demo_family", stdout=out)
    return out.getvalue()


def test_the_demo_family_is_made_once_and_its_log_in_printed_every_time(settings) -> None:
    settings.DEBUG = True

    first, second = demo(), demo()

    assert LOG_IN.search(first) and LOG_IN.search(second)
    assert get_user_model().objects.count() == 1
    assert Child.objects.count() == 2
    finished = [g for g in Game.objects.all() if g.is_finished]
    assert len(finished) >= 6
    assert {child.nickname for g in finished for child in g.children.all()} == {"Robin", "Sam"}


def test_a_newcomer_logs_in_as_the_demo_parent_and_sees_a_real_progress_page(
    settings, client: Client
) -> None:
    settings.DEBUG = True
    email, password = LOG_IN.search(demo()).groups()

    client.post(reverse("account_login"), {"login": email, "password": password})
    child = Child.objects.get(nickname="Robin")
    page = client.get(reverse("families:progress", args=[child.pk])).text

    assert "Robin’s progress" in page
    assert reverse("families:chart", args=[child.pk]) in page
    assert "Watch again" in page


def test_the_demo_family_is_never_made_outside_development(settings) -> None:
    settings.DEBUG = False

    with pytest.raises(CommandError):
        call_command("demo_family")
    assert not get_user_model().objects.exists()
