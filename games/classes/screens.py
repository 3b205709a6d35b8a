"""What the pages of a class answering on its own devices draw (view models, as
games/board.py is for the table): the projector's code and spread, a device's page, and after
the game what the class found tricky."""

from __future__ import annotations

from dataclasses import dataclass, replace

from games import join_codes
from games.board import HoleBoard, board, seating
from games.classes.models import ClassAnswer, ClassSession
from games.classes.pictures import device_picture
from games.join_codes import CodePicture
from games.models import Game
from games.questions import QuestionTold, question_told
from games.table import Stage, Table, question_asked, stage
from games.words.cards import number
from games.words.classes import COLOUR_NAMES
from games.words.people import seat_names
from lessons.core.questions import ask

# The class plays in the first seat: "You" on the projector, and the questions are its own.
CLASS_SEAT = 0


@dataclass(frozen=True)
class Bar:
    """How many devices gave one answer: a column of dots over its value."""

    shown: str  # "−2", or a player's name
    count: int

    @property
    def dots(self) -> range:
        return range(self.count)


@dataclass(frozen=True)
class ProjectorView:
    code: list[CodePicture]
    asking: bool  # a question is open: its answers are shown
    answered: int  # how many devices answered it
    joined: int  # of how many devices joined
    bars: list[Bar]
    version: int  # the lesson's count of answers, which its stream watches
    lesson: int = 0  # the class session's id: its "what the class found tricky" screen


@dataclass(frozen=True)
class DeviceView:
    state: str  # "ask", "answered", "result" or "wait"
    key: str  # changes whenever the page must be drawn again
    picture: CodePicture
    colour: str  # its colour's name, in the page's language
    colour_key: str  # "blue": its ring, drawn by class-devices.css
    version: int  # the game's, for its stream
    board: HoleBoard | None = None  # the question as the projector asks it (state "ask")
    question: str = ""  # the question's key, sent with the answer
    given: str = ""  # what this device answered, as shown ("answered")
    # How this device did on the last question the class answered: in state "result", and
    # in state "ask" when the class's answer brought the next question straight away.
    result: Result | None = None


@dataclass(frozen=True)
class Result:
    given: str  # what this device answered, as shown
    right: bool
    told: str  # the right answer, as a sentence


def names_of(game: Game) -> tuple[str, ...]:
    return tuple(seat_names(game.bot_levels, game.nicknames))


def open_question(table: Table) -> str | None:
    """The key of the question the class is asked now, if one is: the hole's number and the
    question's own key ("1:column-2"), since a game may ask the same question of each hole."""
    if stage(table) != Stage.PRACTICE:
        return None
    asked = question_asked(table)
    return None if asked is None else f"{len(table.state.results)}:{asked.key}"


def closed_question(game: Game, key: str) -> QuestionTold:
    """The question ``key`` (as ``open_question`` made it) in words, made again from its
    hole."""
    hole, _, question = key.partition(":")
    results = game.state.results[: int(hole)]
    asked = ask(question, results, CLASS_SEAT, game.rules)
    return question_told(asked, game.rules, names_of(game))


def shown(words: QuestionTold, value: int) -> str:
    """An answer as the page shows it: a number, or the name of the player chosen."""
    for choice in words.choices:
        if choice.value == value:
            return str(choice.label)
    return number(value)


def projector_view(game: Game, table: Table, now: Stage) -> ProjectorView | None:
    """The class's devices on the projector: the code to join with and, while a question is
    open, how many answered and the spread of their answers, never who."""
    try:
        class_session = game.class_session
    except ClassSession.DoesNotExist:
        return None
    key = open_question(table) if now == Stage.PRACTICE else None
    bars: list[Bar] = []
    if key is not None:
        spread = class_session.spread(key)
        asked = question_asked(table)
        assert asked is not None  # the key is the open question's
        words = question_told(asked, game.rules, names_of(game))
        if words.choices:
            bars = [Bar(str(c.label), spread.get(c.value, 0)) for c in words.choices]
        elif spread:
            low, high = min(spread), max(spread)
            # Every number between, as on a number line, unless they are far apart.
            values = range(low, high + 1) if high - low <= 12 else sorted(spread)
            bars = [Bar(number(v), spread.get(v, 0)) for v in values]
    return ProjectorView(
        code=join_codes.shown(class_session.code),
        asking=key is not None,
        answered=(answered := sum(bar.count for bar in bars)),
        joined=max(class_session.joined, answered),
        bars=bars,
        version=class_session.answered,
        lesson=class_session.pk,
    )


def device_view(class_session: ClassSession, joined: dict, device: str) -> DeviceView:
    game = class_session.game
    table = game.table
    name, colour = device_picture(class_session.code, joined["number"])
    waiting = DeviceView(
        state="wait",
        key="wait",
        picture=join_codes.picture(name),
        colour=str(COLOUR_NAMES[colour]),
        colour_key=colour,
        version=game.version,
    )
    key = open_question(table)
    mine = dict(class_session.answers.filter(device=device).values_list("question", "value"))
    if key is not None and key in mine:  # no result shown: none read
        given = shown(closed_question(game, key), mine[key])
        return replace(waiting, state="answered", key=f"answered {key}", question=key, given=given)
    last = class_session.answers.filter(device=device).exclude(question=key).order_by("-pk").first()
    if key is not None:
        # The last answer's result only if that question is the one that closed just
        # before this one opened (any device's latest answer), not an older one skipped past.
        latest = class_session.answers.exclude(question=key).order_by("-pk").first()
        result = None
        if last is not None and latest is not None and latest.question == last.question:
            result = result_of(game, last)
        drawn = board(game, table, Stage.PRACTICE, seating(game, CLASS_SEAT))
        assert isinstance(drawn, HoleBoard)
        return replace(
            waiting, state="ask", key=f"ask {key}", board=drawn, question=key, result=result
        )
    if last is not None:
        return replace(
            waiting,
            state="result",
            key=f"result {last.question}",
            question=last.question,
            result=result_of(game, last),
        )
    return waiting


def result_of(game: Game, answer: ClassAnswer) -> Result:
    """How a device's ``answer`` to a question now closed went, as its page tells it."""
    words = closed_question(game, answer.question)
    return Result(shown(words, answer.value), answer.value == words.answer, words.told)


# --- after the class's game: what the class found tricky --------------------------------


@dataclass(frozen=True)
class Tally:
    """One question the devices answered: how many answered it and how many were right the
    first time (a device answers once). Counts, never who."""

    key: str
    label: str  # the question as the projector asked it
    answered: int
    right: int

    @property
    def dots(self) -> list[bool]:
        """A dot a device, filled for right: the right ones first."""
        return [True] * self.right + [False] * (self.answered - self.right)

    @property
    def tricky(self) -> bool:
        """Fewer than half of the devices were right."""
        return 2 * self.right < self.answered


@dataclass(frozen=True)
class TrickyView:
    lesson: int  # the class session's id, in the screen's address
    joined: int
    questions: list[Tally]


def tricky_view(class_session: ClassSession) -> TrickyView:
    """Each question the class's devices answered, in the page's language, with its counts."""
    game = class_session.game
    questions = [
        Tally(key, closed_question(game, key).prompt, answered, right)
        for key, answered, right in class_session.tallies()
    ]
    return TrickyView(class_session.pk, class_session.joined, questions)
