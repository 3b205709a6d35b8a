"""What the game page shows, as plain objects for the templates; no HTML here.

Everything is built from ``observe(state, seat)`` for the seat of the person at the table
only, so a card they may not see can never reach the page. When several people play, the
screen that passes the device on is built from nobody's seat: it holds no cards at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from games.engine import (
    ActionKind,
    HoleResult,
    Observation,
    Phase,
    Rules,
    observe,
    rank,
    score_cards,
)
from games.models import Game
from games.number_lines import LineView, line_view
from games.questions import Feedback, QuestionTold, Walk, question_told
from games.stories import (
    CallerTold,
    ColumnTold,
    RunningTold,
    ScoreTold,
    StoryFolded,
    WinnerTold,
    folded,
    hole_told,
)
from games.table import (
    Answered,
    Event,
    Played,
    Stage,
    Table,
    offered,
    offers_knock_after,
    on_the_line,
    question_asked,
    stage_for,
    suggestion,
    waiting_for,
)
from games.table.spots import Spot, pairs
from games.words.bots import bot_says, hint_says
from games.words.cards import MINUS, number, points
from games.words.modes import MODE_NAMES
from games.words.numbers import match_reminder, value_cards, value_points, value_sentence
from games.words.people import YOU, name_shown, seat_names, to_person
from games.words.table import (
    CONTROLS,
    IN_HAND,
    NOTHING_TO_DO,
    REVEAL,
    advice,
    card_shown,
    cheer_line,
    game_title,
    hole_label,
    hole_title,
    kind_line,
    knock_question,
    last_turn_warning,
    pass_line,
    pass_to,
    place_name,
    place_word,
    played_line,
    prompt,
    running_label,
    summary,
    waiting_for_answers,
    watching,
    winner_text,
)
from lessons.core.card_values import value_lines
from lessons.core.number_line import scores_line
from lessons.core.questions import TRIES, Column
from lessons.core.stories import Standing, hole_story, hole_winner, standing

PERSON = "you"  # the drawn face of every person at the table
BOT_FACES = ("pip", "tully", "juno")


@dataclass(frozen=True)
class Seating:
    """Who sits where, as the table shows it to the person in seat ``you``."""

    you: int | None  # None: nobody's table (the screen that passes the device on)
    names: tuple[str, ...]
    faces: tuple[str, ...]  # which of our drawn faces: "you", "pip", "tully" or "juno"
    # A child's profile picture, shown instead of the face on a shared device; or "".
    pictures: tuple[str, ...]
    people_seats: tuple[int, ...]  # the seats without a bot
    devices: bool = False  # each person at a device of their own

    @property
    def alone(self) -> bool:
        return len(self.people_seats) == 1


def seating(game: Game, you: int | None) -> Seating:
    """The game's seats seen from ``you``."""
    faces, bots = [], 0
    for level in game.bot_levels:
        if level is None:
            faces.append(PERSON)
        else:
            faces.append(BOT_FACES[bots % len(BOT_FACES)])
            bots += 1
    pictures = [""] * game.players
    if game.several_people:
        for seat in game.seat_rows:
            pictures[seat.number] = seat.child.avatar if seat.child else seat.avatar
    names = seat_names(game.bot_levels, game.nicknames)
    if game.devices and you is not None:
        # On their own device a person is spoken to, as a child playing alone is.
        names = (*names[:you], YOU, *names[you + 1 :])
    return Seating(
        you=you,
        names=names,
        faces=tuple(faces),
        pictures=tuple(pictures),
        people_seats=tuple(game.people_seats),
        devices=bool(game.devices),
    )


@dataclass(frozen=True)
class GameRef:
    """The game a page is about, by reference only: the page never holds the saved game, so
    nothing of it that the person may not see is within reach of a template."""

    public_id: str
    version: int
    mode: str  # the engine's name of the game: "knock9" (the rules page's anchor)
    url: str
    finished: bool


