"""What the game page shows, built from ``observe(state, seat)`` for the child's seat only.

Templates get these plain objects and nothing else from the engine, so a card the child may
not see can never reach the HTML.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from html import escape
from typing import NamedTuple

from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from games.engine import (
    ColumnScore,
    HoleResult,
    Observation,
    Rules,
    State,
    card_name,
    observe,
    rank,
    score_cards,
)
from games.models import Game
from games.narration import Step, place_name, seat_name
from games.turns import needs_peek, needs_summary

RANK_SHOWN = {"JK": "★"}
RANK_WORDS = {"A": "aces", "J": "jacks", "Q": "queens", "K": "kings", "JK": "jokers"}
RANK_WORDS |= {str(n): f"{n}s" for n in range(2, 11)}
NUMBER_WORDS = {2: "two", 3: "three"}
BACK = mark_safe('<span class="back" aria-hidden="true"></span>')
MODE_NAMES = {"easy4": "Four-card Golf", "classic6": "Six-card Golf", "knock9": "Knock Golf"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def points(value: int) -> str:
    """A score with a real minus sign, as children see it in books: −2."""
    return f"−{-value}" if value < 0 else str(value)


def ascii_html(html: str) -> SafeString:
    """HTML with every character beyond ASCII written as a character reference (− as
    &#8722;), for the parts of the board built here. A page all in ASCII is stored a byte a
    character and encoded for sending as it is; one minus sign anywhere made Python widen
    the whole board to two bytes a character and encode it afresh, every move."""
    if not html.isascii():
        html = html.encode("ascii", "xmlcharrefreplace").decode("ascii")
    return mark_safe(html)


@dataclass(frozen=True)
class CardView:
    code: str | None  # None: face down
    label: str
    counts: bool = True  # False in a score breakdown when a match cancelled it

    @property
    def rank(self) -> str:
        r = rank(self.code) if self.code else ""
        return RANK_SHOWN.get(r, r)

    @property
    def suit(self) -> str:
        return "" if not self.code or self.code == "JK" else self.code[-1]

    @property
    def suit_name(self) -> str:
        return SUIT_NAMES.get(self.suit, "joker")

    @property
    def face(self) -> SafeString:
        """The card's picture (hidden from screen readers: the button or image has the name)."""
        return face_html(self.code)


@cache
def face_html(code: str | None) -> SafeString:
    # Built here rather than in an included template, and once per card: a table has dozens
    # of cards, and this keeps a move request fast.
    if not code:
        return BACK
    card = CardView(code, "")
    return ascii_html(
        format_html(
            '<span class="face suit-{}" aria-hidden="true"><span class="rank">{}</span>'
            '<svg class="pip" focusable="false"><use href="{}#{}"></use></svg>'
            '<span class="letter">{}</span></span>',
            card.suit_name,
            card.rank,
            static("img/suits.svg"),
            card.suit_name,
            card.suit,
        )
    )


@dataclass(frozen=True)
class StepView:
    """A step as the replay page shows it."""

    text: str
    card: CardView | None


def step_view(step: Step) -> StepView:
    return StepView(text=step.text, card=card_view(step.card, "") if step.card else None)


def step_list(steps: list[Step], human_seat: int) -> SafeString:
    """The steps as the items of the game page's list, built here for speed, as the cards
    are. The child's own move is marked to be shown at once rather than told in turn."""
    items = []
    for step in steps:
        own = " own" if step.seat == human_seat and step.name == "You" else ""
        card = ""
        if step.card:
            card = f'<span class="card mini" aria-hidden="true">{face_html(step.card)}</span>'
        reason = ""
        if step.reason:
            said = f"{escape(step.name)} says: &ldquo;{escape(step.reason)}&rdquo;"
            reason = f'<span class="reason">{said}</span>'
        items.append(
            f'<li class="step{own}">{card}<span class="step-body">'
            f'<span class="step-text">{escape(step.text)}</span>{reason}</span></li>'
        )
    return ascii_html("".join(items))


def card_view(code: str | None, where: str, **kwargs) -> CardView:
    label = card_name(code) if code else f"face-down card, {where}"
    return CardView(code, label, **kwargs)


class SeatLook(NamedTuple):
    """Everything one player's place at the table is drawn from."""

    seat: int
    name: str
    is_you: bool
    rules: Rules
    # The cards as this page may show them: None for a face-down card. The child's own
    # are buttons that make the moves given here, place by place; the others' are there to
    # be read and are never pressed.
    cards: tuple[str | None, ...]
    moves: tuple[str | None, ...]
    face_down: int
    total: str  # "" until a hole is finished
    is_current: bool


@lru_cache(maxsize=2048)
def seat_html(look: SeatLook) -> SafeString:
    """One player's place at the table. A seat looks the same from one move to the next
    until its player moves, so each look of it is built once; and built here rather than in
    a template, as the cards are, because it is drawn for every seat on every move."""
    down = face_down_labels(look.rules)
    if look.is_you:
        cards = "".join(
            card_button(
                code,
                f"card-{look.seat}-{pos}",
                card_name(code) if code else down[pos],
                look.moves[pos],
            )
            for pos, code in enumerate(look.cards)
        )
    else:
        cards = "".join(
            card_picture(code, card_name(code) if code else down[pos])
            for pos, code in enumerate(look.cards)
        )
    facts = f"{look.face_down} face down"
    if look.total:
        facts += f" &middot; total {escape(look.total)}"
    if look.is_current:
        facts += f" &middot; <strong>{'your turn' if look.is_you else 'playing now'}</strong>"
    heading = f"seat-{look.seat}"
    return ascii_html(
        f'<section class="seat{" you" if look.is_you else ""}" aria-labelledby="{heading}">'
        f'<h2 id="{heading}" class="seat-name">'
        f"{'Your cards' if look.is_you else escape(look.name)}</h2>"
        f'<p class="seat-facts">{facts}</p>'
        f'<div class="layout cols-{look.rules.cols}">{cards}</div></section>'
    )


# The card buttons are built here rather than in a template loop, and each distinct one only
# once: a table has dozens of cards, and drawing them was a large part of a move's time.


@lru_cache(maxsize=4096)
def card_button(code: str | None, dom_id: str, label: str, move: str | None) -> str:
    """One of the child's own cards: a button that makes its move, or a disabled one."""
    if move:
        playable, action = " playable", f' name="move" value="{escape(move)}"'
    else:
        playable, action = "", " disabled"
    return (
        f'<button type="submit" form="table-form" class="card{playable}" '
        f'id="{escape(dom_id)}" aria-label="{escape(label)}"{action}>{face_html(code)}</button>'
    )


@lru_cache(maxsize=4096)
def card_picture(code: str | None, label: str) -> str:
    """Another player's card: a small named button that is never pressed."""
    return (
        f'<button type="button" class="card small" aria-label="{escape(label)}" disabled>'
        f"{face_html(code)}</button>"
    )


@lru_cache(maxsize=64)
def face_down_labels(rules: Rules) -> tuple[str, ...]:
    """What a screen reader says for a face-down card at each place: where it lies."""
    return tuple(f"face-down card, {place_name(pos, rules)}" for pos in range(rules.size))


@dataclass
class ColumnView:
    cards: list[CardView]
    sum: str  # the column as a sum a child can check: "6 − 2 + 10"
    total: str


@dataclass
class ScoreView:
    name: str
    columns: list[ColumnView]
    bonus: str | None
    raw: str
    score: str
    total: str


def match_reminder(rules: Rules) -> str:
    if rules.match == "full_column":
        return "Three the same in a column: 0"
    if rules.rows == 3:
        return "Two the same in a column: those two count 0"
    return "Two the same in a column: 0"


def value_reminder(rules: Rules) -> list[tuple[str, str]]:
    values = rules.values
    shown = [("A", points(values["A"])), ("2", points(values["2"])), ("3 to 10", "the number")]
    shown += [(r, points(values[r])) for r in ("J", "Q", "K")]
    if "JK" in values:
        shown.append(("Joker", points(values["JK"])))
    return shown


def seats_view(obs: Observation, game: Game, stage: str) -> dict[int, SafeString]:
    """Each playing seat's place at the table, drawn."""
    rules, you = obs.rules, game.human_seat
    playable = obs.legal_actions if stage == "play" else ()
    moves = {a.pos: str(a) for a in playable if a.pos is not None}
    seats = {}
    for seat in obs.seats:
        cards = obs.layouts[seat]
        if seat == you and stage == "peek":
            memory = dict(obs.memory)
            cards = tuple(
                memory.get(pos) if code is None else code for pos, code in enumerate(cards)
            )
        look = SeatLook(
            seat=seat,
            name=seat_name(seat, you),
            is_you=seat == you,
            rules=rules,
            cards=cards,
            moves=tuple(moves.get(pos) for pos in range(len(cards))) if seat == you else (),
            face_down=obs.face_down_count(seat),
            total=points(obs.totals[seat]) if obs.results else "",
            is_current=obs.current_player == seat and stage == "play",
        )
        seats[seat] = seat_html(look)
    return seats


def addition(values: list[int]) -> str:
    """``[6, -2, 10]`` as ``"6 − 2 + 10"``."""
    text = points(values[0])
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


def scores_view(game: Game, obs: Observation, hole_index: int) -> list[ScoreView]:
    rules, result = obs.rules, obs.results[hole_index]
    running = [0] * obs.players
    for r in obs.results[: hole_index + 1]:
        if not r.tiebreak:
            running = [t + (s or 0) for t, s in zip(running, r.scores, strict=True)]
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
                total=points(col.total),
            )
            for c, col in enumerate(breakdown.columns)
        ]
        views.append(
            ScoreView(
                name=seat_name(seat, game.human_seat),
                columns=columns,
                bonus=points(breakdown.bonus) if breakdown.bonus else None,
                raw=points(result.raw[seat]),
                score=points(result.scores[seat]),
                total=points(running[seat]),
            )
        )
    return views


