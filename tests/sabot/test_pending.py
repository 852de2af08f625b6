"""A shot decided and not yet rolled, the bots' afterstate (:mod:`wargames.sabot.pending`):
VII-a's dice are weighed at their exact odds, never by one roll, and such a state never
enters play."""

import random

import pytest
from hypothesis import given, settings

from wargames.bots import GreedyBot, MctsBot
from wargames.core.errors import NotYourTurn, SerializationError
from wargames.core.rng import Rng
from wargames.core.serialize import dumps, loads
from wargames.sabot import Sabot, SabotState
from wargames.sabot.evaluation import exchange, material, pending_harm, standing
from wargames.sabot.state import Fire, SabotAction, Select
from wargames.testing import playouts
from wargames.testing.strategies import Playout

from .helpers import change, field, play

GAME = field(20, 20)


def _lost(game: Sabot, state: SabotState) -> dict[str, float]:
    """The build points each player is expected to lose to ``state``'s pending shot."""
    lost = dict.fromkeys(game.players, 0.0)
    for unit, harm in pending_harm(game, state).items():
        lost[state.units[unit].owner] += harm
    return lost


def _rolled(game: Sabot, state: SabotState, shot: Fire) -> dict[str, float]:
    """Each player's build points on the board after ``shot``, averaged over every way its
    dice can fall (the rules' own chance: :meth:`~wargames.core.game.Game.chance_outcomes`)."""
    mean = dict.fromkeys(game.players, 0.0)
    outcomes = game.chance_outcomes(state, shot)
    assert outcomes is not None
    for outcome, p in outcomes.items():
        worth = material(game, standing(game.apply_chance(state, shot, outcome)))
        for player in game.players:
            mean[player] += float(p) * worth[player]
    return mean


def _yellow_to_fire(units: list[tuple[str, str, str, int]], shooter: int) -> SabotState:
    """``units`` in the attack phase, blue's part of it over and yellow's ``shooter``
    selected: no shot but yellow's is still to come."""
    state = play(GAME, GAME.position(units, phase="attack"), "done")
    return GAME.apply(state, Select("yellow", shooter))


def test_a_shot_afterstate_awaits_its_dice_and_counts_the_shot_once_at_its_odds() -> None:
    """The afterstate of a gun's shot (VII-a: d10 + Damage against d10 + Toughness) has
    nobody to act and its stream untouched, and the exchange takes from the target what the
    dice take on average: not nothing (the shot ignored), not twice (the shooter's gun,
    spent, counted again)."""
    state = _yellow_to_fire([("blue", "MBT", "0505", 3), ("yellow", "WSC", "0509", 0)], 1)
    shot = Fire("yellow", 1, "gun", 0)
    after = GAME.afterstate(state, shot)
    assert GAME.awaits_chance(after)
    assert not GAME.to_act(after)
    assert after.rng == state.rng
    assert after.pending == shot
    worth = material(GAME, standing(after))
    expected = exchange(GAME, after, standing(after))
    assert expected["blue"] > 0
    rolled = _rolled(GAME, state, shot)
    for player in GAME.players:
        assert worth[player] - expected[player] == pytest.approx(rolled[player])


def test_the_afterstate_is_scored_alike_whatever_the_stream() -> None:
    """No die is drawn for the score: any stream gives the same evaluation, and the shot
    scores above ending the unit's attack with it unfired."""
    state = _yellow_to_fire([("blue", "MBT", "0505", 3), ("yellow", "WSC", "0509", 0)], 1)
    scores = {
        GAME.evaluate(GAME.afterstate(state.with_changes(rng=Rng.from_seed(s)), shot), "yellow")
        for s in range(4)
        for shot in [Fire("yellow", 1, "gun", 0)]
    }
    assert len(scores) == 1
    assert scores.pop() > GAME.evaluate(play(GAME, state, "stop"), "yellow")


