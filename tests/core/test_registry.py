"""The plugin registry: names, the decorator, and third-party games found by entry points."""

import json
import subprocess
import sys
import textwrap
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from typer.testing import CliRunner

import wargames
from wargames.cli import app
from wargames.core import registry
from wargames.core.replay import Replay
from wargames.core.serialize import dumps, loads
from wargames.sabotage import MiniSabotage, Sabotage, SabotageRush
from wargames.testing import check_rules

BUILT_IN = ("gridscifi", "sabatu", "sabot", "sabotage", "saw")

LAZY = f"""
import json, sys, warnings
warnings.simplefilter("error")
import wargames

def imported():
    return [name for name in {BUILT_IN!r} if "wargames." + name in sys.modules]

found = {{"import": imported(), "available": wargames.available()}}
try:
    wargames.load("chess")
except wargames.UnknownGame as error:
    found["unknown"] = str(error)
found["after unknown"] = imported()
wargames.load("Sabotage", variant="SM")
found["after sabotage"] = imported()
print(json.dumps(found))
"""


def test_a_game_is_loaded_without_importing_the_other_games() -> None:
    """Listing the names and refusing an unknown one import no game; loading one imports its
    own plugin alone (in a fresh Python: this one has imported them all)."""
    run = subprocess.run([sys.executable, "-c", LAZY], capture_output=True, text=True, check=True)
    found = json.loads(run.stdout)
    assert found["import"] == found["after unknown"] == []
    assert found["available"] == list(BUILT_IN)
    assert found["unknown"] == f"no game named 'chess'; available: {', '.join(BUILT_IN)}"
    assert found["after sabotage"] == ["sabotage"]


