"""Game Board Regions: the regions by player count, what each holds, how they join."""

import networkx as nx
import pytest

from wargames.sabatu import Sabatu, SabatuLong
from wargames.sabatu.board import RING, board_data, region_type


@pytest.mark.parametrize(
    ("players", "regions"),
    [(2, 4), (3, 4), (4, 4), (5, 6), (6, 6), (7, 9), (8, 9)],
)
def test_regions_by_player_count(players: int, regions: int) -> None:
    """ "Generally the 4 corner regions are used for 2 to 4 players.  Two edge regions can be
    added for a 5 to 6 player game and all 9 regions are used for up to 8 players."""
    board = Sabatu(players=players).board
    types = sorted(board.region_type.values())
    assert len(board.regions) == regions
    assert types.count("corner") == 4
    assert types.count("edge") == {4: 0, 6: 2, 9: 4}[regions]
    assert types.count("centre") == (1 if regions == 9 else 0)
    assert nx.is_connected(board.graph)


def test_corner_and_edge_regions_hold_home_capital_port_and_draw_spaces() -> None:
    """ "Each corner and edge region has a Home, a Capital"; ports and Spoils, Armory and
    Destiny spaces; "The center region is open territory and has no Home or Capital"."""
    board = Sabatu(players=8).board
    for region in board.regions:
        kinds = {board.kind_at(i) for i in range(len(board.nodes)) if board.region_of(i) == region}
        if board.region_type[region] == "centre":
            assert not kinds & {"home", "capital"}
        else:
            assert kinds >= {"home", "capital", "port", "spoils", "armory", "destiny"}


def test_capitals_and_homes_are_not_spaces() -> None:
    """ "A capital is not a 'space'", "Home is not a 'space'": each opens onto one space,
    so no path goes through it."""
    board = Sabatu(players=4).board
    for node, kind in enumerate(board.terrains):
        if kind in ("capital", "home"):
            assert not board.is_space(node)
            assert len(board.adjacent_indices[node]) == 1
            assert board.is_space(board.gate[node])


def test_neighbouring_regions_join_at_their_sides() -> None:
    board = Sabatu(players=2).board
    assert board.index("ne.15") in board.adjacent_indices[board.index("nw.7")]
    assert board.index("sw.3") in board.adjacent_indices[board.index("nw.11")]
    assert len([n for n in board.nodes if n.startswith("nw.") and n[3:].isdigit()]) == RING


@pytest.mark.parametrize(("players", "dice"), [(2, 2), (6, 2), (7, 3), (8, 3)])
def test_three_dice_with_nine_regions(players: int, dice: int) -> None:
    """ "The standard roll is 2 dice (3 if using all 9 regions)"."""
    game = Sabatu(players=players)
    assert game.dice_per_turn == dice
    assert game.start(seed=1).dice_count in (dice - 1, dice, dice + 1)  # a card may change it


def test_variant_3_builds_a_longer_board() -> None:
    """Variant #3: "add more edge and center regions and make the game board as long as you
    wish"."""
    game = SabatuLong(players=4, rows=5)
    board = game.board
    assert len(board.regions) == 15
    assert sorted(board.region_type.values()).count("centre") == 3
    assert nx.is_connected(board.graph)
    assert game.dice_per_turn == 3
    assert len(SabatuLong(players=2).board.regions) == 12


def test_region_types_come_from_their_names() -> None:
    data = board_data()
    assert region_type("w3", data) == "edge"
    assert region_type("c2", data) == "centre"
    with pytest.raises(ValueError, match="no type"):
        region_type("x1", data)


def test_player_count_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="players"):
        Sabatu(players=9)


KINDS = ("port", "spoils", "armory", "destiny")
GAMES = [
    *((Sabatu, {"players": p}) for p in range(2, 9)),
    *((Sabatu.variants[v], {"players": p}) for v in ("1", "2", "3") for p in range(2, 9)),
    *((SabatuLong, {"players": 8, "rows": rows}) for rows in (3, 5, 6)),
]


def _seat_distances(game: Sabatu, seat: int) -> tuple[tuple[int, ...], ...]:
    """Steps from a seat's Home to its 3 nearest capitals and its 2 nearest spaces of each
    kind."""
    steps = game.board.steps_from(game.home(seat))
    kinds = game.board.terrains
    capitals = sorted(steps[c] for c in game.board.capitals)[:3]
    nearest = (
        sorted(s for s, k in zip(steps, kinds, strict=True) if k == kind)[:2] for kind in KINDS
    )
    return (tuple(capitals), *(tuple(n) for n in nearest))


@pytest.mark.parametrize(("kind", "options"), GAMES)
def test_every_seat_is_as_far_from_the_capitals(
    kind: type[Sabatu], options: dict[str, int]
) -> None:
    """ "Each player chooses a home region": the library's default board gives no seat a
    head start.  Every seat's Home is as many steps from its 3 nearest capitals (any 3 win)
    and from its 2 nearest ports, Spoils, Armory and Destiny spaces as every other's."""
    game = kind(**options)
    seats = {_seat_distances(game, seat) for seat in range(len(game.players))}
    assert len(seats) == 1, seats


@pytest.mark.parametrize(
    ("kind", "options"),
    [
        *((Sabatu, {"players": p}) for p in (2, 4, 8)),
        *((SabatuLong, {"players": p, "rows": rows}) for p in (2, 4) for rows in (3, 4, 5, 6)),
    ],
)
def test_no_seat_is_first_to_fewer_capitals(kind: type[Sabatu], options: dict[str, int]) -> None:
    """With 2, 4 or 8 players (4 on a longer board), every seat's 3 nearest capitals are as
    far from the nearest other seat as every other seat's: no seat's nearest capitals are
    nearer a rival.  (With 3, 5, 6 or 7 players some region is empty or the layout has no
    such symmetry; only the distances above are equal.)"""
    game = kind(**options)
    steps = [game.board.steps_from(game.home(seat)) for seat in range(len(game.players))]
    seen = set()
    for seat, mine in enumerate(steps):
        nearest = sorted(game.board.capitals, key=lambda c: mine[c])[:3]
        rivals = [s for i, s in enumerate(steps) if i != seat]
        seen.add(tuple(sorted((mine[c], min(s[c] for s in rivals)) for c in nearest)))
    assert len(seen) == 1, seen


@pytest.mark.parametrize("steps", [1, 3, 6])
def test_walks_are_the_paths_a_die_can_take(steps: int) -> None:
    """The paths one die's move can take from a place (Moving Around the Board: never back
    to a node left, never through a Capital or Home), each once, each after the path it
    extends, and each entry's end index past exactly the paths that extend it."""
    board = Sabatu(players=6).board
    for origin in (
        board.home_of["nw"],
        board.capital_of["se"],
        board.index(f"{board.regions[-1]}.7"),
    ):
        walks = board.walks(origin, steps)
        paths: list[tuple[int, ...]] = []
        for nxt, taken, before, _ in walks:
            path = next((p for p in reversed(paths) if len(p) == taken and p[-1] == before), ())
            paths.append((*path, nxt) if taken > 1 else (origin, nxt))
        expected = {
            tuple(board.index(n) for n in p)
            for target in board.nodes
            for p in nx.all_simple_paths(board.graph, board.node(origin), target, cutoff=steps)
            if len(p) > 1 and all(board.is_space(board.index(n)) for n in p[1:-1])
        }
        assert sorted(paths) == sorted(expected)
        for i, (_, taken, _, past) in enumerate(walks):
            assert all(walks[j][1] > taken for j in range(i + 1, past))
            assert past == len(walks) or walks[past][1] <= taken
