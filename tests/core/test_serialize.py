"""States, actions and replays to and from JSON; every bad document is a SerializationError."""

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wargames
from wargames import Action, Outcome, SerializationError
from wargames.bots import RandomBot, play
from wargames.core.hidden import is_hidden
from wargames.core.replay import Replay
from wargames.core.rng import Rng
from wargames.core.serialize import FORMAT_VERSION, digest, dumps, is_view, loads, to_data
from wargames.sabotage import Move, Sabotage, SabotageState
from wargames.testing import playouts

MINI = wargames.load("sabotage", variant="SM")


def sabotage(game: wargames.Game[Any, Any]) -> Sabotage:
    assert isinstance(game, Sabotage)
    return game


def played(seed: int, actions: int, *, deploy: bool = True) -> tuple[SabotageState, list[Any]]:
    """A state after ``actions`` first-listed legal actions from ``MINI.start(seed)``."""
    state = MINI.start(seed, deploy=deploy)
    taken: list[Action] = []
    for _ in range(actions):
        if MINI.outcome(state) is not None:
            break
        player = sorted(MINI.to_act(state))[0]
        legal = MINI.legal_actions(state, player)
        action = legal[(seed + len(taken)) % len(legal)]
        state = MINI.apply(state, action)
        taken.append(action)
    return state, taken


def envelope(**changes: Any) -> str:
    """A valid state document of MINI, with top-level keys changed (``None`` removes one)."""
    document = to_data(MINI, MINI.start(1))
    for key, value in changes.items():
        if value is None:
            del document[key]
        else:
            document[key] = value
    return json.dumps(document)


# -- round trips -------------------------------------------------------------------------------


@settings(max_examples=10)
@given(playouts(MINI, max_steps=40, setup={"deploy": False}))
def test_states_and_actions_round_trip(playout: Any) -> None:
    for state in (*playout.states[:: max(1, len(playout.states) // 6)], playout.final):
        text = dumps(MINI, state)
        assert loads(text, MINI) == state
        assert loads(text) == state
        assert dumps(MINI, loads(text)) == text
    for action in playout.actions:
        assert loads(dumps(MINI, action), MINI) == action
        assert loads(dumps(MINI, action)) == action


def test_a_finished_game_round_trips() -> None:
    game = Sabotage()
    state = game.position({"e5": "g1", "e6": "rH", "a1": "gH", "j10": "r1"})
    legal = game.legal_actions(state, "green")
    [take] = [a for a in legal if isinstance(a, Move) and str(a) == "e5-e6"]
    over = game.apply(state, take)
    assert over.result == Outcome(["green"], "captured the Headquarters")
    assert loads(dumps(game, over)) == over
    assert loads(dumps(game, over), game) == over


def test_replays_round_trip() -> None:
    state, actions = played(4, 60, deploy=False)
    replay = Replay.record(MINI, 4, actions, {"deploy": False})
    text = dumps(MINI, replay, indent=2)
    for copy in (loads(text), loads(text, MINI)):
        assert isinstance(copy, Replay)
        assert copy == replay
        assert copy.final_state() == state
        assert copy.final_state(MINI) == state


def test_loads_without_a_game_rebuilds_variant_and_options() -> None:
    game = wargames.load(
        "sabotage",
        variant="SN",
        quiet_turn_limit=20,
        army={"headquarters": 1, "landmine": 2, "recon": 3, "general_2": 4},
        volcanoes=["d4", "e5"],
    )
    state = game.start(9)
    replay = Replay.record(game, 9, [game.legal_actions(state, "green")[0]])
    text = dumps(game, replay)
    assert json.loads(text)["variant"] == "SN"
    copy = loads(text)
    rebuilt = copy.load_game()
    assert rebuilt == game
    assert type(rebuilt) is type(game)
    assert sabotage(rebuilt).layout == sabotage(game).layout
    assert copy.final_state() == replay.final_state(game)
    assert loads(dumps(game, state)) == state


def test_bytes_are_accepted() -> None:
    state = MINI.start(2)
    assert loads(dumps(MINI, state).encode()) == state


# -- bad documents -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "not json",
        '{"wargames": 1,}',
        b"\xff\xfe\x00",
        b"\x80abc",
        "[" * 100_000,
    ],
)
def test_malformed_json(text: str | bytes) -> None:
    with pytest.raises(SerializationError) as caught:
        loads(text)
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        "{}",
        "null",
        "42",
        '"state"',
        envelope(wargames=FORMAT_VERSION + 1),
        envelope(wargames=None),
        envelope(game=None),
        envelope(variant=None),
        envelope(options=None),
        envelope(kind=None),
        envelope(data=None),
        envelope(kind="board"),
        envelope(game=5),
        envelope(variant=5),
        envelope(variant=["SM"]),
        envelope(options="fast"),
        envelope(options=[1, 2]),
        envelope(options={"speed": 3}),
        envelope(options={"moves_per_turn": 0}),
        envelope(variant="XX"),
        envelope(data=[]),
        envelope(data="x"),
    ],
)
def test_wrong_envelope(text: str) -> None:
    with pytest.raises(SerializationError):
        loads(text)
    with pytest.raises(SerializationError):
        loads(text, MINI)


