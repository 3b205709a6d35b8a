"""A snapshot keeps each pile and layout as one line of card codes ("QC 6D 10C"), each row
of face-up flags as one string ("100010"), and each finished hole as a list rather than an
object: far fewer pieces of JSON to write and read back on every move.
"""

from django.db import migrations

PILES = ("stock", "discard")


def as_lines(snapshot: dict) -> None:
    for pile in PILES:
        snapshot[pile] = " ".join(snapshot[pile])
    snapshot["layouts"] = [" ".join(cards) for cards in snapshot["layouts"]]
    snapshot["face_up"] = ["".join("1" if up else "0" for up in row) for row in snapshot["face_up"]]
    snapshot["results"] = [
        [
            hole["number"],
            [None if cards is None else " ".join(cards) for cards in hole["layouts"]],
            hole["raw"],
            hole["scores"],
            hole["caller"],
            hole["tiebreak"],
        ]
        for hole in snapshot["results"]
    ]


def as_lists(snapshot: dict) -> None:
    for pile in PILES:
        snapshot[pile] = snapshot[pile].split()
    snapshot["layouts"] = [line.split() for line in snapshot["layouts"]]
    snapshot["face_up"] = [[flag == "1" for flag in row] for row in snapshot["face_up"]]
    snapshot["results"] = [
        {
            "number": number,
            "layouts": [None if line is None else line.split() for line in layouts],
            "raw": raw,
            "scores": scores,
            "caller": caller,
            "tiebreak": tiebreak,
        }
        for number, layouts, raw, scores, caller, tiebreak in snapshot["results"]
    ]


def rewrite(change, stock_type):
    """Change every snapshot whose stock is still of ``stock_type`` (a list before this
    migration, a line after it); others are already done."""

    def run(apps, schema_editor):
        Game = apps.get_model("games", "Game")
        for game in Game.objects.only("snapshot").iterator():
            if isinstance(game.snapshot.get("stock"), stock_type):
                change(game.snapshot)
                game.save(update_fields=["snapshot"])

    return run


class Migration(migrations.Migration):
    dependencies = [("games", "0005_generator_as_words_used")]

    operations = [migrations.RunPython(rewrite(as_lines, list), rewrite(as_lists, str))]