def test_a_scattering_shot_counts_each_unit_it_may_land_on_and_the_squads_aboard() -> None:
    """VII-a: artillery beyond 5 hexes scatters (7-10 on the target, else next door by the
    scatter table: a friendly unit there may be hit); a carrier destroyed with a squad
    aboard loses it on an odd roll.  The expectation equals the rules' own average."""
    units = [
        ("blue", "HPC", "1010", 0),
        ("blue", "INF", "1011", 0),
        ("blue", "MBT", "1009", 0),
        ("yellow", "SPA", "1003", 3),
        ("yellow", "MBT", "1109", 0),
    ]
    state = GAME.position(units, phase="attack")
    state = change(state, 1, hex=-1, carrier=0)
    state = GAME.apply(state, GAME.parse_action(state, "done"))
    state = GAME.apply(state, Select("yellow", 3))
    shot = Fire("yellow", 3, "artillery", 0)
    after = GAME.afterstate(state, shot)
    harm = pending_harm(GAME, after)
    assert {0, 1, 2} <= set(harm), "the target, its squad, and a friend next door"
    lost, rolled = _lost(GAME, after), _rolled(GAME, state, shot)
    worth = material(GAME, standing(after))
    for player in GAME.players:
        assert worth[player] - lost[player] == pytest.approx(rolled[player])


SMALL = Sabot(map="open:6x6", build_points=60)


@settings(max_examples=6)
@given(playouts(SMALL, max_steps=120))
def test_every_shot_of_a_random_game_is_weighed_at_the_rules_average(playout: Playout) -> None:
    """In random games, every shot that harms (in the attack phase or on overwatch): the
    afterstate awaits its dice, breaks the invariant that keeps it out of play, and takes
    from each side the build points the rules' chance takes on average."""
    checked = 0
    for state in playout.states[-40:]:
        assert isinstance(state, SabotState)
        for player in SMALL.to_act(state):
            for shot in SMALL.legal_actions(state, player):
                if not isinstance(shot, Fire) or shot.weapon == "laser" or checked >= 6:
                    continue
                checked += 1
                after = SMALL.afterstate(state, shot)
                assert SMALL.awaits_chance(after)
                assert list(SMALL.violations(after))
                worth, lost = material(SMALL, standing(after)), _lost(SMALL, after)
                rolled = _rolled(SMALL, state, shot)
                for side in SMALL.players:
                    assert worth[side] - lost[side] == pytest.approx(rolled[side])


def test_an_afterstate_never_enters_play() -> None:
    """Nobody acts in it, and no document carries it (so no replay, view or page can)."""
    state = _yellow_to_fire([("blue", "MBT", "0505", 3), ("yellow", "WSC", "0509", 0)], 1)
    after = GAME.afterstate(state, Fire("yellow", 1, "gun", 0))
    with pytest.raises(NotYourTurn):
        GAME.apply(after, GAME.parse_action(state, "stop"))
    with pytest.raises(SerializationError):
        loads(dumps(GAME, after), GAME)


class _Watched(Sabot):
    """SABOT that fails a test if a bot plays on or views an afterstate, and counts the
    afterstates it makes."""

    made = 0

    def afterstate(self, state: SabotState, action: SabotAction) -> SabotState:
        after = super().afterstate(state, action)
        type(self).made += after.pending is not None
        return after

    def apply_unchecked(self, state: SabotState, action: SabotAction) -> SabotState:
        assert state.pending is None, "an afterstate applied as a real state"
        return super().apply_unchecked(state, action)

    def view(self, state: SabotState, player: str) -> SabotState:
        assert state.pending is None, "an afterstate viewed"
        return super().view(state, player)


def _first_shot(game: Sabot) -> tuple[SabotState, str]:
    """The first position of a random game (seed 0) where the player to act may shoot."""
    rng = random.Random(0)
    state = game.start(0)
    while True:
        (player,) = game.to_act(state)
        legal = game.legal_actions(state, player)
        if any(isinstance(a, Fire) and a.weapon != "laser" for a in legal):
            return state, player
        state = game.apply(state, rng.choice(legal))


@pytest.mark.parametrize("bot", [GreedyBot(0), MctsBot(0, iterations=40, samples=4, prior=2)])
def test_the_bots_score_afterstates_and_play_on_real_states(bot: GreedyBot | MctsBot) -> None:
    """Greedy and the search weigh a shot through its afterstate (the search stops its
    descent there) and never apply to or view one."""
    game = _Watched(map="open:6x6", build_points=60)
    state, player = _first_shot(game)
    _Watched.made = 0
    assert bot.choose(game, state, player) in game.legal_actions(state, player)
    assert _Watched.made > 0
