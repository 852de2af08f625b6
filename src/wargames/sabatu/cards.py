"""Conquest and Destiny cards: what each effect does (rule text: "Conquest Cards", "Destiny
Cards", "Armies").

The cards themselves (names, texts, how many of each) are data, ``data/cards.toml``; this
module is the effects they may name.  "The instructions on the card must be followed
immediately and the card returned ... to a discard pile" (this library's choice of the two
the text allows: a discard pile, reshuffled into a new deck when the deck runs out).

* Conquest (the whole campaign): ``army`` adds armies at Home, never past 8 ("If a player has
  all 8 armies on the board and the card instructs the player to add an army, the card is
  ignored"); ``plague`` removes half the armies, "round down to the next even number before
  dividing that number in half", counting those in capitals and at home; ``lose``;
  ``spoils`` and ``armory`` draws; ``dice`` more or fewer dice this turn; ``walls``.
* Destiny (the army that landed): ``advance`` (a die of that value for that army only;
  forfeited if it cannot be used), ``destroy``, ``home``, ``doorstep``, ``spoils``,
  ``armory``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from wargames.sabatu.armies import (
    add_armies,
    army_count,
    occupants,
    owner_at,
    relocate,
    remove_army,
)
from wargames.sabatu.bags import draw_coins, draw_tiles
from wargames.sabatu.state import Capital, CardDrawn, Die, SabatuState

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu
    from wargames.sabatu.tables import Card

__all__ = ["draw_conquest", "draw_destiny", "plague_losses"]


def plague_losses(armies: int) -> int:
    """The armies the Plague removes: round down to even, then half.

    >>> [plague_losses(n) for n in (1, 2, 3, 4, 5, 8)]
    [0, 1, 1, 2, 2, 4]
    """
    return (armies - armies % 2) // 2


def _draw(
    game: Sabatu, state: SabatuState, deck: Literal["conquest", "destiny"], **changes: Any
) -> tuple[Card, SabatuState]:
    """The active player draws the top card of ``deck``; it goes on the discard pile at once
    (it is followed "immediately") and is logged (with any other ``changes`` at once)."""
    cards = state.conquest if deck == "conquest" else state.destiny
    name, rest, rng = cards.draw(state.rng)
    event = CardDrawn(game.players[state.seat], deck, name)
    state = state.with_changes(
        **{deck: rest.discard(name)}, rng=rng, log=state.log.with_event(event), **changes
    )
    return game.tables.cards[name], state


def draw_conquest(game: Sabatu, state: SabatuState, **changes: Any) -> SabatuState:
    """The active player draws a Conquest card and follows it (``changes``: made as it is
    drawn)."""
    seat = state.seat
    card, state = _draw(game, state, "conquest", **changes)
    effect, amount = card.effect, card.amount
    if effect == "army":
        return add_armies(game, state, seat, amount)
    if effect == "plague":
        return state.with_changes(losses=plague_losses(army_count(state, seat)))
    if effect == "lose":
        return state.with_changes(losses=min(amount, army_count(state, seat)))
    if effect == "spoils":
        return draw_coins(game, state, seat, amount)
    if effect == "armory":
        return draw_tiles(game, state, seat, amount)
    if effect == "dice":
        return state.with_changes(dice_count=max(0, state.dice_count + amount))
    if effect == "walls":
        capitals = tuple(
            Capital(c.owner, c.armies, c.builders[: max(0, c.walls - amount)])
            if c.owner == seat
            else c
            for c in state.capitals
        )
        return state.with_changes(capitals=capitals)
    return state


def draw_destiny(game: Sabatu, state: SabatuState, army: int) -> SabatuState:
    """The active player draws a Destiny card for the army that landed on ``army``."""
    seat = state.seat
    card, state = _draw(game, state, "destiny")
    effect, amount = card.effect, card.amount
    owner = owner_at(game, state, army)
    if effect == "advance":
        return state.with_changes(dice=(*state.dice, Die(amount, army)))
    if effect == "destroy":
        return remove_army(game, state, owner, army)
    if effect == "home":
        return relocate(game, state, owner, army, game.home(owner))
    if effect == "doorstep":
        gate = _doorstep(game, state, army, owner)
        return state if gate is None else relocate(game, state, owner, army, gate)
    if effect == "spoils":
        return draw_coins(game, state, seat, amount)
    if effect == "armory":
        return draw_tiles(game, state, seat, amount)
    return state


def _doorstep(game: Sabatu, state: SabatuState, army: int, owner: int) -> int | None:
    """The free space before the capital nearest ``army`` that is not ``owner``'s (fewest
    steps, then board order), or ``None`` if every such doorstep is taken."""
    board = game.board
    occupied = occupants(game, state)
    steps = board.steps_from(army)
    choices = [
        (steps[gate], gate)
        for number, capital in enumerate(board.capitals)
        if state.capitals[number].owner != owner and (gate := board.gate[capital]) not in occupied
    ]
    return min(choices)[1] if choices else None
