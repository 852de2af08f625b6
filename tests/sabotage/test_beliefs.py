"""Worlds that read the record (issue 38): within what the rules prove, a world weighs a piece
that never moved towards the immovable kinds, and the Headquarters towards the squares the
set-up evaluation makes safest (:class:`wargames.sabotage.history.Beliefs`), from the view
alone."""

import random
from collections import Counter

import attrs
import pytest

from wargames.bots import GreedyBot
from wargames.bots.base import moves
from wargames.core.errors import UnknownOption
from wargames.sabotage import Kind, Sabotage, SabotageState
from wargames.sabotage.evaluation import headquarters_safety
from wargames.sabotage.history import BELIEFS, NO_BELIEFS, Beliefs, read_past
from wargames.sabotage.pieces import IMMOVABLE

from .helpers import variant

WORLDS = 200
IDLE = Beliefs(stay=0.87, headquarters=0)
"""Beliefs that weigh the turns a piece could have moved in (the library's ``stay`` is 1: it
found the Headquarters less often, docs/bots-record.md)."""


def played(game: Sabotage, seed: int, actions: int) -> SabotageState:
    """Mini Sabotage with the players' set-up, greedy against greedy for ``actions`` actions."""
    bots = {p: GreedyBot(seed * 31 + i) for i, p in enumerate(game.players)}
    start = game.start(seed, deploy=False)
    states = [state for _, state in moves(game, bots, start, max_actions=actions)]
    assert isinstance(states[-1], SabotageState)
    return states[-1]


def believing(beliefs: Beliefs) -> Sabotage:
    """Mini Sabotage whose worlds are drawn with ``beliefs`` (the ``beliefs`` option)."""
    game = variant("SM", beliefs=attrs.asdict(beliefs))
    assert game.beliefs == beliefs
    return game


def kinds_drawn(game: Sabotage, state: SabotageState, player: str, piece: int) -> Counter[Kind]:
    """The kinds :data:`WORLDS` of ``player``'s worlds give ``piece``."""
    view = game.view(state, player)
    rng = random.Random(41)
    worlds = [game.determinize(view, player, rng) for _ in range(WORLDS)]
    return Counter(p.kind for w in worlds for p in w.cells if p is not None and p.id == piece)


def test_with_stay_pieces_that_could_move_for_many_turns_and_never_did_are_drawn_immovable() -> (
    None
):
    game = believing(NO_BELIEFS)  # the game played as the bots would by the rules alone
    state = played(game, 905, 120)
    assert game.outcome(state) is None
    past = read_past(game, game.view(state, "green"), "green")
    unmoved = [p for p, kinds in past.domains.items() if kinds & IMMOVABLE and kinds - IMMOVABLE]
    idle = [p for p in unmoved if past.idle[p] >= 15]
    busy = [p for p in unmoved if past.idle[p] <= 1]
    assert len(idle) >= 2, "pieces red could have moved in fifteen turns at least"
    assert busy, "pieces red could have moved in one turn at most"
    immovable = {}
    for beliefs in (IDLE, NO_BELIEFS):
        sampler = believing(beliefs)
        for group, pieces in (("idle", idle), ("busy", busy)):
            drawn = [kinds_drawn(sampler, state, "green", p) for p in pieces]
            immovable[beliefs, group] = sum(c[k] for c in drawn for k in IMMOVABLE)
    assert immovable[IDLE, "idle"] > immovable[NO_BELIEFS, "idle"] + 0.2 * WORLDS
    assert immovable[IDLE, "busy"] < immovable[NO_BELIEFS, "busy"]


def test_the_headquarters_is_drawn_where_the_set_up_evaluation_puts_it_more_often() -> None:
    game = variant("SM")
    state = played(game, 902, 48)  # both armies set up, nothing moved
    safest = {i for i, s in headquarters_safety(game.layout, 1).items() if s == 1}
    counts = []
    for beliefs in (BELIEFS, NO_BELIEFS):
        sampler = believing(beliefs)
        view = sampler.view(state, "green")
        rng = random.Random(5)
        worlds = [sampler.determinize(view, "green", rng) for _ in range(WORLDS)]
        counts.append(
            sum(
                1
                for w in worlds
                for i, p in enumerate(w.cells)
                if p is not None and p.kind is Kind.HEADQUARTERS and p.owner == "red"
                if i in safest
            )
        )
    assert counts[0] > 0.3 * WORLDS > 0.15 * WORLDS > counts[1]


def test_the_weights_read_the_view_alone() -> None:
    # Two states alike but for two of red's pieces that green has never seen (never moved,
    # never fought, never beside a Recon) give green the same view, so the same worlds.
    game = variant("SM")
    state = played(game, 903, 120)
    view = game.view(state, "green")
    past = read_past(game, view, "green")
    hidden = [
        i
        for i, p in enumerate(state.cells)
        if p is not None and p.owner == "red" and not p.revealed and past.domains[p.id] >= IMMOVABLE
    ]
    first, second = next(
        (a, b)
        for a in hidden
        for b in hidden
        if state.cells[a].kind is not state.cells[b].kind  # type: ignore[union-attr]
    )
    cells = list(state.cells)
    a, b = cells[first], cells[second]
    assert a is not None
    assert b is not None
    cells[first], cells[second] = attrs.evolve(a, kind=b.kind), attrs.evolve(b, kind=a.kind)
    other = attrs.evolve(state, cells=tuple(cells))
    assert other != state
    assert game.view(other, "green") == view
    for seed in range(3):
        mine = game.sample_state(state, "green", random.Random(seed))
        theirs = game.sample_state(other, "green", random.Random(seed))
        assert mine == theirs
        assert game.view(mine, "green") == view


def test_the_library_draws_with_its_beliefs_and_the_option_replaces_some() -> None:
    assert variant("SM").beliefs == BELIEFS
    assert variant("SM", beliefs={"stay": 0.5}).beliefs == attrs.evolve(BELIEFS, stay=0.5)
    assert variant("SM", beliefs={"stay": 1, "headquarters": 0}).beliefs == NO_BELIEFS


@pytest.mark.parametrize(
    "beliefs", [{"stay": 0}, {"stay": 1.5}, {"headquarters": -1}, {"luck": 1}, {"stay": "1"}]
)
def test_beliefs_out_of_range_are_refused(beliefs: dict[str, object]) -> None:
    with pytest.raises(UnknownOption, match=r"stay|headquarters"):
        variant("SM", beliefs=beliefs)
