"""``wargames odds``: exact odds of hypothetical match-ups from each game's own functions."""

from fractions import Fraction

from typer.testing import CliRunner

from wargames.cli import app
from wargames.sabotage import battle
from wargames.saw.odds import hit_points

runner = CliRunner()


def test_listing_the_match_ups_of_a_game() -> None:
    result = runner.invoke(app, ["odds", "saw"])
    assert result.exit_code == 0
    assert "hit_points: accuracy" in result.output
    assert "evasion: int" in result.output


def test_a_coordinated_hit_chance_as_a_fraction_and_percentage() -> None:
    result = runner.invoke(app, ["odds", "saw", "hit", "accuracy=2,2", "evasion=4", "distance=1,6"])
    assert result.exit_code == 0, result.output
    assert "probability 103/648 = 15.90%" in result.output


def test_a_distribution_is_printed_outcome_by_outcome() -> None:
    args = ["accuracy=4", "evasion=4", "damage=4", "endurance=4", "distance=3"]
    result = runner.invoke(app, ["odds", "saw", "hit_points", *args])
    assert result.exit_code == 0, result.output
    expected = hit_points(4, 4, 4, 4, 3)
    assert f"{expected[0]}" in result.output
    assert f"{float(expected[0]):.2%}" in result.output


def test_sabotage_battles_are_certain() -> None:
    assert battle("S", "5")["attacker wins"] == Fraction(1)
    assert battle("5", "S")["attacker wins"] == Fraction(1)
    assert battle("1", "M")["defender wins"] == Fraction(1)
    result = runner.invoke(app, ["odds", "sabotage", "battle", "attacker=3", "defender=4"])
    assert "defender wins" in result.output


def test_bad_inputs_are_refused_with_the_known_keys() -> None:
    result = runner.invoke(app, ["odds", "saw", "hit", "luck=7"])
    assert result.exit_code != 0
    assert "accuracy" in result.output
    result = runner.invoke(app, ["odds", "saw", "telepathy"])
    assert result.exit_code == 2
    assert "no match-up 'telepathy'" in result.output
    result = runner.invoke(app, ["odds", "sabotage", "battle", "attacker=M", "defender=1"])
    assert result.exit_code != 0
    assert "never attacks" in result.output