@pytest.fixture
def fresh_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let a test register games freely: it works on a copy of the registry's table, and
    monkeypatch puts the original table back afterwards."""
    monkeypatch.setattr(registry, "_games", dict(registry._games))
    monkeypatch.setattr(registry, "_points", registry._points)
    monkeypatch.setattr(registry, "_broken", set(registry._broken))


def test_available_lists_sabotage() -> None:
    names = wargames.available()
    assert "sabotage" in names
    assert names == sorted(names)
    assert registry.games()["sabotage"] is Sabotage


def test_games_is_read_only() -> None:
    with pytest.raises(TypeError):
        cast(Any, registry.games())["mine"] = Sabotage


def test_load_is_case_insensitive() -> None:
    assert type(wargames.load("SaBoTaGe")) is Sabotage
    assert type(wargames.load("sabotage", variant="sm")) is MiniSabotage
    assert type(wargames.load("SABOTAGE", variant="Sr")) is SabotageRush
    configured = wargames.load("sabotage", variant="SM", moves_per_turn=3)
    assert isinstance(configured, MiniSabotage)
    assert configured.layout.moves_per_turn == 3


def test_unknown_game() -> None:
    with pytest.raises(wargames.UnknownGame, match="no game named 'chess'") as caught:
        wargames.load("chess")
    assert isinstance(caught.value, LookupError)
    assert "available: " in str(caught.value)
    assert "sabotage" in str(caught.value).split("available: ")[1]


@pytest.mark.usefixtures("fresh_registry")
def test_register_decorator_and_duplicates() -> None:
    @wargames.register("Pocket-Sabotage")
    class PocketSabotage(MiniSabotage):
        pass

    assert "pocket-sabotage" in wargames.available()
    assert type(wargames.load("POCKET-sabotage")) is PocketSabotage
    # The same class again is fine; another class under the name is refused.
    registry.register("pocket-sabotage", PocketSabotage)
    with pytest.raises(ValueError, match="already registered as 'pocket-sabotage'"):
        registry.register("pocket-sabotage", SabotageRush)
    with pytest.raises(ValueError, match="already registered"):
        registry.register("SABOTAGE", MiniSabotage)
    assert type(wargames.load("pocket-sabotage")) is PocketSabotage
    registry.register("pocket-sabotage", SabotageRush, replace=True)
    assert type(wargames.load("pocket-sabotage")) is SabotageRush


@pytest.mark.usefixtures("fresh_registry")
def test_registry_restored_between_tests() -> None:
    # Runs after the test above in file order: whatever it registered is gone.
    assert "pocket-sabotage" not in wargames.available()


_PLUGIN = '''
"""A third-party variant: Mini Sabotage with one move a turn and a short draw limit."""

from attrs import frozen

from wargames.sabotage import MiniSabotage, SabotageOptions


@frozen
class TinyOptions(SabotageOptions):
    moves_per_turn: int | None = 1
    quiet_turn_limit: int | None = 12


class TinySabotage(MiniSabotage):
    name = "tiny-sabotage"
    Options = TinyOptions
'''

_METADATA = """\
Metadata-Version: 2.1
Name: tiny-plugin
Version: 0.1
"""

_ENTRY_POINTS = """\
[wargames.games]
tiny-sabotage = tiny_plugin:TinySabotage
"""


@pytest.fixture
def tiny_plugin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_registry: None
) -> Iterator[Path]:
    """A tiny plugin package installed in a temporary directory on ``sys.path``."""
    (tmp_path / "tiny_plugin.py").write_text(textwrap.dedent(_PLUGIN))
    info = tmp_path / "tiny_plugin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(_METADATA)
    (info / "entry_points.txt").write_text(_ENTRY_POINTS)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("tiny_plugin", None)


def test_third_party_plugin_through_entry_points(tiny_plugin: Path) -> None:
    assert "tiny-sabotage" not in wargames.available()
    registry.reload_entry_points()
    assert "tiny-sabotage" in wargames.available()
    assert "sabotage" in wargames.available()

    game = wargames.load("Tiny-Sabotage")
    assert type(game).__module__ == "tiny_plugin"
    assert isinstance(game, MiniSabotage)
    assert game.layout.moves_per_turn == 1
    assert game.layout.quiet_turn_limit == 12
    assert game.option_values() == {}
    state = game.start(5)
    assert game.to_act(state) == frozenset({"green"})

    # A saved game names the plugin, and loading it rebuilds the plugin's game, not Mini.
    replay = Replay.record(game, 5, [game.legal_actions(state, "green")[0]])
    copy = loads(dumps(game, replay))
    assert copy == replay
    assert copy.load_game() == game
    assert type(copy.load_game()) is type(game)
    assert copy.final_state() == replay.final_state(game)
    other = wargames.load("tiny-sabotage", moves_per_turn=2)
    assert loads(dumps(other, Replay.record(other, 5, []))).load_game() == other

    check_rules(game, max_examples=3, max_steps=12, derandomize=True)


def test_plugin_gone_after_the_test() -> None:
    assert "tiny-sabotage" not in wargames.available()
    with pytest.raises(wargames.UnknownGame):
        wargames.load("tiny-sabotage")


@pytest.fixture
def broken_plugins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_registry: None
) -> Iterator[None]:
    """Two broken entry points installed on ``sys.path``: ``thing`` is no Game, ``missing``
    names a module that does not exist."""
    (tmp_path / "not_a_game.py").write_text("Thing = 42\n")
    info = tmp_path / "not_a_game-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: not-a-game\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[wargames.games]\nthing = not_a_game:Thing\nmissing = no_such_module:Game\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield
    sys.modules.pop("not_a_game", None)


@pytest.mark.usefixtures("broken_plugins")
def test_an_entry_point_that_is_not_a_game() -> None:
    with pytest.warns(registry.BrokenPluginWarning) as caught:
        registry.reload_entry_points()
    messages = [str(w.message) for w in caught]
    assert any("'thing' = not_a_game:Thing is not a Game" in m for m in messages)
    assert any("'missing' = no_such_module:Game failed to load" in m for m in messages)
    assert "thing" not in wargames.available()
    assert "sabotage" in wargames.available(), "one broken plugin hides no other game"


def test_a_game_offers_the_variants_its_own_class_declares() -> None:
    assert registry.variants(Sabotage) is Sabotage.variants
    assert list(registry.variants(Sabotage)) == ["SG", "SM", "SR", "SO", "SN", "SC"]
    assert list(registry.variants(wargames.load("sabatu").__class__)) == ["1", "2", "3"]

    class Careful(MiniSabotage):
        """Inherits Sabotage's table but declares none: it offers itself alone."""

    class Paired(Sabotage):
        variants = {"SG": Sabotage, "P": Careful}  # noqa: RUF012 (a class-level table)

    assert registry.variants(Careful) == {"SM": Careful}
    assert registry.variants(Paired) == {"SG": Sabotage, "P": Careful}
    saw_cls = type(wargames.load("saw"))
    assert registry.variants(type("Plain", (saw_cls,), {})) == {}


