"""Sampled pasts (``Saw.sample_history``): every past drawn for a player replays to what they
saw, and what the history proves about the others' secrets holds in every one of them."""

import random
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wargames.saw.history as saw_history
from wargames.core.history import History
from wargames.core.replay import Replay
from wargames.core.serialize import loads
from wargames.saw import Attacked, Saw, SawState, Unit
from wargames.saw.units import ACCURACY, DAMAGE, EVASION, MOVEMENT
from wargames.testing import check_history
from wargames.testing.strategies import playouts

from .helpers import ADVANCED, act, events, first_seed, playout

T = TypeVar("T")
SECRET = Saw(army="lone")
"""One 10-point unit a side, designed at random in secret."""
GAMES = {
    "basic": Saw(),
    "secret designs": Saw(players=3, army="patrol"),
    "terrain": Saw(players=4, army="lone", map="ruins"),
    "advanced": ADVANCED,
    "to the end": Saw(armies={"blue": [["Speck", 3]], "red": [["Mite", 3]], "green": [["Dot", 2]]}),
}


def pasts(game: Saw, state: SawState, player: str, count: int = 20) -> list[History]:
    rng = random.Random(5)
    return [game.sample_history(game.view(state, player), player, rng) for _ in range(count)]


def first(history: History) -> tuple[Unit, ...]:
    """The units of a sampled past's start."""
    assert isinstance(history.start, SawState)
    return history.start.units


def played(game: Saw, state: SawState, *texts: str) -> list[SawState]:
    """``state`` and every state after each of ``texts``."""
    states = [state]
    for text in texts:
        states.append(act(game, states[-1], text))
    return states


def test_a_move_bounds_the_movers_design() -> None:
    """r1 was seen to plot three hexes: in every past blue draws, r1 was designed with
    movement 3 or more (and the past replays)."""
    state = first_seed(
        lambda seed: SECRET.start(seed, design="random"),
        lambda s: s.units[1].sheet.traits[MOVEMENT] >= 3,
    )
    states = played(SECRET, state, "b1 done", "r1 step sw", "r1 step sw", "r1 step sw", "r1 done")
    rng = random.Random(1)
    for history in pasts(SECRET, states[-1], "blue"):
        assert first(history)[1].sheet.traits[MOVEMENT] >= 3
        check_history(SECRET, states, "blue", rng)


def test_a_miss_by_a_high_total_means_high_evasion() -> None:
    """Blue's attack total of 20 or more missed r1: r1's evasion total was at least as high,
    and 2d6 adds at most 12, so r1's evasion is at least 8 in every past blue draws."""
    game = Saw(armies={"blue": [["Gunner", 20, 1, [0, 0, 0, 20, 0]]], "red": [["Target", 20]]})
    hexes = {"b1": "0505", "r1": "0605"}
    state = first_seed(
        lambda seed: act(game, game.start(seed, hexes=hexes), "b1 attack r1", "b1 done", "r1 done"),
        lambda s: any(not e.hit for e in events(s, Attacked)),
    )
    (attack,) = events(state, Attacked)
    assert attack.attack_roll >= 20
    histories = pasts(game, state, "blue")
    floors = {first(h)[1].sheet.traits[EVASION] for h in histories}
    assert min(floors) >= attack.attack_roll - 12
    assert len(floors) > 1, "still drawn, within the bound"


def test_the_hit_points_taken_bound_the_attackers_damage() -> None:
    """r1 hit b1 for some hit points against blue's endurance total: the damage total was
    their sum, so r1's damage lies within 2 to 12 below it in every past blue draws; and r1's
    attack total beat blue's evasion total, so its accuracy is at least that less 11 plus the
    range penalty."""
    game = Saw(armies={"blue": [["Wall", 20, 1, [0, 0, 20, 0, 0]]], "red": [["Brute", 20]]})
    hexes = {"b1": "0505", "r1": "0605"}
    state = first_seed(
        lambda seed: act(game, game.start(seed, hexes=hexes), "b1 done", "r1 attack b1", "r1 done"),
        lambda s: any(e.damaged for e in events(s, Attacked)),
    )
    (seen,) = events(game.view(state, "blue"), Attacked)
    total = seen.endurance_roll + seen.hit_points
    for history in pasts(game, state, "blue"):
        traits = first(history)[1].sheet.traits
        assert total - 12 <= traits[DAMAGE] <= total - 2
        assert traits[ACCURACY] >= seen.evasion_roll - 11 + seen.penalty