def test_unknown_game() -> None:
    with pytest.raises(SerializationError, match="no game named 'chess'"):
        loads(envelope(game="chess"))


def test_wrong_game_passed() -> None:
    text = dumps(MINI, MINI.start(1))
    for other in (
        Sabotage(),
        wargames.load("sabotage", variant="SN"),
        wargames.load("sabotage", variant="SM", moves_per_turn=4),
    ):
        with pytest.raises(SerializationError, match="document is for sabotage SM"):
            loads(text, other)
    assert loads(text, wargames.load("sabotage", variant="sm")) == MINI.start(1)


@pytest.mark.parametrize(
    "data",
    [
        {"type": "Teleport", "player": "green"},
        {"type": "Event", "player": "green"},
        {"type": ["Move"], "player": "green"},
        {"player": "green", "origin": {"x": 0, "y": 0}, "target": {"x": 0, "y": 1}},
        {"type": "Move", "player": "green", "origin": {"x": 0, "y": 0}},
        {"type": "Move", "player": "green", "origin": {"x": 0}, "target": {"x": 0, "y": 1}},
        {"type": "Move", "player": "green", "origin": "a1", "target": {"x": 0, "y": 1}},
        {"type": "Deploy", "player": "green", "square": {"x": 0, "y": 0}, "kind": "Z"},
        {"type": "Deploy", "player": "green", "square": {"x": 0, "y": 0}},
    ],
)
def test_bad_actions(data: dict[str, Any]) -> None:
    document = json.loads(dumps(MINI, MINI.legal_actions(MINI.start(1), "green")[0]))
    document["data"] = data
    text = json.dumps(document)
    with pytest.raises(SerializationError):
        loads(text)
    with pytest.raises(SerializationError):
        loads(text, MINI)


def state_document(change: Any) -> str:
    document = json.loads(dumps(MINI, played(3, 6)[0]))
    change(document["data"])
    return json.dumps(document)


@pytest.mark.parametrize(
    "change",
    [
        lambda data: data.pop("clock"),
        lambda data: data.pop("cells"),
        lambda data: data.pop("rng"),
        lambda data: data["rng"].pop("key"),
        lambda data: data["rng"].update(key="00ff"),
        lambda data: data.update(rng=[1, 2]),
        lambda data: data.update(clock={"turn": "one", "phase": 0, "seat": 0, "order": [0, 1]}),
        lambda data: data.update(cells=5),
        lambda data: data["log"].append({"type": "Exploded", "piece": 3}),
        lambda data: data["log"].append({"type": "Moved", "player": "green"}),
        lambda data: data["log"].append("Moved"),
        lambda data: data.update(log={"a": 1}),
        lambda data: data.update(result={"winners": ["green"]}),
    ],
)
def test_bad_states(change: Any) -> None:
    text = state_document(change)
    with pytest.raises(SerializationError):
        loads(text)
    with pytest.raises(SerializationError):
        loads(text, MINI)


def test_bad_replays() -> None:
    _, actions = played(2, 5)
    document = json.loads(dumps(MINI, Replay.record(MINI, 2, actions)))
    changes: list[Callable[[dict[str, Any]], object]] = [
        lambda data: data.pop("seed"),
        lambda data: data.update(seed=1.5),
        lambda data: data.update(seed=None),
        lambda data: data.update(seed=[1]),
        lambda data: data.update(seed=True),
        lambda data: data.update(key="abc"),
        lambda data: data.update(key=5),
        lambda data: data.pop("actions"),
        lambda data: data.update(actions=5),
        lambda data: data.update(actions=[{"type": "Jump"}]),
        lambda data: data.update(setup=[1]),
    ]
    for change in changes:
        broken = json.loads(json.dumps(document))
        change(broken["data"])
        with pytest.raises(SerializationError):
            loads(json.dumps(broken))


