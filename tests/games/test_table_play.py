"""The table, played in plain Python: no database, no page."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import PRESETS, IllegalAction, legal_actions
from games.table import (
    ANSWER,
    HAND,
    NEXT,
    SKIP,
    Answered,
    Move,
    Played,
    Setup,
    Skipped,
    Stage,
    Table,
    apply,
    legal_moves,
    on_the_line,
    parse,
    question_asked,
    rebuild,
    stage,
    stage_for,
    start,
    waited_on,
    waiting_for,
)
from lessons.core.choice import Plan, choose
from lessons.core.questions import candidates, questions_after_hole
from lessons.core.skills import Skill
from tests.engine.strategies import house_rules

LEVELS = ["random", "gentle", "steady", "sharp"]


plans = st.one_of(
    st.none(),
    st.builds(
        Plan,
        st.tuples(*(st.tuples(st.just(skill), st.integers(1, 3)) for skill in Skill)),
        st.lists(st.sampled_from(list(Skill)), max_size=2, unique=True).map(tuple),
    ),
)


@st.composite
def setups(draw) -> Setup:
    """Any mode and house rules, one to four people, and up to three bots (at least one for
    a person alone), at one device or a device each; with a device each, any of the people
    asked practice questions, each with a plan of their own or the fixed choice."""
    rules = draw(house_rules(holes=st.sampled_from([1, 2])))
    people = draw(st.integers(1, 4))
    bots = draw(st.integers(0 if people > 1 else 1, 3))
    bots = min(bots, rules.max_players - people)
    levels = [draw(st.sampled_from(LEVELS)) for _ in range(bots)]
    devices = people > 1 and draw(st.booleans())
    learners = [seat for seat in range(people) if devices and draw(st.booleans())]
    return Setup(
        rules=rules,
        seed=draw(st.integers(0, 2**40)),
        bots=(None,) * people + tuple(levels),
        gentleness=draw(st.sampled_from([None, 0.0, 1.0])),
        questions=draw(st.booleans()) or bool(learners),
        plans=tuple(draw(plans) for _ in range(people)),
        devices=devices,
        learners=tuple(learners),
    )


def pick(table: Table, rng: random.Random) -> Move:
    """A legal move, a number answer given any small number (right or not)."""
    move = rng.choice(legal_moves(table))
    if move.kind == ANSWER and move.value is None:
        return move._replace(value=rng.randint(-12, 40))
    if move.action is not None and table.setup.rules.knock == "after_turn":
        return move._replace(then_knock=rng.random() < 0.2)
    return move


def play_to_the_end(
    setup: Setup, rng: random.Random, check_at: int = -1
) -> tuple[Table, list[Move]]:
    """Random legal moves to the end of the game; at move ``check_at``, the table so far is
    checked to come back from its log and from its JSON."""
    table, events = start(setup)
    log = [event.move for event in events]
    for n in range(5_000):
        if n == check_at:
            assert rebuild(setup, log) == table
            assert Table.from_json(table.to_json(), setup) == table
        if stage(table) == Stage.OVER:
            return table, log
        moves = legal_moves(table)
        assert moves, f"nothing to do at {stage(table)}"
        table, events = apply(table, pick(table, rng))
        log += [event.move for event in events]
    raise AssertionError("the game did not end")


@settings(max_examples=60, deadline=None)
@given(setups(), st.integers(0, 2**32), st.integers(0, 60))
def test_random_legal_play_always_ends_and_its_log_replays_to_the_same_table(setup, seed, at):
    table, log = play_to_the_end(setup, random.Random(seed), check_at=at)
    assert table.state.is_over
    assert rebuild(setup, log) == table
    assert Table.from_json(table.to_json(), setup) == table


def tables_of(setup: Setup, seed: int):
    """Every table a game passes through at a person's decision, under random legal play."""
    rng = random.Random(seed)
    table, _ = start(setup)
    while stage(table) != Stage.OVER:
        yield table
        table, _ = apply(table, pick(table, rng))


@settings(max_examples=40, deadline=None)
@given(setups(), st.integers(0, 2**32))
def test_every_stage_but_the_bots_waits_for_a_person_and_offers_a_move(setup, seed):
    for table in tables_of(setup, seed):
        now = stage(table)
        assert now != Stage.BOTS  # the bots' turns are played before a table is handed back
        if now in (Stage.PLAY, Stage.PEEK):
            assert table.at_device in setup.people_seats
        assert legal_moves(table)


