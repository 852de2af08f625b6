"""Moving Around the Board, as actions (rule text: "Moving Around the Board", "Sequence of
Play" 3, "Capitals", "Variant #2").  Where one die takes one army is
:func:`wargames.sabatu.movement.destinations`.

* "One die determines the number of spaces one army can move.  A player may move 1 army the
  number of spaces indicated by all of the dice or split the dice up between 2 or more
  armies": :func:`moves`, one :class:`~wargames.sabatu.state.Move` per army, die and place;
  a die with a move that is not a battle must be used, attacking is a choice.
* "A Garrison can not be forced to leave a capital": :func:`movers` (Variant #2 adds the
  hired army).
* "When landing on designated spaces such as 'Spoils' or 'Armory' draw one tile from the
  appropriate bag.  If landing on a 'Destiny' space draw one Destiny card": :func:`move`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from attrs import define

from wargames.sabatu import cards, fighting
from wargames.sabatu.armies import occupants, owner_at, relocate
from wargames.sabatu.bags import draw_coins, draw_tiles
from wargames.sabatu.movement import BATTLE, CAPITAL, ENTER, destinations
from wargames.sabatu.state import Attacked, Die, Move, Moved, SabatuAction, SabatuState

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu

__all__ = [
    "KnownMoves",
    "Reached",
    "army_reach",
    "can_pass",
    "dice_for",
    "is_move",
    "move",
    "movers",
    "moves",
    "reach",
    "spend_die",
    "table",
]


def movers(game: Sabatu, state: SabatuState) -> list[tuple[int, int, bool]]:
    """The armies the player to move commands: (place, owner's seat, hired)."""
    seat = state.seat
    realm = state.realms[seat]
    found = [(place, seat, False) for place in sorted(set(realm.armies))]
    found += [
        (node, seat, False)
        for node, capital in zip(game.board.capitals, state.capitals, strict=True)
        if capital.owner == seat and capital.armies > 1
    ]
    found += [(army, owner_at(game, state, army), True) for army in state.hired]
    return found


def reach(
    game: Sabatu,
    state: SabatuState,
    origin: int,
    owner: int,
    hired: bool,
    steps: int,
    occupied: Mapping[int, int] | None = None,
) -> dict[int, str]:
    """Where a die of ``steps`` takes the army on ``origin``, with how it gets there
    (``occupied``: the state's :func:`~wargames.sabatu.armies.occupants`, if known)."""
    return destinations(
        game.board,
        occupants(game, state) if occupied is None else occupied,
        state.capitals,
        origin,
        steps,
        owner=owner,
        commander=state.seat,
        home=game.home(owner),
        hired=hired,
    )


def dice_for(state: SabatuState, origin: int) -> list[int]:
    """The distinct die values the army on ``origin`` may use (a Destiny card's die is its
    army's only)."""
    return sorted({d.value for d in state.dice if d.army in (-1, origin)})


Reached = tuple[int, int, dict[int, str]]
"""An army's place, a die value it may use, and where that die takes it (with how)."""


@define
class KnownMoves:
    """The last :func:`table` a game worked out: the seat and the (immutable) values it
    read, the table, the moves listed from it once asked for, and the last state it was
    found for (so the checks of that state's actions find it at once)."""

    seat: int
    read: tuple[tuple[Any, ...], ...]
    reached: tuple[Reached, ...]
    bound: bool
    state: SabatuState
    listed: tuple[str, list[SabatuAction]] | None = None


def table(game: Sabatu, state: SabatuState) -> tuple[tuple[Reached, ...], bool]:
    """Where each army the player to move commands goes with each die it may use, and
    whether a die can move an army without a battle: such a die "must be used", while a
    battle is an attempt the player may choose not to make.

    Worked out once for the armies, capitals, dice and hires it reads: the game remembers
    the last table with those (immutable) values, so listing the moves, checking one and
    making it share the search, and so do the states of a trade between two moves."""
    known = _known(game, state)
    return known.reached, known.bound


def _known(game: Sabatu, state: SabatuState) -> KnownMoves:
    """The :func:`table` of ``state``: the remembered one, or worked out now."""
    return _remembered(game, state) or _work_out(game, state)


def _work_out(game: Sabatu, state: SabatuState) -> KnownMoves:
    occupied = occupants(game, state)
    found: list[Reached] = []
    bound = False
    for origin, owner, hired in movers(game, state):
        for value in dice_for(state, origin):
            targets = reach(game, state, origin, owner, hired, value, occupied)
            found.append((origin, value, targets))
            bound = bound or any(outcome != BATTLE for outcome in targets.values())
    known = KnownMoves(state.seat, _read(state), tuple(found), bound, state)
    game.remembered.moves = known
    return known


def _read(state: SabatuState) -> tuple[tuple[Any, ...], ...]:
    """What :func:`table` reads of a state besides the seat to move."""
    return (state.capitals, state.dice, state.hired, *[realm.armies for realm in state.realms])


def _remembered(game: Sabatu, state: SabatuState) -> KnownMoves | None:
    """The remembered :func:`table`, if it was worked out from the very same values."""
    known = game.remembered.moves
    if known is None or known.state is state:
        return known
    if known.seat != state.seat:
        return None
    read = _read(state)
    if any(a is not b for a, b in zip(read, known.read, strict=True)):
        return None
    known.state = state
    return known


def moves(game: Sabatu, state: SabatuState, player: str) -> tuple[list[SabatuAction], bool]:
    """Every move of the player to move (each army, each usable die, each destination),
    and whether a die can move an army without a battle (see :func:`table`)."""
    known = _known(game, state)
    if known.listed is None or known.listed[0] != player:
        nodes = game.board.nodes
        found: list[SabatuAction] = [
            Move(player, nodes[origin], value, nodes[target])
            for origin, value, targets in known.reached
            for target in sorted(targets)
        ]
        known.listed = (player, found)
    return list(known.listed[1]), known.bound


def army_reach(game: Sabatu, state: SabatuState, origin: int, die: int) -> dict[int, str]:
    """Where a die of ``die`` takes the army the player to move commands on ``origin``
    (nowhere if they command none there or it may not use such a die): one army's part of
    :func:`table`, searched alone unless the table is known."""
    known = _remembered(game, state)
    if known is not None:
        return next(
            (t for place, value, t in known.reached if place == origin and value == die), {}
        )
    if die not in dice_for(state, origin):
        return {}
    for place, owner, hired in movers(game, state):
        if place == origin:
            return reach(game, state, place, owner, hired, die)
    return {}


def is_move(game: Sabatu, state: SabatuState, action: Move) -> bool:
    """Whether ``action`` is one of :func:`moves`: an army the player commands on its origin,
    a die it may use, and a destination that die reaches — decided for this one move."""
    board = game.board
    if action.origin not in board or action.target not in board:
        return False
    origin, target = board.index(action.origin), board.index(action.target)
    return target in army_reach(game, state, origin, action.die)


def can_pass(game: Sabatu, state: SabatuState) -> bool:
    """Whether the player to move may end the turn: no die left can move an army without a
    battle (see :func:`table`)."""
    return not table(game, state)[1]


def spend_die(dice: tuple[Die, ...], origin: int, value: int) -> tuple[Die, ...]:
    """The ``dice`` left once a die of ``value`` is spent for the army on ``origin`` (its
    own bound die first)."""
    left = list(dice)
    index = next(
        (i for i, d in enumerate(left) if d.value == value and d.army == origin),
        None,
    )
    if index is None:
        index = next(i for i, d in enumerate(left) if d.value == value and d.army == -1)
    del left[index]
    return tuple(left)


def move(game: Sabatu, state: SabatuState, action: Move) -> SabatuState:
    """Spend the die and move: a battle on an enemy's place, else the army lands and draws
    on a Spoils, Armory or Destiny space reached by exact count."""
    origin, target = game.board.index(action.origin), game.board.index(action.target)
    hired = origin in state.hired
    owner = owner_at(game, state, origin) if hired else state.seat
    outcome = army_reach(game, state, origin, action.die)[target]
    player = game.players[state.seat]
    dice = spend_die(state.dice, origin, action.die)
    if outcome == BATTLE:
        attack = Attacked(player, action.origin, action.die, action.target)
        state = state.with_changes(dice=dice, log=state.log.with_event(attack))
        return fighting.start_battle(game, state, owner, origin, target)
    event = Moved(player, action.origin, action.die, action.target)
    state = relocate(game, state, owner, origin, target, dice=dice, log=state.log.with_event(event))
    if outcome in (ENTER, CAPITAL):
        return state
    kind = game.board.kind_at(target)
    if kind == "spoils":
        return draw_coins(game, state, state.seat, 1)
    if kind == "armory":
        return draw_tiles(game, state, state.seat, 1)
    if kind == "destiny":
        return cards.draw_destiny(game, state, target)
    return state
