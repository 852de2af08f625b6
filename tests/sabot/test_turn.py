"""V. The turn: player-1 determination, the phases in order, Destroyed units leaving at the
end of combat; VIII. winning by annihilation or by a scenario's own condition."""

from wargames.core.game import Outcome
from wargames.sabot import Sabot, SabotState
from wargames.sabot.firing import damage
from wargames.sabot.state import Initiative

from .helpers import change, field, newest, play, seed_for

UNITS = [("blue", "MBT", "0505", 0), ("yellow", "MBT", "0509", 0)]


def test_player_one_is_rolled_each_turn_odd_blue_even_yellow() -> None:
    game = field()
    for face, first in ((4, "yellow"), (7, "blue")):
        state = game.position(UNITS, seed=seed_for(face))
        phases = []
        for _ in range(6):  # movement, attack, special: each player says done
            phases.append((game.phase(state), *sorted(game.to_act(state))))
            state = play(game, state, "done")
        assert phases == [
            ("movement", "blue"), ("movement", "yellow"), ("attack", "blue"),
            ("attack", "yellow"), ("special", "blue"), ("special", "yellow"),
        ]  # fmt: skip
        assert newest(state, Initiative) == Initiative(face, first)
        assert (state.clock.turn, game.phase(state)) == (2, "movement")
        assert game.to_act(state) == {first}


def test_destroyed_units_stay_until_the_end_of_combat_then_leave() -> None:
    game = field()
    state = change(game.position(UNITS, phase="attack"), 1, status="destroyed")
    state = play(game, state, "done")
    assert state.units[1].status == "destroyed"  # it may still shoot in yellow's part
    state = play(game, state, "done")
    assert state.units[1].status == "gone"
    # "or immediately if the unit has already fired its weapons"
    start = game.position(UNITS, phase="attack")
    for fired, status in ((False, "destroyed"), (True, "gone")):
        shot = change(start, 1, fired=fired)
        assert damage(game, shot, shot.units[1], "destroyed").units[1].status == status


def test_annihilation_ends_the_game_and_a_scenario_may_replace_it() -> None:
    game = field()
    state = change(game.position(UNITS, phase="special"), 1, status="gone")
    state = play(game, state, "done", "done")
    assert game.outcome(state) == Outcome(frozenset({"blue"}), "annihilation")

    class HoldTheHill(Sabot):
        """A scenario: blue wins by standing on 0505 at the end of a turn."""

        def victory(self, state: SabotState) -> Outcome | None:
            on_hill = any(
                u.owner == "blue" and u.hex == self.map.parse("0505") for u in state.units
            )
            return Outcome(frozenset({"blue"}), "holds the hill") if on_hill else None

    scenario = HoldTheHill(map="open:12x12")
    state = play(scenario, scenario.position(UNITS, phase="special"), "done", "done")
    assert scenario.outcome(state) == Outcome(frozenset({"blue"}), "holds the hill")


def test_a_player_left_with_only_decoys_is_annihilated() -> None:
    """VIII: "When one player has lost all his/her units": decoys (IV) are blank counters,
    not units; a Disabled unit is still one."""
    game = field()
    units = [*UNITS, ("blue", "DECOY", "0101", 3), ("blue", "DECOY", "0103", 3)]
    state = game.position(units, phase="special")
    for status, outcome in (
        ("gone", Outcome(frozenset({"yellow"}), "annihilation")),
        ("disabled", None),
        ("ok", None),
    ):
        ended = play(game, change(state, 0, status=status), "done", "done")
        assert game.outcome(ended) == outcome, status


def test_the_game_ends_drawn_at_the_turn_limit() -> None:
    game = Sabot(map="open:12x12", max_turns=1)
    state = play(game, game.position(UNITS, phase="special"), "done", "done")
    assert game.outcome(state) == Outcome(frozenset(), "turn limit 1")


def test_the_game_ends_drawn_at_the_action_limit() -> None:
    game = Sabot(map="open:12x12", action_limit=3)
    state = game.position(UNITS, phase="special")
    once = play(game, state, "done")
    assert (game.outcome(once), once.actions) == (None, 1)
    ended = play(game, once, "done", "done")
    assert game.outcome(ended) == Outcome(frozenset(), "action limit (3 actions)")
    assert ended.actions == 3
    assert not game.to_act(ended)


def test_a_game_drawn_at_its_action_limit_mid_turn_keeps_its_purses() -> None:
    """The limit may end a game in its set-up, after a purchase: the purse that paid for
    it is this turn's, not refilled (the soak found the invariant reading it as last turn's)."""
    game = Sabot(map="hills", reinforcements=2898, action_limit=1)
    start = game.start(1)
    buying = [a for a in game.legal_actions(start, "yellow") if str(a).startswith("buy ")]
    assert buying
    for action in buying:
        ended = game.apply(start, action)
        assert game.outcome(ended) == Outcome(frozenset(), "action limit (1 actions)")
        assert list(game.violations(ended)) == []


def test_the_default_action_limit_is_eight_actions_a_counter_a_turn_and_the_set_up() -> None:
    from wargames.sabot.learning import most_counters

    game = Sabot(build_points=60, max_turns=3)
    assert game.action_limit == most_counters(game) * 8 * (3 + 1)
    assert Sabot(max_turns=None).action_limit is None
    assert Sabot(max_turns=None, action_limit=500).max_game_length == 500
