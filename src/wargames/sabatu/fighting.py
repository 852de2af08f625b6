"""Fighting Battles: tiles laid down unseen, the dice, the victor's Spoils, ties and
retreats, assaults on capitals (rule text: "Fighting Battles", "Armory Tiles", "Spoils
Coins", "Capital Walls").

* "After each player decides which armor or weapon to use, if any ... they lay them down on
  the playing surface at the same time": :func:`arms`, :func:`arm`; both sides choose at
  once (``Sabatu.to_act``), the chosen slots are secret fields of
  :class:`~wargames.sabatu.state.Battle`, and a side's being done is public
  (:class:`~wargames.sabatu.state.Laid`).
* "Each player, then, rolls one die and the numbers on the Armory tiles are added ... The
  army with the highest total amount is victorious": :func:`resolve` with
  :func:`wargames.sabatu.battle.battle_dice`.
* Ties: :func:`press` (continue) and :func:`withdraw` (retreat, :func:`retreats`).
* Capitals: :func:`press` against the next defender, :func:`capture`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from wargames.core.dice import d6
from wargames.sabatu.armies import (
    add_armies,
    forget,
    leave,
    occupants,
    owner_at,
    relocate,
    remove_army,
    with_realm,
)
from wargames.sabatu.bags import hand_over, pick_slot
from wargames.sabatu.battle import battle_dice, winner
from wargames.sabatu.movement import CAPITAL, destinations
from wargames.sabatu.state import (
    Arm,
    Battle,
    BattleFought,
    Capital,
    Captured,
    Laid,
    Plundered,
    Ready,
    Realm,
    Retreated,
    SabatuAction,
    SabatuState,
)
from wargames.sabatu.tables import TILE_KINDS

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu


def start_battle(
    game: Sabatu, state: SabatuState, owner: int, origin: int, target: int
) -> SabatuState:
    """ "When attempting to occupy the same space already held by another player ... the
    2 armies must fight a battle."  A player without tiles has nothing to choose."""
    defender = owner_at(game, state, target)
    fight = Battle(
        attacker=game.players[state.seat],
        defender=game.players[defender],
        owner=game.players[owner],
        origin=origin,
        target=target,
        attacker_ready=not state.realms[state.seat].tiles,
        defender_ready=not state.realms[defender].tiles,
    )
    state = state.with_changes(battle=fight, step="battle")
    if fight.attacker_ready and fight.defender_ready:
        return resolve(game, state, fight)
    return state


def arm(game: Sabatu, state: SabatuState, action: Arm | Ready) -> SabatuState:
    """Lay down a tile (secretly), or declare the choice made.  One tile each ("Each
    player may use one tile for each battle"), or under Variant #1 one defensive and one
    offensive.

    Readiness follows public facts only: under Variant #1 a player who has laid down one
    tile and holds others says :class:`Ready` themselves, even when none of the others may
    be added (becoming ready by itself would tell everyone that the rest are of the same
    kind)."""
    fight = state.battle
    assert fight is not None
    attacking = action.player == fight.attacker
    chosen = fight.attack if attacking else fight.defence
    ready = isinstance(action, Ready)
    rng = state.rng
    if isinstance(action, Arm):
        held = state.realms[game.seat(action.player)].tiles
        slot, rng = pick_slot(rng, held, action.tile, chosen)
        chosen = (*chosen, slot)
        ready = not game.two_tiles or len(chosen) in (len(TILE_KINDS), len(held))
    log = state.log
    if ready:
        opponent, laid = (
            (fight.defender, fight.defence) if attacking else (fight.attacker, fight.attack)
        )
        log = log.with_event(Laid(action.player, opponent, len(laid)))
    if attacking:
        fight = attrs.evolve(fight, attack=chosen, attacker_ready=ready)
    else:
        fight = attrs.evolve(fight, defence=chosen, defender_ready=ready)
    state = state.with_changes(rng=rng, battle=fight, log=log)
    if fight.attacker_ready and fight.defender_ready:
        return resolve(game, state, fight)
    return state


