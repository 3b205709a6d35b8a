from io import StringIO

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import override_settings
from django_tasks_db.models import DBTaskResult

from peabody.families.management.commands.bench_accounts import KNOWN, SETTINGS, timings


def test_the_account_bench_times_both_forms_for_both_addresses_and_keeps_nothing(db) -> None:
    out = StringIO()
    call_command("bench_accounts", tries=2, stdout=out)

    rows = {line.split()[0]: line.split()[1:] for line in out.getvalue().splitlines()[3:]}
    assert set(rows) == {"sign-up", "reset"}
    assert all(float(known) > 0 and float(new) > 0 for known, new, _ in rows.values())
    assert not get_user_model().objects.exists()
    assert not EmailAddress.objects.exists()
    assert not DBTaskResult.objects.exists()


def test_the_account_bench_times_reset_for_an_address_that_never_had_an_account(db) -> None:
    with override_settings(**SETTINGS):
        timings(2)

    accounts = set(get_user_model().objects.values_list("email", flat=True))
    emailed = sorted(task.args_kwargs["args"][0]["to"][0] for task in DBTaskResult.objects.all())
    signed_up = {"bench-sign-up-0@example.com", "bench-sign-up-1@example.com"}
    reset = {"bench-reset-0@example.com", "bench-reset-1@example.com"}
    assert accounts == {KNOWN} | signed_up
    # Every post queued one email, for the known address as for the others: the same work.
    assert emailed == sorted([KNOWN] * 4 + [*signed_up, *reset])
