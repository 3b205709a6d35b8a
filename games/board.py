"""What the game page shows, as plain objects for the templates; no HTML here.

Everything is built from ``observe(state, seat)`` for the seat of the person at the table
only, so a card they may not see can never reach the page. When several people play, the
screen that passes the device on is built from nobody's seat: it holds no cards at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.engine import Observation, Rules, observe, rank, score_cards
from games.models import Game
from games.narration import (
    REVEAL,
    advice,
    bot_says,
    hint_says,
    kind_line,
    knock_question,
    last_turn_warning,
    name_shown,
    pass_line,
    pass_to,
    place_name,
    place_word,
    played_line,
    prompt,
    to_person,
    winner_text,
)
from games.table import (
    Answered,
    Event,
    Played,
    Stage,
    Table,
    offers_knock_after,
    suggestion,
    waiting_for,
)
from games.table import question as asked_now
from games.table.spots import Spot, pairs
from lessons.questions import TRIES, Column
from lessons.stories import CallerLine, ColumnStory, RunningStep, ScoreStory, Winner, hole_story
from peabody.words.cards import MINUS, card_label, number
from peabody.words.modes import MODE_NAMES
from peabody.words.numbers import CardValue, match_reminder, value_reminder
from peabody.words.people import is_you
from peabody.words.questions import Feedback, QuestionWords, question_words

PERSON = "you"  # the drawn face of every person at the table
BOT_FACES = ("pip", "tully", "juno")


@dataclass(frozen=True)
class Seating:
    """Who sits where, as the table shows it to the person in seat ``you``."""

    you: int | None  # None: nobody's table (the screen that passes the device on)
    names: tuple[str, ...]
    faces: tuple[str, ...]  # which of our drawn faces: "you", "pip", "tully" or "juno"
    # A child's profile picture, shown instead of the face when several people play; or "".
    pictures: tuple[str, ...]
    people: tuple[int, ...]  # the seats without a bot

    @property
    def alone(self) -> bool:
        return len(self.people) == 1


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
    if game.is_together:
        for seat in game.people:
            pictures[seat.number] = seat.child.avatar if seat.child else ""
    return Seating(
        you=you,
        names=game.names,
        faces=tuple(faces),
        pictures=tuple(pictures),
        people=tuple(game.persons),
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


IN_HAND = "hand"  # where a card lies: in a player's hand (else a place_name)


def card_view(code: str | None, where: str = "", **kwargs) -> CardView:
    if code:
        label = card_label(code)
    elif where == IN_HAND:
        label = _("face-down card, in their hand")
    else:
        # Translators: "place" is where the card lies: "top row, column 2".
        label = _("face-down card, %(place)s") % {"place": where}
    return CardView(code, label, **kwargs)


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
        """The layout in one sentence, for a screen reader: another player's cards are a
        picture to look at, not buttons to press."""
        up = [card.label for card in self.cards if card.code]
        values = {"name": self.name, "count": self.face_down}
        if not up:
            return _("%(name)s's cards, %(count)s face down") % values
        # Translators: "cards" are the face-up cards, named one after another with commas.
        return _("%(name)s's cards, face up: %(cards)s; %(count)s face down") % {
            **values,
            "cards": ", ".join(up),
        }


@dataclass(frozen=True)
class Control:
    """A button beside the table. ``move`` is the move it sends; a control without one
    goes back to the table as it is (Keep playing, after a knock question)."""

    dom_id: str
    label: str
    move: str = ""
    primary: bool = False


@dataclass(frozen=True)
class ColumnView:
    cards: list[CardView]
    story: ColumnStory  # what matched, the sum as maths and in words, the number line


@dataclass(frozen=True)
class ScoreView:
    """One player's layout at the end of a hole, told as maths (lessons.stories)."""

    name: str
    columns: list[ColumnView]
    story: ScoreStory  # the hole as the sum of its columns
    score: str  # after any caller penalty
    running: RunningStep | None  # the total so far; None in an extra tie-break hole
    seat: int = 0
    face: str = "you"
    is_you: bool = False  # a person's (not a bot's): shown large, with its story open
    picture: str = ""

    @property
    def running_label(self) -> str:
        return _("Your total so far") if is_you(self.name) else _("Total so far")

    @property
    def shown_name(self) -> str:
        """The name as the page shows it alone: "You" in the page's language."""
        return name_shown(self.name)