@pytest.mark.usefixtures("fresh_registry")
def test_a_registered_subclass_loads_only_its_own_variants() -> None:
    @wargames.register("careful")
    class Careful(MiniSabotage):
        no_return_turns = 3

    assert type(wargames.load("careful", variant="sm")) is Careful
    with pytest.raises(
        wargames.UnknownOption, match="careful has no variant 'SR'; its variants: SM"
    ):
        wargames.load("careful", variant="SR")


@pytest.mark.parametrize("name", [None, 1, b"sabotage", ["sabotage"]])
def test_a_name_that_is_not_text_is_an_unknown_game(name: object) -> None:
    with pytest.raises(wargames.UnknownGame, match="a game's name is text"):
        wargames.load(name)  # type: ignore[arg-type]


def test_a_variant_that_is_not_text_is_refused() -> None:
    with pytest.raises(wargames.UnknownOption, match="a variant's code is text, got 1"):
        wargames.load("sabotage", 1)  # type: ignore[arg-type]


@pytest.mark.usefixtures("broken_plugins")
def test_a_broken_plugin_is_listed_until_it_is_looked_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_points", None)  # the next look-up reads the names again
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # listing names and loading another game import neither
        assert {"thing", "missing", "sabotage"} <= set(wargames.available())
        assert type(wargames.load("sabotage")) is Sabotage
    assert "not_a_game" not in sys.modules
    warned = pytest.warns(registry.BrokenPluginWarning, match="'thing' = not_a_game:Thing is not")
    with warned, pytest.raises(wargames.UnknownGame, match="no game named 'Thing'") as caught:
        wargames.load("Thing")
    assert "thing" not in str(caught.value).split("available: ")[1].split(", ")
    assert "thing" not in wargames.available()
    assert "missing" in wargames.available(), "never looked up"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # warned once, when it was found broken
        with pytest.raises(wargames.UnknownGame):
            registry.game_class("thing")
    with pytest.warns(registry.BrokenPluginWarning, match="'missing' = no_such_module:Game fail"):
        assert "missing" not in registry.games()
    assert "missing" not in wargames.available()
    assert "sabotage" in wargames.available()


def test_a_name_an_entry_point_offers_is_taken_before_it_is_loaded(
    tiny_plugin: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(registry, "_points", None)
    assert "tiny_plugin" not in sys.modules
    with pytest.raises(ValueError, match="already registered as 'Tiny-Sabotage': TinySabotage"):
        registry.register("Tiny-Sabotage", MiniSabotage)
    registry.register("tiny-sabotage", registry.game_class("TINY-sabotage"))  # itself: fine
    assert type(wargames.load("tiny-sabotage")).__module__ == "tiny_plugin"


def test_a_game_registered_in_place_of_an_entry_point_leaves_it_unloaded(
    tiny_plugin: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(registry, "_points", None)
    registry.register("tiny-sabotage", MiniSabotage, replace=True)
    assert type(wargames.load("Tiny-Sabotage")) is MiniSabotage
    assert "tiny-sabotage" in wargames.available()
    assert "tiny_plugin" not in sys.modules


@pytest.mark.usefixtures("broken_plugins")
def test_the_command_line_finds_no_game_in_a_broken_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_points", None)
    runner = CliRunner(env={"COLUMNS": "400"})
    with pytest.warns(registry.BrokenPluginWarning, match="'thing' = not_a_game:Thing is not"):
        result = runner.invoke(app, ["render", "thing", "--svg", "x.svg"])
    assert result.exit_code == 2
    assert "no game named 'thing' and no such file; the games are: gridscifi, missing," in (
        result.output
    )
    with pytest.warns(registry.BrokenPluginWarning, match="'missing' = no_such_module:Game"):
        result = runner.invoke(app, ["odds", "missing"])
    assert result.exit_code == 2
    assert "no game named 'missing'; the games are: gridscifi, sabatu, sabot," in result.output
