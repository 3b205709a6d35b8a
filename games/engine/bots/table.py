"""What a bot works out from one observation: its own cards, the cards nobody has seen yet,
and the points a column is expected to score.

Everything here is computed from an :class:`~games.engine.observation.Observation` alone,
so a bot cannot use a card its seat may not see.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product

from ..cards import RANK_OF, build_deck
from ..observation import Observation
from ..rules import Rules
from ..scoring import values_for

Ranks = tuple[str, ...]


@lru_cache(maxsize=64)
def deck_counts(rules: Rules, players: int) -> dict[str, int]:
    """How many cards of each rank the game is played with."""
    deck = build_deck(rules.decks_for(players), jokers=rules.jokers is not None)
    return dict(Counter(RANK_OF[c] for c in deck))


class ColumnPoints:
    """Points for a column whose ranks are all known, remembered per rules. Order in a
    column does not matter, so callers pass sorted ranks."""

    def __init__(self, rules: Rules) -> None:
        self.values = values_for(rules)
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
    values = values_for(rules)
    return sum(values[r] * p for r, p in _prior(rules, players))


class Table:
    """One seat's picture of the table."""

    def __init__(self, obs: Observation, forget: frozenset[int] = frozenset()) -> None:
        rules = obs.rules
        self.obs = obs
        self.rules = rules
        self.values = values_for(rules)
        self.points = column_points(rules)
        self.cols = rules.cols
        self.size = rules.size
        self.columns = tuple(tuple(range(c, rules.size, rules.cols)) for c in range(rules.cols))
        seat = obs.seat
        own = obs.layouts[seat]
        self.face_up = tuple(card is not None for card in own)
        mine: list[str | None] = [RANK_OF[c] if c is not None else None for c in own]
        unseen = dict(deck_counts(rules, obs.players))
        for pos, card in obs.memory:
            unseen[RANK_OF[card]] -= 1
            if pos not in forget:
                mine[pos] = RANK_OF[card]
        self.mine = mine
        for layout in obs.layouts:
            for card in layout:
                if card is not None:
                    unseen[RANK_OF[card]] -= 1
        for card in obs.discard:
            unseen[RANK_OF[card]] -= 1
        if obs.drawn is not None:
            unseen[RANK_OF[obs.drawn]] -= 1
        total = sum(unseen.values())
        values = self.values
        if total > 0:
            self.dist = tuple((r, n / total) for r, n in unseen.items() if n > 0)
            self.mean = sum(values[r] * p for r, p in self.dist)
        else:  # only possible in odd corners; fall back on a fresh deck
            self.dist = _prior(rules, obs.players)
            self.mean = prior_mean(rules, obs.players)
        self.shift = self.mean - prior_mean(rules, obs.players)
        self._one_hidden: dict[Ranks, float] = {}

    # --- expected points --------------------------------------------------------------

    def expect(self, known: Ranks, unknown: int) -> float:
        """Expected points of a column: ``known`` ranks (sorted) and ``unknown`` hidden cards."""
        if unknown == 0:
            return self.points(known)
        if unknown == 1:
            e = self._one_hidden.get(known)
            if e is None:
                points = self.points
                e = 0.0
                for r, p in self.dist:
                    e += p * points(tuple(sorted((*known, r))))
                self._one_hidden[known] = e
            return e
        base = prior_expectation(self.rules, self.obs.players, known, unknown)
        return base + unknown * self.shift

    def fresh(self) -> float:
        """The expected score of a layout nobody has looked at."""
        rules = self.rules
        return rules.cols * prior_expectation(rules, self.obs.players, (), rules.rows)

    def column(self, cards: list[str | None], col: int) -> tuple[Ranks, int]:
        known = [cards[p] for p in self.columns[col] if cards[p] is not None]
        return tuple(sorted(known)), len(self.columns[col]) - len(known)

    def layout_expectation(self, cards: list[str | None]) -> float:
        return sum(self.expect(*self.column(cards, c)) for c in range(self.cols))

    def placements(self, cards: list[str | None], rank: str) -> list[float]:
        """For each place, how many points the layout changes if ``rank`` goes there."""
        cols = self.cols
        before = [self.expect(*self.column(cards, c)) for c in range(cols)]
        deltas = []
        for pos in range(self.size):
            col = pos % cols
            known = [cards[p] for p in self.columns[col] if p != pos and cards[p] is not None]
            known.append(rank)
            unknown = len(self.columns[col]) - len(known)
            deltas.append(self.expect(tuple(sorted(known)), unknown) - before[col])
        return deltas

    # --- other seats ------------------------------------------------------------------

    def seen(self, seat: int) -> list[str | None]:
        """A seat's cards as this seat knows them (its own include remembered ones)."""
        if seat == self.obs.seat:
            return self.mine
        return [RANK_OF[c] if c is not None else None for c in self.obs.layouts[seat]]

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
        same = sum(1 for p in self.columns[pos % self.cols] if cards[p] == r)
        if self.rules.match == "full_column":
            return same == self.rules.rows
        return same >= 2