@dataclass(frozen=True)
class HoleView:
    """The end of a hole: every layout's story, the people's first, and who won it."""

    number: int
    scores: list[ScoreView]
    caller: tuple[CallerLine, ...]
    winner: Winner


@dataclass(frozen=True)
class QuestionView:
    """A practice question about the hole just finished, with how far the child has got."""

    question: QuestionWords
    number: int  # counted from 1
    of: int
    tries_left: int
    # The number pad's keys in the order they are laid out, 1 to 9 then the minus key
    # (only where a score can be below 0) and 0.
    keys: tuple[str, ...]
    column: int | None  # the column of the child's cards asked about, if one is


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
    total: str
    is_you: bool  # a person's place (not a bot's)
    picture: str = ""


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


def step_views(events: list[Event], you: int | None, names: tuple[str, ...]) -> list[StepView]:
    """The moves among ``events`` as told to the person in ``you``: their own are not
    played again, a choice not to knock is no news, and a move that ends a hole is followed
    by everyone's cards turning up."""
    views = []
    for event in events:
        if not isinstance(event, Played) or event.action.kind == "end_turn":
            continue
        views.append(
            StepView(
                own=event.seat == you,
                seat=event.seat,
                name=names[event.seat],
                text=played_line(event, names),
                reason=bot_says(event.reason) if event.reason else "",
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


# The table while the device is passed on: no cards of anyone's.
NO_TABLE = TableView(opponents=[], you=None, stock_size=0, discard=None, held=None)


@dataclass(frozen=True)
class Board:
    game: Game
    stage: Stage
    seat: int | None  # the seat of the person at the table (None on the pass screen)
    title: str
    prompt: str
    warning: str
    table: TableView
    stock_move: str
    discard_move: str
    controls: list[Control]
    can_hint: bool
    reminder: tuple[CardValue, ...]
    match_reminder: str
    sheet: SheetView | None
    rows: int
    cols: int
    bots: int
    asking: bool = False  # the child is asked whether to knock
    knock_after: bool = False  # the child may ask to knock with the move that ends the turn
    hole: HoleView | None = None  # at the end of a hole
    question: QuestionView | None = None
    feedback: Feedback | None = None  # what was said to the latest practice answer
    finished_hole: int | None = None
    winner: str = ""
    places: list[PlaceView] = field(default_factory=list)
    kind_lines: list[str] = field(default_factory=list)
    together: bool = False  # several people play, passing the device
    pass_line: str = ""  # to the next person, on the screen that passes the device on
    pass_picture: str = ""  # their profile picture, if they have one
    pass_name: str = ""  # their name, isolated wherever the screen says it

    @property
    def opponents(self) -> list[SeatView]:
        return self.table.opponents

    @property
    def your_total(self) -> str:
        """The total of the person at the table, once a hole is finished; not on the screens
        everyone looks at together."""
        if not self.you or self.together and self.stage not in (Stage.PLAY, Stage.PEEK):
            return ""
        return self.you.total

    @property
    def you(self) -> SeatView | None:
        return self.table.you


def board(
    game: Game,
    table: Table,
    now: Stage,
    asking: bool = False,
    told: Sequence[Event] = (),
) -> Board:
    """The whole table as the person at it sees it now, at stage ``now`` (worked out once
    by the caller). ``asking``: they pressed Knock with a card face down, and are asked
    first; ``told``: what the person is told happened, a practice answer among it."""
    state = table.state
    if now == Stage.PASS:
        return pass_board(game, table)
    answered, feedback = None, None
    answer = next((e for e in told if isinstance(e, Answered)), None)
    if answer is not None:
        # The question answered, in words once: for what is said to the answer, and to ask
        # it again after a first miss.
        answered = question_words(answer.question, state.rules, game.names)
        feedback = answered.respond(answer.given, answer.tries)
    seats = seating(game, table.at_device)
    you = seats.you
    obs = observe(state, you)
    rules = obs.rules
    actions = obs.legal_actions if now == Stage.PLAY else ()
    asking = asking and any(a.kind == "knock" for a in actions)
    if asking:
        actions = tuple(a for a in actions if a.kind == "knock")
    moves = {str(a) for a in actions}
    # The child's cards each make the one move that names their place: a flip or a swap.
    by_place = {a.pos: str(a) for a in actions if a.pos is not None}
    at_hole_end = now in (Stage.PRACTICE, Stage.SUMMARY, Stage.OVER)
    finished = obs.results[-1].number if at_hole_end else None
    question = obs.phase == "knock" and now == Stage.PLAY
    view = Board(
        game=game,
        stage=now,
        seat=you,
        title=game_title(rules, finished or obs.hole),
        prompt=to_person(seats.names[you], knock_question(obs.face_down_count(you)))
        if asking
        else prompt(obs, you, now, seats.names),
        warning=last_turn_warning(obs, you, seats.names) if now == Stage.PLAY else "",
        table=table_view(obs, seats, by_place, peeking=now == Stage.PEEK),
        stock_move="draw_stock" if "draw_stock" in moves else "",
        discard_move="draw_discard" if "draw_discard" in moves else "",
        controls=controls(now, moves, asking or question),
        can_hint=now == Stage.PLAY and not (asking or question),
        reminder=value_reminder(rules),
        match_reminder=match_reminder(rules),
        sheet=sheet_view(obs, seats),
        rows=rules.rows,
        cols=rules.cols,
        bots=obs.players - 1,
        asking=asking or question,
        knock_after=now == Stage.PLAY and offers_knock_after(obs),
        finished_hole=finished,
        feedback=feedback,
        together=not seats.alone,
    )
    if now == Stage.PRACTICE:
        asked = question_view(game, table, answered)
        hole = hole_view(obs, seats, len(obs.results) - 1)
        return replace(view, hole=hole, question=asked, prompt=asked.question.prompt)
    if now == Stage.SUMMARY:
        return replace(view, hole=hole_view(obs, seats, len(obs.results) - 1))
    if now == Stage.OVER:
        return replace(
            view,
            winner=winner_text(obs, seats.names),
            places=places(obs, seats),
            kind_lines=[ending_line(obs, seat, seats.names[seat]) for seat in seats.people],
        )
    return view


def pass_board(game: Game, table: Table) -> Board:
    """The screen between two people's turns: only whose turn it is, and no cards, not even
    the face-up ones (nobody's seat is observed)."""
    state = table.state
    rules = state.rules
    seat = waiting_for(table)
    name = game.names[seat]
    picture = next((s.child.avatar for s in game.people if s.number == seat and s.child), "")
    return Board(
        game=game,
        stage=Stage.PASS,
        seat=None,
        title=game_title(rules, state.hole),
        prompt=pass_to(name),
        warning="",
        table=NO_TABLE,
        stock_move="",
        discard_move="",
        controls=[Control("ready", _("I'm ready"), "ready", primary=True)],
        can_hint=False,
        reminder=(),
        match_reminder="",
        sheet=None,
        rows=rules.rows,
        cols=rules.cols,
        bots=state.players - 1,
        together=True,
        pass_line=pass_line(name),
        pass_picture=picture,
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
        you=views.get(you),
        stock_size=obs.stock_size,
        discard=card_view(obs.discard[-1], slot="pile") if obs.discard else None,
        held=card_view(obs.drawn, slot=f"hand-{you}")
        if obs.drawn and obs.current_player == you
        else None,
    )


def hole_title(number: int, rules: Rules) -> str:
    if number > rules.holes:
        return pgettext("in a title", "extra hole")
    return pgettext("in a title", "hole %(number)s of %(holes)s") % {
        "number": number,
        "holes": rules.holes,
    }


def game_title(rules: Rules, number: int) -> str:
    """``"Knock Golf: hole 2 of 9"``: the page's title (its first letter made a capital)."""
    # Translators: "mode" is the game's name ("Knock Golf"); "hole" is "hole 2 of 9" or
    # "extra hole".
    return _("%(mode)s: %(hole)s") % {
        "mode": MODE_NAMES[rules.name],
        "hole": hole_title(number, rules),
    }


def seat_view(
    obs: Observation, seat: int, seats: Seating, by_place: dict[int, str], peeking: bool
) -> SeatView:
    you = seats.you
    rules, cards = obs.rules, list(obs.layouts[seat])
    if seat == you and peeking:
        for pos, code in obs.memory:
            cards[pos] = code
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
    if obs.phase == "place" and obs.current_player == seat and seat != you:
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
        return [Control("remember", _("I remember them"), "remember", primary=True)]
    knock = Control("knock", pgettext("a button", "Knock"), "knock")
    if asking:
        keep = "end_turn" if "end_turn" in moves else ""
        return [knock, Control("keep", _("Keep playing"), keep)]
    offered = [Control("throw", _("Throw it away"), "discard"), knock]
    return [c for c in offered if c.move in moves]


def hole_view(obs: Observation, seats: Seating, hole_index: int) -> HoleView:
    """The story of a finished hole for every player who played it, the people's first
    (everyone looks at it together)."""
    rules = obs.rules
    told = hole_story(obs.results, rules, seats.names, hole_index)
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
                seat=seat,
                face=seats.faces[seat],
                is_you=seat in seats.people,
                picture=seats.pictures[seat],
            )
        )
    scores.sort(key=lambda view: not view.is_you)
    return HoleView(told.number, scores, told.caller, told.winner)


