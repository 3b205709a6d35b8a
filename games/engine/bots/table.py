"""What a bot works out from one observation: its own cards, the cards nobody has seen yet,
and the points a column is expected to score.

Everything here is computed from an :class:`~games.engine.observation.Observation` alone,
so a bot cannot use a card its seat may not see.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from itertools import product
from operator import itemgetter

from ..cards import JOKER, STANDARD_DECK, build_deck, rank
from ..observation import Observation
from ..rules import Rules
from ..tally import RANK_SHIFT, cards_in, points_in

Ranks = tuple[str, ...]
# See Table.slots.
Slot = tuple[int, str | None, str | None, int, float, bool, bool, int]
# With more than two rows, for a place: the known cards in the rest of its column (in column
# order) and the column's expected points as it is. See Table._column_rests.
Rest = tuple[Ranks, float]


RANK_OF = {code: rank(code) for code in (*STANDARD_DECK, JOKER)}


@lru_cache(maxsize=64)
def deck_counts(rules: Rules, players: int) -> dict[str, int]:
    """How many cards of each rank the game is played with."""
    deck = build_deck(rules.decks_for(players), jokers=rules.jokers is not None)
    return dict(Counter(RANK_OF[c] for c in deck))


class ColumnPoints:
    """Points for a column whose ranks are all known, remembered per rules. Order in a
    column does not matter, so callers pass sorted ranks."""

    def __init__(self, rules: Rules) -> None:
        self.values = rules.values
        self.full_column = rules.match == "full_column"
        self.rows = rules.rows
        self.cache: dict[Ranks, int] = {}

    def __call__(self, ranks: Ranks) -> int:
        points = self.cache.get(ranks)
        if points is None:
            points = self.cache[ranks] = self._score(ranks)
        return points

    def _score(self, ranks: Ranks) -> int:
        values = self.values
        if len(ranks) == self.rows and len(set(ranks)) == 1:
            return 0
        if not self.full_column and len(ranks) == self.rows:
            for r in ranks:
                if ranks.count(r) >= 2:
                    return sum(values[x] for x in ranks if x != r)
        return sum(values[x] for x in ranks)


@lru_cache(maxsize=64)
def column_points(rules: Rules) -> ColumnPoints:
    return ColumnPoints(rules)


@lru_cache(maxsize=64)
def _prior(rules: Rules, players: int) -> tuple[tuple[str, float], ...]:
    counts = deck_counts(rules, players)
    total = sum(counts.values())
    return tuple((r, n / total) for r, n in counts.items())


@lru_cache(maxsize=4096)
def prior_expectation(rules: Rules, players: int, known: Ranks, unknown: int) -> float:
    """Expected points of a column with ``unknown`` cards drawn from a fresh deck (used for
    columns with two or more hidden cards, where the exact sum would be slow)."""
    points = column_points(rules)
    total = 0.0
    for combo in product(_prior(rules, players), repeat=unknown):
        p = 1.0
        for _, q in combo:
            p *= q
        total += p * points(tuple(sorted(known + tuple(r for r, _ in combo))))
    return total


@lru_cache(maxsize=64)
def prior_mean(rules: Rules, players: int) -> float:
    values = rules.values
    return sum(values[r] * p for r, p in _prior(rules, players))


class Shape:
    """What a bot needs to know about the rules, worked out once per rules and player count."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules, self.players = rules, players
        self.values = rules.values
        # The same with 0 for a face-down place, so whole layouts can be summed in one go.
        self.values_or_none: dict[str | None, int] = {**self.values, None: 0}
        self.points = column_points(rules)
        self.rows, self.cols, self.size = rules.rows, rules.cols, rules.size
        self.columns = tuple(tuple(range(c, rules.size, rules.cols)) for c in range(rules.cols))
        # Each column's cards from a layout, top to bottom, as a tuple (two rows or more).
        self.column_cards = tuple(itemgetter(*c) for c in self.columns)
        # Each place's column and row.
        self.where = tuple((pos % rules.cols, pos // rules.cols) for pos in range(self.size))
        # The other places in each place's column.
        self.others = tuple(
            tuple(q for q in self.columns[pos % rules.cols] if q != pos) for pos in range(self.size)
        )
        # With two rows, the one other place in each place's column.
        self.partner = tuple(o[0] for o in self.others) if rules.rows == 2 else None
        # How many equal cards make a match.
        self.need = rules.rows if rules.match == "full_column" else 2
        self.full_column = rules.match == "full_column"
        self.four = rules.four_of_a_kind is not None
        self.deck = deck_counts(rules, players)
        self.cards = sum(self.deck.values())
        self.deck_value = sum(self.values[r] * n for r, n in self.deck.items())
        self.prior_mean = prior_mean(rules, players)
        # Every card as a tally (see tally.py), and where each rank's count is in one.
        self.tally: dict[str | None, int] = dict(rules.tallies)
        self.bit = RANK_SHIFT
        self.deck_all = {r: self.deck.get(r, 0) for r in self.bit}
        # Expected points of a two-card column with both cards hidden, from a fresh deck.
        self.prior_pair = prior_expectation(rules, players, (), 2)
        self.fresh = rules.cols * prior_expectation(rules, players, (), rules.rows)
        # prior_expectation by (sorted known ranks, hidden cards), for these rules and this
        # many players: looked up without hashing a Rules, which is slow.
        self.priors: dict[tuple[Ranks, int], float] = {}
        # Filled as columns are met: see split.
        self.splits: dict[tuple[str | None, ...], tuple[Ranks, tuple[Ranks, ...]]] = {}

    def prior(self, known: Ranks, unknown: int) -> float:
        """:func:`prior_expectation` with these rules and players; ``known`` sorted."""
        key = (known, unknown)
        base = self.priors.get(key)
        if base is None:
            base = self.priors[key] = prior_expectation(self.rules, self.players, known, unknown)
        return base

    def split(self, column: tuple[str | None, ...]) -> tuple[Ranks, tuple[Ranks, ...]]:
        """A column's known ranks (None where a card is face down), top to bottom, and for
        each of its places the known ranks in the rest of the column, top to bottom."""
        found = self.splits.get(column)
        if found is None:
            known = tuple([r for r in column if r is not None])
            rests = tuple(
                tuple([r for j, r in enumerate(column) if j != i and r is not None])
                for i in range(len(column))
            )
            found = self.splits[column] = (known, rests)
        return found


@lru_cache(maxsize=64)
def _shape(rules: Rules, players: int) -> Shape:
    return Shape(rules, players)


_last_shape: list[Shape] = []


def shape(rules: Rules, players: int) -> Shape:
    # Hashing a Rules is slow, and one game asks with the same Rules object every time.
    if _last_shape:
        sh = _last_shape[0]
        if sh.rules is rules and sh.players == players:
            return sh
    sh = _shape(rules, players)
    _last_shape[:] = [sh]
    return sh


# A card's rank, and None for a face-down place.
_RANK = {**RANK_OF, None: None}


class Table:
    """One seat's picture of the table."""

    __slots__ = (
        "obs", "rules", "shape", "values", "points", "rows", "cols", "size", "columns",
        "others", "need", "full_column", "partner", "_face_up", "mine", "_tally", "_unseen",
        "_fallback", "inv_total", "mean", "shift", "_matched", "hidden_pair", "_befores",
        "_slots", "_others",
    )  # fmt: skip

    def __init__(self, obs: Observation, forget: frozenset[int] = frozenset()) -> None:
        rules = obs.rules
        sh = shape(rules, obs.players)
        self.obs, self.rules, self.shape = obs, rules, sh
        self.values = sh.values
        self.points = sh.points
        self.rows, self.cols, self.size = sh.rows, sh.cols, sh.size
        self.columns, self.others, self.need = sh.columns, sh.others, sh.need
        self.full_column, self.partner = sh.full_column, sh.partner
        mine = [_RANK[card] for card in obs.layouts[obs.seat]]
        # Every card this seat has seen, as a tally (see tally.py): the engine keeps the
        # cards in view; a card held from the stock and remembered ones are this seat's own.
        tally = sh.tally
        seen = obs.in_view
        if obs.drawn_from == "stock" and obs.drawn is not None:
            seen += tally[obs.drawn]
        for pos, card in obs.memory:
            seen += tally[card]
            if pos not in forget:
                mine[pos] = RANK_OF[card]
        self.mine = mine
        total = sh.cards - cards_in(seen)
        self._unseen: dict[str, int] | None = None
        if total > 0:
            self._tally = seen
            self._fallback = False
            self.inv_total = 1.0 / total
            self.mean = (sh.deck_value - points_in(seen)) / total
        else:  # only possible in odd corners; fall back on a fresh deck
            self._tally = 0
            self._fallback = True
            self.inv_total = 1.0 / sh.cards
            self.mean = sh.prior_mean
        self.shift = self.mean - sh.prior_mean
        # Expected points of a two-card column with both cards hidden.
        self.hidden_pair = sh.prior_pair + 2 * self.shift
        self._face_up: list[bool] | None = None
        self._matched: list[bool] | None = None
        self._befores: list | None = None
        self._slots: list[Slot] | None = None
        self._others: dict[int, list] | None = None

    @property
    def face_up(self) -> list[bool]:
        """For each of this seat's places, whether its card is face up."""
        if self._face_up is None:
            self._face_up = [card is not None for card in self.obs.layouts[self.obs.seat]]
        return self._face_up

    @property
    def matched_now(self) -> list[bool]:
        """For each place, whether its card is part of a match this seat knows of."""
        if self._matched is None:
            mine = self.mine
            if self.partner is not None:
                self._matched = [
                    r is not None and r == mine[q] for r, q in zip(mine, self.partner, strict=True)
                ]
            else:
                # The same count as matched(), from the rest of each column.
                need = self.need - 1
                self._matched = [
                    r is not None and rest.count(r) >= need
                    for r, (rest, _) in zip(mine, self.mine_places(), strict=True)
                ]
        return self._matched

    def pairings(self, rank: str) -> list[bool]:
        """For each place, whether ``rank`` put there would match the known cards of its
        column in this seat's layout."""
        mine = self.mine
        if self.partner is not None:
            return [mine[q] == rank for q in self.partner]
        # With more rows, the same count as matched(), from the rest of each column.
        need = self.need - 1
        return [rest.count(rank) >= need for rest, _ in self.mine_places()]

    def slots(self) -> list[Slot]:
        """With two rows, for each of this seat's places in order: (place, its card, the
        other card in its column, that card's value, the column's expected points as it is,
        face up, part of a match, its card's value)."""
        if self._slots is None:
            own, mine, cols = self.obs.layouts[self.obs.seat], self.mine, self.cols
            values, mean, inv = self.shape.values_or_none, self.mean, self.inv_total
            deck, bit, tally = self.shape.deck_all, self.shape.bit, self._tally
            slots: list[Slot] = [None] * self.size  # type: ignore[list-item]
            for top in range(cols):
                bottom = top + cols
                a, b = mine[top], mine[bottom]
                va, vb = values[a], values[b]
                if a is None:
                    if b is None:
                        before = self.hidden_pair
                    else:
                        before = vb + mean - 2.0 * (deck[b] - (tally >> bit[b] & 255)) * inv * vb
                elif b is None:
                    before = va + mean - 2.0 * (deck[a] - (tally >> bit[a] & 255)) * inv * va
                else:
                    before = 0.0 if a == b else va + vb
                matched = a is not None and a == b
                slots[top] = (top, a, b, vb, before, own[top] is not None, matched, va)
                slots[bottom] = (bottom, b, a, va, before, own[bottom] is not None, matched, vb)
            self._slots = slots
        return self._slots

    @property
    def unseen(self) -> dict[str, int]:
        """How many cards of each rank this seat has not seen."""
        if self._unseen is None:
            deck = self.shape.deck
            if self._fallback:
                self._unseen = deck
            else:
                bit, tally = self.shape.bit, self._tally
                self._unseen = {r: n - (tally >> bit[r] & 255) for r, n in deck.items()}
        return self._unseen

    def _count(self, rank: str) -> int:
        # (After a fall back on a fresh deck, nothing counts as seen.)
        return self.shape.deck_all[rank] - (self._tally >> self.shape.bit[rank] & 255)

    def chance(self, rank: str) -> float:
        """The chance that a card this seat has not seen is of ``rank``."""
        # _count, written out: the three-row sums ask this for every place.
        sh = self.shape
        return (sh.deck_all[rank] - (self._tally >> sh.bit[rank] & 255)) * self.inv_total

    def chances(self) -> list[tuple[str, float]]:
        inv = self.inv_total
        return [(r, n * inv) for r, n in self.unseen.items() if n > 0]

    # --- expected points --------------------------------------------------------------

    def expect(self, known: Ranks, unknown: int) -> float:
        """Expected points of a column: ``known`` ranks (any order) and ``unknown`` hidden
        cards drawn from the cards this seat has not seen."""
        if unknown == 0:
            return self.points(tuple(sorted(known)))
        rows, values, chance = self.rows, self.values, self.chance
        if unknown == 1 and rows == 2:
            k = known[0]
            v = values[k]
            return v + self.mean - 2.0 * chance(k) * v
        if unknown == 1 and rows == 3:
            a, b = known
            return self._one_hidden_of_three(a, b, values[b], chance(b))
        if unknown == 1:
            points = self.points
            return sum(q * points(tuple(sorted((*known, r)))) for r, q in self.chances())
        return self.shape.prior(tuple(sorted(known)), unknown) + unknown * self.shift

    def _one_hidden_of_three(self, a: str, b: str, vb: int, pb: float) -> float:
        """``expect((a, b), 1)`` with three rows, given ``b``'s value and chance (a caller
        trying one ``b`` in many columns works them out once)."""
        va, pa = self.values[a], self.chance(a)
        if a == b:
            if self.full_column:
                return (1.0 - pa) * 2 * va + self.mean - pa * va
            return self.mean - pa * va
        if self.full_column:
            return va + vb + self.mean
        rest = self.mean - pa * va - pb * vb
        return pa * vb + pb * va + (1.0 - pa - pb) * (va + vb) + rest

    def fresh(self) -> float:
        """The expected score of a layout nobody has looked at."""
        return self.shape.fresh

    def column(self, cards: list[str | None], col: int) -> tuple[Ranks, int]:
        known = tuple(cards[p] for p in self.columns[col] if cards[p] is not None)
        return known, self.rows - len(known)

    def expectation_with(self, pos: int, rank: str) -> float:
        """``layout_expectation`` of this seat's cards with ``rank`` put at ``pos``."""
        # Only that column changes: the same sums, the others reused.
        cols, mine = self.cols, self.mine
        col = pos % cols
        if self.partner is not None:
            # Two rows: the columns' points as they are, from the first row's slots, and
            # the changed column's two cards without copying the layout.
            befores = [slot[4] for slot in self.slots()[:cols]]
            if pos == col:
                befores[col] = self._column_before(rank, mine[col + cols])
            else:
                befores[col] = self._column_before(mine[col], rank)
            return sum(befores)
        cards = list(mine)
        cards[pos] = rank
        befores = [place[-1] for place in self.mine_places()[:cols]]
        befores[col] = self.expect(*self.column(cards, col))
        return sum(befores)

    def _column_before(self, a: str | None, b: str | None) -> float:
        """Expected points of a two-card column (the sums of :meth:`_places_two_rows`)."""
        if a is None and b is None:
            return self.hidden_pair
        values, mean, inv = self.values, self.mean, self.inv_total
        if a is None or b is None:
            k = a if b is None else b
            vk = values[k]
            return vk + mean - 2.0 * self._count(k) * inv * vk
        return 0.0 if a == b else values[a] + values[b]

    def layout_expectation(self, cards: list[str | None]) -> float:
        if self.partner is None and (cards is not self.mine or self._befores is None):
            # More rows, and no places worked out yet: the columns alone (the same sums as
            # expectation_from), without the rest of every place, which may not be needed.
            sh, expect, rows = self.shape, self.expect, self.rows
            knowns = [sh.split(column(cards))[0] for column in sh.column_cards]
            return sum([expect(known, rows - len(known)) for known in knowns])
        return self.expectation_from(self.places(cards))

    def expectation_from(self, places: list) -> float:
        """:meth:`layout_expectation` from a layout's :meth:`places`: the sum of its columns'
        expected points (the first row's places name every column once, in order)."""
        return sum([place[-1] for place in places[: self.cols]])

    def placements(self, cards: list[str | None], rank: str) -> list[float]:
        """For each place, how many points the layout changes if ``rank`` goes there."""
        return self.placements_from(self.places(cards), rank)

    # A layout's places: for each place, all that placements needs to know of the layout,
    # whatever the rank placed, with the column's expected points as it is last. Two rows
    # and more are told apart once, here, so that the sums below need not ask again.

    def places(self, cards: list[str | None]) -> list:
        """:meth:`_places_two_rows` or, with more rows, :meth:`_column_rests` of ``cards``
        (this seat's own worked out once)."""
        if cards is self.mine:
            return self.mine_places()
        if self.partner is not None:
            return self._places_two_rows(cards)
        return self._column_rests(cards)

    def mine_places(self) -> list:
        if self._befores is None:
            if self.partner is not None:
                self._befores = [(o, vo, before) for _, _, o, vo, before, _, _, _ in self.slots()]
            else:
                self._befores = self._column_rests(self.mine)
        return self._befores

    def places_of(self, seat: int) -> list:
        """:meth:`places` of ``seat``'s cards as this seat knows them, worked out once per
        seat: going out and feeding both look at the next player."""
        if seat == self.obs.seat:
            return self.mine_places()
        if self._others is None:
            self._others = {}
        places = self._others.get(seat)
        if places is None:
            places = self._others[seat] = self.places(self.seen(seat))
        return places

    def placements_from(self, places: list, rank: str) -> list[float]:
        """:meth:`placements` from a layout's :meth:`places`."""
        if self.partner is None:
            return self._placements_after(places, rank)
        # Two rows: the same sums as expect(), written out.
        v = self.values[rank]
        count = self._count(rank)
        alone = v + self.mean - 2.0 * count * self.inv_total * v
        return [
            (alone if o is None else (0.0 if o == rank else vo + v)) - before
            for o, vo, before in places
        ]

    def _places_two_rows(self, cards: list[str | None]) -> list[tuple[str | None, int, float]]:
        """For each place: the other card in its column, that card's value (0 if face down),
        and the column's expected points as it is (the sums of :meth:`slots`)."""
        values, mean, cols, inv = self.shape.values_or_none, self.mean, self.cols, self.inv_total
        deck, bit, tally = self.shape.deck_all, self.shape.bit, self._tally
        places: list[tuple[str | None, int, float]] = [None] * self.size  # type: ignore[list-item]
        for top in range(cols):
            bottom = top + cols
            a, b = cards[top], cards[bottom]
            va, vb = values[a], values[b]
            if a is None:
                if b is None:
                    before = self.hidden_pair
                else:
                    before = vb + mean - 2.0 * (deck[b] - (tally >> bit[b] & 255)) * inv * vb
            elif b is None:
                before = va + mean - 2.0 * (deck[a] - (tally >> bit[a] & 255)) * inv * va
            else:
                before = 0.0 if a == b else va + vb
            places[top] = (b, vb, before)
            places[bottom] = (a, va, before)
        return places

    def _column_rests(self, cards: list[str | None]) -> list[Rest]:
        """With more than two rows, for each place: the known cards in the rest of its
        column, in column order, and the column's expected points as it is."""
        sh, expect, rows = self.shape, self.expect, self.rows
        splits = [sh.split(column(cards)) for column in sh.column_cards]
        befores = [expect(known, rows - len(known)) for known, _ in splits]
        return [(splits[col][1][row], befores[col]) for col, row in sh.where]

    def _placements_after(self, rests: list[Rest], rank: str) -> list[float]:
        """:meth:`placements` with more than two rows, from a layout's :meth:`_column_rests`:
        the expected points of the rest of each column with ``rank`` added, less those of
        the column as it is."""
        expect, rows = self.expect, self.rows
        if rows != 3:
            return [expect((*rest, rank), rows - 1 - len(rest)) - before for rest, before in rests]
        # Three rows: expect() case by case, with the work that depends only on the rank
        # done once (this is the bots' innermost loop).
        v, p = self.values[rank], self.chance(rank)
        one_hidden, points = self._one_hidden_of_three, self.points
        alone: float | None = None  # expect((rank,), 2), the same in every such column
        deltas = []
        for rest, before in rests:
            known = len(rest)
            if known == 1:
                after = one_hidden(rest[0], rank, v, p)
            elif known == 2:
                after = points(tuple(sorted((*rest, rank))))
            else:
                if alone is None:
                    alone = expect((rank,), 2)
                after = alone
            deltas.append(after - before)
        return deltas

    def least_change(self, rank: str) -> float:
        """``min(placements(self.mine, rank))``: the lowest change ``rank`` makes at any place,
        allowed by the bots' manners or not."""
        if self.partner is None:
            return min(self.placements(self.mine, rank))
        v = self.values[rank]
        alone = v + self.mean - 2.0 * self._count(rank) * self.inv_total * v
        # The same sums as placements_from, without the list of places.
        return min(
            [
                (alone if o is None else (0.0 if o == rank else vo + v)) - before
                for _, _, o, vo, before, _, _, _ in self.slots()
            ]
        )

    def gains(self, cards: list[str | None]) -> Callable[[str], float]:
        """A function giving, for a rank, the most the layout ``cards`` could drop by taking
        it: ``-min(placements(cards, rank))``, with the work that does not depend on the
        rank done once."""
        return self._gains_from(self.places(cards))

    def gains_of(self, seat: int) -> Callable[[str], float]:
        """:meth:`gains` of ``seat``'s cards as this seat knows them."""
        return self._gains_from(self.places_of(seat))

    def _gains_from(self, places: list) -> Callable[[str], float]:
        if self.partner is None:
            return lambda rank: -min(self._placements_after(places, rank))
        # Two rows: places are (the other card in the place's column, its value, the
        # column's points before).
        values, chance, mean = self.values, self.chance, self.mean

        def gain(rank: str) -> float:
            v = values[rank]
            alone = v + mean - 2.0 * chance(rank) * v
            best = float("-inf")
            for other, value, before in places:
                if other is None:
                    g = before - alone
                elif other == rank:
                    g = before
                else:
                    g = before - v - value
                if g > best:
                    best = g
            return best

        return gain

    # --- other seats ------------------------------------------------------------------

    def seen(self, seat: int) -> list[str | None]:
        """A seat's cards as this seat knows them (its own include remembered ones)."""
        if seat == self.obs.seat:
            return self.mine
        return [_RANK[c] for c in self.obs.layouts[seat]]

    def next_seat(self) -> int:
        seats = self.obs.seats
        return seats[(seats.index(self.obs.seat) + 1) % len(seats)]

    def opponents(self) -> list[int]:
        return [s for s in self.obs.seats if s != self.obs.seat]

    def matched(self, cards: list[str | None], pos: int) -> bool:
        """Whether the card at ``pos`` is part of a match among the known cards of its column."""
        r = cards[pos]
        if r is None:
            return False
        same = 1
        for q in self.others[pos]:
            if cards[q] == r:
                same += 1
        return same >= self.need
