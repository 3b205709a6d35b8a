"""What the game page shows, as plain objects for the templates; no HTML here.

Everything is built from ``observe(state, seat)`` for the child's seat only, so a card the
child may not see can never reach the page.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from games.engine import (
    ColumnScore,
    HoleResult,
    Observation,
    Rules,
    card_name,
    observe,
    rank,
    score_cards,
)
from games.models import Game
from games.narration import (
    MODE_NAMES,
    Step,
    last_turn_warning,
    place_name,
    prompt,
    seat_name,
    signed,
    winner_text,
)
from games.turns import Stage, stage

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_WORDS = {"A": "aces", "J": "jacks", "Q": "queens", "K": "kings", "JK": "jokers"}
RANK_WORDS |= {str(n): f"{n}s" for n in range(2, 11)}
NUMBER_WORDS = {2: "two", 3: "three"}


@dataclass(frozen=True)
class CardView:
    code: str | None  # None: face down
    label: str  # what a screen reader says
    move: str = ""  # the move pressing it makes, for the child's own cards
    dom_id: str = ""
    counts: bool = True  # False in a score breakdown when a match cancelled it

    @property
    def rank(self) -> str:
        if not self.code:
            return ""
        return "★" if self.code == "JK" else rank(self.code)

    @property
    def suit(self) -> str:
        return "" if not self.code or self.code == "JK" else self.code[-1]

    @property
    def suit_name(self) -> str:
        return SUIT_NAMES.get(self.suit, "joker")


def card_view(code: str | None, where: str = "", **kwargs) -> CardView:
    label = card_name(code) if code else f"face-down card, {where}"
    return CardView(code, label, **kwargs)


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    is_you: bool
    cols: int
    cards: list[CardView]
    face_down: int
    total: str  # "" until a hole is finished
    is_current: bool


@dataclass(frozen=True)
class Control:
    """A button under the table that makes a move."""

    dom_id: str
    label: str
    move: str
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


@dataclass(frozen=True)
class SheetView:
    names: list[str]
    rows: list[tuple[str, list[str]]]  # (the hole, each player's score) per finished hole
    totals: list[str]


@dataclass(frozen=True)
class StepView:
    """A step as the table tells it. The child's own move is shown at once, not in turn."""

    own: bool
    name: str
    text: str
    reason: str
    card: CardView | None


def step_views(steps: list[Step], human_seat: int) -> list[StepView]:
    return [
        StepView(
            own=step.seat == human_seat and step.name == seat_name(human_seat, human_seat),
            name=step.name,
            text=step.text,
            reason=step.reason,
            card=card_view(step.card) if step.card else None,
        )
        for step in steps
    ]


@dataclass(frozen=True)
class Board:
    game: Game
    stage: Stage
    title: str
    prompt: str
    warning: str
    opponents: list[SeatView]
    you: SeatView | None  # None in an extra tie-break hole the child sits out
    stock_size: int
    stock_move: str
    discard: CardView | None
    discard_move: str
    held: CardView | None
    controls: list[Control]
    can_hint: bool
    reminder: list[tuple[str, str]]
    match_reminder: str
    sheet: SheetView | None
    hole_scores: list[ScoreView] = field(default_factory=list)
    finished_hole: int | None = None
    winner: str = ""
    totals: list[tuple[str, str]] = field(default_factory=list)


