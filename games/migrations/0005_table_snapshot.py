"""A saved game keeps the table as one snapshot, and every move in its log.

Until now the log held the engine's actions only, and the table's own state sat in six
columns, one of them English sentences. Each game is played again here from its log, with
the table's own moves put back where the game must have had them (a peek remembered, the
device passed on, a hole's scores seen, its questions done), so that its new log replays to
its new snapshot. A game in progress carries on where it was: at the same question, with
the same person holding the device. (A game left half way through a hole's questions keeps
how far the child had got in its snapshot alone: the old log never held the answers.) What
each person was still to be told is made again as events from the moves, not kept as
sentences. Practice answers are rows of their own and stay as they are.
"""

from django.db import migrations
from django.db.migrations.exceptions import IrreversibleError

# The engine and the table as they were (see the package's docstring), not the live ones.
from ._frozen_0005.engine import Action, Rules
from ._frozen_0005.table import NEXT, READY, REMEMBER, SKIP, Move, Setup, Stage, again, dealt, stage

# What the table must have been told for the game to go on from each stage.
GO_ON = {
    Stage.PEEK: Move(REMEMBER),
    Stage.PASS: Move(READY),
    Stage.PRACTICE: Move(SKIP),
    Stage.SUMMARY: Move(NEXT),
}


def as_table(game) -> tuple:
    """The old row's game as a table, and the log that leads to it."""
    setup = Setup(
        rules=Rules.from_dict(game.rules),
        seed=game.seed,
        bots=tuple(game.bot_levels),
        gentleness=game.gentleness,
        questions=game.questions,
    )
    table, log = dealt(setup), []

    def make(move: Move) -> None:
        nonlocal table
        table = again(table, move)
        log.append(move)

    for text in game.moves.split():
        while stage(table) in GO_ON:
            make(GO_ON[stage(table)])
        make(Move.of(Action.from_text(text)))
    # Where the old row says the people had got to past the last action.
    peeked = list(game.peeked) + [0] * (setup.players - len(game.peeked))
    while True:
        now = stage(table)
        holder = game.human_seat
        if now == Stage.PASS and holder is not None and table.at_device != holder:
            make(Move(READY))
        elif now == Stage.PEEK and peeked[table.at_device] == table.state.hole:
            make(Move(REMEMBER))
        elif now in (Stage.PRACTICE, Stage.SUMMARY) and game.holes_seen >= len(table.state.results):
            make(GO_ON[now])
        else:
            break
    if stage(table) == Stage.PRACTICE:
        # Mid-questions: the answers given are rows of their own; the table only needs to
        # know how far the child had got.
        done = min(game.questions_done, len(table.asked))
        table = table._replace(answered=done, wrong_tries=game.wrong_tries)
    return table, log


def to_snapshots(apps, schema_editor) -> None:
    Game = apps.get_model("games", "Game")
    for game in Game.objects.iterator():
        table, log = as_table(game)
        game.moves = "".join(f" {move}" for move in log)
        game.snapshot = table.to_json()
        game.save(update_fields=["moves", "snapshot"])


def refuse_with_games(apps, schema_editor) -> None:
    """Going back is only for a database with no game: an old row cannot hold a table."""
    if apps.get_model("games", "Game").objects.exists():
        raise IrreversibleError("Games saved as tables cannot be saved the old way again.")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_seats"),
    ]

    operations = [
        migrations.RunPython(to_snapshots, refuse_with_games, elidable=False),
        migrations.RemoveField(model_name="game", name="human_seat"),
        migrations.RemoveField(model_name="game", name="action_count"),
        migrations.RemoveField(model_name="game", name="peeked"),
        migrations.RemoveField(model_name="game", name="holes_seen"),
        migrations.RemoveField(model_name="game", name="questions_done"),
        migrations.RemoveField(model_name="game", name="wrong_tries"),
        migrations.RemoveField(model_name="game", name="last_steps"),
    ]
