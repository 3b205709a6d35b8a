from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def simulate(*args: str) -> str:
    out, err = StringIO(), StringIO()
    call_command("simulate", *args, stdout=out, stderr=err)
    return out.getvalue() + err.getvalue()


def test_simulate_prints_a_table_with_a_progress_bar():
    text = simulate("--preset", "classic6", "--bots", "sharp,gentle", "--holes", "6")
    assert "[##############################] 6/6 holes" in text
    assert "   0  sharp" in text
    assert "   1  gentle" in text
    assert "holes per second" in text


def test_simulate_plays_house_rules_and_more_players():
    text = simulate(
        "--preset", "knock9", "--players", "3", "--bots", "random", "--holes", "3",
        "--rule", "match=full_column", "--quiet",
    )  # fmt: skip
    assert "house rules match=full_column" in text
    assert "   2  random" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "steady,steady,steady"], "3 levels for 2 players"),
        (["--bots", "clever"], "the levels are"),
        (["--rule", "jokers=lots"], "house rules do not work"),
    ],
)
def test_simulate_explains_what_it_cannot_do(args, message):
    with pytest.raises(CommandError, match=message):
        simulate("--holes", "2", *args)