def game_ref(game: Game) -> GameRef:
    return GameRef(
        public_id=game.public_id,
        version=game.version,
        mode=game.rules.name,
        url=game.get_absolute_url(),
        finished=game.is_finished,
    )


@dataclass(frozen=True)
class CardView:
    code: str | None  # None: face down
    label: str  # what a screen reader says; it starts with what the card shows
    move: str = ""  # the move pressing it makes, for the child's own cards
    slot: str = ""  # where it lies on the table (see games.slots), for moving it
    counts: bool = True  # False in a score breakdown when a match cancelled it
    paired: bool = False  # one of a matching column's cards
    zero: bool = False  # the lowest card of a matching column: it shows the "0"

    @property
    def rank(self) -> str:
        if not self.code:
            return ""
        return "★" if self.code == "JK" else rank(self.code)

    @property
    def suit(self) -> str:
        return "" if not self.code or self.code == "JK" else self.code[-1]


def card_view(code: str | None, where: str = "", **kwargs) -> CardView:
    """A card as the page draws it; ``where`` it lies, for a face-down card's name."""
    return CardView(code, card_shown(code, where), **kwargs)


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    face: str  # which of our drawn faces: "you", "pip", "tully" or "juno"
    is_you: bool  # the seat of the person at the table
    picture: str  # a child's profile picture, if shown instead of the face
    cols: int
    cards: list[CardView]
    face_down: int
    total: str  # "" until a hole is finished
    is_current: bool
    holding: CardView | None  # the card this seat holds, as the child may see it

    @property
    def summary(self) -> str:
        """The layout in one sentence, for a screen reader."""
        face_up = [(pos, card.code) for pos, card in enumerate(self.cards) if card.code]
        return summary(self.name, len(self.cards) // self.cols, self.cols, face_up)


@dataclass(frozen=True)
class Control:
    """A button beside the table. ``move`` is the move it sends; a control without one
    goes back to the table as it is (Keep playing, after a knock question)."""

    dom_id: str
    label: str
    move: str = ""
    primary: bool = False
    quiet: bool = False  # drawn in outline, as Hint is: there, not calling for a tap


def control(dom_id: str, move: str = "", primary: bool = False, quiet: bool = False) -> Control:
    return Control(dom_id, str(CONTROLS[dom_id]), move, primary, quiet)


@dataclass(frozen=True)
class ColumnView:
    cards: list[CardView]
    story: ColumnTold  # what matched, the sum as maths and in words, the number line


@dataclass(frozen=True)
class ScoreView:
    """One player's layout at the end of a hole, told as maths (lessons.core.stories)."""

    name: str
    columns: list[ColumnView]
    story: ScoreTold  # the hole as the sum of its columns
    score: str  # after any caller penalty
    running: RunningTold | None  # the total so far; None in an extra tie-break hole
    points: str = ""  # the score said: "1 point", "12 points"
    seat: int = 0
    face: str = "you"
    is_you: bool = False  # a person's (not a bot's): shown large, with its story open
    picture: str = ""

    @property
    def running_label(self) -> str:
        return running_label(self.name)

    @property
    def folded(self) -> StoryFolded:
        """The story folded: one number line to open, the rest behind "Tell me more"."""
        return folded(self.story, self.running, self.running_label)

    @property
    def shown_name(self) -> str:
        """The name as the page shows it alone: "You" in the page's language."""
        return name_shown(self.name)


@dataclass(frozen=True)
class HoleView:
    """The end of a hole: every layout's story, the people's first, and who won it."""

    number: int
    scores: list[ScoreView]
    caller: tuple[CallerTold, ...]
    winner: WinnerTold


@dataclass(frozen=True)
class QuestionView:
    """A practice question about the hole just finished, with how far the child has got."""

    question: QuestionTold
    number: int  # counted from 1
    of: int
    tries_left: int
    # The number pad's keys in the order they are laid out, 1 to 9 then the minus key
    # (only where a score can be below 0) and 0.
    keys: tuple[str, ...]
    column: int | None  # the column of the child's cards asked about, if one is
    # Which try at which question this is (question_mark): sent with the answer.
    mark: str
    # This try walks the sum on the number line: a question of that kind, or a sum asked
    # again after a first miss. None: answered on the number pad, or by a choice.
    walk: Walk | None = None

    @property
    def prompt(self) -> str:
        return self.walk.prompt if self.walk else self.question.prompt


@dataclass(frozen=True)
class SheetView:
    names: list[str]
    rows: list[tuple[str, list[str]]]  # (the hole, each player's score) per finished hole
    totals: list[str]


@dataclass(frozen=True)
class PlaceView:
    """A player's place at the end of the game: "1st, Pip, 12"."""

    place: str
    name: str
    face: str
    total: str  # "12 points"
    is_you: bool  # a person's place (not a bot's)
    picture: str = ""
    won: bool = False  # a winner of the game: their face is the moment's


@dataclass(frozen=True)
class CheerView:
    """The moment a hole or the game ends (celebration.css): the faces it is for, how it
    went for them (a Standing's value: "won", "close" or "behind"), and what Pip says,
    Pip's face beside it where a bot sits at the table."""

    kind: str
    faces: list[tuple[str, str]]  # (drawn face, profile picture or "")
    reactor: str  # a bot's drawn face, or ""
    line: str


@dataclass(frozen=True)
class StepView:
    """A step as the table tells it. The child's own move is shown at once, not in turn."""

    own: bool
    seat: int
    name: str
    text: str
    reason: str
    card: CardView | None
    kind: str
    # What the page needs to move the cards: "slot:before:after" for each change ("" is a
    # face-down card, "-" no card), and the slots of each new matching column.
    changes: str
    pairs: str


def spot_id(spot: Spot) -> str:
    """The page's name for a spot on the table: "card-1-4", "hand-1", "pile", "stock"."""
    return "-".join(str(part) for part in spot)


def card_slot(seat: int, pos: int) -> str:
    return f"card-{seat}-{pos}"


def slot_value(value: str | int | None) -> str:
    return "-" if value is None else str(value)


def changes_text(changes) -> str:
    return " ".join(
        f"{spot_id(spot)}:{slot_value(before)}:{slot_value(after)}"
        for spot, before, after in changes
    )


def pairs_text(groups) -> str:
    return " ".join(",".join(spot_id(spot) for spot in group) for group in groups)


def step_views(events: Sequence[Event], seats: Seating, reasons: bool = True) -> list[StepView]:
    """The moves among ``events`` as told to the person in ``seats.you``: their own are
    not played again, a choice not to knock is no news, and a move that ends a hole is
    followed by everyone's cards turning up. ``reasons``: what the bots say of their moves
    ("A pair scores 0!"), left out while a question is open, as it may give the answer."""
    you, names = seats.you, seats.names
    views = []
    for event in events:
        if not isinstance(event, Played) or event.action.kind == ActionKind.END_TURN:
            continue
        views.append(
            StepView(
                own=event.seat == you,
                seat=event.seat,
                name=names[event.seat],
                text=played_line(event, names),
                reason=bot_says(event.reason) if event.reason and reasons else "",
                card=card_view(event.card) if event.card else None,
                kind=event.action.kind,
                changes=changes_text(event.changes),
                pairs=pairs_text(event.pairs),
            )
        )
        if event.ended_hole:
            views.append(
                StepView(
                    own=False,
                    seat=you if you is not None else event.seat,
                    name="",
                    text=str(REVEAL),
                    reason="",
                    card=None,
                    kind="reveal",
                    changes=changes_text(event.revealed),
                    pairs=pairs_text(event.revealed_pairs),
                )
            )
    return views


@dataclass(frozen=True)
class TableView:
    """The cards on the table at one moment, as the person at it sees them."""

    opponents: list[SeatView]
    you: SeatView | None  # None in an extra tie-break hole the person sits out
    stock_size: int
    discard: CardView | None
    held: CardView | None


@dataclass(frozen=True, slots=True)
class CardValue:
    """One line of the card-value reminder: ``cards`` "K", ``points`` "0", and the same as
    a sentence to read aloud, "A king is 0."; ``faces``, the little cards drawn for it
    ("3–10" for the number cards, "★" for a joker)."""

    cards: str
    points: str
    sentence: str
    faces: tuple[str, ...] = ()
    in_words: bool = False  # points said in words ("the number"), not a number


def value_reminder(rules: Rules) -> tuple[CardValue, ...]:
    """What each card is worth under ``rules``, house rules included."""
    return tuple(
        CardValue(
            value_cards(line),
            value_points(line),
            value_sentence(line),
            faces=value_faces(line.ranks, line.value),
            in_words=line.value is None,
        )
        for line in value_lines(rules)
    )


def value_faces(ranks: tuple[str, ...], value: int | None) -> tuple[str, ...]:
    """The little cards of a reminder line: one "3–10" for the number cards (the same in
    every language), a joker's star, else each rank as printed."""
    if value is None:
        return (f"{ranks[0]}–{ranks[-1]}",)
    return tuple("★" if rank == "JK" else rank for rank in ranks)


# --- the board: one view a stage ------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Board:
    """What the game page draws at every stage: its title, the bar and the score sheet."""

    game: GameRef
    stage: Stage
    seat: int | None  # the seat of the person at the table (None on the pass screen)
    title: str  # "Knock Golf: hole 2 of 9", the page's title
    heading: str  # "hole 2 of 9", the bar's heading, kept whole on a phone
    mode_name: str  # "Knock Golf", in the bar's link to its rules
    prompt: str
    rows: int
    cols: int
    bots: int
    # The total of the person at the table once a hole is finished; not on the screens
    # everyone at a shared device looks at together.
    your_total: str = ""
    sheet: SheetView | None = None
    shared_device: bool = False  # several people play, passing the device


class Top(TypedDict):
    """What every board but the pass screen's draws the same way: Board's fields but the
    prompt, which each stage says its own way."""

    game: GameRef
    stage: Stage
    seat: int | None
    title: str
    heading: str
    mode_name: str
    rows: int
    cols: int
    bots: int
    your_total: str
    sheet: SheetView | None
    shared_device: bool


@dataclass(frozen=True, kw_only=True)
class PlayBoard(Board):
    """The table while the person at it plays (Stage.PLAY), or looks at their peeked cards
    (Stage.PEEK), or, on a device of their own, watches another person play (Stage.WAIT)."""

    table: TableView
    warning: str
    stock_move: str
    discard_move: str
    controls: list[Control]
    can_hint: bool
    reminder: tuple[CardValue, ...]
    match_reminder: str
    asking: bool = False  # the child is asked whether to knock
    knock_after: bool = False  # the child may ask to knock with the move that ends the turn

    @property
    def opponents(self) -> list[SeatView]:
        return self.table.opponents

    @property
    def you(self) -> SeatView | None:
        return self.table.you


@dataclass(frozen=True, kw_only=True)
class PassBoard(Board):
    """The screen between two people's turns: whose turn it is, and no cards at all."""

    controls: list[Control]
    pass_line: str  # to the next person
    pass_picture: str  # their profile picture, if they have one
    pass_name: str  # their name, isolated wherever the screen says it


@dataclass(frozen=True, kw_only=True)
class HoleBoard(Board):
    """The end of a hole: its practice questions (Stage.PRACTICE), then its scores
    (Stage.SUMMARY)."""

    hole: HoleView
    finished_hole: int
    question: QuestionView | None = None
    feedback: Feedback | None = None  # what was said to the latest practice answer
    # With a device each, once this seat's questions are done while others still answer
    # theirs: who the next hole waits for ("Waiting for Sam to answer."); "" otherwise.
    others_answering: str = ""
    cheer: CheerView | None = None  # once no question is open: it would tell who won


@dataclass(frozen=True, kw_only=True)
class OverBoard(Board):
    """The end of the game: who won, everyone's place, a kind line for each person."""

    winner: str
    places: list[PlaceView]
    kind_lines: list[str]
    totals_line: LineView  # everyone's total on a number line, the lowest furthest left
    cheer: CheerView


def board(
    game: Game,
    table: Table,
    now: Stage,
    seats: Seating,
    asking: bool = False,
    told: Sequence[Event] = (),
) -> Board:
    """The whole table as the person at it (``seats.you``) sees it now, at stage ``now``
    (worked out once by the caller). ``asking``: they pressed Knock with a card face down,
    and are asked first; ``told``: what the person is told happened, a practice answer
    among it."""
    state = table.state
    if now == Stage.PASS:
        return pass_board(game, table, seats)
    you = seats.you
    assert you is not None, "only the screen that passes the device on is nobody's"
    obs = offered(observe(state, you))
    rules = obs.rules
    at_hole_end = now in (Stage.PRACTICE, Stage.SUMMARY, Stage.OVER)
    finished = obs.results[-1].number if at_hole_end else obs.hole
    # While a question about the hole is open, nothing shows its scores: the page is as it
    # was before the hole ended, so no number on it gives the answer away.
    shown = obs.results[:-1] if now == Stage.PRACTICE else obs.results
    shown_total = shown and you in obs.seats and (seats.alone or not at_hole_end)
    top = Top(
        game=game_ref(game),
        stage=now,
        seat=you,
        title=game_title(rules, finished),
        heading=hole_title(finished, rules),
        mode_name=str(MODE_NAMES[rules.name]),
        rows=rules.rows,
        cols=rules.cols,
        bots=obs.players - 1,
        your_total=number(totals_of(shown)[you]) if shown_total else "",
        sheet=sheet_view(shown, seats),
        shared_device=not seats.alone,
    )
    if now == Stage.WAIT:
        # Another person's decision: at a peek start, the person looking at their cards,
        # who is not the first to play.
        assert table.at_device is not None, "the device waits for the person deciding"
        waiting = watching(seats.names[table.at_device], peeking=game.stage == Stage.PEEK)
        return play_board(obs, now, seats, you, asking, top, waiting)
    if now in (Stage.PLAY, Stage.PEEK):
        return play_board(obs, now, seats, you, asking, top)
    if now == Stage.OVER:
        return OverBoard(
            **top,
            prompt=prompt(obs, you, now, seats.names),
            winner=winner_text(obs, seats.names),
            places=places(obs, seats),
            kind_lines=[ending_line(obs, seat, seats.names[seat]) for seat in seats.people_seats],
            totals_line=line_view(scores_line(list(enumerate(obs.totals))), seats.names),
            cheer=cheer_view(
                dict(enumerate(obs.totals)),
                obs.winners,
                seats,
                holes=sum(1 for r in obs.results if not r.tiebreak),
            ),
        )
    answered, feedback = None, None
    answer = next((e for e in told if isinstance(e, Answered) and e.seat == you), None)
    if answer is not None:
        # The question answered, in words once: for what is said to the answer, and to ask
        # it again after a first miss.
        answered = question_told(answer.question, rules, seats.names)
        feedback = answered.respond(answer.given, answer.tries, answer.landings)
    asked = question_view(table, you, seats, answered) if now == Stage.PRACTICE else None
    others = [seats.names[seat] for seat in table.asking if seat != you]
    return HoleBoard(
        **top,
        prompt=asked.prompt if asked else prompt(obs, you, now, seats.names),
        hole=hole_view(obs, seats, len(obs.results) - 1),
        finished_hole=finished,
        question=asked,
        feedback=feedback,
        others_answering=waiting_for_answers(others) if others and not asked else "",
        cheer=None if asked else hole_cheer(obs.results[-1], seats),
    )


def play_board(
    obs: Observation,
    now: Stage,
    seats: Seating,
    you: int,
    asking: bool,
    top: Top,
    waiting: str = "",
) -> PlayBoard:
    """The table while the person in seat ``you`` plays or peeks, or (``waiting``: what
    their device says meanwhile) watches another person decide."""
    rules = obs.rules
    actions = obs.legal_actions if now == Stage.PLAY else ()
    asking = asking and any(a.kind == ActionKind.KNOCK for a in actions)
    if asking:
        actions = tuple(a for a in actions if a.kind == ActionKind.KNOCK)
    moves = {str(a) for a in actions}
    # The child's cards each make the one move that names their place: a flip or a swap.
    by_place = {a.pos: str(a) for a in actions if a.pos is not None}
    # Knock Golf's own question after a turn ("knock now?"), asked by the engine.
    knock_now = obs.phase == Phase.KNOCK and now == Stage.PLAY
    if asking:
        said = to_person(seats.names[you], knock_question(obs.face_down_count(you)))
    else:
        said = waiting or prompt(obs, you, now, seats.names)
    return PlayBoard(
        **top,
        prompt=said,
        table=table_view(obs, seats, by_place, peeking=now == Stage.PEEK),
        warning=last_turn_warning(obs, you, seats.names) if now == Stage.PLAY else "",
        stock_move="draw_stock" if "draw_stock" in moves else "",
        discard_move="draw_discard" if "draw_discard" in moves else "",
        controls=controls(now, moves, asking or knock_now),
        can_hint=now == Stage.PLAY and not (asking or knock_now),
        reminder=value_reminder(rules),
        match_reminder=match_reminder(rules),
        asking=asking or knock_now,
        knock_after=now == Stage.PLAY and offers_knock_after(obs),
    )


def pass_board(game: Game, table: Table, seats: Seating) -> PassBoard:
    """The screen between two people's turns: only whose turn it is, and no cards, not even
    the face-up ones (nobody's seat is observed)."""
    state = table.state
    rules = state.rules
    seat = waiting_for(table)
    assert seat is not None, "the device is passed to a person"
    name = seats.names[seat]
    return PassBoard(
        game=game_ref(game),
        stage=Stage.PASS,
        seat=None,
        title=game_title(rules, state.hole),
        heading=hole_title(state.hole, rules),
        mode_name=str(MODE_NAMES[rules.name]),
        prompt=pass_to(name),
        rows=rules.rows,
        cols=rules.cols,
        bots=state.players - 1,
        shared_device=True,
        controls=[control("ready", "ready", primary=True)],
        pass_line=pass_line(name),
        pass_picture=seats.pictures[seat],
        pass_name=name,
    )


def table_view(
    obs: Observation,
    seats: Seating,
    by_place: dict[int, str] | None = None,
    peeking: bool = False,
) -> TableView:
    you = seats.you
    views = {seat: seat_view(obs, seat, seats, by_place or {}, peeking) for seat in obs.seats}
    return TableView(
        opponents=[view for seat, view in views.items() if seat != you],
        you=views.get(you) if you is not None else None,
        stock_size=obs.stock_size,
        discard=card_view(obs.discard[-1], slot="pile") if obs.discard else None,
        held=card_view(obs.drawn, slot=f"hand-{you}")
        if obs.drawn and obs.current_player == you
        else None,
    )


def seat_view(
    obs: Observation, seat: int, seats: Seating, by_place: dict[int, str], peeking: bool
) -> SeatView:
    you = seats.you
    rules, cards = obs.rules, list[str | None](obs.layouts[seat])
    if seat == you and peeking:
        for pos, remembered in obs.memory:
            cards[pos] = remembered
    paired = {p: group for group in pairs(cards, rules) for p in group}
    views = []
    for pos, code in enumerate(cards):
        group = paired.get(pos, [])
        views.append(
            card_view(
                code,
                place_name(pos, rules),
                move=by_place.get(pos, "") if seat == you else "",
                slot=card_slot(seat, pos),
                paired=bool(group),
                zero=bool(group) and pos == group[-1],
            )
        )
    holding = None
    if obs.phase == Phase.PLACE and obs.current_player == seat and seat != you:
        holding = card_view(obs.drawn, IN_HAND, slot=f"hand-{seat}")
    return SeatView(
        seat=seat,
        name=seats.names[seat],
        face=seats.faces[seat],
        is_you=seat == you,
        picture=seats.pictures[seat],
        cols=rules.cols,
        cards=views,
        face_down=obs.face_down_count(seat),
        total=number(obs.totals[seat]) if obs.results else "",
        is_current=obs.current_player == seat,
        holding=holding,
    )


def controls(now: Stage, moves: set[str], asking: bool) -> list[Control]:
    if now == Stage.PEEK:
        return [control("remember", "remember", primary=True)]
    if asking:  # the question is knock or keep playing: both called for
        return [
            control("knock", "knock"),
            control("keep", "end_turn" if "end_turn" in moves else ""),
        ]
    # Beside the cards Knock is a way to end the hole, seldom the move to make (and never on
    # a first turn): quiet, so the cards, not Knock, call for the tap.
    knock = control("knock", "knock", quiet=True)
    offered = [control("throw", "discard"), knock]
    return [c for c in offered if c.move in moves]


def hole_view(obs: Observation, seats: Seating, hole_index: int) -> HoleView:
    """The story of a finished hole for every player who played it, the people's first
    (everyone looks at it together)."""
    rules = obs.rules
    told = hole_told(hole_story(obs.results, rules, hole_index), seats.names)
    scores = []
    for player in told.players:
        seat, columns = player.seat, []
        for c, column in enumerate(player.story.columns):
            cards = []
            for row, card in enumerate(column.cards):
                pos = row * rules.cols + c
                # The "0" of a match shows on its last cancelled card.
                last = not card.counts and all(k.counts for k in column.cards[row + 1 :])
                cards.append(
                    card_view(
                        card.code,
                        place_name(pos, rules),
                        slot=card_slot(seat, pos),
                        counts=card.counts,
                        paired=not card.counts,
                        zero=last,
                    )
                )
            columns.append(ColumnView(cards, column))
        scores.append(
            ScoreView(
                name=player.name,
                columns=columns,
                story=player.story,
                score=number(player.score),
                running=player.running,
                points=points(player.score),
                seat=seat,
                face=seats.faces[seat],
                is_you=seat in seats.people_seats,
                picture=seats.pictures[seat],
            )
        )
    scores.sort(key=lambda view: not view.is_you)
    return HoleView(told.number, scores, told.caller, told.winner)


def question_view(
    table: Table, you: int, seats: Seating, answered: QuestionTold | None = None
) -> QuestionView | None:
    """The question the seat ``you`` is being asked: ``answered``, the one just answered, if
    it is asked again."""
    mine = table.practice_of(you)
    if mine.question_key is None:
        return None
    if answered is not None and answered.question.key == mine.question_key:
        words = answered
    else:
        asked = question_asked(table, you)
        assert asked is not None, "a question is being asked"
        words = question_told(asked, table.state.rules, seats.names)
    about = words.question.about
    digits = tuple(str(n) for n in range(1, 10))
    on_line = on_the_line(words.question, mine.wrong_tries + 1, table.setup.walk_first)
    return QuestionView(
        question=words,
        number=mine.answered + 1,
        of=len(mine.asked),
        tries_left=TRIES - mine.wrong_tries,
        keys=(*digits, MINUS, "0") if words.question.negatives else (*digits, "0"),
        column=about.number if isinstance(about, Column) else None,
        mark=question_mark(table, you) or "",
        walk=words.walk if on_line else None,
    )


def question_mark(table: Table, seat: int | None) -> str | None:
    """Which try at which of its questions ``seat`` is at, if it is asked one: with a
    device each, an answer from a page drawn before another seat answered is still taken
    while this mark is the same (games.views.move); a double tap's second answer is not."""
    mine = table.practice_of(seat)
    if mine.question_key is None:
        return None
    return f"{len(table.state.results)}:{mine.answered}:{mine.wrong_tries}"


def places(obs: Observation, seats: Seating) -> list[PlaceView]:
    """Everyone in order of their total, lowest first; equal totals share a place, the
    people before the bots."""
    people = seats.people_seats
    order = sorted(range(obs.players), key=lambda s: (obs.totals[s], s not in people))
    views = []
    for seat in order:
        lower = sum(1 for t in obs.totals if t < obs.totals[seat])
        # An extra hole may have split a tie: its winners are 1st, the others after them.
        place = 1 if seat in obs.winners else max(2, 1 + lower)
        views.append(
            PlaceView(
                place=place_word(place),
                name=name_shown(seats.names[seat]),
                face=seats.faces[seat],
                total=points(obs.totals[seat]),
                is_you=seat in people,
                picture=seats.pictures[seat],
                won=seat in obs.winners,
            )
        )
    return views


def hole_cheer(result: HoleResult, seats: Seating) -> CheerView:
    return cheer_view(dict(enumerate(result.scores)), hole_winner(result).seats, seats)


def cheer_view(
    points: dict[int, int | None], winners: Sequence[int], seats: Seating, holes: int = 1
) -> CheerView:
    """The moment at the end: for a child at a device of their own, how it went for them;
    for a device passed round, the winners' (nobody at it singled out as behind)."""
    if seats.alone or (seats.devices and seats.you in seats.people_seats):
        you = seats.people_seats[0] if seats.alone else seats.you
        assert you is not None
        kind, shown, together = standing(points, winners, you, holes), [you], False
    else:
        kind, shown, together = Standing.WON, list(winners), True
    bots = [face for face in seats.faces if face != PERSON]
    return CheerView(
        kind=kind.value,
        faces=[(seats.faces[seat], seats.pictures[seat]) for seat in shown],
        reactor=bots[0] if bots else "",
        line=cheer_line(kind, together),
    )


def ending_line(obs: Observation, seat: int, name: str) -> str:
    """A kind line at the end for the person in ``seat``: counted from their finished
    layouts."""
    rules, pairs, best = obs.rules, 0, None
    for result in obs.results:
        layout = result.layouts[seat]
        if layout is None:
            continue
        pairs += sum(1 for col in score_cards(layout, rules).columns if col.matched)
        score = result.scores[seat]
        assert score is not None, "a seat with cards has a score"
        best = score if best is None else min(best, score)
    return kind_line(pairs, best, len(obs.results), seat in obs.winners, name)


def totals_of(results: Sequence[HoleResult]) -> list[int]:
    """Each seat's total over ``results``, as the engine adds it up: an extra tie-break hole
    adds nothing."""
    played = [r for r in results if not r.tiebreak]
    return [sum(r.scores[seat] or 0 for r in played) for seat in range(len(results[0].scores))]


def sheet_view(results: Sequence[HoleResult], seats: Seating) -> SheetView | None:
    """The score sheet of the finished holes ``results``."""
    if not results:
        return None
    return SheetView(
        names=[name_shown(name) for name in seats.names],
        rows=[
            (
                hole_label(r.tiebreak, r.number),
                ["" if s is None else number(s) for s in r.scores],
            )
            for r in results
        ],
        totals=[number(t) for t in totals_of(results)],
    )


@dataclass(frozen=True)
class Hint:
    text: str  # the advice
    where: str = ""  # where on the table, when it is about a card


def hint_for(table: Table, seat: int | None, now: Stage) -> Hint:
    """The steady bot's choice for the person at the table, and its reason, as advice; it
    is worked out from their cards, so with a device each only their own device gets it.
    ``now`` is the table's stage (``Game.stage``)."""
    suggested = suggestion(table, now) if stage_for(table, seat, now) == Stage.PLAY else None
    if suggested is None:
        return Hint(str(NOTHING_TO_DO))
    action, why = suggested
    assert table.at_device is not None, "a suggestion is for the person at the table"
    obs = observe(table.state, table.at_device)
    # The bot's advice says what and why; the place, when there is one, comes from us.
    return Hint(hint_says(why), advice(obs, action) if action.pos is not None else "")
