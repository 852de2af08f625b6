"""What Grid SciFi tells search bots about its turn (:meth:`GridSciFi.decision`): a player
activates their units one at a time ("Sequence of Play"), and the search weighs one unit's
activation whole before the next; and what its dice are to them (:meth:`GridSciFi.drawn`):
a unit rolls and its owner chooses again knowing the dice, so the search records them."""

import random
from typing import Any, ClassVar, cast

from wargames.bots import GreedyBot, MctsBot, play
from wargames.bots.base import first_to_act
from wargames.bots.mcts import _Node
from wargames.core.game import Game, State
from wargames.gridscifi import (
    Activate,
    EndActivation,
    GridSciFi,
    GridState,
    Reroll,
    Scenario,
    Step,
)
from wargames.gridscifi.rules import ARMIES
from wargames.gridscifi.state import GridAction, Rerolled

from .helpers import arena, at, rolling, sq

GAME = arena()


def test_one_activation_is_one_decision_and_the_next_unit_another() -> None:
    """Choosing the unit, its dice and its moves decide one thing; once its activation ends,
    the next unit's decides another (and so does the enemy's answer, seen from the enemy)."""
    units = [
        at(0, "blue", "Battle Squad", "c2"),
        at(1, "blue", "Battle Squad", "e2"),
        at(2, "red", "Swarmlings", "e5"),
    ]
    choosing = rolling(GAME.position(units), 1, 3)
    activated = GAME.apply(choosing, Activate("blue", 0))
    moved = GAME.apply(activated, Step("blue", sq("c3")))
    assert moved.activation is not None, "a die is left"
    first = GAME.decision(choosing, "blue")
    assert GAME.decision(activated, "blue") == GAME.decision(moved, "blue") == first
    after = GAME.apply(moved, EndActivation("blue"))
    second = GAME.decision(after, "blue")
    assert second != first
    assert GAME.decision(rolling(after, 1, 3), "blue") == second
    assert GAME.decision(GAME.apply(rolling(after, 1, 3), Activate("blue", 1)), "blue") == second


class _Watched(GridSciFi):
    """The skirmish, noting which of blue's activations the search asks legal actions in."""

    asked: ClassVar[set[int | None]] = set()

    def legal_actions(self, state: GridState, player: str) -> tuple[GridAction, ...]:
        if player == "blue" and state.clock.seat == 0:
            _Watched.asked.add(None if state.activation is None else state.activation.unit)
        return super().legal_actions(state, player)


def test_the_search_stops_where_the_next_activation_begins() -> None:
    """Searched from the middle of #0's activation, no descent runs on into choosing the
    next unit (which would credit ending #0's soonest with what the next one adds)."""
    game = _Watched()
    units = [
        at(0, "blue", "Battle Squad", "f2"),
        at(1, "blue", "Battle Squad", "h2"),
        at(2, "red", "Swarmlings", "e7"),
    ]
    state = game.apply(game.position(units), Activate("blue", 0))
    _Watched.asked.clear()
    MctsBot(0, iterations=60).choose(game, state, "blue")
    assert _Watched.asked == {0}


def test_the_search_still_takes_the_objective_on_the_last_turn() -> None:
    """Red, last to move in the last turn, with one move die: stepping next to i4 wins the
    game on objectives; ending the activation where it stands draws."""
    game = GridSciFi()  # the skirmish: objectives d5 and i4
    units = [at(0, "blue", "Battle Squad", "a1"), at(1, "red", "Swarmlings", "i6")]
    state = game.position(units, player="red", turn=game.turns, seed=2)
    state = game.apply(state, Activate("red", 1))
    assert state.activation is not None
    assert state.activation.dice == (3,), "one move"
    bot = MctsBot(0, iterations=40)
    while game.outcome(state) is None:
        state = game.apply(state, cast(GridAction, bot.choose(game, state, "red")))
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.winners == {"red"}


def test_the_dice_an_action_rolled_are_told_apart_as_the_view_tells_them() -> None:
    """``drawn`` keys an action's dice by the events it logged, as the player sees them:
    from one position, two of an action's afterstates share a key exactly when the player's
    views of them are equal, and an action that rolls nothing is keyed ``None``."""
    game = GridSciFi()
    greedy = {p: GreedyBot(i) for i, p in enumerate(game.players)}
    streams, rolled, still = random.Random(0), 0, 0
    for cut in range(0, 60, 6):
        state = cast(GridState, play(game, greedy, seed=3, max_actions=cut).final)
        player = first_to_act(game, state)
        for action in game.legal_actions(state, player):
            keys: dict[object, set[GridState]] = {}
            views: dict[GridState, set[object]] = {}
            for _ in range(6):
                world = state.with_changes(rng=game.fresh_rng(streams))
                after = game.apply(world, action)
                key, view = game.drawn(world, after, player), game.view(after, player)
                keys.setdefault(key, set()).add(view)
                views.setdefault(view, set()).add(key)
                rolled += key is not None
                still += key is None
            assert all(len(seen) == 1 for seen in keys.values()), action
            assert all(len(seen) == 1 for seen in views.values()), action
    assert rolled
    assert still


MAP = """
........
........
........
........
..^.....
........
"""


class _Hill(GridSciFi):
    """A hill at c2, two squares from the one objective, e2."""

    def make_scenario(self) -> tuple[Scenario, Any]:
        scenario = Scenario(
            name="hill",
            title="A hill by an objective",
            armies=("legion", "swarm"),
            map=MAP,
            deployment=1,
            reserves=0,
            turns=6,
            objectives=("e2",),
        )
        return scenario, ARMIES


class _Rooted(MctsBot):
    """``MctsBot`` keeping the root of its last search."""

    root = _Node("red")

    def _iterate(
        self,
        game: Game[Any, Any],
        world: State,
        baseline: dict[str, float],
        root: _Node,
        *rest: Any,
    ) -> None:
        super()._iterate(game, world, baseline, root, *rest)
        _Rooted.root = root


def test_the_search_chooses_after_a_reroll_knowing_the_die() -> None:
    """Red, last to move in the last turn, on a hill two squares from the objective, rolled
    2 and 4 (no move).  Re-rolling the 2, an odd die steps next to the objective and wins;
    an even one does not.  The search records each result under the re-roll, the next
    choices under it, and a result whose die is odd is worth more than one whose die is
    even: the player steps knowing the die.  Drawn dice pooled, there are no results."""
    game = _Hill(tiebreak=False)
    units = [at(0, "blue", "Battle Squad", "a6"), at(1, "red", "Crusher Beast", "c2")]
    state = game.position(units, player="red", turn=game.turns)
    state = game.apply(rolling(state, 2, 4), Activate("red", 1))
    _Rooted(1, iterations=200).choose(game, state, "red")
    reroll = _Rooted.root.children[Reroll("red", (2,))]
    assert not any(child.chooser == "red" for child in reroll.children.values())
    odd: list[float] = []
    even: list[float] = []
    for key, result in reroll.outcomes.items():
        assert isinstance(key, tuple)
        (event,) = key
        assert isinstance(event, Rerolled)
        assert event.faces == (2,)
        assert event.result[0] == 4
        (odd if event.result[1] % 2 else even).append(result.value)
    assert len(odd) == len(even) == 3
    assert min(odd) > max(even)
