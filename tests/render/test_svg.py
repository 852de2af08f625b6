"""SVG pictures of boards: well-formed, one cell per node, tokens as the viewer sees them."""

from __future__ import annotations

import itertools
import math
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import networkx as nx
import pytest

import wargames
from wargames.core.board import Board, GraphBoard, HexBoard, Square, SquareBoard
from wargames.core.game import UnknownPlayer
from wargames.core.hexes import Hex, from_offset
from wargames.render.svg import (
    TERRAIN_COLOURS,
    Drawable,
    NotDrawable,
    Token,
    player_colours,
    render_game,
    render_svg,
    terrain_colour,
)
from wargames.sabotage import MiniSabotage, Sabotage
from wargames.sabotage.pieces import Kind
from wargames.saw import Saw

NS = {"svg": "http://www.w3.org/2000/svg"}
SYMBOLS = {kind.symbol for kind in Kind}
MINI = MiniSabotage()


def parse(text: str) -> ET.Element:
    """The document's root; fails the test if the SVG is not well-formed XML."""
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def cells(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == "cell"]


def tokens(root: ET.Element, owner: str | None = None) -> dict[str, ET.Element]:
    """The token groups by node name (only ``owner``'s if given)."""
    return {
        e.get("data-node", ""): e
        for e in root.iter()
        if (e.get("class") or "").split()[:1] == ["token"]
        and (owner is None or e.get("data-owner") == owner)
    }


def label(group: ET.Element) -> str:
    text = group.find("svg:text", NS)
    assert text is not None
    return text.text or ""


def tooltip(element: ET.Element) -> str:
    title = element.find("svg:title", NS)
    assert title is not None
    return title.text or ""


# -- boards ----------------------------------------------------------------------------------


def test_square_board_has_one_cell_per_square_with_its_name_and_terrain() -> None:
    board = SquareBoard(4, 3, terrain={Square.parse("b2"): "volcano"})
    root = parse(render_svg(board, title="a board"))
    drawn = cells(root)
    assert len(drawn) == len(board)
    assert [c.get("data-node") for c in drawn] == [str(s) for s in board]
    volcano = next(c for c in drawn if c.get("data-node") == "b2")
    assert volcano.get("fill") == terrain_colour("volcano") != terrain_colour("open")
    assert tooltip(volcano) == "b2: volcano"
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {"a", "b", "c", "d", "1", "2", "3", "a board"} <= texts


def test_hex_board_has_one_flat_top_hex_per_node_at_its_axial_place() -> None:
    board = HexBoard.rectangle(
        5, 4, terrain={Hex(1, 0): "woods"}, elevation={Hex(2, 0): 2}, features={Hex(1, 0): ["road"]}
    )
    root = parse(render_svg(board))
    drawn = {c.get("data-node", ""): c for c in cells(root)}
    assert sorted(drawn) == sorted(board.label(h) for h in board)
    assert all(c.tag.endswith("polygon") for c in drawn.values())

    def corners(name: str) -> list[tuple[float, float]]:
        points = drawn[name].get("points", "").split()
        return [(float(x), float(y)) for x, y in (p.split(",") for p in points)]

    first = corners("0101")
    assert len(first) == 6
    ys = sorted({round(y, 1) for _, y in first})
    assert len(ys) == 3, "flat top: two corners on the top edge, two on the bottom, two mid"
    below = corners("0102")  # the hex straight below (north is up)
    assert [round(x, 1) for x, _ in below] == [round(x, 1) for x, _ in first]
    assert min(y for _, y in below) == pytest.approx(max(y for _, y in first))
    assert tooltip(drawn["0201"]) == "0201: woods, road"
    assert "elevation 2" in tooltip(drawn[board.label(Hex(2, 0))])
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {"0101", "0504", "▲2"} <= texts


def lines(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == "edge"]


def centres(root: ET.Element) -> dict[str, tuple[float, float]]:
    return {
        c.get("data-node", ""): (float(c.get("cx", "")), float(c.get("cy", "")))
        for c in cells(root)
    }


ISLANDS = [("port", "sea"), ("sea", "isle"), ("isle", "port"), ("sea", "deep"), ("cape", "port")]


