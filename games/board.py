"""What the game page shows, as plain objects for the templates; no HTML here.

Everything is built from ``observe(state, seat)`` for the child's seat only, so a card the
child may not see can never reach the page.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from games import slots
from games.engine import (
    ColumnScore,
    HoleResult,
    Observation,
    Rules,
    observe,
    rank,
    score_cards,
)
from games.models import Game
from games.narration import (
    MODE_NAMES,
    Step,
    card_label,
    kind_line,
    knock_question,
    last_turn_warning,
    place_name,
    place_word,
    prompt,
    seat_name,
    signed,
    winner_text,
)
from games.turns import Stage, offers_knock_after, stage

RANK_WORDS = {"A": "aces", "J": "jacks", "Q": "queens", "K": "kings", "JK": "jokers"}
RANK_WORDS |= {str(n): f"{n}s" for n in range(2, 11)}
NUMBER_WORDS = {2: "two", 3: "three"}
FACES = ("you", "pip", "tully", "juno")


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
    label = card_label(code) if code else f"face-down card, {where}"
    return CardView(code, label, **kwargs)


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    face: str  # which of our drawn faces: "you", "pip", "tully" or "juno"
    is_you: bool
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
        shown = f"face up: {', '.join(up)}; " if up else ""
        return f"{self.name}'s cards, {shown}{self.face_down} face down"


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
    sum: str  # the column as a sum a child can check: "6 − 2 + 10"
    total: str


@dataclass(frozen=True)
class ScoreView:
    name: str
    columns: list[ColumnView]
    bonus: str | None
    raw: str
    score: str
    total: str
    seat: int = 0
    face: str = "you"
    is_you: bool = False


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
    is_you: bool


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


def slot_value(value: str | int | None) -> str:
    return "-" if value is None else str(value)


def step_views(steps: list[Step], human_seat: int) -> list[StepView]:
    return [
        StepView(
            own=step.seat == human_seat and step.name == seat_name(human_seat, human_seat),
            seat=step.seat,
            name=step.name,
            text=step.text,
            reason=step.reason,
            card=card_view(step.card) if step.card else None,
            kind=step.kind,
            changes=" ".join(
                f"{slot}:{slot_value(before)}:{slot_value(after)}"
                for slot, before, after in step.changes
            ),
            pairs=" ".join(",".join(group) for group in step.pairs),
        )
        for step in steps
    ]


@dataclass(frozen=True)
class Table:
    """The cards on the table at one moment, as the child sees them."""

    opponents: list[SeatView]
    you: SeatView | None  # None in an extra tie-break hole the child sits out
    stock_size: int
    discard: CardView | None
    held: CardView | None


@dataclass(frozen=True)
class Board:
    game: Game
    stage: Stage
    title: str
    prompt: str
    warning: str
    table: Table
    stock_move: str
    discard_move: str
    controls: list[Control]
    can_hint: bool
    reminder: list[tuple[str, str]]
    match_reminder: str
    sheet: SheetView | None
    rows: int
    cols: int
    bots: int
    asking: bool = False  # the child is asked whether to knock
    knock_after: bool = False  # the child may ask to knock with the move that ends the turn
    hole_scores: list[ScoreView] = field(default_factory=list)
    finished_hole: int | None = None
    winner: str = ""
    places: list[PlaceView] = field(default_factory=list)
    kind_line: str = ""

    @property
    def opponents(self) -> list[SeatView]:
        return self.table.opponents

    @property
    def you(self) -> SeatView | None:
        return self.table.you


def board(game: Game, asking: bool = False) -> Board:
    """The whole table as the child sees it now. ``asking``: the child pressed Knock with a
    card face down, and is asked first."""
    state = game.state
    now = stage(game, state)
    you = game.human_seat
    obs = observe(state, you)
    rules = obs.rules
    actions = obs.legal_actions if now == Stage.PLAY else ()
    asking = asking and any(a.kind == "knock" for a in actions)
    if asking:
        actions = tuple(a for a in actions if a.kind == "knock")
    moves = {str(a) for a in actions}
    # The child's cards each make the one move that names their place: a flip or a swap.
    by_place = {a.pos: str(a) for a in actions if a.pos is not None}
    finished = obs.results[-1].number if now in (Stage.SUMMARY, Stage.OVER) else None
    question = obs.phase == "knock" and now == Stage.PLAY
    view = Board(
        game=game,
        stage=now,
        title=f"{MODE_NAMES[rules.name]}: {hole_title(finished or obs.hole, rules)}",
        prompt=knock_question(obs.face_down_count(you)) if asking else prompt(obs, you, now),
        warning=last_turn_warning(obs, you) if now == Stage.PLAY else "",
        table=table(obs, you, by_place, peeking=now == Stage.PEEK),
        stock_move="draw_stock" if "draw_stock" in moves else "",
        discard_move="draw_discard" if "draw_discard" in moves else "",
        controls=controls(now, moves, asking or question),
        can_hint=now == Stage.PLAY and not (asking or question),
        reminder=value_reminder(rules),
        match_reminder=match_reminder(rules),
        sheet=sheet_view(obs, you),
        rows=rules.rows,
        cols=rules.cols,
        bots=obs.players - 1,
        asking=asking or question,
        knock_after=now == Stage.PLAY and offers_knock_after(obs),
        finished_hole=finished,
    )
    if now == Stage.SUMMARY:
        return replace(view, hole_scores=scores_view(obs, you, len(obs.results) - 1))
    if now == Stage.OVER:
        return replace(
            view,
            winner=winner_text(obs, you),
            places=places(obs, you),
            kind_line=ending_line(obs, you),
        )
    return view


def table(
    obs: Observation, you: int, by_place: dict[int, str] | None = None, peeking: bool = False
) -> Table:
    seats = {seat: seat_view(obs, seat, you, by_place or {}, peeking) for seat in obs.seats}
    return Table(
        opponents=[view for seat, view in seats.items() if seat != you],
        you=seats.get(you),
        stock_size=obs.stock_size,
        discard=card_view(obs.discard[-1], slot="pile") if obs.discard else None,
        held=card_view(obs.drawn, slot=f"hand-{you}")
        if obs.drawn and obs.current_player == you
        else None,
    )


def hole_title(number: int, rules: Rules) -> str:
    return "extra hole" if number > rules.holes else f"hole {number} of {rules.holes}"


def face_of(seat: int, you: int) -> str:
    return FACES[0] if seat == you else FACES[1 + (seat - you - 1) % (len(FACES) - 1)]


def seat_view(
    obs: Observation, seat: int, you: int, by_place: dict[int, str], peeking: bool
) -> SeatView:
    rules, cards = obs.rules, list(obs.layouts[seat])
    if seat == you and peeking:
        for pos, code in obs.memory:
            cards[pos] = code
    paired = {p: group for group in slots.pairs(cards, rules) for p in group}
    views = []
    for pos, code in enumerate(cards):
        group = paired.get(pos, [])
        views.append(
            card_view(
                code,
                place_name(pos, rules),
                move=by_place.get(pos, "") if seat == you else "",
                slot=slots.card_slot(seat, pos),
                paired=bool(group),
                zero=bool(group) and pos == group[-1],
            )
        )
    holding = None
    if obs.phase == "place" and obs.current_player == seat and seat != you:
        holding = card_view(obs.drawn, "in their hand", slot=f"hand-{seat}")
    return SeatView(
        seat=seat,
        name=seat_name(seat, you),
        face=face_of(seat, you),
        is_you=seat == you,
        cols=rules.cols,
        cards=views,
        face_down=obs.face_down_count(seat),
        total=signed(obs.totals[seat]) if obs.results else "",
        is_current=obs.current_player == seat,
        holding=holding,
    )


def controls(now: Stage, moves: set[str], asking: bool) -> list[Control]:
    if now == Stage.PEEK:
        return [Control("remember", "I remember them", "remember", primary=True)]
    if asking:
        keep = "end_turn" if "end_turn" in moves else ""
        return [Control("knock", "Knock", "knock"), Control("keep", "Keep playing", keep)]
    offered = [Control("throw", "Throw it away", "discard"), Control("knock", "Knock", "knock")]
    return [c for c in offered if c.move in moves]


def match_reminder(rules: Rules) -> str:
    if rules.match == "full_column":
        return "3 the same in a column: 0"
    if rules.rows == 3:
        return "2 the same in a column: those 2 count 0"
    return "2 the same in a column: 0"


def value_reminder(rules: Rules) -> list[tuple[str, str]]:
    values = rules.values
    shown = [("A", signed(values["A"])), ("2", signed(values["2"])), ("3–10", "= number")]
    shown += [(r, signed(values[r])) for r in ("J", "Q", "K")]
    if "JK" in values:
        shown.append(("★", signed(values["JK"])))
    return shown


def addition(values: list[int]) -> str:
    """``[6, -2, 10]`` as ``"6 − 2 + 10"``."""
    text = signed(values[0])
    for v in values[1:]:
        text += f" − {-v}" if v < 0 else f" + {v}"
    return text


def column_sum(col: ColumnScore) -> str:
    """How a column adds up, in words and numbers, matching the score breakdown exactly."""
    kept = [v for v, counted in zip(col.values, col.counts, strict=True) if counted]
    if col.matched is None:
        return addition(kept)
    word = RANK_WORDS.get(col.matched, col.matched)
    same = len(col.cards) - len(kept)
    cancel = f"The {NUMBER_WORDS[same]} {word} make 0"
    if not kept:
        return cancel
    return f"{cancel}, then {addition(kept)}"


def scores_view(obs: Observation, you: int, hole_index: int) -> list[ScoreView]:
    """Every player's layout at the end of a hole, column by column, with the totals; the
    child's first."""
    rules, result = obs.rules, obs.results[hole_index]
    running = running_totals(obs.results[: hole_index + 1], obs.players)
    views = []
    for seat, layout in enumerate(result.layouts):
        if layout is None:
            continue
        breakdown = score_cards(layout, rules)
        columns = []
        for c, col in enumerate(breakdown.columns):
            cards = []
            for row, (code, counted) in enumerate(zip(col.cards, col.counts, strict=True)):
                pos = row * rules.cols + c
                lowest = not counted and all(col.counts[row + 1 :])
                cards.append(
                    card_view(
                        code,
                        place_name(pos, rules),
                        slot=slots.card_slot(seat, pos),
                        counts=counted,
                        paired=not counted,
                        zero=lowest,
                    )
                )
            columns.append(ColumnView(cards=cards, sum=column_sum(col), total=signed(col.total)))
        views.append(
            ScoreView(
                name=seat_name(seat, you),
                columns=columns,
                bonus=signed(breakdown.bonus) if breakdown.bonus else None,
                raw=signed(result.raw[seat]),
                score=signed(result.scores[seat]),
                total=signed(running[seat]),
                seat=seat,
                face=face_of(seat, you),
                is_you=seat == you,
            )
        )
    views.sort(key=lambda v: not v.is_you)
    return views


