"""What SABOT keeps across states for a search (issue 38, ninth session): a shooter's harm to
a target by the pair of counters, a unit's gaps by its kind, hex and facing and the targets'
hexes (:mod:`wargames.sabot.evaluation`), and an action's afterstate with the state, handed
on to a copy with other dice (:meth:`Sabot.afterstate`).  Each is the value reckoned
afresh, so a search chooses as it did before they were kept."""

import random
from typing import Any

import pytest

from wargames.bots import MctsBot
from wargames.sabot import Sabot, SabotState, pending
from wargames.sabot.evaluation import _harm, _worth, approach, closing, moves_left, standing
from wargames.sabot.firing import fire_problem, hit_chances, weapon_stats, weapons
from wargames.sabot.state import OK, SabotAction, Unit

from .helpers import field, played


class _Forgetful(dict[Any, Any]):
    """A store that keeps nothing."""

    def __setitem__(self, key: Any, value: Any) -> None:
        pass


class _Afresh(Sabot):
    """SABOT at its defaults with nothing kept across states: every harm, gap and
    afterstate reckoned anew."""

    def __init__(self) -> None:
        super().__init__()
        self._harms = _Forgetful()
        self._gaps = _Forgetful()

    def afterstate(self, state: SabotState, action: SabotAction) -> SabotState:
        return pending.afterstate(self, state, action)


@pytest.fixture(scope="module")
def searched() -> list[SabotState]:
    """States of a seeded random game at the defaults (200 build points) and, at every
    fifth, the afterstates of every action: what a search scores."""
    game = Sabot()
    states = played(game, seed=7, steps=300)
    found = list(states)
    for state in states[::5]:
        for player in sorted(game.to_act(state)):
            found += [game.afterstate(state, a) for a in game.legal_actions(state, player)]
    return found


def _reckoned(
    game: Sabot, state: SabotState, shooter: Unit, target: Unit, moves: float, worth: float
) -> float:
    """A shooter's harm to a target as the exchange reckoned it before pairs were kept:
    each weapon on its own, its line of sight looked at by the rules."""
    kind = game.table[shooter.kind]
    best = 0.0
    for weapon in weapons(kind):
        if weapon == "laser":
            continue
        if fire_problem(game, state, shooter, weapon, target) is not None and not (
            moves
            and (weapon not in ("at", "gp") or shooter.ammo > 0)
            and approach(game, kind, shooter.hex, target.hex)
            <= weapon_stats(game, kind, weapon)[0] + moves
        ):
            continue
        destroyed, disabled = hit_chances(game, state, shooter, weapon, target)
        best = max(best, worth * (destroyed + (disabled / 2 if target.status == OK else 0)))
    return best


def test_a_kept_harm_is_the_harm_reckoned_afresh(searched: list[SabotState]) -> None:
    """Over one game object, so that the pairs of counters that recur from state to state
    are served from what it kept: every shooter's harm to every enemy on the map (painted
    or not, in a prepared position or not, its line of sight clear or blocked)."""
    game = Sabot()
    pairs = served = 0
    for state in searched:
        left = {i: n for p in game.players for i, n in moves_left(game, state, p).items()}
        units = [u for u in standing(state) if u.on_map]
        for shooter in units:
            if shooter.kind not in game.reaches:
                continue
            moves = left.get(shooter.id, 0.0)
            for target in units:
                if target.owner == shooter.owner:
                    continue
                worth = _worth(game, target)
                kept = len(game._harms)
                assert _harm(game, state, shooter, target, moves, worth) == _reckoned(
                    game, state, shooter, target, moves, worth
                )
                pairs += 1
                served += len(game._harms) == kept
    assert served > pairs / 2  # most pairs recur: the test looks at kept values


def test_a_kept_gap_gives_the_closing_reckoned_afresh(searched: list[SabotState]) -> None:
    game, afresh = Sabot(), _Afresh()
    for state in searched:
        units = standing(state)
        for player in game.players:
            left = moves_left(game, state, player)
            assert closing(game, units, player, left) == closing(afresh, units, player, left)
    assert game._gaps


def test_an_afterstate_kept_serves_a_copy_with_other_dice_as_made_afresh() -> None:
    """Every action of a seeded random game's states, its afterstate made in the state, then
    taken in a copy with other dice (which shares what the state kept): the afterstate the
    copy would make on its own, dice drawn or not."""
    game, afresh = Sabot(), _Afresh()
    rng = random.Random(3)
    drew = 0
    for state in played(game, seed=11, steps=300):
        for player in sorted(game.to_act(state)):
            for action in game.legal_actions(state, player):
                game.afterstate(state, action)
                other = state.with_changes(rng=game.fresh_rng(rng))
                made = afresh.afterstate(other.with_changes(rng=other.rng, log=other.log), action)
                assert game.afterstate(other, action) == made
                drew += made.rng is not other.rng
    assert drew  # some actions drew dice, and were made anew


def test_a_search_chooses_as_with_nothing_kept() -> None:
    """``mcts`` at 40 descents, move by move over the first player's choices in a seeded
    random game at 200 build points."""
    game, afresh = Sabot(), _Afresh()
    states = played(game, seed=5, steps=400)[::40]
    for state in states:
        player = next(p for p in game.players if p in game.to_act(state))
        if len(game.legal_actions(state, player)) < 2:
            continue
        kept = MctsBot(9, iterations=40).choose(game, state, player)
        assert kept == MctsBot(9, iterations=40).choose(afresh, state, player)


def test_a_kept_harm_follows_the_paint_and_the_prepared_position() -> None:
    """The same two counters in three states: as they stand, the target painted by the
    shooter's side (II: +2 to missiles), the target in a prepared position (VII-a)."""
    game = field(20, 20)
    plain = game.position([("blue", "ICV", "0303", 3), ("yellow", "MBT", "0306", 0)],
                          phase="attack")  # fmt: skip
    shooter, target = plain.units
    painted = plain.with_changes(painted=frozenset({("blue", target.id)}))
    prepared = plain.with_changes(prepared=frozenset({("yellow", target.hex)}))
    harms = []
    for state in (plain, painted, prepared, plain):
        harm = _harm(game, state, shooter, target, 0.0, _worth(game, target))
        assert harm == _reckoned(game, state, shooter, target, 0.0, _worth(game, target))
        harms.append(harm)
    assert harms[1] > harms[0] > harms[2] > 0
