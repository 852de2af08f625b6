"""Issue 31: whoever is to act has a legal action until the outcome, for every option value
a game accepts.  Each game's options are drawn from their declared bounds (edges included,
:func:`wargames.testing.option_values`): a set the game refuses is refused at ``load`` with
an ``UnknownOption``; an accepted one starts a game, and random playouts of it never reach
a state where somebody is to act with nothing to do."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import wargames
from wargames.core.errors import UnknownOption
from wargames.testing import check_can_act, option_values, playouts

STEPS = 80
"""Actions a playout takes at most: enough for the set-up and a few turns of every game."""
SETUPS: dict[str, list[dict[str, Any]]] = {"sabot": [{}, {"deploy": False}]}
"""Set-ups played besides the default one (SABOT's set-up counter by counter)."""


@pytest.mark.parametrize("name", wargames.available())
@settings(max_examples=25)
@given(data=st.data())
def test_every_accepted_option_set_starts_a_game_where_whoever_is_to_act_can_act(
    name: str, data: st.DataObject
) -> None:
    values = data.draw(option_values(name), label="options")
    try:
        game = wargames.load(name, **values)
    except UnknownOption:  # refused at load, as the contract allows (any other error fails)
        event(f"{name}: refused")
        return
    setup = data.draw(st.sampled_from(SETUPS.get(name, [{}])), label="setup")
    playout = data.draw(playouts(game, max_steps=STEPS, setup=setup), label="playout")
    for state in playout.states:
        check_can_act(game, state)