def running_totals(results: tuple[HoleResult, ...], players: int) -> list[int]:
    totals = [0] * players
    for result in results:
        if not result.tiebreak:
            totals = [t + (s or 0) for t, s in zip(totals, result.scores, strict=True)]
    return totals


def places(obs: Observation, you: int) -> list[PlaceView]:
    """Everyone in order of their total, lowest first; equal totals share a place."""
    order = sorted(range(obs.players), key=lambda s: (obs.totals[s], s != you))
    views = []
    for seat in order:
        lower = sum(1 for t in obs.totals if t < obs.totals[seat])
        # An extra hole may have split a tie: its winners are 1st, the others after them.
        place = 1 if seat in obs.winners else max(2, 1 + lower)
        views.append(
            PlaceView(
                place=place_word(place),
                name=seat_name(seat, you),
                face=face_of(seat, you),
                total=signed(obs.totals[seat]),
                is_you=seat == you,
            )
        )
    return views


def ending_line(obs: Observation, you: int) -> str:
    """The kind line at the end: counted from the child's finished layouts."""
    rules, pairs, best = obs.rules, 0, None
    for result in obs.results:
        layout = result.layouts[you]
        if layout is None:
            continue
        pairs += sum(1 for col in score_cards(layout, rules).columns if col.matched)
        score = result.scores[you]
        best = score if best is None else min(best, score)
    return kind_line(pairs, best, len(obs.results), you in obs.winners)


def sheet_view(obs: Observation, you: int) -> SheetView | None:
    if not obs.results:
        return None
    return SheetView(
        names=[seat_name(s, you) for s in range(obs.players)],
        rows=[
            (
                "Extra hole" if r.tiebreak else f"Hole {r.number}",
                ["" if s is None else signed(s) for s in r.scores],
            )
            for r in obs.results
        ],
        totals=[signed(t) for t in obs.totals],
    )
