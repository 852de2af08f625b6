"""Board clicks for every game: each seat's legal actions name the board positions they
concern (a unit's or piece's place first, its destination or target last), worked out from
the seat's own view."""

import random
import re
from typing import Any

import pytest
from starlette.testclient import TestClient

import wargames
from tests.web.conftest import new_game
from wargames.core.registry import games

TOKEN = re.compile(r'<g class="token[^"]*" data-node="([^"]+)"')


def pointing_view(client: TestClient, name: str) -> dict[str, Any]:
    """A seat's view, in a game of ``name`` played at random by humans, whose legal actions
    name board positions."""
    game = wargames.load(name)
    answer = new_game(
        client,
        name,
        dict.fromkeys(game.players, "human"),
        options=dict(games()[name].demo_options),
    )
    tokens = [answer["seats"][p]["token"] for p in game.players]
    rng = random.Random(1)
    for _ in range(300):
        views: list[dict[str, Any]] = [client.get(f"/api/play/{t}").json() for t in tokens]
        for view in views:
            if any(a["nodes"] for a in view["actions"]):
                return view
        token, view = next((t, v) for t, v in zip(tokens, views, strict=True) if v["actions"])
        action = rng.choice(view["actions"])["text"]
        assert client.post(f"/api/play/{token}/actions", json={"action": action}).is_success
    raise AssertionError(f"no action of {name} named a board position in 300 moves")


@pytest.mark.parametrize("name", wargames.available())
def test_legal_actions_name_positions_on_the_board(client: TestClient, name: str) -> None:
    view = pointing_view(client, name)
    on_board = set(re.findall(r'data-node="([^"]+)"', view["board"]))
    pointed = {node for action in view["actions"] for node in action["nodes"]}
    assert pointed
    assert pointed <= on_board


def test_a_grid_scifi_unit_named_by_its_id_is_clicked_where_it_stands(client: TestClient) -> None:
    view = pointing_view(client, "gridscifi")
    standing = set(TOKEN.findall(view["board"]))
    activations = [  # a unit aboard a transport stands on no square of its own
        a for a in view["actions"] if a["text"].startswith("activate #") and a["nodes"]
    ]
    assert activations
    assert all(len(a["nodes"]) == 1 and a["nodes"][0] in standing for a in activations)
    assert len({a["nodes"][0] for a in activations}) == len(activations)  # one unit a square


def test_a_saw_step_goes_from_the_unit_to_the_next_hex_that_way(client: TestClient) -> None:
    view = pointing_view(client, "saw")
    steps = [a for a in view["actions"] if " step " in a["text"]]
    assert steps
    assert all(len(a["nodes"]) == 2 and a["nodes"][0] != a["nodes"][1] for a in steps)
    assert all(a["nodes"][0] in TOKEN.findall(view["board"]) for a in steps)
    assert len({a["nodes"][1] for a in steps if a["text"].startswith(steps[0]["text"][:3])}) > 1