@pytest.mark.parametrize(
    "places",
    [None, {"port": (0, 0), "sea": (2, 0), "isle": (2, 1), "deep": (3, 0.0), "cape": (0, -1)}],
    ids=["laid out", "at x, y"],
)
def test_graph_board_has_a_circle_per_node_and_a_line_per_edge(
    places: dict[str, tuple[float, float]] | None,
) -> None:
    nodes: dict[str, dict[str, object]] = {
        n: {"terrain": "water" if n == "sea" else "open"} for n in ("port", "sea", "isle")
    }
    for name, (x, y) in (places or {}).items():
        nodes.setdefault(name, {}).update(x=x, y=y)
    board = GraphBoard(ISLANDS, nodes=nodes)
    placed = {"isle": Token("3", "#c8312b", owner="red", detail="a fleet")}
    text = render_svg(board, placed, title="islands")
    assert text == render_svg(GraphBoard(ISLANDS, nodes=nodes), dict(placed), title="islands")
    root = parse(text)
    drawn = {c.get("data-node"): c for c in cells(root)}
    assert list(drawn) == ["port", "sea", "isle", "deep", "cape"]
    assert all(c.tag.endswith("circle") for c in drawn.values())
    sea = drawn["sea"]
    assert sea.get("fill") == terrain_colour("water") != drawn["port"].get("fill")
    assert tooltip(sea) == "sea: water"
    at = centres(root)
    edges = {tuple(sorted(e.get("data-edge", "").split())) for e in lines(root)}
    assert len(lines(root)) == len(edges) == len(ISLANDS)
    assert edges == {tuple(sorted(edge)) for edge in ISLANDS}
    for line in lines(root):
        a, b = line.get("data-edge", "").split()
        ends = {
            (float(line.get("x1", "")), float(line.get("y1", ""))),
            (float(line.get("x2", "")), float(line.get("y2", ""))),
        }
        assert ends == {at[a], at[b]}, "a line joins its nodes' centres"
    fleet = tokens(root)["isle"]
    circle = fleet.find("svg:circle", NS)
    assert circle is not None
    assert (float(circle.get("cx", "")), float(circle.get("cy", ""))) == at["isle"]
    assert (label(fleet), tooltip(fleet), fleet.get("data-owner")) == ("3", "a fleet", "red")
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {"port", "sea", "isle", "deep", "cape"} <= texts
    gaps = [math.dist(p, q) for p, q in itertools.combinations(at.values(), 2)]
    assert min(gaps) == pytest.approx(60, abs=0.02), "the closest nodes are 60 px apart"
    if places is not None:  # drawn as given: scaled, shifted, y down
        assert at["sea"][0] - at["port"][0] == pytest.approx(120, abs=0.02)
        assert at["isle"][1] - at["port"][1] == pytest.approx(60, abs=0.02)
        assert at["cape"] == (at["port"][0], at["port"][1] - 60)


def test_a_graph_without_places_everywhere_is_laid_out_and_edges_sit_under_cells() -> None:
    board = GraphBoard(
        [("a", "b"), ("b", "c")], nodes={"a": {"x": 0, "y": 0}, "b": {"x": True, "y": 1}}
    )
    root = parse(render_svg(board))
    kinds = [e.get("class") for e in root.iter() if e.get("class") in ("cell", "edge")]
    assert kinds == ["edge", "edge", "cell", "cell", "cell"]
    at = centres(root)
    assert at["a"][0] != at["c"][0] or at["a"][1] != at["c"][1]


def test_unfamiliar_terrains_of_one_picture_get_different_fills() -> None:
    names = ["space", "spoils", "armory", "destiny", "home", "capital", "port"]
    board = GraphBoard([], nodes={name: {"terrain": name} for name in names})
    fills = [c.get("fill") for c in cells(parse(render_svg(board)))]
    assert len(set(fills)) == len(names)
    assert not set(fills) & set(TERRAIN_COLOURS.values())


def test_roads_and_rivers_run_between_the_hexes_that_have_them() -> None:
    road = [Hex(0, 0), Hex(1, 0), Hex(2, 0)]  # three hexes in a row: two joins
    board = HexBoard.rectangle(4, 3, features={**{h: {"road"} for h in road}, Hex(3, 0): {"river"}})
    svg = render_svg(board)
    halves = re.findall(r'<line class="feature" data-feature="road"', svg)
    assert len(halves) == 4, "each join is drawn as two halves, one from each hex"
    assert len(re.findall(r'<circle class="feature" data-feature="river"', svg)) == 1
    assert svg.index('class="feature"') > svg.rindex('class="cell"'), "over the cells"
    legend = re.findall(r'<g class="legend feature"><line[^>]*/><text[^>]*>(\w+)</text>', svg)
    assert legend == ["road", "river"]
    assert 'class="feature"' not in render_svg(HexBoard.rectangle(4, 3))