@settings(max_examples=40, deadline=None)
@given(setups().map(lambda setup: setup._replace(devices=True)), st.integers(0, 2**32))
def test_with_a_device_each_the_person_whose_decision_it_is_makes_it_and_the_rest_watch(
    setup, seed
):
    for table in tables_of(setup, seed):
        now = stage(table)
        assert now != Stage.PASS  # nothing is passed round
        for seat in setup.people_seats:
            seen = stage_for(table, seat)
            if now in (Stage.PLAY, Stage.PEEK):
                # Only the person the table waits for may move; everyone else watches.
                assert (seen == now) == (seat == table.at_device == waiting_for(table))
                assert (seen == Stage.WAIT) == (seat != table.at_device)
            elif now == Stage.PRACTICE:
                # Each seat answers its own questions; one done sees the scores.
                assert seen == (Stage.PRACTICE if seat in table.asking else Stage.SUMMARY)
            else:
                assert seen == now  # a hole's end and the game's are everyone's


@settings(max_examples=40, deadline=None)
@given(
    setups()
    .filter(lambda setup: len(setup.people_seats) > 1)
    .map(lambda setup: setup._replace(devices=True)),
    st.integers(0, 2**32),
    st.integers(0, 40),
)
def test_a_seat_handed_to_a_bot_is_never_waited_for_again_and_the_log_replays(setup, seed, at):
    rng = random.Random(seed)
    table, events = start(setup)
    log = [event.move for event in events]
    handed = None
    for n in range(5_000):
        if stage(table) == Stage.OVER:
            break
        if n == at:
            handed = rng.choice(table.people_seats)
            table, events = apply(table, Move(HAND, value=handed))
            log += [event.move for event in events]
            assert handed not in table.people_seats and table.unseen[handed] == ()
            with pytest.raises(IllegalAction):  # handed once only
                apply(table, Move(HAND, value=handed))
            continue
        if handed is not None and stage(table) in (Stage.PLAY, Stage.PEEK):
            assert waiting_for(table) != handed and table.at_device != handed
        table, events = apply(table, pick(table, rng))
        log += [event.move for event in events]
    assert rebuild(setup, log) == table
    assert Table.from_json(table.to_json(), setup) == table
    assert [parse(str(move)) for move in log] == log


@settings(max_examples=40, deadline=None)
@given(
    setups().filter(lambda setup: bool(setup.learners)),  # a device each, questions on
    st.integers(0, 2**32),
)
def test_a_device_waits_on_whoever_it_must_and_handing_them_all_lets_it_go_on(setup, seed):
    for table in tables_of(setup, seed):
        now = stage(table)
        for seat in setup.people_seats:
            waited = waited_on(table, seat)
            assert seat not in waited
            if stage_for(table, seat) == Stage.WAIT:
                assert waited == (table.at_device,)  # the person whose decision it is
            elif now == Stage.PRACTICE and seat not in table.asking:
                assert set(waited) == set(table.asking)  # everyone still answering
            else:
                assert waited == ()  # its own move, its own question, or nobody's
            # Handing every seat it waits on to a bot (a device away while its question
            # is open, say) closes their questions: it never waits on them again, and
            # after a hole its own device may start the next.
            handed = table
            for other in waited:
                handed, _ = apply(handed, Move(HAND, value=other))
                assert other not in handed.asking and other not in waited_on(handed, seat)
            if waited and now == Stage.PRACTICE:
                assert stage(handed) == Stage.SUMMARY
                assert Move(NEXT) in legal_moves(handed)


def test_the_last_person_at_a_table_keeps_their_seat() -> None:
    setup = Setup(PRESETS["classic6"], 3, (None, None, "gentle"), devices=True)
    table, _ = start(setup)
    table, _ = apply(table, Move(HAND, value=0))
    with pytest.raises(IllegalAction):
        apply(table, Move(HAND, value=1))
    with pytest.raises(IllegalAction):  # nor a bot's seat, nor one at one device
        apply(start(setup._replace(devices=False))[0], Move(HAND, value=0))


