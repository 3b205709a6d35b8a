"""The code migration 0005 plays old games with: games/engine, games/table and
lessons/questions (with lessons/skills) as they were when it was frozen, with their imports
made relative and nothing else changed.

A migration must do the same on any later version of the code, and the code of the day is
free to change: a rename in the table would otherwise break ``manage.py migrate`` for every
database, a new one too, since Django imports every migration to plan any. Converting an old
game means replaying it through the whole game (the deal, every turn, the bots' reasons,
the questions after a hole), so the whole game is kept here, not a few functions.

Nothing else imports this package; Django does not take it for a migration (its name starts
with an underscore). It can go, with 0005's conversion, once no database is left from
before 0005.
"""