def test_tokens_appear_on_their_nodes_with_labels_facings_and_owners() -> None:
    board = HexBoard.rectangle(3, 3)
    placed = {
        from_offset(0, 0): Token("b1", "#2f6fd0", owner="blue", facing=2),
        from_offset(2, 2): Token("<&>", "white", owner="red", detail="odd & quoted"),
    }
    root = parse(render_svg(board, placed))
    drawn = tokens(root)
    assert set(drawn) == {"0101", "0303"}
    assert label(drawn["0101"]) == "b1"
    assert label(drawn["0303"]) == "<&>", "text is escaped, not markup"
    assert tooltip(drawn["0303"]) == "odd & quoted"
    arrow = drawn["0101"].find("svg:polygon", NS)
    assert arrow is not None
    assert arrow.get("data-facing") == "2"
    assert drawn["0303"].find("svg:polygon", NS) is None, "no facing, no arrow"
    legend = {t.text for g in root.iter() if "legend" in (g.get("class") or "") for t in g}
    assert {"blue", "red", "open"} <= legend


@pytest.mark.parametrize("facing", range(6))
def test_the_facing_arrow_points_to_its_hex_side(facing: int) -> None:
    board = HexBoard.rectangle(3, 3)
    centre = from_offset(1, 1)
    root = parse(render_svg(board, {centre: Token("x", "#000000", facing=facing)}))
    group = tokens(root)[board.label(centre)]
    circle = group.find("svg:circle", NS)
    arrow = group.find("svg:polygon", NS)
    assert circle is not None
    assert arrow is not None
    tip = arrow.get("points", "").split()[0].split(",")
    dx = float(tip[0]) - float(circle.get("cx", ""))
    dy = float(tip[1]) - float(circle.get("cy", ""))
    neighbour = centre.neighbour(facing)  # the hex that side faces
    to_neighbour = cells_centre(root, board.label(neighbour))
    here = cells_centre(root, board.label(centre))
    ex, ey = to_neighbour[0] - here[0], to_neighbour[1] - here[1]
    cosine = (dx * ex + dy * ey) / ((dx * dx + dy * dy) ** 0.5 * (ex * ex + ey * ey) ** 0.5)
    assert cosine == pytest.approx(1.0, abs=1e-3)


def cells_centre(root: ET.Element, name: str) -> tuple[float, float]:
    cell = next(c for c in cells(root) if c.get("data-node") == name)
    points = [tuple(map(float, p.split(","))) for p in cell.get("points", "").split()]
    return sum(p[0] for p in points) / 6, sum(p[1] for p in points) / 6


def test_hidden_tokens_are_marked_and_the_output_is_deterministic() -> None:
    board = SquareBoard(2, 1)
    placed = {Square(0, 0): Token("?", "#c8312b", owner="red", hidden=True)}
    text = render_svg(board, placed, title="t")
    assert text == render_svg(board, dict(placed), title="t")
    assert tokens(parse(text))["a1"].get("class") == "token hidden"


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="0-5"):
        Token("x", "red", facing=6)
    with pytest.raises(ValueError, match="off the board"):
        render_svg(SquareBoard(2, 2), {Square(5, 5): Token("x", "red")})
    with pytest.raises(ValueError, match="facings are drawn on hex maps"):
        render_svg(SquareBoard(2, 2), {Square(0, 0): Token("x", "red", facing=1)})
    with pytest.raises(ValueError, match="facings are drawn on hex maps"):
        render_svg(GraphBoard([("a", "b")]), {"a": Token("x", "red", facing=1)})
    with pytest.raises(ValueError, match="drawn at the same place"):
        render_svg(GraphBoard([("a", "b")], nodes={"a": {"x": 1, "y": 2}, "b": {"x": 1, "y": 2}}))
    graph = nx.Graph([("a", "b")])
    nx.set_node_attributes(graph, "open", "terrain")
    plain = Board(graph, ["a", "b"], "bare")
    for not_drawable in (plain, "a board"):
        with pytest.raises(NotDrawable, match="SquareBoard, a HexBoard or a GraphBoard"):
            render_svg(not_drawable)  # type: ignore[arg-type]


