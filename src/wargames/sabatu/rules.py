"""The rules of Sabatu (rule text: seeds/002), section by section.

* Object of the Game — :meth:`Sabatu.winner_at_turn_start`: any 3 capitals, or 4 walls
  round one capital, held "until the beginning of their next turn".
* Game Set-up — :meth:`Sabatu.start`: one army at each player's Home, both decks shuffled,
  a die roll (the seed) for who goes first.
* Sequence of Play — :meth:`Sabatu._begin_turn` (restart, Conquest card), the ``dice`` step
  (coins or roll), the ``move`` step (moves, draws, purchases, trades, battles), ``pass``.
* Moving Around the Board — :mod:`wargames.sabatu.movement`; :meth:`Sabatu._move`.
* Conquest and Destiny Cards — :mod:`wargames.sabatu.cards`.
* Home, Capitals, Armies — :meth:`Sabatu.relocate`, :meth:`Sabatu.add_armies`,
  :meth:`Sabatu.remove_army`; the 8-army limit in :meth:`Sabatu.add_armies`.
* Armory Tiles, Fighting Battles — :mod:`wargames.sabatu.fighting` (play) and
  :mod:`wargames.sabatu.battle` (the dice and exact odds).
* Spoils Coins, Capital Walls — :meth:`Sabatu._buy`, :mod:`wargames.sabatu.spoils`.
* Ports and Ships — :meth:`Sabatu._sail`.
* Trade, Variant #2 — :mod:`wargames.sabatu.trade`.
* Variations — :mod:`wargames.sabatu.variants`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Any, ClassVar

from wargames.core.dice import d6
from wargames.core.distribution import Distribution
from wargames.core.draws import Bag, Deck
from wargames.core.errors import UnknownOption
from wargames.core.game import Game, Outcome, balance
from wargames.core.hidden import Secret
from wargames.core.rng import Rng
from wargames.sabatu import cards, fighting, trade
from wargames.sabatu.battle import assault, battle
from wargames.sabatu.board import (
    SabatuBoard,
    board_data,
    build_board,
    layout_for,
    long_homes,
    long_rows,
)
from wargames.sabatu.movement import BATTLE, CAPITAL, ENTER, destinations
from wargames.sabatu.options import SabatuOptions
from wargames.sabatu.spoils import pay
from wargames.sabatu.state import (
    Accept,
    Arm,
    Ask,
    BattleFought,
    Bought,
    Buy,
    Capital,
    Captured,
    CardDrawn,
    Claimed,
    Counter,
    Decline,
    Die,
    Drew,
    Forfeited,
    Hire,
    Hired,
    Lose,
    Lost,
    Move,
    Moved,
    Offer,
    Pass,
    Plundered,
    Press,
    Ready,
    Realm,
    Restarted,
    Retreated,
    RetreatTo,
    Roll,
    Rolled,
    SabatuAction,
    SabatuState,
    Sail,
    Sailed,
    SpendCoin,
    Traded,
    Withdraw,
)
from wargames.sabatu.tables import Tables, load_tables

__all__ = ["TABLES", "Sabatu"]

TABLES = load_tables()
_DRAWS = ("spoils", "armory", "destiny")
_NEGOTIATION = (Offer, Counter, Accept, Decline, Hire, Ask)


class Sabatu(Game[SabatuState, SabatuAction]):
    """Sabatu for 2 to 8 players; the variations are subclasses (:mod:`.variants`)."""

    name = "sabatu"
    variant: ClassVar[str] = ""
    Options = SabatuOptions
    state_type = SabatuState
    action_types = (
        SpendCoin, Roll, Move, Sail, Buy, Lose, Arm, Ready, Press, Withdraw, RetreatTo, Pass,
        Offer, Counter, Accept, Decline, Hire, Ask,
    )  # fmt: skip
    event_types = (
        Restarted, CardDrawn, Rolled, Moved, Drew, Claimed, BattleFought, Plundered, Captured,
        Bought, Sailed, Lost, Retreated, Traded, Hired, Forfeited,
    )  # fmt: skip
    negotiation_types = _NEGOTIATION
    matchups: ClassVar[Mapping[str, Callable[..., Any]]] = {
        "battle": battle,
        "assault": assault,
    }
    capital_armories: ClassVar[bool] = False
    """Variant #1: a tile at the start of the turn for holding a capital."""
    two_tiles: ClassVar[bool] = False
    """Variant #1: one defensive and one offensive tile in a battle."""
    hiring: ClassVar[bool] = False
    """Variant #2: hire another player's army."""
    default_rows: ClassVar[int] = 0
    """Variant #3: rows of regions of the longer board (0: the board for the player count)."""
    options: SabatuOptions

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        try:
            self._configure(TABLES)
        except ValueError as error:
            raise UnknownOption(f"{type(self).__name__}: {error}") from None

    def _configure(self, tables: Tables) -> None:
        opts = self.options
        self.tables = tables
        numbers = tables.numbers
        data = board_data()
        rows_wanted = opts.rows or self.default_rows
        if rows_wanted:
            rows = long_rows(rows_wanted)
            homes = long_homes(rows, data)
        else:
            layout = layout_for(opts.players, data)
            rows = tuple(tuple(row) for row in layout["rows"])
            homes = tuple(layout["homes"])
        if opts.players > len(homes):
            raise ValueError(f"the board has {len(homes)} home regions, not {opts.players}")
        self.board: SabatuBoard = build_board(rows, data)
        self.home_regions: tuple[str, ...] = homes[: opts.players]
        self._players = numbers.players[: opts.players]
        self._seats = {player: seat for seat, player in enumerate(self._players)}
        self._homes = tuple(self.board.home_of[region] for region in self.home_regions)
        self.dice_per_turn = (
            numbers.dice_nine_regions if len(self.board.regions) >= 9 else numbers.dice
        )
        self.ship_fee = numbers.prices["ship"] if opts.ship_fee is None else opts.ship_fee
        self.turn_limit = numbers.turn_limit if opts.turn_limit is None else opts.turn_limit
        self.prices = {**numbers.prices, "ship": self.ship_fee}

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    def seat(self, player: str) -> int:
        """The seat number of ``player``."""
        return self._seats[player]

    def home(self, seat: int) -> int:
        """The board index of seat ``seat``'s Home."""
        return self._homes[seat]

    # -- set-up ----------------------------------------------------------------------------

    def start(self, seed: int = 0, **setup: Any) -> SabatuState:
        """A new game: "Each player chooses a home region and places one army ... at Home"
        (seats take the layout's home regions in order); both decks shuffled; "players roll
        dice to see who goes first" (drawn from the seed), then clockwise.

        :raises TypeError: for any set-up keyword (Sabatu has none).
        """
        if setup:
            raise TypeError(f"unknown set-up options: {', '.join(sorted(setup))}")
        rng = Rng(seed)
        conquest, rng = Deck.shuffled(self.tables.conquest, rng)
        destiny, rng = Deck.shuffled(self.tables.destiny, rng)
        first, rng = rng.below(len(self._players))
        state = SabatuState(
            rng=rng,
            realms=tuple(Realm(armies=(home,)) for home in self._homes),
            capitals=tuple(Capital() for _ in self.board.capitals),
            armory=Bag.of(self.tables.armory),
            spoils=Bag.of(self.tables.numbers.coins, public=True),
            conquest=conquest,
            destiny=destiny,
            first=first,
            seat=first,
        )
        return self._begin_turn(state)

    # -- who acts, outcome ------------------------------------------------------------------

    def to_act(self, state: SabatuState) -> frozenset[str]:
        if state.result is not None:
            return frozenset()
        fight = state.battle
        if state.step == "battle" and fight is not None:
            waiting = set()
            if not fight.attacker_ready:
                waiting.add(fight.attacker)
            if not fight.defender_ready:
                waiting.add(fight.defender)
            return frozenset(waiting)
        if state.step == "deal" and state.deal is not None:
            deal = state.deal
            return frozenset((deal.by if deal.answered else deal.to,))
        return frozenset((self._players[state.seat],))

    def outcome(self, state: SabatuState) -> Outcome | None:
        return state.result

    def winner_at_turn_start(self, state: SabatuState, seat: int) -> str | None:
        """Why seat ``seat`` has won at the start of its turn ("any 3 capitals ... at the
        same time", "four walls around one capital", held "until the beginning of their next
        turn"), or ``None``."""
        numbers = self.tables.numbers
        held = [c for c in state.capitals if c.owner == seat]
        if len(held) >= numbers.win_capitals:
            return f"held {len(held)} capitals until the start of their turn"
        if any(c.walls >= numbers.win_walls for c in held):
            return f"held a capital with {numbers.win_walls} walls until the start of their turn"
        return None

    # -- armies -----------------------------------------------------------------------------

    def occupants(self, state: SabatuState) -> dict[int, int]:
        """Each space holding an army, with its owner's seat."""
        return {
            army: seat
            for seat, realm in enumerate(state.realms)
            for army in realm.armies
            if self.board.is_space(army)
        }

    def owner_at(self, state: SabatuState, place: int) -> int:
        """The seat owning the army on space or Home ``place``, or the capital ``place``."""
        if place in self.board.capitals:
            return state.capitals[self.board.capitals.index(place)].owner
        for seat, realm in enumerate(state.realms):
            if place in realm.armies:
                return seat
        raise ValueError(f"no army on {self.board.node(place)}")

    def army_count(self, state: SabatuState, seat: int) -> int:
        """All of a player's armies on the board: on spaces, at Home and in capitals."""
        inside = sum(c.armies for c in state.capitals if c.owner == seat)
        return len(state.realms[seat].armies) + inside

    def free_armies(self, state: SabatuState, seat: int) -> int:
        """A player's non-garrisoned armies (all but one army in each capital they hold)."""
        inside = sum(c.armies - 1 for c in state.capitals if c.owner == seat)
        return len(state.realms[seat].armies) + inside

    def add_armies(self, state: SabatuState, seat: int, count: int) -> SabatuState:
        """``count`` new armies at Home, never past 8 ("the card is ignored")."""
        room = self.tables.numbers.max_armies - self.army_count(state, seat)
        count = max(0, min(count, room))
        if not count:
            return state
        realm = state.realms[seat]
        armies = tuple(sorted((*realm.armies, *[self.home(seat)] * count)))
        return self.with_realm(state, seat, Realm(armies, realm.coins, realm.tiles))

    def remove_army(self, state: SabatuState, seat: int, place: int) -> SabatuState:
        """One of ``seat``'s armies at ``place`` removed; a capital left empty is unclaimed
        again (its walls stay)."""
        if place in self.board.capitals:
            number = self.board.capitals.index(place)
            capital = state.capitals[number]
            left = capital.armies - 1
            new = Capital(capital.owner if left else -1, left, capital.walls)
            capitals = (*state.capitals[:number], new, *state.capitals[number + 1 :])
            state = state.with_changes(capitals=capitals)
        else:
            realm = state.realms[seat]
            armies = list(realm.armies)
            armies.remove(place)
            state = self.with_realm(state, seat, Realm(tuple(armies), realm.coins, realm.tiles))
        return self.forget(state, place, gone=place not in self._places(state, seat))

    def relocate(self, state: SabatuState, seat: int, origin: int, target: int) -> SabatuState:
        """``seat``'s army goes from ``origin`` to ``target``: into their own capital, an
        unclaimed one (it becomes the garrison, "immediately replaced with a fresh army at
        Home"), their Home or a space."""
        board = self.board
        state = self.leave(state, seat, origin)
        if target in board.capitals:
            number = board.capitals.index(target)
            capital = state.capitals[number]
            claimed = capital.owner < 0
            new = Capital(seat, capital.armies + 1, capital.walls)
            state = state.with_changes(
                capitals=(*state.capitals[:number], new, *state.capitals[number + 1 :])
            )
            if claimed:
                event = Claimed(self._players[seat], board.node(target))
                state = state.with_changes(log=state.log.with_event(event))
                state = self.add_armies(state, seat, 1)
        else:
            realm = state.realms[seat]
            armies = tuple(sorted((*realm.armies, target)))
            state = self.with_realm(state, seat, Realm(armies, realm.coins, realm.tiles))
        return self._follow(state, origin, target)

    def leave(self, state: SabatuState, seat: int, origin: int) -> SabatuState:
        if origin in self.board.capitals:
            number = self.board.capitals.index(origin)
            capital = state.capitals[number]
            new = Capital(capital.owner, capital.armies - 1, capital.walls)
            return state.with_changes(
                capitals=(*state.capitals[:number], new, *state.capitals[number + 1 :])
            )
        realm = state.realms[seat]
        armies = list(realm.armies)
        armies.remove(origin)
        return self.with_realm(state, seat, Realm(tuple(armies), realm.coins, realm.tiles))

    def _follow(self, state: SabatuState, origin: int, target: int) -> SabatuState:
        """Dice bound to the army and a hire follow it from ``origin`` to ``target`` (armies
        at Home or in a capital are interchangeable, so only space-to-space moves carry)."""
        if not self.board.is_space(origin):
            return state
        dice = tuple(Die(d.value, target) if d.army == origin else d for d in state.dice)
        hired = tuple(
            target if h == origin and self.board.is_space(target) else h
            for h in state.hired
            if h != origin or self.board.is_space(target)
        )
        return state.with_changes(dice=dice, hired=hired)

    def forget(self, state: SabatuState, place: int, *, gone: bool) -> SabatuState:
        """Drop bound dice and hires of an army that left ``place`` for good."""
        if not gone or not self.board.is_space(place):
            return state
        return state.with_changes(
            dice=tuple(d for d in state.dice if d.army != place),
            hired=tuple(h for h in state.hired if h != place),
        )

    def _places(self, state: SabatuState, seat: int) -> list[int]:
        """Where ``seat`` has armies: spaces, Home, their capitals (each place once)."""
        places = sorted(set(state.realms[seat].armies))
        places += [
            node
            for node, capital in zip(self.board.capitals, state.capitals, strict=True)
            if capital.owner == seat
        ]
        return places

    def with_realm(self, state: SabatuState, seat: int, realm: Realm) -> SabatuState:
        return state.with_changes(realms=(*state.realms[:seat], realm, *state.realms[seat + 1 :]))

    # -- bags -------------------------------------------------------------------------------

    def draw_coins(self, state: SabatuState, seat: int, count: int) -> SabatuState:
        """``seat`` draws ``count`` coins from the Spoils bag (as many as it holds)."""
        for _ in range(min(count, len(state.spoils))):
            coin, bag, rng = state.spoils.draw(state.rng)
            realm = state.realms[seat]
            coins = tuple(sorted((*realm.coins, coin)))
            state = self.with_realm(state, seat, Realm(realm.armies, coins, realm.tiles))
            state = state.with_changes(
                spoils=bag, rng=rng, log=state.log.with_event(Drew(self._players[seat], coin))
            )
        return state

    def draw_tiles(self, state: SabatuState, seat: int, count: int) -> SabatuState:
        """``seat`` draws ``count`` tiles from the Armory bag, face down (as many as it has)."""
        player = self._players[seat]
        for _ in range(min(count, len(state.armory))):
            tile, bag, rng = state.armory.draw(state.rng)
            realm = state.realms[seat]
            tiles = (*realm.tiles, Secret(tile, {player}))
            state = self.with_realm(state, seat, Realm(realm.armies, realm.coins, tiles))
            state = state.with_changes(
                armory=bag, rng=rng, log=state.log.with_event(Drew(player, 0))
            )
        return state

    # -- the turn ---------------------------------------------------------------------------

    def _begin_turn(self, state: SabatuState) -> SabatuState:
        """The start of a turn: the win check, the turn limit, starting over at Home ("at the
        beginning of their next turn before drawing a Conquest card"), Variant #1's tile,
        then the Conquest card."""
        seat = state.seat
        won = self.winner_at_turn_start(state, seat)
        if won is not None:
            return state.with_changes(result=Outcome({self._players[seat]}, won))
        if state.round > self.turn_limit:
            return state.with_changes(result=Outcome(frozenset(), "turn limit"))
        if self.free_armies(state, seat) == 0:
            state = self.add_armies(state, seat, 1)
            state = state.with_changes(log=state.log.with_event(Restarted(self._players[seat])))
        if self.capital_armories and any(c.owner == seat for c in state.capitals):
            state = self.draw_tiles(state, seat, 1)
        state = state.with_changes(dice_count=self.dice_per_turn)
        state = cards.draw_conquest(self, state)
        return self._after_losses(state) if not state.losses else state.with_changes(step="losses")

    def _after_losses(self, state: SabatuState) -> SabatuState:
        return self._to_move(state) if state.dice_count == 0 else state.with_changes(step="dice")

    def _to_move(self, state: SabatuState) -> SabatuState:
        return state.with_changes(step="move")

    def _next_turn(self, state: SabatuState) -> SabatuState:
        left = tuple(d.value for d in state.dice)
        if left:
            event = Forfeited(self._players[state.seat], left)
            state = state.with_changes(log=state.log.with_event(event))
        seat = (state.seat + 1) % len(self._players)
        state = state.with_changes(
            seat=seat,
            round=state.round + (seat == state.first),
            step="dice",
            dice=(),
            spent=(),
            losses=0,
            battle=None,
            deal=None,
            offers=0,
            hired=(),
            retreats=(),
            retreat_die=0,
        )
        return self._begin_turn(state)

    # -- legal actions ----------------------------------------------------------------------

    def legal_actions(self, state: SabatuState, player: str) -> tuple[SabatuAction, ...]:
        self.check_player(player)
        if player not in self.to_act(state):
            return ()
        step = state.step
        if step == "battle":
            return tuple(fighting.arms(self, state, player))
        if step == "deal":
            return tuple(trade.answers(self, state, player))
        if step == "losses":
            return tuple(Lose(player, self.board.node(p)) for p in self._places(state, state.seat))
        if step in ("tie", "press"):
            return (Press(player), Withdraw(player))
        if step == "retreat":
            return tuple(RetreatTo(player, self.board.node(t)) for t in state.retreats)
        found: list[SabatuAction] = []
        if step == "dice":
            if len(state.spent) < state.dice_count:
                coins = sorted(set(state.realms[state.seat].coins))
                found.extend(SpendCoin(player, coin) for coin in coins)
            found.append(Roll(player))
            found.extend(self._buys(state, player))
            return tuple(found)
        moves = self._moves(state, player)
        found.extend(moves)
        found.extend(self._sails(state, player))
        found.extend(self._buys(state, player))
        found.extend(trade.offers(self, state))
        if not moves:
            found.append(Pass(player))
        return tuple(found)

    def _movers(self, state: SabatuState) -> list[tuple[int, int, bool]]:
        """The armies the player to move commands: (place, owner's seat, hired)."""
        seat = state.seat
        realm = state.realms[seat]
        movers = [(place, seat, False) for place in sorted(set(realm.armies))]
        movers += [
            (node, seat, False)
            for node, capital in zip(self.board.capitals, state.capitals, strict=True)
            if capital.owner == seat and capital.armies > 1
        ]
        movers += [(army, self.owner_at(state, army), True) for army in state.hired]
        return movers

    def _reach(
        self, state: SabatuState, origin: int, owner: int, hired: bool, steps: int
    ) -> dict[int, str]:
        return destinations(
            self.board,
            self.occupants(state),
            state.capitals,
            origin,
            steps,
            owner=owner,
            commander=state.seat,
            home=self.home(owner),
            hired=hired,
        )

    def _dice_for(self, state: SabatuState, origin: int) -> list[int]:
        """The distinct die values the army on ``origin`` may use."""
        return sorted({d.value for d in state.dice if d.army in (-1, origin)})

    def _moves(self, state: SabatuState, player: str) -> list[SabatuAction]:
        node = self.board.node
        found: list[SabatuAction] = []
        for origin, owner, hired in self._movers(state):
            for value in self._dice_for(state, origin):
                targets = self._reach(state, origin, owner, hired, value)
                found.extend(Move(player, node(origin), value, node(t)) for t in sorted(targets))
        return found

    def _sails(self, state: SabatuState, player: str) -> list[SabatuAction]:
        """ "To hire a ship a player must enter a port ... and pay the fee ... One die (any
        value) must then be expended to sail to the new port of choice."""
        seat = state.seat
        if sum(state.realms[seat].coins) < self.ship_fee or not state.dice:
            return []
        occupants = self.occupants(state)
        node = self.board.node
        found: list[SabatuAction] = []
        for port in self.board.ports:
            if occupants.get(port) != seat:
                continue
            for value in self._dice_for(state, port):
                found.extend(
                    Sail(player, node(port), node(other), value)
                    for other in self.board.ports
                    if other != port and occupants.get(other) != seat and other not in state.hired
                )
        return found

    def _buys(self, state: SabatuState, player: str) -> list[SabatuAction]:
        seat = state.seat
        purse = sum(state.realms[seat].coins)
        prices = self.prices
        found: list[SabatuAction] = []
        if purse >= prices["tile"] and len(state.armory):
            found.append(Buy(player, "tile"))
        if (
            purse >= prices["army"]
            and self.army_count(state, seat) < self.tables.numbers.max_armies
        ):
            found.append(Buy(player, "army"))
        if purse >= prices["wall"]:
            found.extend(
                Buy(player, "wall", self.board.node(node))
                for node, capital in zip(self.board.capitals, state.capitals, strict=True)
                if capital.owner == seat and capital.walls < self.tables.numbers.win_walls
            )
        return found

    def illegal_reason(self, state: SabatuState, action: SabatuAction) -> str | None:
        if action in self.legal_actions(state, action.player):
            return None
        return _why_not(state.step, action)

    # -- applying ---------------------------------------------------------------------------

    def apply_unchecked(self, state: SabatuState, action: SabatuAction) -> SabatuState:
        if isinstance(action, Move):
            return self._move(state, action)
        if isinstance(action, _NEGOTIATION):
            return trade.apply_deal(self, state, action)
        if isinstance(action, Arm | Ready):
            return fighting.arm(self, state, action)
        if isinstance(action, SpendCoin):
            return self._spend(state, action)
        if isinstance(action, Roll):
            return self._roll(state)
        if isinstance(action, Buy):
            return self._buy(state, action)
        if isinstance(action, Sail):
            return self._sail(state, action)
        if isinstance(action, Lose):
            return self._lose(state, action)
        if isinstance(action, Press):
            return fighting.press(self, state)
        if isinstance(action, Withdraw):
            return fighting.withdraw(self, state)
        if isinstance(action, RetreatTo):
            fight = state.battle
            assert fight is not None
            return fighting.retreat(self, state, fight, self.board.index(action.target))
        return self._next_turn(state)

    def _spend(self, state: SabatuState, action: SabatuAction) -> SabatuState:
        """ "One coin may be substituted for the roll of one die ... Once a Spoils Coin is
        used it must be returned to the Spoils Bag."""
        assert isinstance(action, SpendCoin)
        seat = state.seat
        realm = state.realms[seat]
        coins = list(realm.coins)
        coins.remove(action.value)
        state = self.with_realm(state, seat, Realm(realm.armies, tuple(coins), realm.tiles))
        state = state.with_changes(
            spoils=state.spoils.put(action.value), spent=(*state.spent, action.value)
        )
        return self._roll(state) if len(state.spent) == state.dice_count else state

    def _roll(self, state: SabatuState) -> SabatuState:
        """Roll the dice not replaced by coins ("If you roll doubles do not roll again")."""
        rng = state.rng
        faces: list[int] = []
        for _ in range(state.dice_count - len(state.spent)):
            face, rng = d6.roll(rng)
            faces.append(face)
        dice = tuple(Die(value) for value in (*state.spent, *faces))
        event = Rolled(self._players[state.seat], tuple(faces), state.spent)
        return state.with_changes(rng=rng, dice=dice, step="move", log=state.log.with_event(event))

    def _use_die(self, state: SabatuState, origin: int, value: int) -> SabatuState:
        """Spend a die of ``value`` for the army on ``origin`` (its own bound die first)."""
        dice = list(state.dice)
        index = next(
            (i for i, d in enumerate(dice) if d.value == value and d.army == origin),
            None,
        )
        if index is None:
            index = next(i for i, d in enumerate(dice) if d.value == value and d.army == -1)
        del dice[index]
        return state.with_changes(dice=tuple(dice))

    def _move(self, state: SabatuState, action: Move) -> SabatuState:
        origin, target = self.board.index(action.origin), self.board.index(action.target)
        hired = origin in state.hired
        owner = self.owner_at(state, origin) if hired else state.seat
        outcome = self._reach(state, origin, owner, hired, action.die)[target]
        state = self._use_die(state, origin, action.die)
        if outcome == BATTLE:
            return fighting.start_battle(self, state, owner, origin, target)
        state = self.relocate(state, owner, origin, target)
        event = Moved(self._players[state.seat], action.origin, action.die, action.target)
        state = state.with_changes(log=state.log.with_event(event))
        if outcome in (ENTER, CAPITAL):
            return state
        kind = self.board.kind_at(target)
        if kind == "spoils":
            return self.draw_coins(state, state.seat, 1)
        if kind == "armory":
            return self.draw_tiles(state, state.seat, 1)
        if kind == "destiny":
            return cards.draw_destiny(self, state, target)
        return state

    def _sail(self, state: SabatuState, action: Sail) -> SabatuState:
        """Pay the ship's fee, spend the die, and land on the other port (in a battle if an
        enemy holds it: "the player must fight their way to solid ground")."""
        origin, target = self.board.index(action.origin), self.board.index(action.target)
        state = self._pay(state, "ship", self.ship_fee)
        state = self._use_die(state, origin, action.die)
        defender = self.occupants(state).get(target)
        if defender is not None:
            return fighting.start_battle(self, state, state.seat, origin, target)
        state = self.relocate(state, state.seat, origin, target)
        event = Sailed(self._players[state.seat], action.origin, action.target)
        return state.with_changes(log=state.log.with_event(event))

    def _pay(self, state: SabatuState, item: str, price: int) -> SabatuState:
        seat = state.seat
        realm = state.realms[seat]
        paid, change = pay(realm.coins, price, state.spoils.items)
        coins = list(realm.coins)
        for coin in paid:
            coins.remove(coin)
        coins.extend(change)
        state = self.with_realm(state, seat, Realm(realm.armies, tuple(sorted(coins)), realm.tiles))
        event = Bought(self._players[seat], item, paid, change)
        return state.with_changes(
            spoils=state.spoils.put(*paid).take(*change), log=state.log.with_event(event)
        )

    def _buy(self, state: SabatuState, action: Buy) -> SabatuState:
        """ "1 Spoils point - draw random Armory from bag; 2 - new army to place at home;
        ... 5 - capital wall" ("for your occupied capital")."""
        seat = state.seat
        item = f"wall {action.at}" if action.item == "wall" else action.item
        state = self._pay(state, item, self.prices[action.item])
        if action.item == "tile":
            return self.draw_tiles(state, seat, 1)
        if action.item == "army":
            return self.add_armies(state, seat, 1)
        number = self.board.capitals.index(self.board.index(action.at))
        capital = state.capitals[number]
        new = Capital(capital.owner, capital.armies, capital.walls + 1)
        return state.with_changes(
            capitals=(*state.capitals[:number], new, *state.capitals[number + 1 :])
        )

    def _lose(self, state: SabatuState, action: Lose) -> SabatuState:
        place = self.board.index(action.place)
        state = self.remove_army(state, state.seat, place)
        state = state.with_changes(
            losses=state.losses - 1, log=state.log.with_event(Lost(action.player, action.place))
        )
        if state.losses and self.army_count(state, state.seat):
            return state
        return self._after_losses(state.with_changes(losses=0))

    # -- odds, evaluation, text -------------------------------------------------------------

    def odds(self, state: SabatuState, action: SabatuAction) -> Distribution[Any] | None:
        """The battle a move, a sail or "continue" starts, as if nobody lays down a tile
        (the tiles are secret): ``attacker``/``defender``/``tie`` with the walls' point."""
        target: int | None = None
        if isinstance(action, Move | Sail) and self.is_legal(state, action):
            index = self.board.index(action.target)
            if isinstance(action, Sail):
                target = index if index in self.occupants(state) else None
            else:
                origin = self.board.index(action.origin)
                hired = origin in state.hired
                owner = self.owner_at(state, origin) if hired else state.seat
                reach = self._reach(state, origin, owner, hired, action.die)
                target = index if reach.get(index) == BATTLE else None
        elif (
            isinstance(action, Press) and state.battle is not None and self.is_legal(state, action)
        ):
            target = state.battle.target
        if target is None:
            return None
        bonus = fighting.wall_bonus(self, state, target)
        return battle(0, 0, walls=bonus, wall_bonus=1)

    def material(self, state: SabatuState, seat: int) -> float:
        """A player's strength for bots: capitals and walls first, then armies, tiles and
        coins (library weights: 6 a capital, 2 a wall, 1 an army, 0.5 a tile, 0.25 a
        Spoils point)."""
        realm = state.realms[seat]
        held = [c for c in state.capitals if c.owner == seat]
        return (
            6.0 * len(held)
            + 2.0 * sum(c.walls for c in held)
            + self.army_count(state, seat)
            + 0.5 * len(realm.tiles)
            + 0.25 * sum(realm.coins)
        )

    def evaluate(self, state: SabatuState, player: str) -> float:
        """The outcome if over, else the :func:`~wargames.core.game.balance` of the
        player's :meth:`material` against the strongest other player's."""
        if state.result is not None:
            return super().evaluate(state, player)
        seat = self.seat(player)
        best = max(self.material(state, s) for s in range(len(self._players)) if s != seat)
        return balance(self.material(state, seat), best)

    def describe(self, state: SabatuState, player: str | None = None) -> str:
        """The position as text, as ``player`` sees it: each player's armies, capitals,
        coins and tiles (``?`` for a tile they may not see), then whose turn it is."""
        from wargames.sabatu.text import describe

        return describe(self, state if player is None else self.view(state, player))

    # -- notation and determinisation ---------------------------------------------------------

    def parse_action(
        self, state: SabatuState, text: str, player: str | None = None
    ) -> SabatuAction:
        from wargames.sabatu.notation import parse

        return parse(self, state, text, player)

    def determinize(self, view: SabatuState, player: str, rng: random.Random) -> SabatuState:
        from wargames.sabatu.determinize import determinize

        return determinize(self, view, player, rng)

    @cached_property
    def tile_names(self) -> tuple[str, ...]:
        """Every tile name of the game, sorted."""
        return tuple(sorted(self.tables.tiles))