def board(game: Game) -> Board:
    """The whole table as the child sees it now."""
    state = game.state
    now = stage(game, state)
    you = game.human_seat
    obs = observe(state, you)
    rules = obs.rules
    actions = obs.legal_actions if now == Stage.PLAY else ()
    moves = {str(a) for a in actions}
    # The child's cards each make the one move that names their place: a flip or a swap.
    by_place = {a.pos: str(a) for a in actions if a.pos is not None}
    seats = {seat: seat_view(obs, seat, you, now, by_place) for seat in obs.seats}
    finished = obs.results[-1].number if now in (Stage.SUMMARY, Stage.OVER) else None
    view = Board(
        game=game,
        stage=now,
        title=f"{MODE_NAMES[rules.name]}: {hole_title(finished or obs.hole, rules)}",
        prompt=prompt(obs, you, now),
        warning=last_turn_warning(obs, you) if now == Stage.PLAY else "",
        opponents=[view for seat, view in seats.items() if seat != you],
        you=seats.get(you),
        stock_size=obs.stock_size,
        stock_move="draw_stock" if "draw_stock" in moves else "",
        discard=card_view(obs.discard[-1]) if obs.discard else None,
        discard_move="draw_discard" if "draw_discard" in moves else "",
        held=card_view(obs.drawn) if obs.drawn and now == Stage.PLAY else None,
        controls=controls(now, moves),
        can_hint=now == Stage.PLAY,
        reminder=value_reminder(rules),
        match_reminder=match_reminder(rules),
        sheet=sheet_view(obs, you),
        finished_hole=finished,
    )
    if finished is None:
        return view
    extra: dict = {"hole_scores": scores_view(obs, you, len(obs.results) - 1)}
    if now == Stage.OVER:
        extra["winner"] = winner_text(obs, you)
        extra["totals"] = [(seat_name(s, you), signed(t)) for s, t in enumerate(obs.totals)]
    return replace(view, **extra)


def hole_title(number: int, rules: Rules) -> str:
    return "extra hole" if number > rules.holes else f"hole {number} of {rules.holes}"


def seat_view(
    obs: Observation, seat: int, you: int, now: Stage, by_place: dict[int, str]
) -> SeatView:
    rules, cards = obs.rules, list(obs.layouts[seat])
    if seat == you and now == Stage.PEEK:
        for pos, code in obs.memory:
            cards[pos] = code
    views = []
    for pos, code in enumerate(cards):
        where = place_name(pos, rules)
        if seat != you:
            views.append(card_view(code, where))
            continue
        move = by_place.get(pos, "")
        views.append(card_view(code, where, move=move, dom_id=f"card-{seat}-{pos}"))
    return SeatView(
        seat=seat,
        name=seat_name(seat, you),
        is_you=seat == you,
        cols=rules.cols,
        cards=views,
        face_down=obs.face_down_count(seat),
        total=signed(obs.totals[seat]) if obs.results else "",
        is_current=obs.current_player == seat and now == Stage.PLAY,
    )


def controls(now: Stage, moves: set[str]) -> list[Control]:
    if now == Stage.PEEK:
        return [Control("remember", "I remember them", "remember", primary=True)]
    offered = [
        Control("throw", "Throw it away", "discard"),
        Control("knock", "Knock", "knock"),
        Control("end-turn", "Don't knock", "end_turn"),
    ]
    return [c for c in offered if c.move in moves]


def match_reminder(rules: Rules) -> str:
    if rules.match == "full_column":
        return "Three the same in a column: 0"
    if rules.rows == 3:
        return "Two the same in a column: those two count 0"
    return "Two the same in a column: 0"


def value_reminder(rules: Rules) -> list[tuple[str, str]]:
    values = rules.values
    shown = [("A", signed(values["A"])), ("2", signed(values["2"])), ("3 to 10", "the number")]
    shown += [(r, signed(values[r])) for r in ("J", "Q", "K")]
    if "JK" in values:
        shown.append(("Joker", signed(values["JK"])))
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
    """Every player's layout at the end of a hole, column by column, with the totals."""
    rules, result = obs.rules, obs.results[hole_index]
    running = running_totals(obs.results[: hole_index + 1], obs.players)
    views = []
    for seat, layout in enumerate(result.layouts):
        if layout is None:
            continue
        breakdown = score_cards(layout, rules)
        columns = [
            ColumnView(
                cards=[
                    card_view(code, place_name(row * rules.cols + c, rules), counts=counted)
                    for row, (code, counted) in enumerate(zip(col.cards, col.counts, strict=True))
                ],
                sum=column_sum(col),
                total=signed(col.total),
            )
            for c, col in enumerate(breakdown.columns)
        ]
        views.append(
            ScoreView(
                name=seat_name(seat, you),
                columns=columns,
                bonus=signed(breakdown.bonus) if breakdown.bonus else None,
                raw=signed(result.raw[seat]),
                score=signed(result.scores[seat]),
                total=signed(running[seat]),
            )
        )
    return views


def running_totals(results: tuple[HoleResult, ...], players: int) -> list[int]:
    totals = [0] * players
    for result in results:
        if not result.tiebreak:
            totals = [t + (s or 0) for t, s in zip(totals, result.scores, strict=True)]
    return totals


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
