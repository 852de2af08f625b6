"""SABOT in the library: SVG tokens as a player sees them, the `wargames render` and
`wargames odds` commands, exact match-up odds, and a material evaluation for bots."""

from fractions import Fraction
from pathlib import Path

from typer.testing import CliRunner

from wargames.cli import app
from wargames.render.svg import render_game
from wargames.sabot import Fire, Sabot, matchup
from wargames.sabot.combat import scatter
from wargames.sabot.state import Scout

from .helpers import change, field, play

RUNNER = CliRunner()


def test_tokens_show_symbols_facings_and_hide_what_the_viewer_may_not_know() -> None:
    game = field()
    units = [("blue", "MBT", "0505", 2), ("yellow", "HVY", "0508", 0), ("blue", "DECOY", "0303", 0)]
    state = change(game.position(units), 1, revealed=True)
    mine = game.tokens(state, "blue")
    assert mine[game.map.cells[state.units[2].hex]].label == "D", "a decoy, to its owner"
    tank = mine[game.map.cells[state.units[0].hex]]
    assert (tank.label, tank.facing, tank.owner, tank.hidden) == ("MBT", 2, "blue", False)
    squad = mine[game.map.cells[state.units[1].hex]]
    assert (squad.label, squad.hidden) == ("HVY", False)  # revealed
    theirs = game.tokens(state, "yellow")[game.map.cells[state.units[0].hex]]
    assert (theirs.label, theirs.hidden, theirs.facing) == ("?", True, 2)
    assert "shots" not in theirs.detail
    assert "MBT" not in theirs.detail
    svg = render_game(game, state, "yellow")
    assert svg.count('class="token hidden"') == 2  # the tank and the decoy


def test_render_and_odds_commands(tmp_path: Path) -> None:
    picture = tmp_path / "sabot.svg"
    command = ["render", "sabot", "--svg", str(picture), "--player", "blue", "--seed", "0"]
    result = RUNNER.invoke(app, command)
    assert result.exit_code == 0, result.output
    text = picture.read_text()
    start = Sabot().start(0)
    yellow = sum(u.owner == "yellow" and u.on_map for u in start.units)
    assert text.count('class="token hidden"') == yellow  # every yellow counter on the map
    assert 'data-facing="3"' in text  # blue faces south, towards the enemy
    listed = RUNNER.invoke(app, ["odds", "sabot"])
    assert "attack:" in listed.output
    assert "scatter:" in listed.output
    sample = RUNNER.invoke(
        app,
        ["odds", "sabot", "attack", "attacker=RSC", "defender=HVT", "weapon=at", "painted=true"],
    )
    assert sample.exit_code == 0, sample.output
    assert "9/20" in sample.output  # the sample combat's miss chance with the laser
    where = RUNNER.invoke(app, ["odds", "sabot", "scatter", "facing=3"])
    assert "target" in where.output
    assert "2/5" in where.output
    refused = RUNNER.invoke(app, ["odds", "sabot", "attack", "attacker=MBT", "defender=RSC"])
    assert refused.exit_code != 0  # Damage 4 cannot attack flyers


def test_match_up_and_scatter_odds_are_exact() -> None:
    assert matchup("RSC", "HVT", weapon="at", painted=True) == matchup(
        "RSC", "HVT", weapon="at", attack=2
    )
    soldier = matchup("MBT", "INF")
    assert soldier["disabled"] == 0  # soldiers ignore Disabled
    hexes = scatter(3)
    assert hexes["target"] == Fraction(2, 5)
    assert hexes["south"] == hexes["north"] == Fraction(1, 10)


def test_scouting_odds_are_a_d10_and_the_bonus_reaching_5() -> None:
    """VI-g: "If the roll is 5 or higher, the scouting is successful"; a scout car adds +1."""
    game = field()
    for kind, success in (("WSC", Fraction(7, 10)), ("MBT", Fraction(3, 5))):
        state = game.position([("blue", kind, "0505", 0), ("yellow", "MBT", "0502", 3)])
        odds = game.odds(play(game, state, "move 0"), Scout("blue", 1))
        assert odds is not None
        assert odds[True] == success, kind


def test_scatter_odds_in_a_position_name_each_hex() -> None:
    game = field(14, 14)
    units = [("blue", "SPA", "0702", 3), ("yellow", "MBT", "0712", 0)]
    state = play(game, game.position(units, phase="attack"), "move 0")
    odds = game.scatter_odds(state, Fire("blue", 0, "artillery", 1))
    assert odds["0712"] == Fraction(2, 5)
    assert {h for h in odds if h != "0712"} == {
        game.map.label(n) for n in game.map.steps[game.map.parse("0712")]
    }


def test_evaluate_counts_build_points_on_the_board() -> None:
    game = Sabot()
    state = game.start(1)
    assert -1 < game.evaluate(state, "blue") < 1
    even = game.position([("blue", "MBT", "0505", 0), ("yellow", "MBT", "0508", 0)])
    assert game.evaluate(even, "blue") == game.evaluate(even, "yellow") > 0, "both in range"
    hurt = change(even, 1, status="disabled")
    assert game.evaluate(hurt, "blue") > 0 > game.evaluate(hurt, "yellow")
    heavier = game.position(
        [("blue", "MBT", "0505", 0), ("yellow", "HVT", "0508", 0)], phase="special"
    )  # no shot still to come this turn: build points alone
    assert game.evaluate(heavier, "blue") < 0, "an HVT's platoon costs more than an MBT's"