def _why_not(step: str, action: SabatuAction) -> str:
    """The rule an action breaks, from the action and the public step alone (so the message
    never depends on what the player may not see)."""
    rules: dict[type, tuple[str, str]] = {
        SpendCoin: ("dice", "Spoils Coins: a coin replaces a die before rolling, one you hold"),
        Roll: ("dice", "Sequence of Play: the dice are rolled once, after choosing coins"),
        Move: ("move", "Moving Around the Board: one die, exact count except into a Capital, "
               "Home, Port or battle, never passing another army"),
        Sail: ("move", "Ports and Ships: an army on a port, the fee and a die to another port"),
        Buy: ("dice/move", "Spoils Coins: enough Spoils points, at most 8 armies, walls only "
              "for your occupied capital, at most 4"),
        Lose: ("losses", "Conquest Cards: remove an army you have"),
        Arm: ("battle", "Armory Tiles: one tile you hold (Variant #1: one defensive and one "
              "offensive)"),
        Ready: ("battle", "Fighting Battles: only the two players in the battle lay tiles"),
        Press: ("tie/press", "Fighting Battles: continue only after a tie or inside a capital"),
        Withdraw: ("tie/press", "Fighting Battles: retreat only after a tie"),
        RetreatTo: ("retreat", "Fighting Battles: retreat the rolled number of spaces away"),
        Pass: ("move", "Moving Around the Board: a die that can be used must be used"),
        Offer: ("move", "Trade: one of your coins or tiles, to another player, "
                "a limited number of offers a turn"),
        Counter: ("deal", "Trade: answer an offer with a coin or tile you hold"),
        Accept: ("deal", "Trade: a deal must be on the table"),
        Decline: ("deal", "Trade: a deal must be on the table"),
        Hire: ("move", "Variant #2: hire another player's army on a space"),
        Ask: ("deal", "Variant #2: the army's owner names a price"),
    }  # fmt: skip
    when, rule = rules[type(action)]
    if step not in when.split("/"):
        return f"{action} is not an action of the {step} step ({rule})"
    return f"{action} is not allowed here ({rule})"