def test_colours() -> None:
    assert player_colours(["green", "red"]) == {"green": "#2e8b3d", "red": "#c8312b"}
    mixed = player_colours(["blue", "alice", "bob"])
    assert mixed["blue"] == "#2f6fd0"
    assert len(set(mixed.values())) == 3, "unnamed players get colours nobody else has"
    assert terrain_colour("lava") == terrain_colour("lava") != terrain_colour("open")
    override = render_svg(SquareBoard(1, 1), terrain_colours={"open": "#123456"})
    assert cells(parse(override))[0].get("fill") == "#123456"


# -- games -----------------------------------------------------------------------------------


def test_sabotage_shows_unknown_enemy_pieces_as_question_marks() -> None:
    state = MINI.start(3)
    for viewer, enemy in (("red", "green"), ("green", "red")):
        root = parse(render_game(MINI, state, viewer))
        assert len(cells(root)) == len(MINI.board)
        own, theirs = tokens(root, viewer), tokens(root, enemy)
        assert own
        assert theirs
        assert {label(g) for g in own.values()} <= SYMBOLS
        assert {label(g) for g in theirs.values()} == {"?"}
        assert all(g.get("class") == "token hidden" for g in theirs.values())
        titles = " ".join(tooltip(g) for g in theirs.values())
        assert all(word not in titles for word in ("General", "Landmine", "Recon", "Saboteur"))


def test_sabotage_owner_sees_the_kind_that_the_opponent_does_not() -> None:
    state = MINI.start(5)
    full = tokens(parse(render_game(MINI, state)))
    as_green = tokens(parse(render_game(MINI, state, "green")), "green")
    as_red = tokens(parse(render_game(MINI, state, "red")), "green")
    assert as_green.keys() == as_red.keys()
    for square, group in as_green.items():
        kind = label(group)
        assert kind in SYMBOLS
        assert label(full[square]) == kind
        assert label(as_red[square]) == "?"


def test_the_opponents_picture_is_the_same_for_every_state_it_cannot_tell_apart() -> None:
    state = MINI.start(7)
    picture = render_game(MINI, state, "red")
    for seed in range(3):
        other = MINI.sample_state(state, "red", random.Random(seed))
        assert render_game(MINI, other, "red") == picture


def test_a_revealed_piece_shows_its_kind_to_the_opponent() -> None:
    state = MINI.position({"b2": "g5", "c3": "g1", "f7": "rH", "g7": "rR"}, revealed=("b2",))
    red = tokens(parse(render_game(MINI, state, "red")), "green")
    assert label(red["b2"]) == "5"
    assert "(revealed)" in tooltip(red["b2"])
    assert label(red["c3"]) == "?"


def test_saw_draws_every_unit_and_keeps_enemy_traits_secret() -> None:
    game = wargames.load("saw", map="ruins")
    assert isinstance(game, Saw)
    state = game.start(1)
    root = parse(render_game(game, state, "blue"))
    assert len(cells(root)) == len(game.board)
    drawn = tokens(root)
    assert {label(g) for g in drawn.values()} == {u.id for u in state.units}
    for unit in state.units:
        assert unit.hex is not None
        group = drawn[game.board.label(unit.hex)]
        assert group.get("data-owner") == unit.owner
        secret = "traits secret" in tooltip(group)
        assert secret == (unit.owner != "blue")
    woods = [c for c in cells(root) if tooltip(c).endswith("woods")]
    assert woods
    assert all(c.get("fill") == terrain_colour("woods") for c in woods)


def test_render_game_refuses_what_it_cannot_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(MINI, Drawable)
    with pytest.raises(UnknownPlayer):
        render_game(MINI, MINI.start(1), "blue")
    game: Any = wargames.load("sabotage")
    state = game.start(1)
    monkeypatch.delattr(Sabotage, "tokens")
    assert not isinstance(game, Drawable)
    with pytest.raises(NotDrawable, match="sabotage cannot be drawn"):
        render_game(game, state)


def test_render_game_titles_name_the_game_and_the_viewer() -> None:
    root = parse(render_game(MINI, MINI.start(1), "green"))
    title = root.find("svg:title", NS)
    assert title is not None
    assert title.text == "sabotage SM, as green sees it"
    custom = parse(render_game(MINI, MINI.start(1), title="mine")).find("svg:title", NS)
    assert custom is not None
    assert custom.text == "mine"
