"""``wargames odds``: exact odds of hypothetical match-ups from each game's own functions."""

import re
from fractions import Fraction

import pytest
from typer.testing import CliRunner

import wargames
from wargames.cli import app
from wargames.gridscifi import odds
from wargames.sabotage import battle
from wargames.saw.odds import hit_points

runner = CliRunner()


def test_listing_the_match_ups_of_a_game() -> None:
    result = runner.invoke(app, ["odds", "saw"])
    assert result.exit_code == 0
    assert "hit_points:\n  accuracy" in result.output
    assert "\n  evasion (whole number)\n" in result.output


@pytest.mark.parametrize(
    ("game", "accepted"),
    [
        ("sabotage", "attacker (a piece symbol: H, M, 5, 4, 3, 2, 1, R, S)"),
        ("gridscifi", "target (an armour class: full, heavy, light, non_troop)"),
        ("gridscifi", "weapon (a weapon type: assault, blast,"),
        ("sabot", "attacker (a unit type: ABN,"),
    ],
)
def test_the_listing_names_the_symbols_each_input_accepts_within_80_columns(
    game: str, accepted: str
) -> None:
    result = runner.invoke(app, ["odds", game])
    assert result.exit_code == 0
    assert accepted in result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80


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


@pytest.mark.parametrize(
    ("game", "args", "row"),
    [
        ("gridscifi", ["attack", "weapon=blast", "cover=true"], r"1 hit, pinned\s*│\s*1/4"),
        ("sabot", ["attack", "attacker=RSC", "defender=HVT", "weapon=at"], "miss"),
        ("sabot", ["scatter", "facing=0"], "target"),
        ("sabatu", ["battle", "attack=2", "walls=1"], "tie"),
        ("sabotage", ["battle", "attacker=S", "defender=5"], "attacker wins"),
        ("saw", ["hit", "accuracy=4", "evasion=0"], "probability"),
    ],
)
def test_every_registered_game_has_match_ups(game: str, args: list[str], row: str) -> None:
    assert wargames.load(game).matchups, f"{game} lists no match-up"
    result = runner.invoke(app, ["odds", game, *args])
    assert result.exit_code == 0, result.output
    assert re.search(row, result.output)


def test_the_grid_scifi_attack_is_the_attack_matchup_s_distribution() -> None:
    from wargames.gridscifi.attacks import matchup
    from wargames.gridscifi.tables import TABLES

    effects = matchup(TABLES, "power", target="non_troop", intense=True).roll().distribution()
    texts = odds.attack("power", target="non_troop", intense=True)
    assert sorted(texts.items()) == sorted(
        effects.map(
            lambda e: ", ".join(
                [f"{e.hits} hit" + ("" if e.hits == 1 else "s")] + ["pinned"] * e.pinned
            )
        ).items()
    )
