from io import StringIO

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.management import call_command


def test_the_account_bench_times_both_forms_for_both_addresses_and_keeps_nothing(db) -> None:
    out = StringIO()
    call_command("bench_accounts", tries=2, stdout=out)

    rows = {line.split()[0]: line.split()[1:] for line in out.getvalue().splitlines()[3:]}
    assert set(rows) == {"sign-up", "reset"}
    assert all(float(known) > 0 and float(new) > 0 for known, new, _ in rows.values())
    assert not get_user_model().objects.exists()
    assert not EmailAddress.objects.exists()