def last_turn_warning(obs: Observation, game: Game) -> str:
    if obs.caller is None or obs.is_over:
        return ""
    who = seat_name(obs.caller, game.human_seat)
    went_out = obs.rules.out_when_all_face_up and not obs.face_down_count(obs.caller)
    did = "turned over all their cards" if went_out else "knocked"
    if obs.caller == game.human_seat:
        return f"You {did.replace('their', 'your')}. Everyone else gets one last turn."
    return f"{who} {did}. Everyone else gets one last turn, so this is your last turn!"


def winner_text(obs: Observation, game: Game) -> str:
    names = [seat_name(s, game.human_seat) for s in obs.winners]
    if len(names) == 1:
        return "You won!" if names[0] == "You" else f"{names[0]} won."
    return f"It's a tie: {' and '.join(names)} share the win."


def prompt(obs: Observation, game: Game, stage: str) -> str:
    if stage == "over":
        return f"The game is over. {winner_text(obs, game)}"
    if stage == "summary":
        return f"Hole {obs.results[-1].number} is over. Here are the scores."
    if stage == "peek":
        return "Look at your two bottom cards and remember them."
    if not obs.my_turn:
        return f"{seat_name(obs.current_player, game.human_seat)} is playing."
    kinds = {a.kind for a in obs.legal_actions}
    if obs.phase == "start":
        left = sum(1 for c in obs.layouts[game.human_seat] if c is not None)
        word = "two cards" if left == 0 else "one more card"
        return f"Turn {word} face up. Tip: pick cards in different columns."
    if obs.phase == "place":
        held = card_name(obs.drawn)
        if "discard" in kinds:
            return f"You have the {held}. Tap one of your cards to swap it, or throw it away."
        return f"You have the {held}. Tap one of your cards to swap it."
    if obs.phase == "knock":
        return "Do you want to knock? Then everyone else gets one more turn."
    text = "Your turn. Take a card from the stock or from the discard pile."
    if "flip" in kinds:
        text += " Or turn one of your cards over."
    if "knock" in kinds:
        text += " Or knock to end the hole."
    return text


