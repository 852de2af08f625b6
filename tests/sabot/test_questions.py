"""What a move's rules ask of the moving counter's type (``UnitType.allows``, ``moves_as``,
``moves_in``, ``turns_beyond``, read through a watched type): only what each rule needs, so
that a sampled past's watch keeps a question many types answer alike (docs/sabot.md, "Kept
replays"); and enough, so that every type answering a step's questions as another does is
offered that step and makes it alike."""

from itertools import pairwise
from typing import Any

from wargames.core.changes import replace
from wargames.core.watched import Watch, answer, watched
from wargames.sabot import Sabot, SabotState
from wargames.sabot.state import Advance, Stop, Turn

from .helpers import played

GAME = Sabot()
STATES = played(GAME, 3, 240)
STEPS = [
    (state, after.log.newest(1)[0].action)
    for state, after in pairwise(STATES)
    if state.moving is not None
    and not state.moving.watch
    and isinstance(after.log.newest(1)[0].action, Advance | Turn | Stop)
]


def _asked(state: SabotState, action: Any, kind: str) -> tuple[list[Any], bool, Any]:
    """The questions the check and the making of ``action`` ask of the moving counter's
    type when it is ``kind`` (watched), whether it is legal, and the state after it with
    the counter's type left out (None where illegal)."""
    assert state.moving is not None
    unit = state.units[state.moving.unit]
    watch: Watch[str] = Watch()
    units = list(state.units)
    units[unit.id] = replace(unit, kind=watched(kind, "kind", watch))
    mine = state.with_changes(units=tuple(units))
    legal = GAME.illegal_reason(mine, action) is None
    after = GAME.apply_unchecked(mine, action) if legal else None
    watch.on = False
    if after is not None:
        units = list(after.units)
        units[unit.id] = replace(units[unit.id], kind="")
        after = after.with_changes(units=tuple(units))
    return [(question, got) for _, question, got in watch.facts], legal, after


def _answers_alike(facts: list[Any], kind: str) -> bool:
    record = GAME.table.types[kind]
    return all(answer(question, kind, record) == got for question, got in facts)


def test_types_that_answer_a_moves_questions_alike_make_the_move_alike() -> None:
    assert len(STEPS) > 30
    assert {type(a) for _, a in STEPS} == {Advance, Turn, Stop}
    kinds = sorted(GAME.table.types)
    alike = 0
    for state, action in STEPS:
        asked = {kind: _asked(state, action, kind) for kind in kinds}
        for kind, (facts, legal, after) in asked.items():
            for other in kinds:
                if other != kind and _answers_alike(facts, other):
                    alike += 1
                    assert asked[other][1:] == (legal, after), (action, kind, other)
    assert alike > len(STEPS)  # types told apart by no question: many


def test_an_advance_or_a_turn_asks_a_type_no_more_than_its_rule_needs() -> None:
    """A step ahead asks whether the allowance covers it, not the Move itself; a turn asks
    whether one more face is allowed, not the Move nor the number of faces (VI-a, VI-d):
    a Heavy Tank and a Light Tank, both tracked, answer an advance and a turn alike where
    both have the move units and the faces left."""
    moves = [(s, a) for s, a in STEPS if isinstance(a, Advance | Turn)]
    assert moves
    for state, action in moves:
        facts, legal, _ = _asked(state, action, "HLT")
        if not legal:
            continue
        questions = {question for question, _ in facts}
        assert (".", "move") not in questions
        assert (".", "turns") not in questions
        assert (".", "type") not in questions


def test_a_stop_answered_alike_but_for_its_move_left_writes_that_alone() -> None:
    """The sampler takes a stop whose every other question an army answers alike as the
    kept replay's stop with the army's move left written (``UnitType.left_after``): so the
    answer must be written into the mover's move left and change nothing else."""
    stops = [(s, a) for s, a in STEPS if isinstance(a, Stop)]
    kinds = sorted(GAME.table.types)
    written = 0
    for state, action in stops:
        assert state.moving is not None
        mover = state.moving.unit
        asked = {kind: _asked(state, action, kind) for kind in kinds}
        for kind, (facts, legal, after) in asked.items():
            rest = [(q, got) for q, got in facts if q[:2] != ("()", "left_after")]
            lefts = [q for q, _ in facts if q[:2] == ("()", "left_after")]
            for other in kinds:
                if other == kind or not _answers_alike(rest, other):
                    continue
                assert asked[other][1] == legal
                if after is None:
                    continue
                left = after.units[mover].left
                if lefts:
                    left = answer(lefts[0], other, GAME.table.types[other])
                written += left != after.units[mover].left
                units = list(after.units)
                units[mover] = replace(units[mover], left=left)
                assert asked[other][2] == after.with_changes(units=tuple(units))
    assert written  # some types told apart by the move left alone
