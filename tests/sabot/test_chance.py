"""Explicit chance (``game.chance``): every roll of an action listed with its exact odds,
each outcome resolving as if the stream had rolled it (II, III, IV, V, VII-a)."""

from __future__ import annotations

from wargames.sabot import Buy, Done, Fire, Sabot, Special
from wargames.testing import chance_walk, check_chance

from .helpers import change, field, play

SMALL = Sabot(reinforcements=60, build_points=60, max_turns=4)


def test_every_chance_node_of_a_playout_resolves_as_the_stream_would() -> None:
    """Shots (scatter, result, bail-outs), the initiative roll and a platoon's order."""
    seen: set[type[object]] = set()
    for state, action in chance_walk(SMALL, 3, 50, prefer=0.95):
        outcomes = check_chance(SMALL, state, action)
        assert outcomes <= SMALL.max_chance_outcomes
        if outcomes:
            seen.add(type(action))
            if isinstance(action, Fire):
                found = SMALL.chance(state, action)
                assert found is not None
                shot = found.odds.map(lambda outcome: outcome[:2])
                assert shot == SMALL.exact_odds(state, action), "the odds of the shot"
    assert {Fire, Done, Buy} <= seen


def test_a_platoon_joins_in_each_order_alike() -> None:
    state, buy = next((s, a) for s, a in chance_walk(SMALL, 3, 60) if isinstance(a, Buy))
    assert isinstance(buy, Buy)
    found = SMALL.chance(state, buy)
    assert found is not None
    units = SMALL.table.platoons[buy.platoon].units
    assert all(sorted(order) == sorted(units) for order in found.odds)
    assert len({p for _, p in found.items()}) == 1


def test_scouting_and_repair_list_their_success_with_the_exact_odds() -> None:
    game = field()
    scouting = play(
        game,
        game.position([("blue", "WSC", "0505", 0), ("yellow", "DECOY", "0502", 0)]),
        "move 0",
        "hold",  # the decoy's overwatch window
    )
    scout = game.parse_action(scouting, "scout 1", "blue")
    units = [("blue", "RRV", "0505", 0), ("blue", "MBT", "0504", 0), ("yellow", "INF", "1212", 0)]
    repairing = change(game.position(units, phase="special"), 1, status="disabled")
    repair = Special("blue", 0, "repair", 1)
    for state, action in ((scouting, scout), (repairing, repair)):
        assert game.chance_outcomes(state, action) == game.exact_odds(state, action)
        assert check_chance(game, state, action) == 2
    assert game.apply_chance(repairing, repair, True).units[1].status == "ok"
    assert game.apply_chance(repairing, repair, False).units[1].status == "disabled"
