"""Saved games: how each was set up, the log of every move, the table it leads to as a
snapshot, and a version number."""

from __future__ import annotations

import hashlib
import operator
import secrets
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from functools import reduce
from typing import Any

from django.db import models, transaction
from django.db.models import F, Q, Value
from django.db.models.functions import Concat
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import cached_property

from games import join_codes
from games.engine import ENGINE_VERSION, IllegalAction, Rules, State
from games.requests import Request
from games.table import (
    ANSWER,
    HAND,
    SKIP,
    Answered,
    Event,
    Move,
    Reached,
    Setup,
    Skipped,
    Stage,
    Table,
    deal,
    move_on,
    parse,
    rebuild,
    stage,
    stage_for,
)
from games.table.decisions import Decision, decisions
from lessons.core.choice import Plan
from lessons.models import SkillAttempt, TableDecision, seconds_since
from peabody import sessions

GUEST_LIFETIME = timedelta(hours=24)
# More than any child plays in a day; a script starting games without end meets it soon.
GUEST_GAMES_A_DAY = 100


def new_public_id() -> str:
    return secrets.token_urlsafe(12)


def new_seed() -> int:
    return secrets.randbits(48)


def guest_key(request: Request) -> str | None:
    """The key that ties guest games to this browser, or None if it has none yet.

    A random token in its session on the server, not the session's own key: the games table
    holds nothing that opens a session, a forged cookie finds no key, and a log-in (a new
    session key, the same data) keeps the games.
    """
    return request.session.get(sessions.GUEST_KEY)


def new_guest_game_key(request: Request) -> str:
    """This browser's guest key for a new guest game (once games.limits.guest_game said it
    may start), made if it has none yet."""
    key = guest_key(request)
    if key is None:
        key = request.session[sessions.GUEST_KEY] = secrets.token_hex(32)
    if not request.user.is_authenticated:
        # A guest's session ends with the newest of their games, a day after it starts.
        request.session.set_expiry(GUEST_LIFETIME)
    return key


def device_keys(request: Request) -> list[str]:
    """The keys of the friends' seats this browser joined (see Seat.device_key)."""
    return [seat_key(token) for token in request.session.get(sessions.SEAT_TOKENS, [])]


