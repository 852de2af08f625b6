"""The rules of Sabatu (rule text: seeds/002), assembled from one module per section.

* Object of the Game, Game Set-up, Sequence of Play — :mod:`~wargames.sabatu.turn`.
* Moving Around the Board — :mod:`~wargames.sabatu.movement` (where one die goes) and
  :mod:`~wargames.sabatu.moving` (moves as actions, draws on landing).
* Game Board Regions — :mod:`~wargames.sabatu.board`.
* Conquest and Destiny Cards — :mod:`~wargames.sabatu.cards`.
* Home, Capitals, Armies — :mod:`~wargames.sabatu.armies`.
* Armory Tiles, Fighting Battles — :mod:`~wargames.sabatu.fighting` (play) and
  :mod:`~wargames.sabatu.battle` (the dice and exact odds); the bags
  :mod:`~wargames.sabatu.bags`.
* Spoils Coins, Capital Walls — :mod:`~wargames.sabatu.purchases`,
  :mod:`~wargames.sabatu.spoils`.
* Ports and Ships — :mod:`~wargames.sabatu.ports`.
* Trade, Variant #2 — :mod:`~wargames.sabatu.trade`.
* Variations — :mod:`~wargames.sabatu.variants`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from wargames.core.dice import d6
from wargames.core.distribution import Distribution
from wargames.core.errors import UnknownOption, WargamesError
from wargames.core.game import Game, Outcome
from wargames.core.hidden import is_hidden, redact
from wargames.core.history import History
from wargames.core.limits import counted
from wargames.core.rng import Seed
from wargames.render.svg import Token
from wargames.sabatu import (
    display,
    evaluation,
    fighting,
    invariants,
    learning,
    moving,
    past,
    ports,
    purchases,
    trade,
    turn,
    words,
)
from wargames.sabatu.armies import occupants, owner_at, places
from wargames.sabatu.battle import assault, battle
from wargames.sabatu.board import (
    SabatuBoard,
    board_data,
    build_board,
    layout_for,
    long_homes,
    long_rows,
)
from wargames.sabatu.memo import Remembered
from wargames.sabatu.movement import BATTLE
from wargames.sabatu.notation import parse
from wargames.sabatu.options import SabatuOptions
from wargames.sabatu.state import (
    Accept,
    Arm,
    Ask,
    Attacked,
    BattleFought,
    Bought,
    Buy,
    Captured,
    CardDrawn,
    Claimed,
    Counter,
    Decline,
    Declined,
    Drew,
    Forfeited,
    Hire,
    Hired,
    HireOffered,
    Laid,
    Lose,
    Lost,
    Move,
    Moved,
    Offer,
    Offered,
    Pass,
    Plundered,
    Press,
    Priced,
    Ready,
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
    Spent,
    Traded,
    Withdraw,
)
from wargames.sabatu.tables import Tables, load_tables

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

__all__ = ["TABLES", "Sabatu"]

TABLES = load_tables()
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
        Restarted, CardDrawn, Spent, Rolled, Moved, Attacked, Drew, Claimed, BattleFought,
        Plundered, Captured, Bought, Sailed, Lost, Retreated, Offered, Traded, HireOffered,
        Priced, Declined, Hired, Forfeited, Laid,
    )  # fmt: skip
    reported_events = (BattleFought, Captured, Plundered, Lost, Retreated)
    simultaneous = True
    """The two sides of a battle choose their tiles at once."""
    negotiation_types = _NEGOTIATION
    search_draws = True
    """A turn draws between its choices (a landing's coin, tile or card, a tile bought, a
    battle, the roll after "lose"): the search weighs a move by the mean over the draws of
    the best that follows each (docs/bots-record.md)."""
    search_foresees = True
    """The side laying a battle's tiles first weighs them against the other side's as
    greedy would lay them (:meth:`foreseen`); left out, the battle waits for the other side
    at every leaf and every tile scores alike (docs/bots-record.md, sixteenth session)."""
    search_own_evaluation = True
    """Searches score their positions by :meth:`search_evaluate`, which also counts a victory
    the player can seize in their coming turn; greedy keeps :meth:`evaluate`
    (docs/bots-record.md, seventeenth session)."""
    search_descents = 200
    """A search of more descents is split into searches of 200 that vote (``mcts:800``: four
    of them): the one tree of 800 chose no better than 200 where they differed, its values
    inflated by the best of more continuations tried (docs/bots-record.md, twentieth
    session)."""
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
        self.remembered = Remembered()
        """Work saved between calls (:mod:`wargames.sabatu.memo`), not part of the game."""
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
        every_turn = self.turn_limit * opts.players * numbers.actions_per_turn
        self.action_limit: int = every_turn if opts.action_limit is None else opts.action_limit
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

    # -- set-up, whose turn, outcome ---------------------------------------------------------

    def start(self, seed: Seed | None = None, **setup: Any) -> SabatuState:
        """A new game (see :func:`wargames.sabatu.turn.start`).

        :raises UnknownOption: for any set-up keyword (Sabatu has none).
        """
        return turn.start(self, seed, **setup)

    def to_act(self, state: SabatuState) -> frozenset[str]:
        if state.result is not None:
            return frozenset()
        fight = state.battle
        if state.step == "battle" and fight is not None:
            # "they lay them down on the playing surface at the same time": both choose
            # at once, neither seeing the other's tiles, until each is ready.
            return frozenset(
                side
                for side, ready in (
                    (fight.attacker, fight.attacker_ready),
                    (fight.defender, fight.defender_ready),
                )
                if not ready
            )
        if state.step == "deal" and state.deal is not None:
            deal = state.deal
            return frozenset((deal.by if deal.answered else deal.to,))
        return frozenset((self._players[state.seat],))

    def violations(self, state: SabatuState) -> Iterator[str]:
        yield from super().violations(state)
        if isinstance(state, SabatuState):
            yield from invariants.violations(self, state)

    def outcome(self, state: SabatuState) -> Outcome | None:
        return state.result

    def is_view_of(self, view: SabatuState, player: str) -> bool:
        """As the kernel's, and the player's own Armory tiles are shown to them: each tile is
        a secret of its holder (:class:`~wargames.sabatu.state.Realm`), hidden whole from
        the others, so only the seat tells whose a hidden one is."""
        realms = view.realms
        seat = self._seats[player]
        own = realms[seat].tiles if seat < len(realms) else ()
        return super().is_view_of(view, player) and not any(map(is_hidden, own))

    # -- legal actions ----------------------------------------------------------------------

    def legal_actions(self, state: SabatuState, player: str) -> tuple[SabatuAction, ...]:
        """Listed once per state and player: the game remembers the last list, which the
        check of an action of that state then reads."""
        memo = self.remembered.listed
        if memo is not None and memo[0] is state and memo[1] == player:
            return memo[2]
        listed = self._legal_actions(state, player)
        self.remembered.listed = (state, player, listed)
        return listed

    def _legal_actions(self, state: SabatuState, player: str) -> tuple[SabatuAction, ...]:
        self.check_player(player)
        if player not in self.to_act(state):
            return ()
        step = state.step
        if step == "battle":
            return tuple(fighting.arms(self, state, player))
        if step == "deal":
            return tuple(trade.answers(self, state, player))
        if step == "losses":
            node = self.board.node
            return tuple(Lose(player, node(p)) for p in places(self, state, state.seat))
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
            found.extend(purchases.purchases(self, state, player))
            return tuple(found)
        moves, bound = moving.moves(self, state, player)
        found.extend(moves)
        found.extend(ports.sails(self, state, player))
        found.extend(purchases.purchases(self, state, player))
        found.extend(trade.offers(self, state))
        if not bound:
            found.append(Pass(player))
        return tuple(found)

    def illegal_reason(self, state: SabatuState, action: SabatuAction) -> str | None:
        """Decided for the family of ``action`` alone where the step offers several (moving
        every army is the dearest to list), else against :meth:`legal_actions`."""
        step, player = state.step, action.player
        if step == "move" and isinstance(action, Move):
            legal = moving.is_move(self, state, action)
        elif step == "move" and isinstance(action, Pass):
            legal = moving.can_pass(self, state)
        elif step == "move" and isinstance(action, Sail):
            legal = action in ports.sails(self, state, player)
        elif step == "move" and isinstance(action, Offer):
            legal = action in trade.offers(self, state)
        elif step in ("dice", "move") and isinstance(action, Buy):
            legal = action in purchases.purchases(self, state, player)
        else:
            legal = action in self.legal_actions(state, player)
        return None if legal else _why_not(step, action)

    # -- applying ---------------------------------------------------------------------------

    def apply_unchecked(self, state: SabatuState, action: SabatuAction) -> SabatuState:
        """The state after ``action``, counted against the action limit (a draw when reached:
        :mod:`wargames.core.limits`), except a tile laid down with another still to come
        (Variant #1): how many tiles a player lays is secret until both are ready, so a
        player's choice for a battle counts once, when they are ready."""
        after = self._apply(state, action)
        fight = after.battle
        if isinstance(action, Arm) and after.step == "battle" and fight is not None:
            ready = (
                fight.attacker_ready if action.player == fight.attacker else fight.defender_ready
            )
            if not ready:
                return after
        return counted(after, self.action_limit)

    def _apply(self, state: SabatuState, action: SabatuAction) -> SabatuState:
        if isinstance(action, Move):
            return moving.move(self, state, action)
        if isinstance(action, _NEGOTIATION):
            return trade.apply_deal(self, state, action)
        if isinstance(action, Arm | Ready):
            return fighting.arm(self, state, action)
        if isinstance(action, SpendCoin):
            return turn.spend(self, state, action)
        if isinstance(action, Roll):
            return turn.roll(self, state)
        if isinstance(action, Buy):
            return purchases.buy(self, state, action)
        if isinstance(action, Sail):
            return ports.sail(self, state, action)
        if isinstance(action, Lose):
            return turn.lose(self, state, action)
        if isinstance(action, Press):
            return fighting.press(self, state)
        if isinstance(action, Withdraw):
            return fighting.withdraw(self, state)
        if isinstance(action, RetreatTo):
            fight = state.battle
            assert fight is not None
            return fighting.retreat(self, state, fight, self.board.index(action.target))
        return turn.next_turn(self, state)

    # -- odds, evaluation, pictures ---------------------------------------------------------

    explicit_chance = True
    chance_by_draw = True
    """Every action's chance goes draw by draw (:meth:`drawing`): a roll, a battle, a bag or
    a hand drawn from, discards shuffled (docs/sabatu.md, "Chance nodes")."""

    @property
    def max_chance_outcomes(self) -> int:
        """The widest draw: a die's faces, or a drawing over every tile, every coin or a whole
        deck (a hand is part of a bag's tiles or coins; a shuffle's first draw is over every
        card of its discards)."""
        tables = self.tables
        return max(
            len(d6.faces),
            len(tables.armory),
            len(tables.numbers.coins),
            len(tables.conquest),
            len(tables.destiny),
        )

    def odds(self, state: SabatuState, action: SabatuAction) -> Distribution[Any] | None:
        """The battle a move, a sail or "continue" starts, as if nobody lays down a tile
        (the tiles are secret): ``attacker``/``defender``/``tie`` with the walls' point."""
        target: int | None = None
        if isinstance(action, Move | Sail) and self.is_legal(state, action):
            index = self.board.index(action.target)
            if isinstance(action, Sail):
                target = index if index in occupants(self, state) else None
            else:
                origin = self.board.index(action.origin)
                hired = origin in state.hired
                owner = owner_at(self, state, origin) if hired else state.seat
                reach = moving.reach(self, state, origin, owner, hired, action.die)
                target = index if reach.get(index) == BATTLE else None
        elif (
            isinstance(action, Press) and state.battle is not None and self.is_legal(state, action)
        ):
            target = state.battle.target
        if target is None:
            return None
        return battle(defence=fighting.wall_bonus(self, state, target))

    def material(self, state: SabatuState, seat: int) -> float:
        """A player's strength for bots (:func:`wargames.sabatu.evaluation.material`):
        capitals and walls first, the most walled capital's walls twice, then armies, tiles
        and coins, and the capitals they may take in a turn."""
        return evaluation.material(self, state, seat)

    def drawn(self, before: SabatuState, after: SabatuState, player: str) -> Hashable | None:
        """What ``player`` can tell of an action's draws, where it drew from the stream or
        a deck (whose order was drawn at the start, so a card moves no stream): the events
        it logged (a coin, a card, a roll, a battle) and the tiles each realm holds (a tile
        bought is logged without its kind), as ``player`` sees them.  On the 1,220
        afterstates of one position in 20 worlds, the whole view told apart the same 122,
        in five times as long."""
        events = after.log.since(len(before.log))
        card = any(isinstance(event, CardDrawn) for event in events)
        if not card and after.rng.counter == before.rng.counter:
            return None
        return redact((events, after.realms), player)

    def evaluate(self, state: SabatuState, player: str) -> float:
        """The outcome if over, else :func:`wargames.sabatu.evaluation.evaluate`: a victory
        held now at the chance it stands until its holder's next turn, the rest the
        :func:`~wargames.core.game.balance` of the player's :meth:`material` against the
        strongest other player's."""
        return self._weighed(state, player, evaluation.WEIGHTS)

    def foreseen(
        self,
        world: SabatuState,
        player: str,
        plan: Callable[[SabatuState, str], SabatuState],
    ) -> SabatuState:
        """For search bots, while a battle's tiles are laid down: the other side's tiles as
        ``plan`` lays them from the battle's start, where it has not chosen yet
        (:func:`wargames.sabatu.fighting.foreseen`); elsewhere ``world``."""
        return fighting.foreseen(self, world, player, plan)

    def search_evaluate(self, state: SabatuState, player: str) -> float:
        """:meth:`evaluate` with a victory the player can seize in their coming turn counted
        too (:data:`wargames.sabatu.evaluation.SEARCH`), for a search that asks for it."""
        return self._weighed(state, player, evaluation.SEARCH)

    def _weighed(self, state: SabatuState, player: str, weights: evaluation.Weights) -> float:
        """The outcome if over, else the evaluation by ``weights``."""
        if state.result is not None:
            return super().evaluate(state, player)
        return evaluation.evaluate(self, state, self.seat(player), weights)

    def odds_words(self, state: SabatuState, action: SabatuAction) -> str:
        """:meth:`odds` in words (:func:`wargames.sabatu.words.odds_words`)."""
        odds = self.odds(state, action)
        return "" if odds is None else words.odds_words(odds)

    def outcome_words(self, view: SabatuState, action: SabatuAction, outcome: Any) -> str:
        """One result of :meth:`odds` in words (:func:`wargames.sabatu.words.outcome_words`)."""
        return words.outcome_words(outcome)

    def action_sentence(self, view: SabatuState, action: SabatuAction, viewer: str | None) -> str:
        """``action`` taken, for ``viewer`` (:func:`wargames.sabatu.words.action_sentence`)."""
        said = words.action_sentence(action, viewer)
        return said or super().action_sentence(view, action, viewer)

    def action_label(self, view: SabatuState, action: SabatuAction) -> str:
        """``action`` in words (:mod:`wargames.sabatu.words`)."""
        return words.action_label(action)

    def event_sentence(self, view: SabatuState, event: Any, viewer: str | None) -> str:
        """``event`` from ``viewer``'s side (:mod:`wargames.sabatu.words`)."""
        return words.event_sentence(event, viewer) or super().event_sentence(view, event, viewer)

    def describe(self, state: SabatuState, player: str | None = None) -> str:
        """The position as text, as ``player`` sees it: each player's armies, capitals,
        coins and tiles (``?`` for a tile they may not see), then whose turn it is."""
        return display.describe(self, state if player is None else self.view(state, player), player)

    def tokens(self, state: SabatuState, player: str | None = None) -> dict[str, Token]:
        """Armies and walled capitals as SVG tokens on :attr:`board`, as ``player`` sees
        them (see :func:`wargames.sabatu.display.tokens`)."""
        return display.tokens(self, state, player)

    # -- notation and determinisation ---------------------------------------------------------

    # -- for learning agents (see wargames.sabatu.learning) ----------------------------------

    def every_action(self, player: str) -> Iterator[SabatuAction]:
        return learning.every_action(self, player)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return learning.observation_shape(self)

    def encode_view(self, view: SabatuState, player: str) -> NDArray[numpy.float32]:
        return learning.encode_view(self, view, player)

    def observation_tensor(self, state: SabatuState, player: str) -> NDArray[numpy.float32]:
        """:meth:`encode_view` of the state itself: it reads every secret through redaction."""
        self.check_player(player)
        return learning.encode_view(self, state, player)

    @property
    def max_game_length(self) -> int:
        return learning.max_game_length(self)

    def read_action(self, state: SabatuState, text: str, player: str | None) -> SabatuAction:
        return parse(self, state, text, player)

    def sample_history(self, view: SabatuState, player: str, rng: random.Random) -> History:
        """A past showing ``player`` what they saw (see :mod:`wargames.sabatu.past`); the
        determinisation is its last state."""
        return past.sample_history(self, view, player, rng)

    def determinize(self, view: SabatuState, player: str, rng: random.Random) -> SabatuState:
        """The last state of a past :meth:`sample_history` could draw, without replaying it
        per sample: the view's one replay with freshly drawn secrets patched in
        (:func:`wargames.sabatu.past.sample_state`)."""
        try:
            return past.sample_state(self, view, player, rng)
        except (LookupError, ValueError) as error:
            if isinstance(error, WargamesError):
                raise
            return super().determinize(view, player, rng)  # names the broken view

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
              "for your occupied capital, at most 4 round it and 4 of your own standing"),
        Lose: ("losses", "Conquest Cards: remove an army you have"),
        Arm: ("battle", "Armory Tiles: one tile you hold (Variant #1: one defensive and one "
              "offensive)"),
        Ready: ("battle", "Fighting Battles: only the two players in the battle lay tiles"),
        Press: ("tie/press", "Fighting Battles: continue only after a tie or inside a capital"),
        Withdraw: ("tie/press", "Fighting Battles: retreat only after a tie"),
        RetreatTo: ("retreat", "Fighting Battles: retreat the rolled number of spaces away"),
        Pass: ("move", "Moving Around the Board: a die that can be used must be used "
               "(only attacks may be declined)"),
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
        return f"the turn is at its {step} step ({rule})"
    return f"the rules do not allow it here ({rule})"