@settings(max_examples=30, deadline=None)
@given(setups(), st.integers(0, 2**32))
def test_a_person_is_told_only_what_happened_since_they_last_moved(setup, seed):
    for table in tables_of(setup, seed):
        for seat, told in enumerate(table.unseen):
            if setup.bots[seat] is not None:
                assert told == ()
            for event in told:
                assert isinstance(event, Played)
                # Only what everyone may see: a card drawn from the stock is not named.
                if event.action.kind == "draw_stock":
                    assert event.card is None
                    assert all(after == "" for spot, _, after in event.changes if spot[0] == "hand")


def one_child(rules=PRESETS["classic6"], **kwargs) -> Setup:
    return Setup(rules=rules, seed=kwargs.pop("seed", 7), bots=(None, "gentle"), **kwargs)


def finish_the_hole(table: Table) -> Table:
    rng = random.Random(1)
    while stage(table) in (Stage.PLAY, Stage.PEEK):
        move = rng.choice(legal_moves(table))
        table, _ = apply(table, move)
    return table


def test_a_wrong_answer_is_asked_again_then_the_next_question_comes():
    for seed in range(50):
        table = finish_the_hole(
            start(one_child(replace(PRESETS["classic6"], holes=2), seed=seed))[0]
        )
        if stage(table) == Stage.PRACTICE:
            break
    key = table.question_key(0)
    asked_now = question_asked(table)
    asked = legal_moves(table)
    wrong = (
        99
        if asked[0].value is None
        else next(m.value for m in asked if m.kind == ANSWER and m.value is not None)
    )
    right = asked_now.answer
    if wrong == right:
        wrong = next(m.value for m in asked if m.kind == ANSWER and m.value != right)
    table, events = apply(table, Move(ANSWER, value=wrong))
    assert events == [Answered(0, 0, asked_now, wrong, False, 1)]
    assert table.question_key(0) == key and table.practice[0].wrong_tries == 1
    table, events = apply(table, Move(ANSWER, value=right))
    assert events[0] == Answered(0, 0, asked_now, right, True, 2)
    assert table.question_key(0) != key or table.practice[0].answered == 1


def test_a_choice_answer_must_name_a_player_at_the_table():
    for seed in range(200):
        table = finish_the_hole(start(one_child(seed=seed))[0])
        if table.question_key(0) == "winner":
            break
    else:
        pytest.skip("no winner question in these seeds")
    with pytest.raises(IllegalAction):
        apply(table, parse("answer:99"))


def test_an_answer_with_no_number_is_refused_as_the_page_refuses_one():
    for seed in range(50):
        table = finish_the_hole(
            start(one_child(replace(PRESETS["classic6"], holes=2), seed=seed))[0]
        )
        if stage(table) == Stage.PRACTICE and not question_asked(table).choices:
            break
    else:
        pytest.skip("no number question in these seeds")
    with pytest.raises(IllegalAction) as refused:
        apply(table, Move(ANSWER))
    assert refused.value.code == "no_answer"


def test_a_move_that_is_not_one_is_refused_with_a_reason():
    for text in ("", "fly", "flip:x", "flip:²", "next:1", "answer", "answer:abc"):
        with pytest.raises(IllegalAction) as refused:
            parse(text)
        assert str(refused.value)


def test_the_table_refuses_a_move_out_of_turn_and_changes_nothing():
    table, _ = start(one_child())
    for move in (
        Move("next"),
        Move("ready"),
        Move("remember"),
        Move("skip"),
        Move(ANSWER, value=3),
    ):
        with pytest.raises(IllegalAction):
            apply(table, move)


def ready(preset: str, bots: int = 1, holes: int = 1, seed: int = 1) -> Table:
    rules = replace(PRESETS[preset], holes=holes)
    return start(Setup(rules=rules, seed=seed, bots=(None,) + ("gentle",) * bots))[0]


def play_until(table: Table, wanted, rng: random.Random, calm: bool = True) -> Table:
    """Random moves for the child until ``wanted(state)`` holds at a decision."""
    for _ in range(400):
        now = stage(table)
        if now == Stage.PLAY and wanted(table.state):
            return table
        assert now != Stage.OVER, "the game ended first"
        if now != Stage.PLAY:
            move = {Stage.PEEK: "remember", Stage.SUMMARY: "next", Stage.PRACTICE: "skip"}[now]
            table, _ = apply(table, parse(move))
            continue
        moves = [m for m in legal_moves(table) if not (calm and m.kind == "knock")]
        table, _ = apply(table, rng.choice(moves))
    raise AssertionError("never got there")


def placing_from_the_stock(state) -> bool:
    return state.phase == "place" and state.drawn_from == "stock" and state.caller is None