def test_the_past_shows_the_others_finishing_when_they_did() -> None:
    """Red submitted between blue's two steps: the past blue draws has red plot there (blue
    saw red leave the players to act), and it replays to what blue saw."""
    game = Saw()
    states = played(game, game.start(3), "b1 step se", "r1 done", "r2 done", "b1 step se")
    (history,) = pasts(game, states[-1], "blue", count=1)
    players = [action.player for action in history.actions]
    assert players[0] == players[-1] == "blue", "blue's two steps"
    assert set(players[1:-1]) == {"red"}, "red's whole plot (drawn: blue has not seen it)"
    check_history(game, states, "blue", random.Random(2))


def test_the_past_starts_where_the_units_started() -> None:
    """Units placed by hand and moved since: the sampled start puts them where they began."""
    game = Saw()
    hexes = {"b1": "0305", "b2": "0308", "r1": "0905", "r2": "0908"}
    state = game.start(4, hexes=hexes)
    states = played(game, state, "b1 step ne", "b1 done", "b2 done", "r1 step sw", "r1 done")
    states += played(game, states[-1], "r2 done")[1:]
    for history in pasts(game, states[-1], "red", count=3):
        assert [u.hex for u in first(history)] == [u.hex for u in state.units]
    check_history(game, states, "red", random.Random(3))


class IgnoresWeights(random.Random):
    """A ``random.Random`` whose ``choices`` ignores the weights, as hypothesis's ``randoms()``
    does: a sampler must draw a weighted choice from the uniform methods."""

    def choices(  # type: ignore[override]
        self,
        population: Sequence[T],
        weights: object = None,
        *,
        cum_weights: object = None,
        k: int = 1,
    ) -> list[T]:
        return [population[self.randrange(len(population))] for _ in range(k)]


def test_damage_goes_only_where_the_unit_had_points() -> None:
    """r1 has points in endurance only (a published design) and survived a damaging hit: in
    every past blue draws, red allocated all of it to endurance (any other trait would go
    below zero), whatever the random source does with weights."""
    game = Saw(
        armies={
            "blue": [["Gunner", 20, 1, [0, 0, 0, 10, 10]]],
            "red": [["Brick", 10, 1, [0, 0, 10, 0, 0]]],
        }
    )
    hexes = {"b1": "0505", "r1": "0605"}
    plot = ("b1 attack r1", "b1 done", "r1 done")
    states = next(
        states
        for seed in range(2000)
        for states in [played(game, game.start(seed, hexes=hexes), *plot)]
        if any(e.damaged for e in events(states[-1], Attacked)) and states[-1].units[1].alive
    )
    hits = states[-1].units[1].sheet.hits
    states += played(game, states[-1], *["r1 lose 1 endurance"] * hits)[1:]
    rng = IgnoresWeights(6)
    for _ in range(20):
        check_history(game, states, "blue", rng)


def test_a_past_is_found_for_a_game_played_to_its_end() -> None:
    game = GAMES["to the end"]
    rng = random.Random(4)
    for seed in range(3):
        states = playout(game, seed)
        assert game.outcome(states[-1]) is not None
        for player in game.players:
            check_history(game, states, player, rng)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_sampled_past_replays_to_what_the_player_saw(name: str) -> None:
    game = GAMES[name]

    @settings(max_examples=6, deadline=None)
    @given(playouts(game, max_steps=160), st.randoms(use_true_random=False))
    def check(playout: object, rng: random.Random) -> None:
        states = playout.states  # type: ignore[attr-defined]
        for moment in sorted({len(states) // 3, len(states) - 1}):
            for player in game.players:
                check_history(game, states[: moment + 1], player, rng)

    check()


def test_a_bot_played_position_keeps_every_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 31: ``wargames simulate saw -n 1 --seed 15 --players greedy,random`` stopped
    with NoPast at blue's 514th action (``data/greedy-random-15.json``: the 513 before it).
    r1 (4/4/4/4/4, published) fell in turn 33 to one hit of damage total 14, after two
    damaging hits; r2 is down to 1 point after eight, the last four with totals of 16 or 17.
    The sampler drew each turn's hit points counting every later damaging hit as 1 point
    and ignoring that a destroyed unit must be low enough for its last hit: 5 walks in 300
    were kept.  Now every draw is bounded by what the later hits need, and no walk is
    thrown away."""
    replay = loads(Path(__file__).with_name("data").joinpath("greedy-random-15.json").read_text())
    assert isinstance(replay, Replay)
    assert replay.load_game().options == Saw().options
    game = Saw(open_designs=True)  # as the game was played then: designs published (issue 34)
    states = [state for state in replay.states(game) if isinstance(state, SawState)]
    assert len(states) == len(replay.actions) + 1
    monkeypatch.setattr(saw_history, "TRIES", 1)
    rng = random.Random(15)
    for player in game.players:
        check_history(game, states, player, rng)
        view = game.view(states[-1], player)
        for _ in range(12):
            game.sample_history(view, player, rng)
