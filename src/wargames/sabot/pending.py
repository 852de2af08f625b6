"""A shot decided and not yet rolled: SABOT's afterstate (:meth:`Game.afterstate
<wargames.core.game.Game.afterstate>`), for the bots only.

A bot that weighs a shot by one roll of its dice weighs it by noise larger than what tells
its choices apart (VII-a: one d10 against another).  So the afterstate of a shot (not a
laser's, which rolls nothing) is the state once it is aimed (:func:`~wargames.sabot.firing.aimed`:
the attacker revealed, a limited shot spent, the target shot at; an overwatch firer done for
the turn) with the shot kept as ``pending``: nobody is to act, so the search stops there
(:meth:`~wargames.core.game.Game.awaits_chance`), and the evaluation counts the shot at its
exact odds (:func:`wargames.sabot.evaluation.exchange`).  Such a state is only ever
evaluated: it breaks an invariant of play (:mod:`~wargames.sabot.invariants`), so no document
can carry one, and ``apply`` refuses it (nobody is to act).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.sabot.firing import aimed
from wargames.sabot.state import Fire, SabotAction, SabotState, with_unit

if TYPE_CHECKING:
    from wargames.sabot.rules import Sabot

__all__ = ["afterstate"]


def afterstate(game: Sabot, state: SabotState, action: SabotAction) -> SabotState:
    """The state once legal ``action`` is decided, a shot's dice not yet rolled; any other
    action (and a shot that ends the game at its action limit, a draw whatever the dice)
    applied as it is."""
    limit = game.action_limit
    if (
        not isinstance(action, Fire)
        or action.weapon == "laser"
        or (limit is not None and state.actions + 1 >= limit)
    ):
        return game.apply_unchecked(state, action)
    after = aimed(state, action)
    if game.phase(state) == "movement":  # VII-a: an overwatch firer cannot fire again
        after = with_unit(after, after.units[action.unit], fired=True, done=True)
    return after.with_changes(pending=action, actions=state.actions + 1)
