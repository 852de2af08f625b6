"""A battle decided and not yet rolled: Sabatu's afterstate (:meth:`Game.afterstate
<wargames.core.game.Game.afterstate>`), for the bots only.

A battle is one die against another ("Fighting Battles"), and the side that loses it loses
an army, a capital or a coin: weighed by one roll, a move that starts one is weighed by noise
larger than what tells a turn's moves apart.  So the afterstate of a move, a sail or "continue"
that starts a battle both sides are ready for (neither holds a tile, or the last of them has
just laid theirs down) is the state with the battle declared and its dice not rolled: step
``battle``, both sides ready, nobody to act, so the search stops there
(:meth:`~wargames.core.game.Game.awaits_chance`).  :func:`outcomes` lists what the rules'
own :func:`~wargames.sabatu.fighting.resolve` makes of it, each with its exact chance, and
the evaluation takes their mean.  Such a state is never one of play (nobody is to act in a
game not over: :mod:`~wargames.sabatu.invariants`), so ``apply`` refuses it.

The afterstate of "pass" is the turn handed over, the next player's turn not begun
(:data:`BEGIN`: their Conquest card, drawn from a deck a bot knows only as a shuffle, and
their dice still to come; nobody to act), unless the start of that turn ends the game (a
victory held, the turn limit), which play gives as it is.  So a descent stops at the end of
the turn it searches, and what the others may do next is left to the evaluation (the
capitals they can reach: :mod:`wargames.sabatu.evaluation`), not to one draw of their card
and dice.

A battle some side has still to lay its tile down for (a state of play, in which the search
stops before the second side chooses) is reckoned the same way, that side laying down the
highest tile it holds (library default, a heuristic: docs/sabatu.md).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Final

import attrs

from wargames.core.dice import d6
from wargames.core.rng import Rng
from wargames.sabatu.battle import battle_dice, winner
from wargames.sabatu.fighting import arm, discard_tiles, press, resolve, tile_names, wall_bonus
from wargames.sabatu.moving import move
from wargames.sabatu.ports import sail
from wargames.sabatu.state import (
    Arm,
    Battle,
    Move,
    Press,
    Ready,
    SabatuAction,
    SabatuState,
    Sail,
)
from wargames.sabatu.turn import hand_over
from wargames.sabatu.turn import winner as victor

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu

__all__ = ["BEGIN", "afterstate", "awaiting", "handed_over", "outcomes", "unrolled"]

BEGIN: Final = "begin"
"""The step of a turn handed over and not begun: only ever a bot's afterstate."""


def awaiting(state: SabatuState) -> bool:
    """Whether a battle is declared and its dice not rolled (in play, while tiles are being
    laid down; in an afterstate, with both sides ready)."""
    return state.step == "battle" and state.battle is not None and state.result is None


def afterstate(game: Sabatu, state: SabatuState, action: SabatuAction) -> SabatuState | None:
    """Legal ``action`` applied with any battle it makes both sides ready for left unrolled
    (:func:`unrolled` tells whether it did); ``None`` for an action that can roll no battle."""
    if isinstance(action, Move):
        return move(game, state, action, settle=False)
    if isinstance(action, Sail):
        return sail(game, state, action, settle=False)
    if isinstance(action, Press) and state.step in ("tie", "press"):
        return press(game, state, settle=False)
    if isinstance(action, Arm | Ready) and state.step == "battle":
        return arm(game, state, action, settle=False)
    return None


def handed_over(game: Sabatu, state: SabatuState) -> SabatuState | None:
    """The afterstate of "pass": the turn handed over, at step :data:`BEGIN`; ``None`` where
    the next turn's start ends the game (applied as in play)."""
    after = hand_over(game, state)
    if victor(game, after, after.seat) is not None or after.round > game.turn_limit:
        return None
    return after.with_changes(step=BEGIN)


def unrolled(after: SabatuState) -> bool:
    """Whether :func:`afterstate` left a battle unrolled in ``after``: declared, both sides
    ready."""
    fight = after.battle
    return awaiting(after) and fight is not None and fight.attacker_ready and fight.defender_ready


def outcomes(game: Sabatu, state: SabatuState) -> Iterator[tuple[float, SabatuState]]:
    """Each way the awaited battle of ``state`` can come out, with its chance: who wins
    (the dice, at :func:`~wargames.sabatu.battle.battle_dice`'s exact odds), then which
    coin the victor draws from the loser (each alike; a tile, all of which weigh the same,
    where the loser has no coins), as :func:`~wargames.sabatu.fighting.resolve` plays them.
    A side still to lay a tile down lays its highest."""
    fight = state.battle
    assert fight is not None
    fight = _armed(game, state, fight)
    attacker, defender = game.seat(fight.attacker), game.seat(fight.defender)
    tiles = game.tables.tiles
    attack = sum(tiles[t].value for t in tile_names(game, state, attacker, fight.attack))
    defence = sum(tiles[t].value for t in tile_names(game, state, defender, fight.defence))
    defence += wall_bonus(game, state, fight.target)
    dice = battle_dice(attack, defence)
    odds = dice.distribution().map(winner)
    faces = {
        winner((a + attack, b + defence)): (i, j)
        for (i, a), (j, b) in itertools.product(enumerate(d6.faces), repeat=2)
    }
    stream = state.rng
    for result, chance in odds.items():
        draws = faces[result]
        if result == "tie":
            plunder: list[tuple[float, tuple[int, ...]]] = [(1.0, ())]
        else:
            loser = defender if result == "attacker" else attacker
            plunder = _plunder(game, state, fight, loser)
        for share, more in plunder:
            forced = state.with_changes(rng=Rng(stream.key, stream.counter, (*draws, *more)))
            yield float(chance) * share, resolve(game, forced, fight)


def _armed(game: Sabatu, state: SabatuState, fight: Battle) -> Battle:
    """``fight`` with a side not yet ready laying down its highest tile (if it has chosen
    none)."""
    attack = fight.attack or _best(game, state, fight.attacker, fight.attacker_ready)
    defence = fight.defence or _best(game, state, fight.defender, fight.defender_ready)
    return attrs.evolve(
        fight, attack=attack, defence=defence, attacker_ready=True, defender_ready=True
    )


def _best(game: Sabatu, state: SabatuState, player: str, ready: bool) -> tuple[int, ...]:
    """The slot of ``player``'s highest tile, if they are still to choose and hold any."""
    held = state.realms[game.seat(player)].tiles
    if ready or not held:
        return ()
    values = game.tables.tiles
    return (max(range(len(held)), key=lambda i: values[str(held[i].value)].value),)


def _plunder(
    game: Sabatu, state: SabatuState, fight: Battle, loser: int
) -> list[tuple[float, tuple[int, ...]]]:
    """The victor's draw from the loser's hand once the battle's tiles are back in the bag:
    one coin of each value the loser holds, at its share of their coins; else one tile (any:
    their value to the evaluation is alike); else nothing."""
    slots = fight.attack if loser == game.seat(fight.attacker) else fight.defence
    after = discard_tiles(game, state, loser, slots)
    coins = after.realms[loser].coins
    if coins:
        return [(coins.count(c) / len(coins), (coins.index(c),)) for c in sorted(set(coins))]
    if after.realms[loser].tiles:
        return [(1.0, (0,))]
    return [(1.0, ())]