def test_a_format_1_document_is_refused_naming_its_version() -> None:
    document = json.loads(dumps(MINI, Replay.record(MINI, 2, [])))
    document["wargames"] = 1
    with pytest.raises(SerializationError, match=r"format 1 .*wargames 0\.1.*format 2"):
        loads(json.dumps(document))
    document["wargames"] = 99
    with pytest.raises(SerializationError, match="unknown document format 99"):
        loads(json.dumps(document))


# -- views --------------------------------------------------------------------------------------


def test_a_view_round_trips_hidden_places_included() -> None:
    state, _ = played(4, 12)
    view = MINI.view(state, "red")
    hidden = [cell for cell in view.cells if cell is not None and is_hidden(cell.kind)]
    assert hidden, "green's pieces are hidden from red"
    text = dumps(MINI, view)
    assert json.loads(text)["kind"] == "view"
    assert json.loads(text)["data"]["rng"] == {"?": "hidden"}
    back = loads(text)
    assert back == view
    assert all(is_hidden(c.kind) for c in back.cells if c is not None and c.owner == "green")
    assert dumps(MINI, back) == text


def test_a_loaded_view_can_be_determinised() -> None:
    state, _ = played(5, 9)
    view = loads(dumps(MINI, MINI.view(state, "green")))
    sample = MINI.sample_state(view, "green", random.Random(1))
    assert not is_view(sample)
    assert MINI.view(sample, "green") == MINI.view(state, "green")


def test_a_view_holds_neither_key_nor_seed() -> None:
    state = MINI.start("a seed nobody may see")
    for player in MINI.players:
        text = dumps(MINI, MINI.view(state, player))
        assert state.rng.key.hex() not in text
        assert "a seed nobody may see" not in text


def test_a_marker_where_no_secret_can_be_is_refused() -> None:
    document = json.loads(dumps(MINI, MINI.view(MINI.start(1), "red")))
    document["data"]["clock"] = {"?": "hidden"}
    with pytest.raises(SerializationError):
        loads(json.dumps(document))


def test_serialising_something_else() -> None:
    with pytest.raises(SerializationError, match="cannot serialise"):
        dumps(MINI, "a state")  # type: ignore[arg-type]


# -- digests -----------------------------------------------------------------------------------


def test_digest_is_stable() -> None:
    state, _ = played(6, 30)
    value = digest(MINI, state)
    assert len(value) == 16
    assert int(value, 16) >= 0
    assert digest(MINI, state) == value
    assert digest(MINI, loads(dumps(MINI, state))) == value
    assert digest(MINI, played(6, 30)[0]) == value
    assert digest(MINI, played(6, 31)[0]) != value
    assert digest(MINI, attrs.evolve(state, rng=Rng.from_seed(1))) != value


_REPLAY_ELSEWHERE = """
import sys
import attrs
from wargames import Outcome
from wargames.core.serialize import digest, loads
replay = loads(sys.stdin.read())
game = replay.load_game()
final = replay.final_state()
both = attrs.evolve(final, result=Outcome({"red", "green"}, "shared"))
print(digest(game, final), digest(game, both))
"""


def test_same_seed_same_actions_same_game_across_processes() -> None:
    match = play(
        MINI,
        {"green": RandomBot(1), "red": RandomBot(2)},
        seed=11,
        max_actions=150,
        setup={"deploy": False},
    )
    assert match.length > 40  # set-up and some play
    text = dumps(MINI, match.replay)
    final = match.final
    assert isinstance(final, SabotageState)
    both = attrs.evolve(final, result=Outcome({"green", "red"}, "shared"))
    expected = f"{digest(MINI, match.final)} {digest(MINI, both)}"
    for hash_seed in ("0", "987654"):
        if os.environ.get("PYTHONHASHSEED") == hash_seed:
            continue
        run = subprocess.run(
            [sys.executable, "-c", _REPLAY_ELSEWHERE],
            input=text,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=True,
        )
        assert run.stdout.strip() == expected


def test_sets_are_written_in_a_fixed_order() -> None:
    state = MINI.start(1)
    one = attrs.evolve(state, result=Outcome(frozenset(["green", "red"]), "x"))
    other = attrs.evolve(state, result=Outcome(frozenset(["red", "green"]), "x"))
    assert dumps(MINI, one) == dumps(MINI, other)
    assert json.loads(dumps(MINI, one))["data"]["result"]["winners"] == ["green", "red"]


@given(st.integers(min_value=0, max_value=2**32 - 1))
@settings(max_examples=5)
def test_starts_round_trip(seed: int) -> None:
    state = MINI.start(seed)
    assert loads(dumps(MINI, state), MINI) == state
