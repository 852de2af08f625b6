"""Home, Capitals, Armies: where each player's armies stand and how they come and go (rule
text: "Home", "Capitals", "Armies").

Armies on spaces and at Home are listed in the player's :class:`~wargames.sabatu.state.Realm`;
armies inside a capital are counted on its :class:`~wargames.sabatu.state.Capital`.

* "Whenever a new army is added to your forces they start out from Home", never past 8
  ("the card is ignored"): :func:`add_armies`.
* "The first army to occupy a capital becomes a garrison and is immediately replaced with a
  fresh army at Home"; a capital "may be occupied and defended by as many armies as you feel
  you may spare": :func:`relocate`.
* Armies lost to cards or battles: :func:`remove_army` (a capital left empty is unclaimed
  again; "Walls ... remain").
* "When all of the non-garrisoned armies of a region are eliminated": :func:`free_armies`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wargames.sabatu.state import Capital, Claimed, Die, Realm, SabatuState

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu

__all__ = [
    "add_armies",
    "army_count",
    "forget",
    "free_armies",
    "leave",
    "occupants",
    "owner_at",
    "places",
    "relocate",
    "remove_army",
    "with_capital",
    "with_realm",
]


def with_realm(state: SabatuState, seat: int, realm: Realm, **changes: Any) -> SabatuState:
    """``state`` with ``seat``'s realm replaced (and any other ``changes`` at once)."""
    realms = (*state.realms[:seat], realm, *state.realms[seat + 1 :])
    return state.with_changes(realms=realms, **changes)


def with_capital(state: SabatuState, number: int, capital: Capital) -> SabatuState:
    """``state`` with capital ``number`` (its place in ``board.capitals``) replaced."""
    return state.with_changes(
        capitals=(*state.capitals[:number], capital, *state.capitals[number + 1 :])
    )


def occupants(game: Sabatu, state: SabatuState) -> dict[int, int]:
    """Each space holding an army, with its owner's seat ("Two armies cannot occupy the
    same space at the same time")."""
    spaces = game.board.spaces
    return {
        army: seat
        for seat, realm in enumerate(state.realms)
        for army in realm.armies
        if army in spaces
    }


def owner_at(game: Sabatu, state: SabatuState, place: int) -> int:
    """The seat owning the army on space or Home ``place``, or the capital ``place``.

    :raises ValueError: if no army stands there.
    """
    if place in game.board.capitals:
        return state.capitals[game.board.capitals.index(place)].owner
    for seat, realm in enumerate(state.realms):
        if place in realm.armies:
            return seat
    raise ValueError(f"no army on {game.board.node(place)}")


def army_count(state: SabatuState, seat: int) -> int:
    """All of a player's armies on the board: on spaces, at Home and in capitals."""
    inside = sum(c.armies for c in state.capitals if c.owner == seat)
    return len(state.realms[seat].armies) + inside


def free_armies(state: SabatuState, seat: int) -> int:
    """A player's non-garrisoned armies (all but one army in each capital they hold)."""
    inside = sum(c.armies - 1 for c in state.capitals if c.owner == seat)
    return len(state.realms[seat].armies) + inside


def places(game: Sabatu, state: SabatuState, seat: int) -> list[int]:
    """Where ``seat`` has armies: spaces, Home, their capitals (each place once)."""
    found = sorted(set(state.realms[seat].armies))
    found += [
        node
        for node, capital in zip(game.board.capitals, state.capitals, strict=True)
        if capital.owner == seat
    ]
    return found


def add_armies(game: Sabatu, state: SabatuState, seat: int, count: int) -> SabatuState:
    """``count`` new armies at Home, never past 8 ("the card is ignored")."""
    room = game.tables.numbers.max_armies - army_count(state, seat)
    count = max(0, min(count, room))
    if not count:
        return state
    realm = state.realms[seat]
    armies = tuple(sorted((*realm.armies, *[game.home(seat)] * count)))
    return with_realm(state, seat, Realm(armies, realm.coins, realm.tiles))


