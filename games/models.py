"""Saved games: rules, seed, the ordered action log, a snapshot and a version number."""

from __future__ import annotations

import json
import secrets
from datetime import timedelta
from typing import Any

from django.db import NotSupportedError, models
from django.db.models import F, Func
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from games.engine import Action, Rules, State, new_game

GUEST_LIFETIME = timedelta(hours=24)
GUEST_SESSION_KEY = "guest_key"


def new_public_id() -> str:
    return secrets.token_urlsafe(12)


def new_guest_key() -> str:
    return secrets.token_urlsafe(24)


def new_seed() -> int:
    return secrets.randbits(48)


class AppendToList(Func):
    """A JSON list column with ``items`` added at its end, done inside the database.

    A move then neither reads nor sends back the whole action log, which grows all game.
    """

    output_field = models.JSONField()

    def __init__(self, column: str, items: list) -> None:
        super().__init__(F(column))
        self.items = items

    def as_sqlite(self, compiler, connection, **extra_context):
        column, params = compiler.compile(self.source_expressions[0])
        # Each "$[#]" is the end of the list as it is by then, so the items keep their order.
        pairs = ", ".join(["'$[#]', json(%s)"] * len(self.items))
        return f"json_insert({column}, {pairs})", (*params, *map(json.dumps, self.items))

    def as_postgresql(self, compiler, connection, **extra_context):
        column, params = compiler.compile(self.source_expressions[0])
        return f"({column} || %s::jsonb)", (*params, json.dumps(self.items))

    def as_sql(self, compiler, connection, **extra_context):
        raise NotSupportedError(f"Appending to a JSON list is not written for {connection.vendor}.")


class GameQuerySet(models.QuerySet["Game"]):
    def expired(self) -> GameQuerySet:
        return self.filter(created__lt=timezone.now() - GUEST_LIFETIME)

    def for_request(self, request: HttpRequest) -> GameQuerySet:
        """The games this visitor may see and play: the one place ownership is decided."""
        key = request.session.get(GUEST_SESSION_KEY)
        if not key:
            return self.none()
        return self.filter(guest_key=key, created__gte=timezone.now() - GUEST_LIFETIME)


class Game(models.Model):
    public_id = models.CharField(max_length=32, unique=True, default=new_public_id)
    guest_key = models.CharField(max_length=64, db_index=True)
    rules = models.JSONField()
    players = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField(default=new_seed)
    human_seat = models.PositiveSmallIntegerField(default=0)
    # One entry per seat: the bot's level, or None for the child's seat.
    bot_levels = models.JSONField()
    actions = models.JSONField(default=list)
    # len(actions), so that a move needs the log neither loaded nor written back.
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
        return reverse("games:play", args=[self.public_id])

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
        return [Action.from_json(a) for a in self.actions]

    def save_progress(self, state: State, new_actions: list[Action], **fields: Any) -> bool:
        """Store the position reached from this row's version; False if someone got there first.

        The update only matches the version this request started from, so a double tap or a
        second tab can never apply the same move twice.
        """
        added = [a.to_json() for a in new_actions]
        changes = {
            "snapshot": state.to_json(),
            "version": self.version + 1,
            "updated": timezone.now(),
            **fields,
        }
        if added:
            changes["action_count"] = self.action_count + len(added)
        log = {"actions": AppendToList("actions", added)} if added else {}
        done = type(self).objects.filter(pk=self.pk, version=self.version).update(**changes, **log)
        if done:
            for name, value in changes.items():
                setattr(self, name, value)
            if added and "actions" not in self.get_deferred_fields():
                self.actions = self.actions + added
            self._position, self._position_source = state, self.snapshot
        return bool(done)