def seat_key(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def guest_limit_reached(request: Request) -> bool:
    """This browser has started GUEST_GAMES_A_DAY guest games in the last day: it may start
    no more until some are a day old."""
    key = guest_key(request)
    if key is None:
        return False
    today = Game.objects.filter(guest_key=key, created__gte=timezone.now() - GUEST_LIFETIME)
    return today.count() >= GUEST_GAMES_A_DAY


# How long after a guest's game is made a post with the same one-time token may still open
# it from a browser with no session yet: a double tap's second post, sent before the first's
# answer brought the session cookie.
DOUBLE_TAP = timedelta(seconds=30)


def open_by_token(request: Request, public_id: str) -> None:
    """A post that brought the one-time token of a game just made (games.once) from a browser
    with no guest key yet: that game, and only that one, opens in this browser too. Only
    moments after it was made, and never for a browser with games of its own (the token is
    no key to another browser's games)."""
    if guest_key(request) is not None:
        return
    just_made = Game.objects.filter(
        public_id=public_id, created__gte=timezone.now() - DOUBLE_TAP
    ).exclude(guest_key="")
    if just_made.exists():
        request.session[sessions.OPENED_GAME] = public_id
        if not request.user.is_authenticated:
            request.session.set_expiry(GUEST_LIFETIME)


def listed(table: Table, waiting: Stage) -> dict[str, Any]:
    """What the lists of games read of ``table``, at stage ``waiting``, kept in the game's own
    columns with each save: a list then reads rows, not snapshots."""
    state = table.state
    return {
        "hole": state.hole,
        "finished": state.is_over,
        "end_seen": waiting == Stage.OVER,
        "scores": [list(result.scores) for result in state.results],
    }


def log_text(events: Iterable[Event]) -> str:
    """The moves that made ``events``, as they are added to a game's log: each with a
    space before it."""
    return "".join(f" {event.move}" for event in events)


def seat_name(seat: Seat) -> str | None:
    if seat.child is not None:
        return seat.child.nickname
    return seat.name if seat.friend else None


class StaleMove(Exception):
    """The game moved on since this page was drawn (a double tap, another tab)."""


class GameQuerySet(models.QuerySet["Game"]):
    # Games for several people: the people sit first, so the second seat has no bot.
    SHARED_DEVICE = Q(bot_levels__1=None)

    def expired(self) -> GameQuerySet:
        """Guest games past their day. A family's games are kept until their grown-up deletes
        the children who played them."""
        return self.exclude(guest_key="").filter(created__lt=timezone.now() - GUEST_LIFETIME)

    def for_request(self, request: Request) -> GameQuerySet:
        """The games this visitor may see and play: the one place ownership is decided.

        This browser's guest games of the last day (and one a double tap's token opened
        here); a parent's children's games played on one device or, in kid mode, the games
        their child playing sits at; and the tables where this browser took a friend's seat
        (docs/playing.md, "Saved games").
        """
        owned = []
        if keys := device_keys(request):
            owned.append(Q(pk__in=Seat.objects.filter(device_key__in=keys).values("game_id")))
        key = guest_key(request)
        if key:
            owned.append(Q(guest_key=key, created__gte=timezone.now() - GUEST_LIFETIME))
        if opened := request.session.get(sessions.OPENED_GAME):  # see open_by_token
            recent = Q(created__gte=timezone.now() - GUEST_LIFETIME)
            owned.append(Q(public_id=opened) & ~Q(guest_key="") & recent)
        if request.user.is_authenticated:
            family = Seat.objects.filter(child__parent_id=request.user.pk)
            child_id = request.session.get(sessions.CHILD)
            if child_id is None:
                owned.append(Q(pk__in=family.values("game_id")) & self.SHARED_DEVICE)
            else:
                owned.append(Q(pk__in=family.filter(child_id=child_id).values("game_id")))
        if not owned:
            return self.none()
        return self.filter(reduce(operator.or_, owned))

    def left_by(self, request: Request) -> GameQuerySet:
        """The family tables where this browser held a friend's seat that a bot plays now
        (its host took it, or another device once this one was away a minute): it joined
        them (sessions.FRIEND_TABLES) and may see them no more, which only handing the
        seat to a bot does (Game.hand_to_bot forgets the seat's device)."""
        joined = request.session.get(sessions.FRIEND_TABLES, [])
        if not joined:
            return self.none()
        held = Seat.objects.filter(device_key__in=device_keys(request)).values("game_id")
        return self.filter(devices=True, public_id__in=joined).exclude(pk__in=held)

    def tables_ready(self) -> GameQuerySet:
        """Family tables with a device each that are still being played, started in the
        last day: each device of the family shows them, to join."""
        recent = timezone.now() - GUEST_LIFETIME
        ready = self.filter(devices=True, end_seen=False, created__gte=recent)
        return ready.only("public_id")  # a link to each: no snapshot read


class Game(models.Model):
    public_id = models.CharField(max_length=32, unique=True, default=new_public_id)
    # A guest's game belongs to a browser by its guest key; a family's game to the children
    # at its seats (see Seat), with an empty guest key, so that it never shows as a guest's.
    guest_key = models.CharField(max_length=64, db_index=True, blank=True)
    children = models.ManyToManyField(
        "families.Child", through="Seat", related_name="games", blank=True
    )
    # How the game was set up (games.table.Setup): rules (``rules`` reads them), seed, a
    # bot's level or None for a person in each seat, how kind the gentle bots are (None for
    # the usual), and whether practice questions are asked.
    rules_data = models.JSONField(db_column="rules")
    players = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField(default=new_seed)
    bot_levels = models.JSONField()
    gentleness = models.FloatField(null=True, blank=True)
    questions = models.BooleanField(default=True)
    # Each person plays on a device of their own (games.table.Setup.devices).
    devices = models.BooleanField(default=False)
    # How the child's questions are chosen (lessons.core.choice.Plan as JSON): their levels and
    # the skills due to come back when the game started; None for the fixed choice.
    plan = models.JSONField(null=True, blank=True)
    # Whether a sum is walked on the number line from its first try (the class's game).
    walk_first = models.BooleanField(default=False)
    # With a device each, the seats asked practice questions (games.table.Setup.learners),
    # each with how its child's questions are chosen, as ``plan`` is for a child alone:
    # [[0, {...}], [1, null]]. Empty for any other game, and for a table with a device each
    # saved before its children were asked questions.
    learners = models.JSONField(default=list, blank=True)
    # Every move of the game in the order made, the bots' and the table's own too, each as
    # its text with a space before it: " flip:0 flip:4 draw_stock swap:3 next". With the
    # setup it is the game: replaying it gives back the table at every point.
    moves = models.TextField(default="", blank=True)
    # The table the log leads to (games.table.Table as JSON), as this engine version wrote it.
    engine_version = models.PositiveSmallIntegerField(default=ENGINE_VERSION)
    snapshot = models.JSONField()
    # What the lists of games show of the table, written with the snapshot (see listed): the
    # hole being played, whether the game is over, whether everyone has seen its end (the
    # last hole's scores too; until then it is carried on), and each finished hole's
    # scores, seat by seat, None for a seat that sat out a tie-break hole.
    hole = models.PositiveSmallIntegerField(default=1)
    finished = models.BooleanField(default=False)
    end_seen = models.BooleanField(default=False)
    scores = models.JSONField(default=list)
    # Goes up by one with every accepted request that changes the game.
    version = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(default=timezone.now, db_index=True)
    updated = models.DateTimeField(auto_now=True)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.rules_data.get('name')} game {self.public_id}"

    def get_absolute_url(self) -> str:
        return reverse("games:play", args=[self.public_id])

    @classmethod
    def start(
        cls,
        rules: Rules,
        bot_levels: list[str],
        guest_key: str = "",
        seed: int | None = None,
        *,
        people: Sequence[Any] = (),
        gentleness: float | None = None,
        questions: bool = True,
        plans: Sequence[Plan | None] = (),
        devices: bool = False,
        walk_first: bool = False,
        learners: Sequence[int] = (),
    ) -> Game:
        """Start and save a new game, dealt and played by the bots up to the first person's
        decision: ``people`` in seats 0, 1, ... (families.Child rows, None for a grown-up
        without a profile), a bot in every other. No people: one guest's game, for the
        browser with ``guest_key``. ``plans`` go with ``people``; with a device each,
        ``learners`` are the seats asked questions.
        """
        setup = Setup(
            rules=rules,
            seed=new_seed() if seed is None else seed,
            bots=(None,) * max(1, len(people)) + tuple(bot_levels),
            gentleness=gentleness,
            questions=questions,
            plans=tuple(plans),
            devices=devices,
            walk_first=walk_first,
            learners=tuple(learners) if devices else (),
        )
        table, events, waiting = deal(setup)
        game = cls(
            guest_key=guest_key,
            rules_data=rules.to_dict(),
            players=setup.players,
            seed=setup.seed,
            bot_levels=list(setup.bots),
            gentleness=gentleness,
            questions=questions,
            **saved_plans(setup),
            devices=devices,
            walk_first=walk_first,
            moves=log_text(events),
            snapshot=table.to_json(),
            **listed(table, waiting),
        )
        game.table, game.stage = table, waiting
        game.seat_rows = [Seat.sat(game, n, person) for n, person in enumerate(people)]
        with transaction.atomic():
            game.save()
            Seat.objects.bulk_create(game.seat_rows)
        return game

    @cached_property
    def seat_rows(self) -> list[Seat]:
        """The seats of a family's game, in seat order (none for a guest's game). A child
        deleted since has no seat here any more. Each seat's child comes in the same query:
        the board reads every seat's picture, and every move has each other device draw its
        board, so a query a child less on each (docs/load-test.md)."""
        if self.pk is None:
            return []
        rows = list(self.seats.select_related("child"))
        if self.finished and self.updated < timezone.now() - FRIEND_REMEMBERED:
            for row in rows:  # read as forgotten before purge_expired clears them
                if row.friend:
                    row.name = row.avatar = ""
        return rows

    @cached_property
    def rules(self) -> Rules:
        return Rules.from_dict(self.rules_data)

    @property
    def setup(self) -> Setup:
        return Setup(
            rules=self.rules,
            seed=self.seed,
            bots=tuple(self.bot_levels),
            gentleness=self.gentleness,
            questions=self.questions,
            plans=self.plans,
            devices=self.devices,
            walk_first=self.walk_first,
            learners=tuple(seat for seat, _ in self.learners),
        )

    @property
    def plans(self) -> tuple[Plan | None, ...]:
        """How each seat's questions are chosen, seat by seat (see saved_plans)."""
        if not self.devices:
            return (Plan.from_json(self.plan),) if self.plan else ()
        plans: list[Plan | None] = [None] * self.players
        for seat, plan in self.learners:
            plans[seat] = Plan.from_json(plan) if plan else None
        return tuple(plans)

    @property
    def people_seats(self) -> list[int]:
        """The people's seats: every seat without a bot."""
        return [seat for seat, level in enumerate(self.bot_levels) if level is None]

    @property
    def several_people(self) -> bool:
        """Several people play, at one device or a device each."""
        return len(self.people_seats) > 1

    @property
    def shared_device(self) -> bool:
        """Several people play at one device, passing it round."""
        return self.several_people and not self.devices

    @property
    def nicknames(self) -> dict[int, str | None] | None:
        """With several people, the nickname of the child in each person's seat (None for a
        grown-up with no profile; a friend's name, "" until they join and once their seat
        forgot it, an hour after the game; a child deleted since has no seat here); None in
        a game for one, whose person the table calls "You" (games.words.people.seat_names)."""
        if not self.several_people:
            return None
        return {seat.number: seat_name(seat) for seat in self.seat_rows}

    def seat_of(self, child: Any) -> int | None:
        """Where ``child`` (a families.Child) sits in this game, if they play it; None for
        the grown-up's seat."""
        pk = None if child is None else child.pk
        mine = (seat.number for seat in self.seat_rows if seat.child_id == pk and not seat.friend)
        return next(mine, None)

    def child_at(self, seat: int) -> int | None:
        """The id of the child in ``seat``; None for a grown-up's seat and a guest's game,
        whose one person has no row (nor is it looked for)."""
        if self.guest_key:
            return None
        row = self.seat_row(seat)
        return row.child_id if row is not None else None

    def seat_row(self, number: int | None) -> Seat | None:
        """The row of seat ``number``, if a person sits there (a bot's seat has none)."""
        return next((row for row in self.seat_rows if row.number == number), None)

    def device_seat(self, request: Request) -> int | None:
        """The seat the device of ``request`` plays: with a device each, the friend's seat
        it joined, or else the seat of the child in kid mode on it, or of the grown-up (None
        if they do not sit here); otherwise whoever has the one device."""
        if not self.devices:
            return self.table.at_device
        keys = device_keys(request)
        for seat in self.seat_rows:
            if seat.joined and seat.device_key in keys:
                return seat.number
        return self.seat_of(request.child)

    @cached_property
    def table(self) -> Table:
        """Where the game stands. A snapshot from another engine version is not trusted: the
        table is rebuilt from the setup and the log, which replay the same on any."""
        if self.engine_version == ENGINE_VERSION:
            return Table.from_json(self.snapshot, self.setup)
        return rebuild(self.setup, self.log)

    @property
    def state(self) -> State:
        return self.table.state

    @cached_property
    def stage(self) -> Stage:
        """What the table waits for, worked out once for the table as it is."""
        return stage(self.table)

    def refresh_from_db(self, *args: Any, **kwargs: Any) -> None:
        super().refresh_from_db(*args, **kwargs)
        for read in ("table", "stage", "rules"):
            self.__dict__.pop(read, None)  # read afresh from the new row

    @property
    def is_finished(self) -> bool:
        return self.state.is_over

    @property
    def log(self) -> list[Move]:
        return [parse(text) for text in self.moves.split()]

    def play(self, move: Move, seat: int | None = None) -> list[Event]:
        """Make the move of the person at the table, and the bots' that follow, and save
        them; with a device each, the move of the person in ``seat``, whose device sent it.
        Raises IllegalAction (nothing changes) or StaleMove (someone else got there
        first)."""
        if self.devices:
            if seat is None:
                raise IllegalAction("not_your_turn")
            if move.kind in (ANSWER, SKIP):
                # Each device answers its own seat's question, whatever a page says.
                move = move._replace(seat=seat)
            elif stage_for(self.table, seat, self.stage) == Stage.WAIT:
                raise IllegalAction("not_your_turn")
        shown = (
            [] if self.several_people or move.action is None else decisions(self.table, move.action)
        )
        reached = move_on(self.table, move, self.stage)
        if not self.save_move(reached, shown):
            raise StaleMove
        return reached.events

    def hand_to_bot(self, seat: int) -> list[Event]:
        """A gentle bot plays ``seat`` from now on (games.table.HAND), and the bots' moves
        that follow; a friend's seat forgets its device and name. Raises IllegalAction or
        StaleMove, as a move does."""
        reached = move_on(self.table, Move(HAND, value=seat), self.stage)
        if not self.save_move(reached):
            raise StaleMove
        Seat.objects.filter(game=self, number=seat, friend=True).update(
            device_key="", code="", name="", avatar=""
        )
        self.__dict__.pop("seat_rows", None)
        return reached.events

    def save_move(self, reached: Reached, shown: Sequence[Decision] = ()) -> bool:
        """Store the table a request ``reached`` from this row's version, with the practice
        answers its events hold and what the child's own move ``shown`` of their maths
        (games.table.decisions); False, with nothing stored, if someone got there first. The
        update only matches the version this request started from, so a double tap or a
        second tab can never apply the same move twice."""
        table, events, waiting = reached
        added = log_text(events)
        snapshot = table.to_json()
        columns = listed(table, waiting)
        now = timezone.now()
        with transaction.atomic():
            saved = Game.objects.filter(pk=self.pk, version=self.version).update(
                version=F("version") + 1,
                moves=Concat(F("moves"), Value(added)),
                snapshot=snapshot,
                engine_version=ENGINE_VERSION,
                updated=now,
                **columns,
            )
            if not saved:
                return False
            SkillAttempt.objects.bulk_create(self.attempts(table, events, now))
            hole = self.state.hole
            TableDecision.objects.bulk_create(
                TableDecision(game=self, hole=hole, kind=d.kind, good=d.good, made=now)
                for d in shown
            )
            if columns["finished"] and self.devices:
                # No one joins a finished game; the friend's name stays for its last screens.
                Seat.objects.filter(game=self, friend=True).update(code="")
        self.version += 1
        self.moves += added
        self.snapshot = snapshot
        self.engine_version = ENGINE_VERSION
        self.table, self.stage = table, waiting
        for name, value in columns.items():
            setattr(self, name, value)
        self.updated = now
        return True

    def attempts(self, table: Table, events: list[Event], now: datetime) -> list[SkillAttempt]:
        """The practice answers and skips in ``events``, each kept with the question it was
        about, the child whose it was (none for a guest) and the seconds since the last
        save, which showed that question."""
        kept = []
        for event in events:
            if not isinstance(event, Answered | Skipped):
                continue
            attempt = SkillAttempt.record(
                self,
                event.question,
                child_id=self.child_at(event.seat),
                hole=table.state.results[event.hole].number,
                given=event.given if isinstance(event, Answered) else None,
                landings=event.landings if isinstance(event, Answered) else (),
                first_try=event.tries == 1,
                seconds=seconds_since(self.updated, now),
            )
            attempt.answered = now
            kept.append(attempt)
        return kept