def remove_army(game: Sabatu, state: SabatuState, seat: int, place: int) -> SabatuState:
    """One of ``seat``'s armies at ``place`` removed; a capital left empty is unclaimed
    again (its walls stay)."""
    if place in game.board.capitals:
        number = game.board.capitals.index(place)
        capital = state.capitals[number]
        left = capital.armies - 1
        state = with_capital(
            state, number, Capital(capital.owner if left else -1, left, capital.builders)
        )
    else:
        realm = state.realms[seat]
        armies = list(realm.armies)
        armies.remove(place)
        state = with_realm(state, seat, Realm(tuple(armies), realm.coins, realm.tiles))
    return forget(game, state, place, gone=place not in places(game, state, seat))


def relocate(
    game: Sabatu, state: SabatuState, seat: int, origin: int, target: int, **changes: Any
) -> SabatuState:
    """``seat``'s army goes from ``origin`` to ``target``: into their own capital, an
    unclaimed one (it becomes the garrison, "immediately replaced with a fresh army at
    Home"), their Home or a space (with any other ``changes`` first)."""
    board = game.board
    if origin not in board.capitals and target not in board.capitals:
        realm = state.realms[seat]
        moved = list(realm.armies)
        moved.remove(origin)
        moved.append(target)
        realm = Realm(tuple(sorted(moved)), realm.coins, realm.tiles)
        return _follow(game, with_realm(state, seat, realm, **changes), origin, target)
    if changes:
        state = state.with_changes(**changes)
    state = leave(game, state, seat, origin)
    if target in board.capitals:
        number = board.capitals.index(target)
        capital = state.capitals[number]
        state = with_capital(state, number, Capital(seat, capital.armies + 1, capital.builders))
        if capital.owner < 0:
            event = Claimed(game.players[seat], board.node(target))
            state = state.with_changes(log=state.log.with_event(event))
            state = add_armies(game, state, seat, 1)
    else:
        realm = state.realms[seat]
        armies = tuple(sorted((*realm.armies, target)))
        state = with_realm(state, seat, Realm(armies, realm.coins, realm.tiles))
    return _follow(game, state, origin, target)


def leave(game: Sabatu, state: SabatuState, seat: int, origin: int) -> SabatuState:
    """``seat``'s army taken off ``origin`` (a space, Home or one of their capitals)."""
    if origin in game.board.capitals:
        number = game.board.capitals.index(origin)
        capital = state.capitals[number]
        return with_capital(
            state, number, Capital(capital.owner, capital.armies - 1, capital.builders)
        )
    realm = state.realms[seat]
    armies = list(realm.armies)
    armies.remove(origin)
    return with_realm(state, seat, Realm(tuple(armies), realm.coins, realm.tiles))


def _follow(game: Sabatu, state: SabatuState, origin: int, target: int) -> SabatuState:
    """Dice bound to the army and a hire follow it from ``origin`` to ``target`` (armies
    at Home or in a capital are interchangeable, so only space-to-space moves carry)."""
    board = game.board
    if not board.is_space(origin) or (
        origin not in state.hired and all(d.army != origin for d in state.dice)
    ):
        return state
    dice = tuple(Die(d.value, target) if d.army == origin else d for d in state.dice)
    hired = tuple(
        target if h == origin and board.is_space(target) else h
        for h in state.hired
        if h != origin or board.is_space(target)
    )
    return state.with_changes(dice=dice, hired=hired)


def forget(game: Sabatu, state: SabatuState, place: int, *, gone: bool) -> SabatuState:
    """Drop bound dice and hires of an army that left ``place`` for good."""
    if not gone or not game.board.is_space(place):
        return state
    if place not in state.hired and all(d.army != place for d in state.dice):
        return state
    return state.with_changes(
        dice=tuple(d for d in state.dice if d.army != place),
        hired=tuple(h for h in state.hired if h != place),
    )
