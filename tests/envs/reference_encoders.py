"""The observation encoders as they were before issue 36 made them incremental: the
specification the fast encoders are held to (``test_fast_encoding.py``), plain code that
reads the view whole at every call."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy

from wargames.core.hidden import is_hidden
from wargames.gridscifi.learning import (
    _FACES,
    _STATUSES,
    _most_dice,
    _profiles,
    _weapons,
)
from wargames.gridscifi.learning import observation_shape as grid_shape
from wargames.gridscifi.learning import unit_features as grid_features
from wargames.gridscifi.state import Status
from wargames.sabatu.learning import STEPS, die_values
from wargames.sabot.learning import (
    _FLAGS,
    _HEX_FACES,
    _kinds,
    _turn_limit,
    counter_features,
    most_counters,
)
from wargames.sabot.learning import _PHASES as SABOT_PHASES
from wargames.sabot.learning import observation_shape as sabot_shape
from wargames.sabot.state import ABOARD, STATUSES, UNPLACED
from wargames.sabotage import learning as sabotage_learning
from wargames.saw.learning import _PHASES as SAW_PHASES
from wargames.saw.learning import _traits, unit_features
from wargames.saw.learning import observation_shape as saw_shape

__all__ = ["ENCODERS"]


def sabot(game: Any, view: Any, player: str) -> Any:
    """``player``'s view as a vector (see the module docs)."""
    np = numpy
    board = game.map.board
    cells = board.nodes
    q_low, q_high = min(c.q for c in cells), max(c.q for c in cells)
    r_low, r_high = min(c.r for c in cells), max(c.r for c in cells)
    kinds = {name: i for i, name in enumerate(_kinds(game))}
    types = game.table.types.values()
    most_shots = max(1, *(t.limited_shots for t in types))
    longest = 2 * max(t.move + 1 for t in types)
    k = len(kinds)
    width = counter_features(game)
    slots = most_counters(game)
    vector: Any = np.zeros(sabot_shape(game), dtype=np.float32)
    for unit in view.units:
        values = vector[unit.id * width : (unit.id + 1) * width]
        values[0] = 1
        values[1] = unit.owner == player
        if not is_hidden(unit.kind):
            values[2] = 1
            values[3 + kinds[unit.kind]] = 1
        values[3 + k + STATUSES.index(unit.status)] = 1
        values[8 + k] = unit.hex == ABOARD and unit.status != UNPLACED
        if 0 <= unit.hex < len(cells):
            cell = cells[unit.hex]
            values[9 + k] = (cell.q - q_low) / max(q_high - q_low, 1)
            values[10 + k] = (cell.r - r_low) / max(r_high - r_low, 1)
        values[11 + k + unit.facing % _HEX_FACES] = 1
        values[17 + k : 25 + k] = [getattr(unit, flag) is True for flag in _FLAGS]
        if not is_hidden(unit.ammo):
            values[25 + k] = min(unit.ammo / most_shots, 1.0)
        values[26 + k] = min(unit.spent / longest, 1.0)
    at = slots * width
    vector[at] = min(view.clock.turn / _turn_limit(game), 1.0)
    vector[at + 1 + SABOT_PHASES.index(game.phase(view))] = 1
    at += 1 + len(SABOT_PHASES)
    vector[at] = player in game.to_act(view)
    at += 1
    if view.moving is not None:
        vector[at + view.moving.unit] = 1
        vector[at + slots] = view.moving.flying
        vector[at + slots + 1] = view.moving.watch
    at += slots + 2
    mine = next((p for p in view.purses if p.owner == player), None)
    if mine is not None and game.options.reinforcements and not is_hidden(mine.points):
        vector[at] = min(mine.points / game.options.reinforcements, 1.0)
    at += 1
    for owner, hex_ in view.prepared:
        vector[at + (0 if owner == player else len(cells)) + hex_] = 1
    return vector


