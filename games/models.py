"""Saved games: rules, seed, the ordered action log, a snapshot and a version number."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from functools import cache, lru_cache
from typing import Any, NamedTuple

from django.db import DEFAULT_DB_ALIAS, connections, models
from django.db.backends.base.base import BaseDatabaseWrapper
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from games.engine import Action, Rules, State, new_game

GUEST_LIFETIME = timedelta(hours=24)
# Set in a browser's session when it starts its first game, so the session is kept.
GUEST_FLAG = "plays_as_guest"


def new_public_id() -> str:
    return secrets.token_urlsafe(12)


def guest_key(request: HttpRequest, *, create: bool = False) -> str | None:
    """The key that ties guest games to this browser: a hash of its session key, so the
    games table never holds a key that would open a session. None without a session.

    Reading it needs no trip to the database, which matters on every move. With ``create``
    the session is loaded first: a key the server never made (a forged or long-gone
    cookie) is then swapped for a new one, so games only ever belong to real sessions.
    """
    session = request.session
    if create:
        session.setdefault(GUEST_FLAG, True)
        if session.session_key is None:
            session.save()
    key = session.session_key
    return guest_key_of_session(key) if key else None


def guest_key_of_session(session_key: str) -> str:
    return hashlib.sha256(session_key.encode()).hexdigest()


def new_seed() -> int:
    return secrets.randbits(48)


def log_text(actions: list[Action]) -> str:
    """Actions as they are added to a game's log (Game.moves): each with a space before it."""
    return "".join(f" {action}" for action in actions)


# Fields a request about one game never reads, left out of GameQuerySet.get_for_request
# (Django loads one if it is asked for). The log of moves is only added to, and only a
# replay reads it.
UNREAD = ("moves", "created", "updated")
# And those a move never reads either: it plays from the snapshot (which holds the rules)
# and tells its own steps, not the last request's.
UNREAD_BY_A_MOVE = (*UNREAD, "rules", "last_steps")


class GameUrls(NamedTuple):
    """A game's addresses, one per URL name in games/urls.py."""

    play: str
    move: str
    hint: str
    again: str
    replay: str


@lru_cache(maxsize=4096)
def game_urls(public_id: str) -> GameUrls:
    # Reversing a URL costs more than drawing the button it goes on, and a game's
    # addresses never change, so each game's are worked out once.
    return GameUrls(*(reverse(f"games:{name}", args=[public_id]) for name in GameUrls._fields))


class GameQuerySet(models.QuerySet["Game"]):
    def expired(self) -> GameQuerySet:
        return self.filter(created__lt=timezone.now() - GUEST_LIFETIME)

    def for_request(self, request: HttpRequest) -> GameQuerySet:
        """The games this visitor may see and play: the one place ownership is decided
        (:meth:`get_for_request` asks the same in SQL)."""
        key = guest_key(request)
        if not key:
            return self.none()
        return self.filter(guest_key=key, created__gte=timezone.now() - GUEST_LIFETIME)

    def get_for_request(
        self, request: HttpRequest, public_id: str, unread: tuple[str, ...] = UNREAD
    ) -> Game:
        """``for_request(request).defer(*unread).get(public_id=public_id)``, written as SQL.

        Every move starts here, and building the ORM's query took longer than running it.
        A test holds the two to the same answers.
        """
        db = connections[self.db]
        read = _row_reader(self.db, unread)
        since = db.ops.adapt_datetimefield_value(timezone.now() - GUEST_LIFETIME)
        with db.cursor() as cursor:
            cursor.execute(read.sql, [public_id, guest_key(request) or "", since])
            row = cursor.fetchone()
        if row is None:
            raise self.model.DoesNotExist
        return self.model.from_db(self.db, read.names, read.convert(row, db))


@dataclass(frozen=True)
class RowReader:
    """How to read one game, all but some unread fields, into a model instance."""

    sql: str
    names: list[str]
    # For each column, the conversions the ORM would apply (JSON text to lists, dates...).
    converters: list[list[tuple[Callable, Any]]]

    def convert(self, row: tuple, db: BaseDatabaseWrapper) -> list:
        values = list(row)
        for i, steps in enumerate(self.converters):
            for converter, column in steps:
                values[i] = converter(values[i], column, db)
        return values


@cache
def _row_reader(alias: str, unread: tuple[str, ...]) -> RowReader:
    db = connections[alias]
    quote, meta = db.ops.quote_name, Game._meta
    fields = [f for f in meta.concrete_fields if f.name not in unread]
    columns = [f.get_col(meta.db_table) for f in fields]
    public_id, key, created = (
        quote(meta.get_field(f).column) for f in ("public_id", "guest_key", "created")
    )
    return RowReader(
        sql=f"SELECT {', '.join(quote(f.column) for f in fields)} FROM {quote(meta.db_table)}"
        f" WHERE {public_id} = %s AND {key} = %s AND {created} >= %s",
        names=[f.attname for f in fields],
        converters=[
            [(c, col) for c in db.ops.get_db_converters(col) + f.get_db_converters(db)]
            for f, col in zip(fields, columns, strict=True)
        ],
    )


