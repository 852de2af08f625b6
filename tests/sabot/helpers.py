"""Small helpers for the SABOT tests."""

import random
from pathlib import Path
from typing import Any, TypeVar, cast

from attrs import evolve

import wargames.testing
from wargames.core.dice import d10
from wargames.core.history import History
from wargames.core.replay import Replay
from wargames.core.serialize import loads
from wargames.sabot import Sabot, SabotMap, SabotState
from wargames.sabot.state import Place

E = TypeVar("E")


def field(columns: int = 12, rows: int = 12) -> Sabot:
    """A game on an open grassland map."""
    return Sabot(map=f"open:{columns}x{rows}")


def at(game: Sabot, state: SabotState, unit: int) -> str:
    """The map label of a unit's hex."""
    return game.map.label(state.units[unit].hex)


def play(game: Sabot, state: SabotState, *texts: str) -> SabotState:
    """Apply actions written in notation, each checked.  An overwatch window the next text
    does not answer (``hold`` or ``fire``) is closed with ``hold`` first."""
    for text in texts:
        watching = state.moving is not None and state.moving.watch
        if watching and text.split()[0] not in ("hold", "fire"):
            state = game.apply(state, game.parse_action(state, "hold"))
        state = game.apply(state, game.parse_action(state, text))
    return state


def drawn(terrain: str, overlay: str | None = None) -> Sabot:
    """A game whose map is the drawing ``terrain`` (see data/maps.toml), for rule tests."""
    game = field()
    game.map = SabotMap.from_text(terrain, overlay, name="test")
    return game


def seed_for(*faces: int) -> int:
    """A seed whose stream rolls the d10 ``faces`` first: fixed dice for exact tests."""
    return wargames.testing.seed_rolling(d10, *faces)


def change(state: SabotState, unit: int, **changes: Any) -> SabotState:
    """``state`` with counter ``unit`` changed (a squad aboard, a Disabled tank...)."""
    units = list(state.units)
    units[unit] = evolve(units[unit], **changes)
    return evolve(state, units=tuple(units))


def newest(state: SabotState, kind: type[E]) -> E:
    """The newest event of type ``kind`` in the log."""
    for event in reversed(list(state.log)):
        if isinstance(event, kind):
            return event
    raise AssertionError(f"no {kind.__name__} event")


def set_up(game: Sabot, armies: dict[str, list[str]]) -> SabotState:
    """Both armies set up by hand, each counter on the first hex it may take, then done."""
    state = game.start(1, armies=armies, deploy=False)
    while game.phase(state) == "set-up":
        player = sorted(game.to_act(state))[0]
        legal = game.legal_actions(state, player)
        state = game.apply(state, next((a for a in legal if isinstance(a, Place)), legal[-1]))
    return state


def samples(game: Sabot, state: SabotState, player: str, count: int = 30) -> list[SabotState]:
    """``count`` samples of ``player``'s view of ``state``, from a seeded stream."""
    rng = random.Random(0)
    return [game.sample_state(state, player, rng) for _ in range(count)]


def played(game: Sabot, seed: int = 2, steps: int = 240) -> list[SabotState]:
    """A seeded game of random legal actions (its states, the start first); with the
    defaults, its last view for blue shows a shot at a concealed counter, whose rolls blue
    did not see."""
    chooser = random.Random(seed)
    states = [game.start(seed)]
    while len(states) <= steps and game.outcome(states[-1]) is None:
        state = states[-1]
        player = chooser.choice(sorted(game.to_act(state)))
        action = chooser.choice(game.legal_actions(state, player))
        states.append(game.apply_unchecked(state, action))
    return states


def plain(history: History) -> bool:
    """Whether no watched value is left in the past's start and last state's counters."""
    assert history.end is not None
    units = cast(SabotState, history.start).units + cast(SabotState, history.end).units
    return all(type(u.kind) is str and type(u.ammo) is int for u in units)


def recorded(name: str) -> tuple[Sabot, list[SabotState]]:
    """The game and every state of the replay ``data/<name>.json`` (a recorded game)."""
    replay = loads(Path(__file__).with_name("data").joinpath(f"{name}.json").read_text())
    assert isinstance(replay, Replay)
    game = replay.load_game()
    assert isinstance(game, Sabot)
    states = list(replay.states(game))
    assert all(isinstance(state, SabotState) for state in states)
    return game, cast(list[SabotState], states)