def hole_title(obs: Observation, stage: str) -> str:
    # The summary is about the hole just finished, though the next one is already dealt.
    number = obs.results[-1].number if stage in ("summary", "over") else obs.hole
    if number > obs.rules.holes:
        return "extra hole"
    return f"hole {number} of {obs.rules.holes}"


def stage_of(game: Game, obs: Observation, state: State) -> str:
    if obs.is_over:
        return "over"
    if needs_summary(game, state):
        return "summary"
    if needs_peek(game, state):
        return "peek"
    return "play"


def table_context(game: Game) -> dict:
    state = game.state
    obs = observe(state, game.human_seat)
    rules = obs.rules
    stage = stage_of(game, obs, state)
    kinds = {a.kind for a in obs.legal_actions} if stage == "play" else set()
    seats = seats_view(obs, game, stage)
    context = {
        "game": game,
        "obs": obs,
        "rules": rules,
        "stage": stage,
        "prompt": prompt(obs, game, stage),
        "warning": last_turn_warning(obs, game) if stage == "play" else "",
        "opponents": [html for seat, html in seats.items() if seat != game.human_seat],
        # None in an extra tie-break hole that the child sits out.
        "you": seats.get(game.human_seat),
        "reminder": reminder_html(rules),
        "hole_title": "extra hole"
        if obs.hole > rules.holes
        else f"hole {obs.hole} of {rules.holes}",
        "stock_move": "draw_stock" if "draw_stock" in kinds else None,
        "discard_move": "draw_discard" if "draw_discard" in kinds else None,
        "discard_top": card_view(obs.discard[-1], "") if obs.discard else None,
        "held": card_view(obs.drawn, "") if obs.drawn and stage == "play" else None,
        "can_throw": "discard" in kinds,
        "can_knock": "knock" in kinds,
        "can_end_turn": "end_turn" in kinds,
        "can_hint": stage == "play" and obs.my_turn,
        "mode_name": MODE_NAMES[rules.name],
    }
    if stage in ("summary", "over") and obs.results:
        context["hole_scores"] = scores_view(game, obs, len(obs.results) - 1)
        context["last_result"] = obs.results[-1]
    if stage == "over":
        context["winner_text"] = winner_text(obs, game)
        context["totals"] = [
            (seat_name(s, game.human_seat), points(t)) for s, t in enumerate(obs.totals)
        ]
    context["score_sheet"] = sheet_html(
        SheetOf(game.public_id, len(obs.results), game.human_seat, obs.results, obs.totals)
    )
    return context