# A friend from another family leaves no trace here but their moves: their name and picture
# stay on the screens of the game's end (the same name as all game), then the seat forgets
# them (forget_friends).
FRIEND_REMEMBERED = timedelta(hours=1)


def forget_friends() -> int:
    """Clear the name and picture of every friend's seat whose game ended over
    FRIEND_REMEMBERED ago (purge_expired); how many seats forgot."""
    ended = timezone.now() - FRIEND_REMEMBERED
    return (
        Seat.objects.filter(friend=True, game__finished=True, game__updated__lt=ended)
        .exclude(name="", avatar="")
        .update(name="", avatar="", code="")
    )


# A friend's seat at a family table: the code that joins it lasts this long.
CODE_LIFETIME = timedelta(minutes=10)
# A seat whose device has not been heard from for this long (games.live) is away: the other
# devices may let a bot play it.
AWAY = timedelta(minutes=1)
# Wrong friend codes tried, from anywhere, while a seat's code is open, after which it opens
# nothing: a few a child mixing up pictures may make, and so few that many addresses
# guessing together find an open code about once in thousands of codes' lives.
WRONG_CODES = 10


class Friend:
    """Who sits in a friend's seat when a game starts: nobody yet; a friend's device joins
    it with the seat's code (peabody.families.friends)."""


