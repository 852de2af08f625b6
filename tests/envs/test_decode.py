"""Action indices decode to the action the index numbers, for the player named."""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np
import pytest

import wargames
from wargames.core.codec import action_key
from wargames.core.errors import InvalidAction

from .conftest import small


def test_every_index_decodes_to_its_action_for_every_player() -> None:
    """Every index of the space, as a Python and as a numpy integer, gives an action of the
    player named with the index's key; where the game listed that action, the object it
    listed (a list look-up by player and index, with no key built)."""
    game = wargames.load("sabotage", **small("sabotage"))
    codec = game.action_codec
    listed = {(action.player, index): action for action, index in codec.known.items()}
    for player in game.players:
        for index, key in enumerate(codec.keys):
            action = codec.decode(player, index)
            assert action.player == player
            assert action_key(action) == key
            agent_index: Any = np.int64(index)  # agents hand back numpy integers
            assert codec.decode(player, agent_index) == action
            if (player, index) in listed:
                assert action is listed[player, index]


def test_bad_indices_are_refused_for_every_player() -> None:
    game = wargames.load("sabotage", variant="SM")
    codec = game.action_codec
    bad: list[Any] = [-1, len(codec), True, False, 1.0, "3", None, np.int64(len(codec))]
    for player in (*game.players, "nobody"):
        for index in bad:
            with pytest.raises(InvalidAction):
                codec.decode(player, index)


def test_a_mask_is_the_same_of_the_listed_objects_of_equal_copies_and_of_an_iterator() -> None:
    """Listed objects are found by identity, anything else by its fields: the same places."""
    game = wargames.load("sabotage", variant="SM")
    codec = game.action_codec
    listed = [action for action in codec.known if action.player == "green"][::7]
    copies = [attrs.evolve(action) for action in listed]  # equal, not the listed objects
    assert all(copy is not action for copy, action in zip(copies, listed, strict=True))
    places = sorted(set(codec.indices(listed)))
    assert codec.mask(listed).nonzero()[0].tolist() == places
    assert codec.mask(copies).nonzero()[0].tolist() == places
    assert codec.mask(listed[:3] + copies[3:]).nonzero()[0].tolist() == places
    assert codec.mask(iter(copies)).nonzero()[0].tolist() == places
    assert codec.mask(()).sum() == 0
