"""Sabatu for learning agents: its action space, its observation vector, its length.

**Actions** (:func:`every_action`): spending each coin value, the roll, every move (each
place, each die value a die can have, each place within that many steps), every voyage
(port to port, each die value), every purchase, losing an army on each place, laying down
each tile, ready, press, withdraw, every retreat, pass, every offer and counter-offer (each
partner, each coin value, each tile), accept, decline, and under Variant #2 every hire and
asking price.

**Observation** (:func:`encode_view`): a ``float32`` vector from the player's view, seats
counted from the player (0: the player, 1: the next clockwise, ...), so one network plays any
seat:

================================ ===========================================================
part                             holds
================================ ===========================================================
armies                           for each place and seat, that seat's armies there, as a
                                 share of an army's largest size
capitals                         for each capital: its holder (one-hot, seats then nobody),
                                 its garrison and its walls, as shares of their limits
seats                            for each seat: coins held and tiles held (shares of the
                                 bags), armies (share of the largest army), and whether it
                                 is that seat's turn
the player's coins and tiles     each coin value and each tile name the player holds, as a
                                 share of the bag's copies (another player's tiles are secret)
dice                             the dice of the turn by value, free and bound to an army, as
                                 shares of the dice a turn rolls
step                             one-hot: dice, move, battle, deal, losses, tie, press, retreat
battle                           whether the player attacks, defends, its place and target
                                 (one-hot over places), tiles laid down by the player, and
                                 whether each side is ready
deal                             whether a deal is on the table, the player made it or is
                                 asked, and whether it was answered
the clock                        the round, as a share of the turn limit; whether the player
                                 is to act
================================ ===========================================================

**Length** (:func:`max_game_length`): the action limit (``action_limit``; by default the turn
limit's turns, every seat's, times 40 actions a turn): the rules bound no turn (a tied battle
may be pressed again and again), so the game is drawn when it reaches the limit. Under
Variant #1 a first tile laid down with a second to come is not counted (how many tiles a
player lays is secret): each such action goes before a counted one, so the game takes at most
twice its limit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from wargames.core.codec import numpy_or_explain
from wargames.core.encoding import per_game, seen
from wargames.core.hidden import is_hidden
from wargames.sabatu.state import (
    STEPS,
    Accept,
    Arm,
    Ask,
    Battle,
    Buy,
    Decline,
    Hire,
    Lose,
    Move,
    Offer,
    Pass,
    Press,
    Ready,
    Realm,
    RetreatTo,
    Roll,
    SabatuAction,
    SabatuState,
    Sail,
    SpendCoin,
    Withdraw,
)
from wargames.sabatu.state import (
    Counter as CounterOffer,
)

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

    from wargames.sabatu.rules import Sabatu

__all__ = ["STEPS", "encode_view", "every_action", "max_game_length"]


def die_values(game: Sabatu) -> tuple[int, ...]:
    """Every value a die of the turn can have: a face, a coin spent for a die, a Destiny
    card's extra move."""
    advances = {card.amount for card in game.tables.cards.values() if card.effect == "advance"}
    return tuple(sorted({*range(1, 7), *game.tables.numbers.coins, *advances}))


def _within(game: Sabatu, origin: int, steps: int) -> list[int]:
    """Every place but ``origin`` at most ``steps`` moves away (where a die may end)."""
    adjacent = game.board.adjacent_indices
    seen = {origin}
    frontier = [origin]
    for _ in range(steps):
        frontier = [n for node in frontier for n in adjacent[node] if n not in seen]
        seen.update(frontier)
    return sorted(seen - {origin})