def sabatu(game: Any, view: Any, player: str) -> Any:
    """``player``'s view as a vector (see the module docs)."""
    np = numpy
    board = game.board
    numbers = game.tables.numbers
    seats = len(game.players)
    me = game.seat(player)
    places = len(board)

    def relative(seat: int) -> int:
        return int((seat - me) % seats)

    values: list[float] = []
    armies = [0.0] * (places * seats)
    for seat, realm in enumerate(view.realms):
        for place in realm.armies:
            armies[place * seats + relative(seat)] += 1 / numbers.max_armies
    values += armies
    for capital in view.capitals:
        holder = [0.0] * (seats + 1)
        holder[relative(capital.owner) if capital.owner >= 0 else seats] = 1.0
        values += holder
        values += [capital.armies / numbers.max_armies, capital.walls / numbers.win_walls]
    all_coins = sum(numbers.coins)
    bag = Counter(game.tables.armory)
    for offset in range(seats):
        seat = (me + offset) % seats
        realm = view.realms[seat]
        held = len(realm.armies) + sum(c.armies for c in view.capitals if c.owner == seat)
        values += [
            sum(realm.coins) / all_coins,
            len(realm.tiles) / len(game.tables.armory),
            held / numbers.max_armies,
            float(view.seat == seat),
        ]
    mine = view.realms[me]
    in_bag = Counter(numbers.coins)
    held_coins = Counter(mine.coins)
    values += [held_coins[coin] / in_bag[coin] for coin in sorted(in_bag)]
    held_tiles = Counter(str(t.value) for t in mine.tiles if not is_hidden(t))
    values += [held_tiles[name] / max(bag[name], 1) for name in sorted(game.tables.tiles)]
    dice = die_values(game)
    per_turn = max(numbers.dice, numbers.dice_nine_regions, 1)
    free = Counter(d.value for d in view.dice if d.army < 0)
    bound = Counter(d.value for d in view.dice if d.army >= 0)
    values += [free[v] / per_turn for v in dice] + [bound[v] / per_turn for v in dice]
    values += [float(view.step == step) for step in STEPS]
    fight = view.battle
    battle = [0.0] * (5 + 2 * places)
    if fight is not None:
        battle[0] = fight.attacker == player
        battle[1] = fight.defender == player
        battle[5 + fight.origin] = 1.0
        battle[5 + places + fight.target] = 1.0
        laid = fight.attack if fight.attacker == player else fight.defence
        battle[2] = 0.0 if is_hidden(laid) else min(len(laid) / numbers.max_armies, 1.0)
        battle[3] = fight.attacker_ready
        battle[4] = fight.defender_ready
    values += battle
    deal = view.deal
    values += [
        float(deal is not None),
        float(deal is not None and deal.by == player),
        float(deal is not None and deal.to == player),
        float(deal is not None and deal.answered),
    ]
    values += [min(view.round / game.turn_limit, 1.0), float(player in game.to_act(view))]
    return np.asarray(values, dtype=np.float32)


def sabotage(game: Any, view: Any, player: str) -> Any:
    """``player``'s view as planes (see the module docs), square by square: made plane by
    plane, then laid out channels last."""
    np = numpy
    lp = sabotage_learning
    kinds = {kind: i for i, kind in enumerate(lp.KINDS)}
    layout = game.layout
    flat: Any = np.zeros((lp.CHANNELS, layout.height * layout.width), dtype=np.float32)
    recent = view.clock.turn - game.no_return_turns
    for index, piece in enumerate(view.cells):
        if piece is None:
            continue
        mine = piece.owner == player
        if mine:
            flat[lp.OWN + kinds[piece.kind], index] = 1
            flat[lp.MOVED, index] = piece.id in view.moved
        elif is_hidden(piece.kind):
            flat[lp.UNKNOWN, index] = 1
        else:
            flat[lp.KNOWN + kinds[piece.kind], index] = 1
        if piece.left >= 0 and piece.left_turn >= recent:
            flat[lp.OWN_LEFT if mine else lp.THEIR_LEFT, piece.left] = 1
    for index in game._volcano:
        flat[lp.VOLCANO, index] = 1
    acting = player in game.to_act(view)
    flat[lp.TO_ACT] = acting
    flat[lp.SETUP] = game.in_setup(view)
    flat[lp.MOVES] = len(view.moved) / layout.moves_per_turn
    flat[lp.QUIET] = max(view.quiet, 0) / (layout.quiet_turn_limit * len(game.players))
    flat[lp.OFFERED] = acting and view.offer is not None and view.offer.pending
    flat[lp.FIRST] = player == game.players[0]
    for piece in view.captured:
        if piece.owner == player:
            flat[lp.OWN_LOST + kinds[piece.kind]] += 1 / game.army[piece.kind]
        elif is_hidden(piece.kind):
            flat[lp.UNKNOWN_LOST] += 1 / layout.pieces
        else:
            flat[lp.KNOWN_LOST + kinds[piece.kind]] += 1 / game.army[piece.kind]
    return np.ascontiguousarray(flat.T).reshape(lp.observation_shape(game))