def test_in_knock_golf_a_turn_ends_by_itself_when_the_child_does_not_ask_to_knock():
    table = play_until(ready("knock9", holes=3), placing_from_the_stock, random.Random(1))

    table, events = apply(table, parse("discard"))

    assert [str(e.move) for e in events[:2]] == ["discard", "end_turn"]
    assert table.state.caller != 0


def test_in_knock_golf_asking_to_knock_with_a_card_face_down_asks_first():
    table = play_until(ready("knock9", holes=3), placing_from_the_stock, random.Random(2))

    table, events = apply(table, parse("discard", then_knock=True))

    assert [str(e.move) for e in events] == ["discard"]
    assert (table.state.phase, table.state.current, table.state.caller) == ("knock", 0, None)
    table, events = apply(table, parse("knock"))
    assert events[0].action.kind == "knock" and events[0].seat == 0


def test_keep_playing_after_the_knock_question_ends_the_turn_without_a_knock():
    table = play_until(ready("knock9", holes=3), placing_from_the_stock, random.Random(3))
    table, _ = apply(table, parse("discard", then_knock=True))

    table, events = apply(table, parse("end_turn"))

    assert str(events[0].move) == "end_turn"
    assert all(e.seat != 0 for e in events[1:] if isinstance(e, Played))


def test_a_knock_instead_of_drawing_is_asked_about_while_a_card_is_face_down():
    from games.table import must_ask_before_knocking

    table, _ = apply(ready("easy4"), parse("remember"))
    assert not must_ask_before_knocking(table)  # the first turn: no knock at all
    table, _ = apply(table, parse("draw_stock"))
    table, _ = apply(table, parse("discard"))
    assert stage(table) == Stage.PLAY and table.state.caller is None, "the bot knocked"

    assert must_ask_before_knocking(table)


@settings(max_examples=60, deadline=None)
@given(setups(), st.integers(0, 2**32))
def test_a_knock_instead_of_drawing_waits_for_everyones_first_turn(setup, seed) -> None:
    rng = random.Random(seed)
    table, _ = start(setup)
    while stage(table) != Stage.OVER:
        if stage(table) == Stage.PLAY:
            state = table.state
            engine_knocks = any(a.kind == "knock" for a in legal_actions(state))
            offered = any(m.kind == "knock" for m in legal_moves(table))
            if state.rules.knock == "instead_of_draw" and state.turns < len(state.seats):
                # A child who knocked now would end the hole on cards unseen since the peek.
                assert not offered
                if engine_knocks:
                    with pytest.raises(IllegalAction) as refused:
                        apply(table, parse("knock"))
                    assert refused.value.code == "knock_after_first_turn"
            else:
                assert offered == engine_knocks
        table, _ = apply(table, pick(table, rng))


def test_the_move_that_ends_a_hole_turns_every_card_still_face_down_up():
    table, rng = ready("classic6", holes=2), random.Random(8)
    ended = None
    for _ in range(300):
        table, events = apply(table, rng.choice(legal_moves(table)))
        ended = next((e for e in events if isinstance(e, Played) and e.ended_hole), None)
        if ended:
            break
    result = table.state.results[-1]
    assert ended.revealed
    for (kind, seat, pos), was, now in ended.revealed:
        assert kind == "card" and was == "" and now == result.layouts[seat][pos]


def test_a_move_out_of_turn_is_refused():
    table = play_until(ready("classic6"), lambda s: s.phase == "draw", random.Random(4))

    with pytest.raises(IllegalAction):
        apply(table, parse("next"))


def test_a_bot_that_puts_a_card_face_down_in_memory_mode_keeps_it_a_secret_in_what_is_told():
    rules = replace(PRESETS["easy4"], memory_mode=True, holes=3)
    secrets = 0
    for seed in range(30):
        table, events = start(Setup(rules=rules, seed=seed, bots=(None, "gentle", "steady")))
        rng = random.Random(seed)
        for _ in range(200):
            for event in events:
                if (
                    isinstance(event, Played)
                    and event.reason
                    and event.reason.code == "swap_memory"
                ):
                    secrets += 1
                    assert (event.reason.rank, event.reason.value) == (None, None)
            if stage(table) == Stage.OVER:
                break
            table, events = apply(table, pick(table, rng))
        if secrets:
            break
    assert secrets


# --- questions chosen for the child, and sums walked on the number line -----------------