FRIEND = Friend()


def saved_plans(setup: Setup) -> dict[str, Any]:
    """How ``setup``'s questions are chosen, as a game's columns keep it: with a device
    each, in ``learners``, seat by seat; otherwise in ``plan``, the one person's."""
    if setup.devices:
        kept = [
            [seat, plan.to_json() if (plan := setup.plan_of(seat)) else None]
            for seat in setup.learners
        ]
        return {"plan": None, "learners": kept}
    first = setup.plan_of(setup.people_seats[0])
    return {"plan": first.to_json() if first else None, "learners": []}


class SeatQuerySet(models.QuerySet["Seat"]):
    def open_codes(self) -> SeatQuerySet:
        """The friends' seats whose code still joins them (as Seat.code_open)."""
        return self.filter(
            friend=True, device_key="", code_expires__gt=timezone.now(), wrong_codes__lt=WRONG_CODES
        ).exclude(code="")


class Seat(models.Model):
    """A person at a family game's table: one of the family's children or, with no child,
    a grown-up without a profile, or at a table with a device each a friend from outside
    the family, who joins from their own device with a code. The bots' seats are the game's
    ``bot_levels``; the one person of a guest's game has no row."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    # Deleting a child deletes their seats (their nickname goes with them); see
    # peabody.families.deletion for what becomes of the game.
    child = models.ForeignKey(
        "families.Child", null=True, blank=True, on_delete=models.CASCADE, related_name="seats"
    )
    # A friend's seat: the code their device joins with until it has joined (or the code's
    # time is up), then the key of that device (a hash of a token in its session only),
    # and the name and picture the table shows for them: a made-up name, or the nickname
    # of their own family's child. Nothing of theirs is kept once the game is over.
    friend = models.BooleanField(default=False)
    code = models.CharField(max_length=64, blank=True, db_index=True)
    code_expires = models.DateTimeField(null=True, blank=True)
    device_key = models.CharField(max_length=64, blank=True, db_index=True)
    name = models.CharField(max_length=40, blank=True)
    avatar = models.CharField(max_length=20, blank=True)
    # When the device at this seat was last heard from (games.live): a table may hand a
    # seat whose device has been gone a while to a bot.
    seen = models.DateTimeField(null=True, blank=True)
    # Wrong codes tried anywhere while this seat's code was open (peabody.families.friends):
    # at WRONG_CODES it opens nothing, and the host is offered new pictures and told why.
    wrong_codes = models.PositiveSmallIntegerField(default=0)

    objects = SeatQuerySet.as_manager()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_person_a_seat"),
            models.UniqueConstraint(fields=["game", "child"], name="one_seat_a_child"),
        ]

    def __str__(self) -> str:
        return f"seat {self.number} of {self.game}"

    @classmethod
    def sat(cls, game: Game, number: int, person: Any) -> Seat:
        """Seat ``number`` for ``person``: a families.Child, None for the grown-up, or
        FRIEND for a friend, with a new code to join it."""
        if person is FRIEND:
            expires = timezone.now() + CODE_LIFETIME
            return cls(game=game, number=number, friend=True, code=new_code(), code_expires=expires)
        return cls(game=game, number=number, child=person)

    @property
    def joined(self) -> bool:
        return self.device_key != ""

    def away(self, now: datetime) -> bool:
        """No device has been heard from at this seat for AWAY (or ever, once the game is
        AWAY old): the person has gone, or their device has."""
        heard = self.seen or self.game.created
        return now - heard >= AWAY

    @property
    def code_open(self) -> bool:
        """The friend's code still joins this seat."""
        expires = self.code_expires
        return (
            bool(self.code)
            and not self.joined
            and expires is not None
            and timezone.now() < expires
            and not self.code_guessed
        )

    @property
    def code_guessed(self) -> bool:
        """The code closed early: too many wrong codes were tried while it was open."""
        return self.wrong_codes >= WRONG_CODES


def new_code() -> str:
    """A join code (games.join_codes) not open at another seat now."""
    while True:
        code = join_codes.new_code()
        taken = Seat.objects.filter(code=code, device_key="", code_expires__gt=timezone.now())
        if not taken.exists():
            return code


class Count(models.Model):
    """The tries one limit has let through in its window (games.limits): one row a key,
    counted up in the database itself (``used + 1``), so every worker and every server
    counts the same tries however many come at once. A row past its window is started
    again by the next try, and purge_expired deletes the rest."""

    key = models.CharField(max_length=120, unique=True)  # "friend-code:address:…"
    used = models.PositiveIntegerField(default=0)
    ends = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.key}: {self.used}"