def foreseen(
    game: Sabatu,
    world: SabatuState,
    player: str,
    plan: Callable[[SabatuState, str], SabatuState],
) -> SabatuState:
    """For search bots, while ``player`` lays down tiles for a battle: the other side's
    tiles as ``plan`` lays them from the battle's start (nobody's tiles laid, so the plan
    sees none of ``player``'s), where that side has not chosen yet.  A side already done
    keeps the tiles ``world`` holds (how many it laid is public, :class:`Laid`); outside a
    battle, or for a player not in it, ``world``."""
    fight = world.battle
    if world.step != "battle" or fight is None or player not in (fight.attacker, fight.defender):
        return world
    attacking = player == fight.attacker
    rival = fight.defender if attacking else fight.attacker
    if fight.defender_ready if attacking else fight.attacker_ready:
        return world
    start = world.with_changes(battle=attrs.evolve(fight, attack=(), defence=()))
    planned = plan(start, rival).battle
    assert planned is not None  # ``player`` has not chosen in ``start``: nothing is resolved
    if attacking:
        fight = attrs.evolve(fight, defence=planned.defence, defender_ready=planned.defender_ready)
    else:
        fight = attrs.evolve(fight, attack=planned.attack, attacker_ready=planned.attacker_ready)
    return world.with_changes(battle=fight)


def wall_bonus(game: Sabatu, state: SabatuState, target: int) -> int:
    """The defender's point on ``target``: a capital with one or more walls gives
    ``wall_bonus`` ("a 1 point advantage"), anywhere else nothing."""
    if target not in game.board.capitals:
        return 0
    walls = state.capitals[game.board.capitals.index(target)].walls
    return game.tables.numbers.wall_bonus if walls > 0 else 0


def resolve(game: Sabatu, state: SabatuState, fight: Battle) -> SabatuState:
    """Roll: one die each plus the tiles (plus the walls' point); the tiles go back to
    the bag; the loser's army is removed and the victor takes a coin, or a tile from a
    player without coins."""
    attacker, defender = game.seat(fight.attacker), game.seat(fight.defender)
    owner = game.seat(fight.owner)
    attack_tiles = tile_names(game, state, attacker, fight.attack)
    defence_tiles = tile_names(game, state, defender, fight.defence)
    attack = sum(game.tables.tiles[t].value for t in attack_tiles)
    defence = sum(game.tables.tiles[t].value for t in defence_tiles)
    defence += wall_bonus(game, state, fight.target)
    totals, rng = battle_dice(attack, defence).roll(state.rng)
    result = winner(totals)
    node = game.board.node
    event = BattleFought(
        fight.attacker, fight.defender, node(fight.origin), node(fight.target),
        attack_tiles, defence_tiles, totals[0] - attack, totals[1] - defence,
        totals[0], totals[1], result, fight.attack, fight.defence,
    )  # fmt: skip
    state = discard_tiles(game, state, attacker, fight.attack, rng=rng)
    state = discard_tiles(game, state, defender, fight.defence, log=state.log.with_event(event))
    reset = Battle(fight.attacker, fight.defender, fight.owner, fight.origin, fight.target)
    if result == "tie":
        return state.with_changes(step="tie", battle=reset)
    if result == "defender":
        state = remove_army(game, state, owner, fight.origin)
        state = plunder(game, state, defender, attacker)
        return state.with_changes(step="move", battle=None)
    state = remove_army(game, state, defender, fight.target)
    state = plunder(game, state, attacker, defender)
    if fight.target not in game.board.capitals:
        state = relocate(game, state, owner, fight.origin, fight.target)
        return state.with_changes(step="move", battle=None)
    number = game.board.capitals.index(fight.target)
    capital = state.capitals[number]
    if capital.armies:
        return state.with_changes(step="press", battle=reset)
    return capture(game, state, owner, fight, number)


def capture(
    game: Sabatu, state: SabatuState, owner: int, fight: Battle, number: int
) -> SabatuState:
    """ "Once a Capital is conquered one wall (if any exist) is removed before the victor
    takes possession" (library default: the newest, back to its builder's supply); the
    conquering army becomes its garrison, and the walls left stand round the victor's
    capital, still their builders' ("Capital Walls - 4 per player")."""
    walls = state.capitals[number].builders[:-1]
    state = leave(game, state, owner, fight.origin)
    state = forget(game, state, fight.origin, gone=True)
    capitals = (*state.capitals[:number], Capital(owner, 1, walls),
                *state.capitals[number + 1 :])  # fmt: skip
    event = Captured(game.players[owner], game.board.node(fight.target), len(walls))
    state = state.with_changes(
        capitals=capitals, step="move", battle=None, log=state.log.with_event(event)
    )
    if game.tables.numbers.fresh_army_on_capture:
        state = add_armies(game, state, owner, 1)
    return state


def tile_names(
    game: Sabatu, state: SabatuState, seat: int, slots: tuple[int, ...]
) -> tuple[str, ...]:
    held = state.realms[seat].tiles
    return tuple(str(held[i].value) for i in slots)