def a_sum_asked(plan: Plan | None = None) -> Table:
    """A table whose question is a sum (a column or the total), with ``plan``."""
    for seed in range(200):
        setup = one_child(replace(PRESETS["classic6"], holes=2), seed=seed, plans=(plan,))
        table = finish_the_hole(start(setup)[0])
        asked = question_asked(table)
        if stage(table) == Stage.PRACTICE and asked is not None and asked.can_go_on_line:
            return table
    raise AssertionError("no sum asked in these seeds")


def test_a_landing_answer_is_written_and_read_as_every_landing() -> None:
    move = parse("land:-2,5")
    assert (move.kind, move.value, move.landings) == (ANSWER, 5, (-2, 5))
    assert str(move) == "land:-2,5"
    assert parse("land", landings=["−2", "5"]) == move
    for bad in ("land", "land:", "land:a,5", "land:1,,2"):
        with pytest.raises(IllegalAction):
            parse(bad)


def test_a_sum_missed_once_is_walked_on_the_number_line_landing_by_landing() -> None:
    table = a_sum_asked()
    asked = question_asked(table)
    table, _ = apply(table, Move(ANSWER, value=asked.answer + 1))
    assert table.practice[0].wrong_tries == 1
    # Every landing on the way is needed, and each must be right.
    with pytest.raises(IllegalAction) as refused:
        apply(table, Move(ANSWER, value=asked.answer, landings=(asked.answer,) * 9))
    assert refused.value.code == "land_each_step"
    walked = asked.landings
    after, events = apply(table, Move(ANSWER, value=walked[-1], landings=walked))
    assert events[0] == Answered(0, 0, asked, walked[-1], True, 2, walked)
    astray = (walked[0] + 1, *walked[1:])
    _, events = apply(table, Move(ANSWER, value=walked[-1], landings=astray))
    assert events[0].right is False


def test_landings_answer_only_a_try_on_the_number_line() -> None:
    table = a_sum_asked()
    asked = question_asked(table)
    if asked.on_line:
        pytest.skip("this seed asks on the line at once")
    with pytest.raises(IllegalAction):
        apply(table, Move(ANSWER, value=asked.answer, landings=asked.landings))


def test_a_table_set_up_to_walk_first_asks_a_sum_on_the_line_from_its_first_try() -> None:
    table = a_sum_asked()
    asked = question_asked(table)
    if asked.on_line:
        pytest.skip("this seed asks on the line at once")
    assert not on_the_line(asked, 1) and on_the_line(asked, 1, walk_first=True)
    walking = table._replace(setup=table.setup._replace(walk_first=True))
    walked = asked.landings
    _, events = apply(walking, Move(ANSWER, value=walked[-1], landings=walked))
    assert events[0] == Answered(0, 0, asked, walked[-1], True, 1, walked)
    # Missed there, it is asked on the line again.
    missed, _ = apply(walking, Move(ANSWER, value=walked[-1] + 1, landings=(*walked[:-1], 99)))
    assert missed.practice[0].wrong_tries == 1
    apply(missed, Move(ANSWER, value=walked[-1], landings=walked))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**40), st.integers(1, 3), st.integers(1, 3))
def test_a_game_with_a_plan_asks_only_its_choice_and_rebuilds_the_same(seed, adding, compare):
    plan = Plan(((Skill.ADDING, adding), (Skill.COMPARING, compare)), (Skill.PAIRS_CANCEL,))
    setup = one_child(replace(PRESETS["classic6"], holes=3), seed=seed, plans=(plan,))
    table, events = start(setup)
    rng, log = random.Random(seed), [event.move for event in events]
    while stage(table) != Stage.OVER:
        if stage(table) == Stage.PRACTICE:
            asked = question_asked(table)
            found = candidates(table.state.results, 0, setup.rules)
            assert asked in found
        move = pick(table, rng)
        table, events = apply(table, move)
        log += [event.move for event in events]
    assert rebuild(setup, log) == table


# --- each child's own questions at a table with a device each ------------------------------


