"""The table of Django's database cache (settings.CACHES), so that `manage.py migrate` alone
makes all the site needs: log-in limits and the one game a tap starts are counted there, and
without it those requests fail. It is what `manage.py createcachetable` makes, which leaves a
table that is already there as it is."""

from django.core.management import call_command
from django.db import migrations


def make_cache_table(apps, schema_editor) -> None:
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [
        ("families", "0003_child_language"),
    ]

    operations = [
        # Going back keeps the table: its entries run out by themselves.
        migrations.RunPython(make_cache_table, migrations.RunPython.noop, elidable=False),
    ]