def every_action(game: Sabatu, player: str) -> Iterator[SabatuAction]:
    """Every action ``player`` could ever take, in the order documented above."""
    board = game.board
    node = board.node
    coins = sorted(set(game.tables.numbers.coins))
    tiles = sorted(game.tables.tiles)
    dice = die_values(game)
    partners = [p for p in game.players if p != player]
    yield from (SpendCoin(player, value) for value in coins)
    yield Roll(player)
    for origin in range(len(board)):
        for value in dice:
            targets = _within(game, origin, value)
            yield from (Move(player, node(origin), value, node(t)) for t in targets)
    for port in board.ports:
        for other in board.ports:
            if other != port:
                yield from (Sail(player, node(port), node(other), value) for value in dice)
    yield from (Buy(player, "tile"), Buy(player, "army"))
    yield from (Buy(player, "wall", node(capital)) for capital in board.capitals)
    yield from (Lose(player, node(place)) for place in range(len(board)))
    yield from (Arm(player, tile) for tile in tiles)
    yield from (Ready(player), Press(player), Withdraw(player))
    yield from (RetreatTo(player, node(place)) for place in range(len(board)))
    yield Pass(player)
    for offer in (Offer, CounterOffer):
        for partner in partners:
            yield from (offer(player, partner, coin=coin) for coin in coins)
            yield from (offer(player, partner, tile=tile) for tile in tiles)
    yield from (Accept(player), Decline(player))
    if game.hiring:
        spaces = [place for place in range(len(board)) if board.is_space(place)]
        yield from (Hire(player, node(place)) for place in spaces)
        yield from (Ask(player, price) for price in coins)


def observation_shape(game: Sabatu) -> tuple[int]:
    """One vector (see the module docs)."""
    seats = len(game.players)
    places = len(game.board)
    capitals = len(game.board.capitals)
    coins = len(set(game.tables.numbers.coins))
    return (
        places * seats
        + capitals * (seats + 3)
        + seats * 4
        + coins
        + len(game.tables.tiles)
        + 2 * len(die_values(game))
        + len(STEPS)
        + 5
        + 2 * places
        + 4
        + 2,
    )


class _Layout:
    """What :func:`encode_view` works out once per game: the sizes, scales and orders of the
    vector's parts (see the module docs); and each player's last holdings part (armies,
    capitals, seats, the player's coins and tiles), reused while the realms and capitals are
    the same objects (most moves change neither)."""

    def __init__(self, game: Sabatu) -> None:
        numbers = game.tables.numbers
        self.game = game
        self.seats = len(game.players)
        self.places = len(game.board)
        self.max_armies = numbers.max_armies
        self.win_walls = numbers.win_walls
        self.all_coins = sum(numbers.coins)
        self.all_tiles = len(game.tables.armory)
        in_bag = Counter(numbers.coins)
        self.coins = [(coin, in_bag[coin]) for coin in sorted(in_bag)]
        bag = Counter(game.tables.armory)
        self.tiles = [(name, max(bag[name], 1)) for name in sorted(game.tables.tiles)]
        self.dice = die_values(game)
        self.per_turn = max(numbers.dice, numbers.dice_nine_regions, 1)
        self.turn_limit = game.turn_limit
        self.held = (
            self.places * self.seats
            + len(game.board.capitals) * (self.seats + 3)
            + self.seats * 4
            + len(self.coins)
            + len(self.tiles)
        )
        self.shape = observation_shape(game)
        self.last: dict[str, tuple[Any, Any, int, Any]] = {}
        self.last_tiles: dict[str, tuple[tuple[Any, ...], list[float]]] = {}

    def holdings(self, view: SabatuState, player: str) -> NDArray[numpy.float32]:
        """The holdings part of ``player``'s vector (shared: read-only)."""
        last = self.last.get(player)
        if (
            last is not None
            and last[0] is view.realms
            and last[1] is view.capitals
            and last[2] == view.seat
        ):
            return last[3]  # type: ignore[no-any-return]
        np = numpy_or_explain()
        values = np.array(self._holdings(view, player), dtype=np.float32)
        values.flags.writeable = False
        self.last[player] = (view.realms, view.capitals, view.seat, values)
        return values  # type: ignore[no-any-return]

    def _holdings(self, view: SabatuState, player: str) -> list[float]:
        seats, places, max_armies = self.seats, self.places, self.max_armies
        me = self.game.seat(player)
        values = [0.0] * (places * seats)
        army = 1 / max_armies
        for seat, realm in enumerate(view.realms):
            column = (seat - me) % seats
            for place in realm.armies:
                values[place * seats + column] += army
        for capital in view.capitals:
            holder = [0.0] * (seats + 1)
            holder[(capital.owner - me) % seats if capital.owner >= 0 else seats] = 1.0
            values += holder
            values += (capital.armies / max_armies, capital.walls / self.win_walls)
        for offset in range(seats):
            seat = (me + offset) % seats
            realm = view.realms[seat]
            held = len(realm.armies) + sum(c.armies for c in view.capitals if c.owner == seat)
            values += (
                sum(realm.coins) / self.all_coins,
                len(realm.tiles) / self.all_tiles,
                held / max_armies,
                float(view.seat == seat),
            )
        mine: Realm = view.realms[me]
        values += (mine.coins.count(coin) / copies for coin, copies in self.coins)
        values += self._tiles(mine, player)
        return values

    def _tiles(self, mine: Realm, player: str) -> list[float]:
        """The tiles part of ``player``'s realm ``mine``, its tiles read as redaction shows
        them, worked out again only when they are not the tuple of the last call (most moves
        keep it)."""
        tiles = mine.tiles
        last = self.last_tiles.get(player)
        if last is not None and last[0] is tiles:
            return last[1]
        held = [str(t.value) for t in seen(mine, "tiles", player) if not is_hidden(t)]
        values = [held.count(name) / copies for name, copies in self.tiles]
        self.last_tiles[player] = (tiles, values)
        return values