def asked_by_plan(before: Table, after: Table, seat: int) -> tuple[str, ...]:
    """The questions ``seat``'s own plan chooses about its own cards of the hole that ended
    between ``before`` and ``after`` (the fixed choice without a plan)."""
    setup, results = after.setup, after.state.results
    first = seat == setup.people_seats[0]
    rng = random.Random(f"practice:{setup.seed}:{len(results)}" + ("" if first else f":{seat}"))
    plan, mine = setup.plan_of(seat), before.practice[seat]
    if plan is None:
        chosen = questions_after_hole(results, seat, setup.rules, rng)
    else:
        found = candidates(results, seat, setup.rules)
        last = len(results) == setup.rules.holes
        chosen = choose(found, plan, rng, mine.last_kind, mine.practised, last)
    return tuple(q.key for q in chosen)


learners_tables = setups().filter(lambda setup: bool(setup.learners))


@settings(max_examples=50, deadline=None)
@given(learners_tables, st.integers(0, 2**32), st.integers(0, 80))
def test_with_a_device_each_every_learner_answers_their_own_questions_and_the_table_waits(
    setup, seed, at
):
    rng = random.Random(seed)
    table, events = start(setup)
    log = [event.move for event in events]
    holes_asked = 0
    for n in range(5_000):
        if n == at:
            assert rebuild(setup, log) == table
        now = stage(table)
        if now == Stage.OVER:
            break
        if now in (Stage.PRACTICE, Stage.SUMMARY):
            # Only a learner is ever asked; the next hole waits for every open question.
            assert set(table.asking) <= set(setup.learners)
            assert (now == Stage.PRACTICE) == bool(table.asking)
            if table.asking:
                with pytest.raises(IllegalAction):
                    apply(table, Move(NEXT))
            for seat in table.asking:
                # About the seat's own cards, and only its device answers it (every answer
                # the table takes names an asked seat; another seat's is refused).
                asked = question_asked(table, seat)
                assert asked in candidates(table.state.results, seat, setup.rules)
                others = [s for s in range(setup.players) if s not in table.asking]
                for other in others:
                    with pytest.raises(IllegalAction):
                        apply(table, Move(SKIP, seat=other))
            assert {m.seat for m in legal_moves(table) if m.kind in (ANSWER, SKIP)} == set(
                table.asking
            )
        before = table
        table, events = apply(table, pick(table, rng))
        log += [event.move for event in events]
        if len(table.state.results) > len(before.state.results):
            # A hole ended: every learner is asked what its own plan chooses, at once.
            holes_asked += 1
            for seat in range(setup.players):
                wanted = asked_by_plan(before, table, seat) if seat in setup.learners else ()
                assert table.practice[seat].asked == wanted
                assert table.practice[seat].answered == 0
        for event in events:
            if isinstance(event, Answered | Skipped):
                assert event.seat in before.asking  # an answer is its own seat's
    else:
        raise AssertionError("the game did not end")
    assert holes_asked >= 1
    assert rebuild(setup, log) == table
    assert rebuild(setup, [parse(str(move)) for move in log]) == table
    assert Table.from_json(table.to_json(), setup) == table


def test_a_snapshot_from_before_each_seat_had_its_questions_reads_as_the_one_childs():
    for seed in range(50):
        table = finish_the_hole(start(one_child(seed=seed))[0])
        if stage(table) == Stage.PRACTICE:
            break
    table, _ = apply(table, pick(table, random.Random(1)))
    old = table.to_json()
    mine = old.pop("practice")[0]
    old.update(mine)  # the one child's questions, as the table kept them then
    assert Table.from_json(old, table.setup) == table
    del old["last_kind"], old["practised"]  # older still: the kind and skills not kept
    read = Table.from_json(old, table.setup)
    assert read.practice[0][:3] == table.practice[0][:3]


def test_a_log_from_before_answers_named_their_seat_replays_the_same():
    setup = one_child(replace(PRESETS["classic6"], holes=2), seed=3)
    table, log = play_to_the_end(setup, random.Random(3))
    named = [str(move) for move in log if move.seat is not None]
    assert named and all(text.endswith("@0") for text in named)
    old_log = [parse(str(move).removesuffix("@0")) for move in log]
    assert rebuild(setup, old_log) == table


def test_an_answer_names_its_seat_in_the_log_and_only_an_answer_may():
    assert str(Move(ANSWER, value=-2, seat=1)) == "answer:-2@1"
    assert parse("land:3,-2@2") == Move(ANSWER, value=-2, landings=(3, -2), seat=2)
    assert parse("skip@0") == Move(SKIP, seat=0)
    for text in ("next@1", "flip:3@1", "skip@x", "skip@", "answer:2@-1"):
        with pytest.raises(IllegalAction):
            parse(text)