@dataclass(frozen=True)
class SheetOf:
    """A game's score sheet after so many holes. Finished holes never change, so the game
    and the count of holes are all a drawn sheet is remembered by; the rest is carried
    along to draw it the first time."""

    public_id: str
    holes: int
    human_seat: int = field(compare=False)
    results: tuple[HoleResult, ...] = field(compare=False)
    totals: tuple[int, ...] = field(compare=False)

    @property
    def names(self) -> list[str]:
        return [seat_name(s, self.human_seat) for s in range(len(self.totals))]

    @property
    def rows(self) -> list[tuple[str, list[str]]]:
        """(the hole, each player's score) for every finished hole."""
        return [
            (
                "Extra hole" if r.tiebreak else f"Hole {r.number}",
                ["" if s is None else points(s) for s in r.scores],
            )
            for r in self.results
        ]

    @property
    def totals_shown(self) -> list[str]:
        return [points(t) for t in self.totals]


# The reminder never changes in a game and the score sheet only between holes, so each is
# drawn once and then reused: together they were a third of the board's drawing time.


@lru_cache(maxsize=64)
def reminder_html(rules: Rules) -> SafeString:
    context = {"reminder": value_reminder(rules), "match_reminder": match_reminder(rules)}
    return ascii_html(render_to_string("games/values.html", context))


@lru_cache(maxsize=256)
def sheet_html(sheet: SheetOf) -> SafeString:
    if not sheet.holes:
        return mark_safe("")
    return ascii_html(render_to_string("games/sheet.html", {"sheet": sheet}))