def question_view(
    game: Game, table: Table, answered: QuestionWords | None = None
) -> QuestionView | None:
    """The question being asked: ``answered``, the one just answered, if it is asked again."""
    if table.question is None:
        return None
    if answered is not None and answered.question.key == table.question:
        words = answered
    else:
        words = question_words(asked_now(table), table.state.rules, game.names)
    about = words.question.about
    digits = tuple(str(n) for n in range(1, 10))
    return QuestionView(
        question=words,
        number=table.answered + 1,
        of=len(table.asked),
        tries_left=TRIES - table.wrong_tries,
        keys=(*digits, MINUS, "0") if words.question.negatives else (*digits, "0"),
        column=about.number if isinstance(about, Column) else None,
    )


def places(obs: Observation, seats: Seating) -> list[PlaceView]:
    """Everyone in order of their total, lowest first; equal totals share a place, the
    people before the bots."""
    order = sorted(range(obs.players), key=lambda s: (obs.totals[s], s not in seats.people))
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
                total=number(obs.totals[seat]),
                is_you=seat in seats.people,
                picture=seats.pictures[seat],
            )
        )
    return views


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
        best = score if best is None else min(best, score)
    return kind_line(pairs, best, len(obs.results), seat in obs.winners, name)


def sheet_view(obs: Observation, seats: Seating) -> SheetView | None:
    if not obs.results:
        return None
    return SheetView(
        names=[name_shown(name) for name in seats.names],
        rows=[
            (
                hole_label(r.tiebreak, r.number),
                ["" if s is None else number(s) for s in r.scores],
            )
            for r in obs.results
        ],
        totals=[number(t) for t in obs.totals],
    )


def hole_label(tiebreak: bool, number: int) -> str:
    """``"Hole 2"``, or ``"Extra hole"``: a finished hole on the score sheet, in a replay."""
    if tiebreak:
        return pgettext("a label", "Extra hole")
    return pgettext("a label", "Hole %(number)s") % {"number": number}


@dataclass(frozen=True)
class Hint:
    text: str  # the advice
    where: str = ""  # where on the table, when it is about a card


def hint_for(game: Game) -> Hint:
    """The steady bot's choice for the person at the table, and its reason, as advice."""
    table = game.table
    suggested = suggestion(table)
    if suggested is None:
        return Hint(_("There is nothing for you to do just now."))
    action, why = suggested
    obs = observe(table.state, table.at_device)
    # The bot's advice says what and why; the place, when there is one, comes from us.
    return Hint(hint_says(why), advice(obs, action) if action.pos is not None else "")
