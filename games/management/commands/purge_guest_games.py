from django.core.management.base import BaseCommand

from games.models import Game


class Command(BaseCommand):
    help = "Delete guest games older than a day (they are never served after that anyway)."

    def handle(self, *args, **options) -> None:
        # The total counts what went with the games (their practice answers); say the games.
        _, deleted = Game.objects.expired().delete()
        if options["verbosity"]:
            self.stdout.write(f"Deleted {deleted.get('games.Game', 0)} old guest games.")
