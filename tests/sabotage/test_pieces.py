"""The battle table, every attacker against every defender, written out from the rule text."""

import pytest

from wargames.sabotage import Kind, attacker_wins

# Rows: attacker; columns: defender H M 5 4 3 2 1 R S.  A = attacker wins, D = defender wins.
TABLE = """
      H M 5 4 3 2 1 R S
   5  A D A A A A A A A
   4  A D D A A A A A A
   3  A D D D A A A A A
   2  A D D D D A A A A
   1  A D D D D D A A A
   R  A D D D D D D A A
   S  A A A D D D D A A
"""


def _table() -> list[tuple[Kind, Kind, bool]]:
    header, *rows = TABLE.strip().splitlines()
    defenders = [Kind.from_symbol(symbol) for symbol in header.split()]
    cases = []
    for row in rows:
        symbol, *cells = row.split()
        for defender, cell in zip(defenders, cells, strict=True):
            cases.append((Kind.from_symbol(symbol), defender, cell == "A"))
    return cases


CASES = _table()


def test_the_table_covers_every_pair_of_a_mover_and_a_piece() -> None:
    movers = [kind for kind in Kind if kind.movable]
    assert {(a, d) for a, d, _ in CASES} == {(a, d) for a in movers for d in Kind}


@pytest.mark.parametrize(("attacker", "defender", "wins"), CASES)
def test_battle(attacker: Kind, defender: Kind, wins: bool) -> None:
    assert attacker_wins(attacker, defender) is wins


@pytest.mark.parametrize("kind", [Kind.HEADQUARTERS, Kind.LANDMINE])
def test_immovable_pieces_never_attack(kind: Kind) -> None:
    with pytest.raises(ValueError, match="cannot move"):
        attacker_wins(kind, Kind.RECON)


def test_same_kind_attacker_always_wins() -> None:
    for kind in Kind:
        if kind.movable:
            assert attacker_wins(kind, kind)


def test_five_star_weakness_only_when_the_saboteur_attacks() -> None:
    assert attacker_wins(Kind.SABOTEUR, Kind.GENERAL_5)
    assert attacker_wins(Kind.GENERAL_5, Kind.SABOTEUR)


def test_symbols_and_titles() -> None:
    assert [kind.symbol for kind in Kind] == list("HM54321RS")
    assert Kind.GENERAL_3.title == "3-star General"
    assert Kind.LANDMINE.title == "Atomic Landmine"
    assert Kind.from_symbol("r") is Kind.RECON
    with pytest.raises(ValueError, match="unknown piece symbol"):
        Kind.from_symbol("Q")