class Game(models.Model):
    public_id = models.CharField(max_length=32, unique=True, default=new_public_id)
    guest_key = models.CharField(max_length=64, db_index=True)
    rules = models.JSONField()
    players = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField(default=new_seed)
    human_seat = models.PositiveSmallIntegerField(default=0)
    # One entry per seat: the bot's level, or None for the child's seat.
    bot_levels = models.JSONField()
    # Every action of the game in the order played, each as str(action) with a space before
    # it: " flip:0 flip:4 draw_stock swap:3". A move adds its actions to the end in the same
    # statement that saves the position, so the log is never read or sent back.
    moves = models.TextField(default="", blank=True)
    # How many actions the log holds.
    action_count = models.PositiveIntegerField(default=0)
    snapshot = models.JSONField()
    # Goes up by one with every accepted request that changes the game.
    version = models.PositiveIntegerField(default=0)
    # The hole whose peek the child has said "I remember them" to (peek-start games).
    peeked_hole = models.PositiveSmallIntegerField(default=0)
    # How many finished holes the child has seen the summary of.
    holes_seen = models.PositiveSmallIntegerField(default=0)
    # What happened in the latest request, told again when the page is opened later.
    last_steps = models.JSONField(default=list)
    created = models.DateTimeField(default=timezone.now, db_index=True)
    updated = models.DateTimeField(auto_now=True)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.rules.get('name')} game {self.public_id}"

    def get_absolute_url(self) -> str:
        return self.urls.play

    @property
    def urls(self) -> GameUrls:
        """This game's addresses by URL name, e.g. ``game.urls.move``."""
        return game_urls(self.public_id)

    @classmethod
    def start(
        cls, rules: Rules, bot_levels: list[str], guest_key: str, seed: int | None = None
    ) -> Game:
        """A new, unsaved game with the child in seat 0 and a bot in every other seat."""
        seed = new_seed() if seed is None else seed
        players = 1 + len(bot_levels)
        state = new_game(rules, players, seed)
        return cls(
            guest_key=guest_key,
            rules=rules.to_dict(),
            players=players,
            seed=seed,
            human_seat=0,
            bot_levels=[None, *bot_levels],
            snapshot=state.to_json(),
        )

    @property
    def state(self) -> State:
        # Parsed once per snapshot: a request reads the position several times.
        if getattr(self, "_position_source", None) is not self.snapshot:
            self._position = State.from_json(self.snapshot)
            self._position_source = self.snapshot
        return self._position

    @property
    def is_finished(self) -> bool:
        return self.snapshot["phase"] == "over"

    @property
    def rules_object(self) -> Rules:
        return Rules.from_dict(self.rules)

    @property
    def action_log(self) -> list[Action]:
        return [Action.from_text(text) for text in self.moves.split()]

    def save_progress(self, state: State, new_actions: list[Action], **fields: Any) -> bool:
        """Store the position reached from this row's version; False if someone got there first.

        The update only matches the version this request started from, so a double tap or a
        second tab can never apply the same move twice.
        """
        changes = {
            "snapshot": state.to_json(),
            "version": self.version + 1,
            "updated": timezone.now(),
            "action_count": self.action_count + len(new_actions),
            **fields,
        }
        added = log_text(new_actions)
        if done := self._update_at_version(changes, added):
            for name, value in changes.items():
                setattr(self, name, value)
            if "moves" not in self.get_deferred_fields():
                self.moves += added
            self._position, self._position_source = state, self.snapshot
        return done

    def _update_at_version(self, changes: dict[str, Any], added_moves: str) -> bool:
        """``UPDATE ... WHERE id = ... AND version = ...``, written as SQL for the same reason
        as :meth:`GameQuerySet.get_for_request`; True if the row was still at this version."""
        alias = self._state.db or DEFAULT_DB_ALIAS
        db = connections[alias]
        update = _version_update(alias, tuple(changes))
        params = [
            field.get_db_prep_save(value, db)
            for field, value in zip(update.fields, changes.values(), strict=True)
        ]
        with db.cursor() as cursor:
            cursor.execute(update.sql, [*params, added_moves, self.pk, self.version])
            return cursor.rowcount == 1


@dataclass(frozen=True)
class VersionUpdate:
    """The statement :meth:`Game._update_at_version` runs for one set of changed fields."""

    sql: str
    fields: list[models.Field]


@cache
def _version_update(alias: str, names: tuple[str, ...]) -> VersionUpdate:
    quote, meta = connections[alias].ops.quote_name, Game._meta
    fields = [meta.get_field(name) for name in names]
    moves = quote(meta.get_field("moves").column)
    assignments = [f"{quote(f.column)} = %s" for f in fields] + [f"{moves} = {moves} || %s"]
    return VersionUpdate(
        sql=f"UPDATE {quote(meta.db_table)} SET {', '.join(assignments)}"
        f" WHERE {quote(meta.pk.column)} = %s AND {quote(meta.get_field('version').column)} = %s",
        fields=fields,
    )