_layout = per_game(_Layout)
"""The layout of a game, worked out once."""


def encode_view(game: Sabatu, view: SabatuState, player: str) -> NDArray[numpy.float32]:
    """``player``'s view as a vector (see the module docs).

    ``view`` may also be the full state: the secrets the vector reads (the player's own
    tiles, the tiles laid in a battle) are read as redaction shows them
    (:func:`~wargames.core.hidden.redact`, :func:`~wargames.core.encoding.seen`),
    so the state and ``player``'s view of it give the same vector, and the view need not be
    made (:meth:`Sabatu.observation_tensor`)."""
    np = numpy_or_explain()
    layout = _layout(game)
    places, per_turn = layout.places, layout.per_turn
    vector: Any = np.zeros(layout.shape, dtype=np.float32)
    at = layout.held
    vector[:at] = layout.holdings(view, player)
    free = [d.value for d in view.dice if d.army < 0]
    bound = [d.value for d in view.dice if d.army >= 0]
    count = len(layout.dice)
    if view.dice:
        vector[at : at + count] = [free.count(v) / per_turn for v in layout.dice]
        vector[at + count : at + 2 * count] = [bound.count(v) / per_turn for v in layout.dice]
    at += 2 * count
    if view.step in STEPS:
        vector[at + STEPS.index(view.step)] = 1.0
    at += len(STEPS)
    fight: Battle | None = view.battle
    if fight is not None:
        laid = seen(fight, "attack" if fight.attacker == player else "defence", player)
        vector[at : at + 5] = (
            fight.attacker == player,
            fight.defender == player,
            0.0 if is_hidden(laid) else min(len(laid) / layout.max_armies, 1.0),
            fight.attacker_ready,
            fight.defender_ready,
        )
        vector[at + 5 + fight.origin] = 1.0
        vector[at + 5 + places + fight.target] = 1.0
    at += 5 + 2 * places
    deal = view.deal
    if deal is not None:
        vector[at : at + 4] = (1.0, deal.by == player, deal.to == player, deal.answered)
    at += 4
    vector[at] = min(view.round / layout.turn_limit, 1.0)
    vector[at + 1] = player in game.to_act(view)
    return vector  # type: ignore[no-any-return]


def max_game_length(game: Sabatu) -> int:
    """The most actions one game takes: its action limit, twice it under Variant #1 (see the
    module docs)."""
    return game.action_limit * (2 if game.two_tiles else 1)
