"""IV. The default maps laid out as the text lays them: "player 1 would set up in the first
three rows of maps 040 and 027 on top, and player 2 would set up in 027 and 040 on the
bottom" (the first sample map, ``crossroads``), tiles drawn in ``data/maps.toml``."""

import tomllib
from collections import deque
from pathlib import Path
from typing import Any

import pytest

import wargames.sabot.maps
from wargames.core import hexes
from wargames.sabot.maps import HALF_TURN, LEGEND, SabotMap, default_map, lay_out

DATA: dict[str, Any] = tomllib.loads(
    Path(wargames.sabot.maps.__file__).with_name("data").joinpath("maps.toml").read_text()
)
CROSSROADS = default_map("crossroads")
TILE = 8  # the library's M8 tiles: 8 by 8 hexes
SIDE = 24  # crossroads: three rows of tiles, the widest three tiles wide


def turned(field_: SabotMap, index: int) -> int:
    """The hex that ``index`` becomes when the whole crossroads map is turned half round."""
    column, row = hexes.to_offset(field_.cells[index])
    return field_.index(hexes.from_offset(SIDE - 1 - column, SIDE - 1 - row))


def test_lay_out_centres_each_row_and_turns_a_tile_half_round() -> None:
    tiles = {
        "a": {"terrain": "F...\n....", "overlay": "r...\nr..."},
        "b": {"terrain": "....\n..hH", "overlay": "....\n~~~~"},
    }
    terrain, overlay = lay_out(tiles, f"a b\nb{HALF_TURN}")
    assert terrain.splitlines() == ["F.......", "......hH", "--Hh..--", "--....--"]
    assert overlay.splitlines() == ["r.......", "r...~~~~", "--~~~~--", "--....--"]


@pytest.mark.parametrize(
    ("tiles", "layout", "problem"),
    [
        ({"a": {"terrain": "..\n..", "overlay": "..\n.."}}, "a c", "unknown map tiles"),
        ({"a": {"terrain": "..\n..", "overlay": "..\n.."}}, "\n", "needs tiles"),
        ({"a": {"terrain": "...\n...", "overlay": "...\n..."}}, "a", "even width"),
        ({"a": {"terrain": "..\n..", "overlay": "..\n.."}}, "a a\na", "pairs of columns"),
        ({"a": {"terrain": "....\n...", "overlay": "....\n...."}}, "a", "one rectangular"),
    ],
)
def test_lay_out_refuses_tiles_it_cannot_lay_hex_for_hex(
    tiles: dict[str, dict[str, str]], layout: str, problem: str
) -> None:
    with pytest.raises(ValueError, match=problem):
        lay_out(tiles, layout)


def test_crossroads_sets_the_players_up_on_040_and_027_as_the_text_does() -> None:
    """IV: 040 and 027 on top, 027 and 040 on the bottom, the bottom pair turned half round
    (each player faces the other, so each has 027 on the left and 040 on the right)."""
    rows = [line.split() for line in DATA["maps"]["crossroads"]["layout"].strip().splitlines()]
    assert rows[0] == ["040", "027"]
    assert rows[-1] == [f"027{HALF_TURN}", f"040{HALF_TURN}"]
    assert len(rows) == CROSSROADS.depth == 3  # three tiles deep: three rows of set-up (IV)


def test_crossroads_is_drawn_hex_for_hex_as_its_layout_says() -> None:
    """The loader's map holds, at each tile's place, that tile's drawing (read backwards
    where the tile is turned), and no hex beyond the tiles."""
    grid = [line.split() for line in DATA["maps"]["crossroads"]["layout"].strip().splitlines()]
    widest = max(map(len, grid))
    expected: dict[tuple[int, int], str] = {}
    for y, row in enumerate(grid):
        for x, name in enumerate(row):
            drawing = DATA["tiles"][name.removesuffix(HALF_TURN)]["terrain"].split()
            left = (widest - len(row)) * TILE // 2 + x * TILE
            for r in range(TILE):
                for c in range(TILE):
                    rr, cc = (TILE - 1 - r, TILE - 1 - c) if name.endswith(HALF_TURN) else (r, c)
                    expected[left + c, y * TILE + r] = LEGEND[drawing[rr][cc]]
    drawn = {hexes.to_offset(h): CROSSROADS.board.terrain(h) for h in CROSSROADS.cells}
    assert drawn == expected


def test_both_set_up_halves_of_crossroads_are_the_same_tiles_turned_half_round() -> None:
    """IV: every hex of the top corner tiles (the set-up zone and the five rows before the
    middle) is, turned half round, a hex of the bottom ones with the same terrain, hill
    level, river, bridge and road, whose neighbours are its neighbours turned, and whose
    road links are its links turned; blue's set-up zone turns into yellow's."""
    top = [i for i in range(len(CROSSROADS)) if CROSSROADS.rows[i] < TILE]
    assert len(top) == 2 * TILE * TILE
    for i in top:
        j = turned(CROSSROADS, i)
        assert CROSSROADS.rows[j] >= SIDE - TILE
        assert CROSSROADS.terrain[j] == CROSSROADS.terrain[i]
        assert CROSSROADS.elevation[j] == CROSSROADS.elevation[i]
        assert (CROSSROADS.river[j], CROSSROADS.bridge[j]) == (
            CROSSROADS.river[i],
            CROSSROADS.bridge[i],
        )
        assert CROSSROADS.road[j] == CROSSROADS.road[i]
        near = {turned(CROSSROADS, k) for k in CROSSROADS.steps[i] if k >= 0}
        assert near == {k for k in CROSSROADS.steps[j] if k >= 0}
        inside = {k for k in CROSSROADS.links[i] if CROSSROADS.rows[k] < TILE}
        assert {turned(CROSSROADS, k) for k in inside} == {
            k for k in CROSSROADS.links[j] if CROSSROADS.rows[k] >= SIDE - TILE
        }
    blue, yellow = CROSSROADS.zones
    assert sorted(turned(CROSSROADS, i) for i in blue) == sorted(yellow)
    assert any(CROSSROADS.elevation[i] for i in top)  # a hill on each side, not plain grass
    assert any(CROSSROADS.terrain[i].name == "forest" for i in top)


def _road_reach(field_: SabotMap, start: str) -> set[str]:
    """The hexes reached from ``start`` by road steps alone (an overpass keeps its levels)."""
    first = field_.parse(start)
    seen = {(first, field_.start_level(first, 3))}
    queue = deque(seen)
    while queue:
        here, level = queue.popleft()
        for there in field_.steps[here]:
            if there < 0:
                continue
            along, arrive = field_.road_step(here, level, there)
            if along and (there, arrive) not in seen:
                seen.add((there, arrive))
                queue.append((there, arrive))
    return {field_.label(i) for i, _ in seen}


def test_the_crossroads_roads_run_unbroken_over_the_bridge_and_apart_at_the_overpass() -> None:
    """III: the north-south road runs from blue's edge to yellow's over the river's bridge
    (1313) and the overpass (1309); the east-west road crosses the map under it, and the
    two never meet by road (leaving one for the other is cross-country)."""
    north_south = _road_reach(CROSSROADS, "1301")
    assert {"1224", "1313", "1309", "1316", "1216"} <= north_south
    assert CROSSROADS.bridge[CROSSROADS.parse("1313")]
    assert CROSSROADS.parse("1309") in CROSSROADS.levels
    east_west = _road_reach(CROSSROADS, "0109")
    assert "2409" in east_west
    assert not (north_south & east_west) - {"1309"}