def discard_tiles(
    game: Sabatu, state: SabatuState, seat: int, slots: tuple[int, ...], **changes: Any
) -> SabatuState:
    """ "At the end of each battle the tiles used in battle by both players must be
    returned to the Armory Bag" (with any other ``changes`` at once)."""
    if not slots:
        return state.with_changes(**changes) if changes else state
    realm = state.realms[seat]
    names = tile_names(game, state, seat, slots)
    tiles = tuple(t for i, t in enumerate(realm.tiles) if i not in slots)
    realm = Realm(realm.armies, realm.coins, tiles)
    return with_realm(state, seat, realm, armory=state.armory.put(*names), **changes)


def plunder(game: Sabatu, state: SabatuState, victor: int, loser: int) -> SabatuState:
    """ "One Spoils coin is drawn from the defeated player by the victor ... If the
    defeated player has no Spoils coins the victor may choose an Armory tile instead"
    (library default: both drawn at random, face down; the victor always takes one)."""
    source = state.realms[loser]
    rng = state.rng
    slot = -1
    if source.coins:
        index, rng = rng.below(len(source.coins))
        coin = source.coins[index]
    elif source.tiles:
        slot, rng = rng.below(len(source.tiles))
        coin = 0
    else:
        return state
    realms = hand_over(game, state.realms, loser, victor, coin=coin, slot=slot)
    event = Plundered(game.players[victor], game.players[loser], coin, slot)
    return state.with_changes(realms=realms, rng=rng, log=state.log.with_event(event))


def press(game: Sabatu, state: SabatuState) -> SabatuState:
    """Fight on: after a tie, or against the next army inside the capital."""
    fight = state.battle
    assert fight is not None
    return start_battle(game, state, game.seat(fight.owner), fight.origin, fight.target)


def withdraw(game: Sabatu, state: SabatuState) -> SabatuState:
    """Stop the assault; after a tie, retreat: "the attacker rolls 1 die and moves away
    from the defender the number of spaces indicated by the die"."""
    fight = state.battle
    assert fight is not None
    if state.step == "press":
        return state.with_changes(step="move", battle=None)
    die, rng = d6.roll(state.rng)
    state = state.with_changes(rng=rng, retreat_die=die)
    options = retreats(game, state, fight, die)
    if len(options) == 1:
        return retreat(game, state, fight, options[0])
    if not options:
        return retreat(game, state, fight, fight.origin)
    return state.with_changes(step="retreat", retreats=options)


def retreats(game: Sabatu, state: SabatuState, fight: Battle, die: int) -> tuple[int, ...]:
    """Where the retreating army may go: "moves away from the defender the number of
    spaces indicated by the die", read as every space of the path one step farther from
    the defender's place (steps on the board) than the space before, so it ends ``die``
    steps farther away; into no battle and no unclaimed capital (library default: exact
    count except into its own Home, capital or a port, as for any move)."""
    owner = game.seat(fight.owner)
    reach = destinations(
        game.board, occupants(game, state), state.capitals, fight.origin, die,
        owner=owner, commander=state.seat, home=game.home(owner),
        hired=fight.origin in state.hired, away=game.board.steps_from(fight.target),
        battles=False,
    )  # fmt: skip
    return tuple(sorted(t for t, outcome in reach.items() if outcome != CAPITAL))


def retreat(game: Sabatu, state: SabatuState, fight: Battle, target: int) -> SabatuState:
    owner = game.seat(fight.owner)
    if target != fight.origin:
        state = relocate(game, state, owner, fight.origin, target)
    node = game.board.node
    event = Retreated(fight.attacker, state.retreat_die, node(fight.origin), node(target))
    return state.with_changes(
        step="move", battle=None, retreats=(), retreat_die=0, log=state.log.with_event(event)
    )


def arms(game: Sabatu, state: SabatuState, player: str) -> list[SabatuAction]:
    """The tiles ``player`` may still lay down, then "ready"."""
    fight = state.battle
    assert fight is not None
    chosen = fight.attack if player == fight.attacker else fight.defence
    names = armable(game, state, player, chosen)
    return [*(Arm(player, name) for name in names), Ready(player)]


def armable(game: Sabatu, state: SabatuState, player: str, chosen: tuple[int, ...]) -> list[str]:
    """The names of the tiles ``player`` may add to the slots ``chosen``: any tile in
    the base game (one a battle), a tile of a kind not chosen yet under Variant #1."""
    held = state.realms[game.seat(player)].tiles
    kinds = {game.tables.tiles[str(held[i].value)].kind for i in chosen}
    return sorted(
        {
            str(tile.value)
            for i, tile in enumerate(held)
            if i not in chosen and game.tables.tiles[str(tile.value)].kind not in kinds
        }
    )