def saw(game: Any, view: Any, player: str) -> Any:
    """``player``'s view as a vector (see the module docs)."""
    np = numpy
    width = unit_features(game)
    traits = _traits(game)
    most_points = max(spec.points for spec in game.specs)
    most_weapons = max(game.weapons)
    cells = [game.arena.board.node(i) for i in range(len(game.arena.board))]
    q_low, q_high = min(h.q for h in cells), max(h.q for h in cells)
    r_low, r_high = min(h.r for h in cells), max(h.r for h in cells)
    vector: Any = np.zeros(saw_shape(game), dtype=np.float32)
    plot = view.plots[game.players.index(player)] if view.plots else None
    orders = {} if plot is None or is_hidden(plot.orders) else {o.unit: o for o in plot.orders}
    for u, unit in enumerate(view.units):
        base = u * width
        values = vector[base : base + width]
        values[0] = unit.alive
        values[1] = unit.owner == player
        values[2] = unit.damaged
        values[3] = unit.points / most_points
        values[4] = unit.weapons / most_weapons
        if unit.hex is not None:
            values[5] = (unit.hex.q - q_low) / max(q_high - q_low, 1)
            values[6] = (unit.hex.r - r_low) / max(r_high - r_low, 1)
        if unit.owner != player or is_hidden(unit.sheet):
            continue
        sheet = unit.sheet
        values[7 : 7 + len(sheet.traits)] = [t / unit.points for t in sheet.traits]
        values[7 + traits] = sheet.pool / unit.points
        values[8 + traits] = min(sheet.hits / unit.points, 1.0)
        order = orders.get(unit.id)
        if order is not None:
            values[9 + traits] = order.done
            values[10 + traits] = min(len(order.path) / unit.points, 1.0)
            values[11 + traits] = len(order.shots) / unit.weapons
    tail = len(game.ids) * width
    phase = game.phase(view)
    vector[tail + SAW_PHASES.index(phase)] = 1
    limit = game.options.turn_limit
    vector[tail + 3] = min(view.clock.turn / limit, 1.0) if limit else 0.0
    acting = player in game.to_act(view)
    vector[tail + 4] = acting
    current = game.current_unit(view, player) if acting else None
    if current is not None:
        vector[tail + 5 + current] = 1
    return vector


def gridscifi(game: Any, view: Any, player: str) -> Any:
    """``player``'s view as a vector (see the module docs)."""
    np = numpy
    field_ = game.field
    board = field_.board
    profiles = {p.name: i for i, p in enumerate(_profiles(game))}
    weapons = {name: i for i, name in enumerate(_weapons(game))}
    strongest = max(p.strength for p in _profiles(game))
    fastest = max(p.allowance for p in _profiles(game))
    width = grid_features(game)
    units = len(view.units)
    vector: Any = np.zeros(grid_shape(game), dtype=np.float32)
    for unit in view.units:
        values = vector[unit.id * width : (unit.id + 1) * width]
        values[0] = unit.owner == player
        values[1 + _STATUSES.index(unit.status)] = 1
        square = field_.position(view.units, unit) if unit.alive else None
        if square is None and unit.status is Status.STRANDED:
            square = unit.square
        if square is not None:
            values[7] = square.x / max(board.width - 1, 1)
            values[8] = square.y / max(board.height - 1, 1)
        values[9] = min(unit.damage / strongest, 1.0)
        values[10:14] = (unit.pinned, unit.overwatch, unit.activated, unit.banked)
        if not is_hidden(unit.profile):
            values[14] = 1
            values[15 + profiles[unit.profile]] = 1
    at = units * width
    vector[at] = min(view.clock.turn / game.turns, 1.0)
    vector[at + 1] = player in game.to_act(view)
    vector[at + 2] = game.in_setup(view)
    vector[at + 3] = view.arrived
    at += 4
    act = view.activation
    if act is not None:
        vector[at + act.unit] = 1
        for face in act.dice:
            vector[at + units + face - 1] += 1 / _most_dice(game)
        tail = at + units + _FACES
        vector[tail] = act.may_reroll
        vector[tail + 1] = min(act.move_left / fastest, 1.0)
        vector[tail + 2] = min(act.attacks / game.field.tables.numbers.max_attacks_non_troop, 1.0)
        vector[tail + 3] = act.moved
        vector[tail + 4] = act.halted
        if act.aim is not None:
            vector[tail + 5 + weapons[act.aim]] = 1
        vector[tail + 5 + len(weapons)] = act.psychic_target is not None
    at += units + _FACES + 5 + len(weapons) + 1
    declared = view.declared
    if declared is not None:
        vector[at + declared.attacker] = 1
        vector[at + units + declared.target] = 1
        vector[at + 2 * units + weapons[declared.weapon]] = 1
        vector[at + 2 * units + len(weapons)] = declared.intense
    at += 2 * units + len(weapons) + 1
    if view.arrival is not None:
        vector[at + view.arrival.unit] = 1
        vector[at + units] = view.arrival.rank / board.height
    at += units + 1
    if view.bailing:
        vector[at + view.bailing[0]] = 1
    return vector


ENCODERS = {
    "sabot": sabot,
    "sabatu": sabatu,
    "sabotage": sabotage,
    "saw": saw,
    "gridscifi": gridscifi,
}
"""Each game's reference encoder, by its registry name."""
