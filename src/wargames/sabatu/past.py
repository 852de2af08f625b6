"""Sampled pasts: a full start and every action since that show one player, step by step,
exactly what they saw (:class:`~wargames.core.history.History`).

Everything but the Armory tiles' names, the decks' order and the other side's choice in a
battle still being fought is public, and the log records every public action (a coin
spent, an attack and its die, each offer, which face-down tile left which hand).  So the
past is read off the player's view, and only the secrets are drawn:

* **Tiles.**  Each tile drawn from the bag is followed from hand to hand by the places the
  log names (battles, plunder, trades) to where it ends: back in the bag, with the name the
  battle revealed, or in a hand, where the player may see it.  A tile offered to the player
  in a trade that fell through was in its owner's hand then.  The other tiles are named at
  random, each in the order drawn, weighted by what the bag held, never more of a name out
  of the bag at once than the game has (:func:`name_tiles`).
* **Cards.**  Each deck's order is the cards drawn from it (the log names them all) and
  the rest shuffled; a deck reshuffled from its discards gets the order of the cards drawn
  after it.
* **Chance.**  Every draw of the stream is forced in order (:meth:`Rng.with_forced`): the
  dice as rolled, the coins and tiles as drawn, the places tiles were taken from, the
  reshuffles (:func:`shuffle_draws`).
* **Choices still hidden.**  The other side's tiles in a battle under way, a tile offered
  between two others: drawn at random from the sampled hand.  The two sides of a battle
  choose at once; the log's :class:`~wargames.sabatu.state.Laid` events give the order in
  which they were done, and tell each side how many of its own tiles it had laid by then.

The replay runs each action unchecked and compares the events it logs with the player's
log; the last state's view must be the player's.  A sample that fails (the tile names can
run out of room in the bag, rarely) is drawn again; :class:`NoPast` if none fits.
"""

from __future__ import annotations

import bisect
import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, MutableSequence, Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar, cast

import attrs
from attrs import frozen

from wargames.core.draws import Bag, Deck, remaining
from wargames.core.errors import NoPast
from wargames.core.events import EventLog
from wargames.core.hidden import Secret, is_hidden, redact
from wargames.core.history import History
from wargames.core.rng import Rng
from wargames.sabatu import turn
from wargames.sabatu.bags import slot_draws
from wargames.sabatu.state import (
    Accept,
    Arm,
    Ask,
    Attacked,
    BattleFought,
    Bought,
    Buy,
    CardDrawn,
    Decline,
    Declined,
    Drew,
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
    Realm,
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
from wargames.sabatu.state import (
    Counter as CounterOffer,
)

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu

__all__ = [
    "Plan",
    "Secrets",
    "draw_secrets",
    "name_tiles",
    "plan",
    "replay",
    "sample_history",
    "shuffle_draws",
]

ATTEMPTS: Final = 30
"""Samples drawn before giving up (each fails only when the tile names run out of room)."""

_OPENS: Final = (
    Spent, Moved, Bought, Lost, Offered, HireOffered, Priced, Declined, Traded, Hired, Retreated,
)  # fmt: skip
"""Events only an action's first step logs: no draw of an earlier action comes after one."""


class _Mismatch(Exception):
    """The sampled past logs something other than the player saw: draw again."""


class Plan:
    """What the player's log tells about the hidden tiles and cards, worked out once per
    view: every tile drawn (by the index of its ``Drew`` event) with the draws it was out
    of the bag for, the names the player knows, the offers that show a name in a hand, and
    each deck's cards in the order drawn."""

    def __init__(self, game: Sabatu, view: SabatuState) -> None:
        self.events: tuple[Any, ...] = tuple(view.log)
        self.draws: list[int] = []
        self.known: dict[int, str] = {}
        self.pins: list[tuple[tuple[int, ...], str]] = []
        self.cards: dict[str, list[str]] = {"conquest": [], "destiny": []}
        self.card_number: dict[int, int] = {}
        self.offers: dict[int, tuple[tuple[int, ...], int]] = {}
        """Each offer of a tile the player cannot see (by its event's index): the tiles then
        in the offerer's hand, and the one the trade that followed handed over (-1: none, the
        tile is any of the hand's)."""
        self.picks: list[tuple[tuple[int, ...], int]] = []
        """Each tile picked out of a hand by name (laid in a battle, handed over in a trade):
        the hand's tiles it was picked among, and the tile; a draw of the stream was made
        only where another tile of the same name was among them (:func:`pick_slot`)."""
        hands: list[list[int]] = [[] for _ in game.players]
        ends: dict[int, int] = {}
        seat = game.seat
        for index, event in enumerate(self.events):
            if isinstance(event, Drew) and not event.coin:
                hands[seat(event.player)].append(index)
                self.draws.append(index)
            elif isinstance(event, BattleFought):
                for side, names, slots in (
                    (event.attacker, event.attack_tiles, event.attack_slots),
                    (event.defender, event.defence_tiles, event.defence_slots),
                ):
                    hand = hands[seat(side)]
                    for number, (name, slot) in enumerate(zip(names, slots, strict=True)):
                        self.known[hand[slot]] = name
                        ends[hand[slot]] = index
                        among = tuple(t for i, t in enumerate(hand) if i not in slots[:number])
                        self.picks.append((among, hand[slot]))
                    for slot in sorted(slots, reverse=True):
                        del hand[slot]
            elif isinstance(event, Plundered) and event.slot >= 0:
                hands[seat(event.victor)].append(hands[seat(event.loser)].pop(event.slot))
            elif isinstance(event, Traded):
                giver, taker = hands[seat(event.by)], hands[seat(event.to)]
                for hand, slot in ((giver, event.gave_slot), (taker, event.got_slot)):
                    if 0 <= slot < len(hand):
                        self.picks.append((tuple(hand), hand[slot]))
                gave = giver[event.gave_slot] if event.gave_slot >= 0 else None
                got = taker[event.got_slot] if event.got_slot >= 0 else None
                if gave is not None:
                    del giver[event.gave_slot]
                    taker.append(gave)
                if got is not None:
                    del taker[event.got_slot]
                    giver.append(got)
            elif isinstance(event, Offered) and not event.coin and not is_hidden(event.tile):
                self.pins.append((tuple(hands[seat(event.player)]), event.tile))
            elif isinstance(event, Offered) and not event.coin:
                hand = hands[seat(event.player)]
                self.offers[index] = (tuple(hand), _handed(self.events, index, hand))
            elif isinstance(event, CardDrawn):
                self.card_number[index] = len(self.cards[event.deck])
                self.cards[event.deck].append(event.card)
        for number, realm in enumerate(view.realms):
            if len(realm.tiles) != len(hands[number]):
                raise NoPast(f"{game.players[number]}'s tiles do not follow from the log")
            for token, tile in zip(hands[number], realm.tiles, strict=True):
                if not is_hidden(tile):
                    self.known[token] = str(tile.value)
        self.hands: tuple[tuple[int, ...], ...] = tuple(map(tuple, hands))
        """The tiles in each hand at the end, in order."""
        self.fell_through = [
            (index, len(hand))
            for index, (hand, handed) in self.offers.items()
            if handed < 0 and hand
        ]
        """Each offer of a tile the player cannot see that no trade followed, with the
        number of tiles then in the offerer's hand (any of which it was)."""
        self.alive: dict[int, range] = {
            token: range(k, bisect.bisect_left(self.draws, ends.get(token, len(self.events))))
            for k, token in enumerate(self.draws)
        }
        """For each tile, the draws (by number) made while it was out of the bag."""


def _handed(events: Sequence[Any], index: int, hand: Sequence[int]) -> int:
    """The tile of ``hand`` the trade after the offer at ``index`` handed over (-1: the
    offer fell through or is still open)."""
    offer = events[index]
    for end in events[index + 1 : index + 3]:
        if isinstance(end, Traded):
            return hand[end.gave_slot if end.by == offer.player else end.got_slot]
        if not isinstance(end, Offered):
            break
    return -1


_PLANS: Final = 64
_O = TypeVar("_O")
_V = TypeVar("_V")


class _Remembered(Generic[_O, _V]):
    """What was made for the last :data:`_PLANS` objects asked about, each kept with the
    object it was made for (keyed by its ``id`` and what else it was made with), so an
    ``id`` used again by another object is not mistaken for it."""

    def __init__(self) -> None:
        self.made: dict[tuple[int, Hashable], tuple[_O, _V]] = {}

    def get(self, owner: _O, other: Hashable, make: Callable[[], _V]) -> _V:
        """What was made for ``owner`` and ``other``, or ``make()``, remembered."""
        key = (id(owner), other)
        found = self.made.get(key)
        if found is not None and found[0] is owner:
            return found[1]
        made = make()
        if len(self.made) >= _PLANS:
            self.made.clear()
        self.made[key] = (owner, made)
        return made


_plans: _Remembered[SabatuState, Plan] = _Remembered()


def plan(game: Sabatu, view: SabatuState, player: str) -> Plan:
    """The :class:`Plan` of ``view`` (remembered for the last views asked about)."""
    return _plans.get(view, player, lambda: Plan(game, view))


class _Naming:
    """What :func:`name_tiles` does alike at every call for one plan and ``totals``: the
    known names given (each checked against the bag), the pins those names already meet
    left out (the other pins' hands without their known tiles, which no pin can take),
    and the draws left to name, each with the span of draws it was out of the bag for
    (never empty: a tile is out of the bag at its own draw)."""

    def __init__(self, totals: Counter[str], plan: Plan) -> None:
        self.totals = totals
        zeros = [0] * len(plan.draws)
        row = bytearray if all(total < 256 for total in totals.values()) else list
        self.out: dict[str, MutableSequence[int]] = {name: row(zeros) for name in totals}
        """How many tiles of each name are out of the bag at each draw (never more than
        the game has: so a name fits a span where its total is not among the counts; a
        ``bytearray`` finds it at C speed)."""
        self.names: dict[int, str] = {}
        self.spans = {token: (span.start, span.stop) for token, span in plan.alive.items()}
        for token, name in plan.known.items():
            if not self.fits(self.out, token, name):
                raise NoPast(f"more {name} tiles out of the bag than the game has")
            self.give(self.out, self.names, token, name)
        known = self.names
        self.pins = [
            (tuple(token for token in hand if token not in known), name)
            for hand, name in plan.pins
            if not any(known.get(token) == name for token in hand)
        ]
        self.draws = [
            (k, token, *self.spans[token])
            for k, token in enumerate(plan.draws)
            if token not in known
        ]

    def fits(self, out: dict[str, MutableSequence[int]], token: int, name: str) -> bool:
        """Whether ``token`` may be ``name``: fewer of them out of the bag than the game
        has at every draw it was out for."""
        start, stop = self.spans[token]
        return name in out and self.totals[name] not in out[name][start:stop]

    def give(
        self, out: dict[str, MutableSequence[int]], names: dict[int, str], token: int, name: str
    ) -> None:
        """Name ``token`` ``name``: one more of them out of the bag at each draw of its span."""
        names[token] = name
        row = out[name]
        start, stop = self.spans[token]
        row[start:stop] = [count + 1 for count in row[start:stop]]

    def named(self, rng: random.Random) -> dict[int, str] | None:
        """One call of :func:`name_tiles`, from the known names on."""
        out = {name: row[:] for name, row in self.out.items()}
        names = self.names.copy()
        fits, give = self.fits, self.give
        for hand, name in self.pins:
            if any(names.get(token) == name for token in hand):
                continue
            free = [token for token in hand if token not in names and fits(out, token, name)]
            if not free:
                return None
            give(out, names, rng.choice(free), name)
        rows = tuple((name, total, out[name]) for name, total in self.totals.items())
        for k, token, start, stop in self.draws:
            if token in names:
                continue
            options, weights = [], []
            for name, total, row in rows:
                if total not in row[start:stop]:
                    options.append(name)
                    weights.append(total - row[k])
            if not options:
                return None
            give(out, names, token, rng.choices(options, weights)[0])
        return names


_namings: _Remembered[Plan, _Naming] = _Remembered()


def name_tiles(totals: Counter[str], plan: Plan, rng: random.Random) -> dict[int, str] | None:
    """A name for every tile drawn: the known ones, a name shown in an offer given to one of
    the tiles then in the hand, the others at random in the order drawn (weighted by how
    many the bag held), never more of a name out of the bag at any draw than ``totals``.
    ``None`` if the random choices left no room for a tile.  What is alike at every call
    for a plan (the known names) is worked out once (:class:`_Naming`).

    :raises NoPast: if the known names alone do not fit in the bag.
    """
    naming = _namings.get(plan, tuple(totals.items()), lambda: _Naming(totals, plan))
    return naming.named(rng)


def shuffle_draws(pool: Sequence[Any], order: Sequence[Any]) -> list[int]:
    """The draws that make :meth:`Rng.shuffled` turn ``pool`` into ``order`` (the same
    items): Fisher-Yates run backwards, each place taking the wanted item from those not
    yet placed."""
    items = list(pool)
    draws = []
    for i in range(len(items) - 1, 0, -1):
        j = items.index(order[i], 0, i + 1)
        draws.append(j)
        items[i], items[j] = items[j], items[i]
    return draws


@frozen
class Secrets:
    """One draw of what the player cannot see: a name for every tile drawn (by its ``Drew``
    event's index), each deck's order after each shuffle (by deck and number of shuffles),
    and for each offer of a tile they cannot see that no trade followed, the slot of the
    offerer's hand it was."""

    names: dict[int, str]
    orders: dict[tuple[str, int], tuple[str, ...]]
    offers: dict[int, int]


def draw_secrets(
    game: Sabatu, plan: Plan, rng: random.Random, *, shuffles: bool = True
) -> Secrets | None:
    """The secrets of a sampled past: the tiles named by :func:`name_tiles`, each deck's
    order the cards the log shows drawn and the rest shuffled, and the tile of each offer
    that fell through any of the hand's, all uniformly (``None`` where the names found no
    room).  ``shuffles=False``: each deck's order since its last shuffle only (all a last
    state holds; the earlier ones are drawn independently of it)."""
    names = name_tiles(Counter(game.tables.armory), plan, rng)
    if names is None:
        return None
    orders: dict[tuple[str, int], tuple[str, ...]] = {}
    for deck, full in (("conquest", game.tables.conquest), ("destiny", game.tables.destiny)):
        size = len(full)
        cards = plan.cards[deck]
        last = (max(len(cards), 1) - 1) // size
        for epoch in range(0 if shuffles else last, last + 1):
            drawn = cards[epoch * size : (epoch + 1) * size]
            rest = remaining(full, drawn)
            rng.shuffle(rest)
            orders[(deck, epoch)] = (*drawn, *rest)
    offers = {index: rng.randrange(size) for index, size in plan.fell_through}
    return Secrets(names, orders, offers)


class _Replay:
    """One sampled past, built action by action from the player's log with the ``secrets``
    drawn and the stream ``key`` (``rng``: the choices still hidden in a battle under way)."""

    def __init__(
        self,
        game: Sabatu,
        view: SabatuState,
        player: str,
        plan: Plan,
        secrets: Secrets,
        key: bytes,
        rng: random.Random,
        going_on: tuple[SabatuState, int] | None = None,
    ) -> None:
        """``going_on``: the replay stands at that state after the log's first events (the
        last state of an earlier view's past with the same secrets and stream), not at the
        start; its start and actions are then those from there."""
        self.game, self.view, self.player, self.plan, self.rng = game, view, player, plan, rng
        self.names = secrets.names
        self.secrets = secrets
        self.events = plan.events
        self.actions: list[SabatuAction] = []
        self.forced: list[int] = []
        if going_on is not None:
            self.state, self.index = going_on
            self.start, self.opened = self.state, 0
            return
        self.index = 0
        conquest = Deck(secrets.orders[("conquest", 0)])
        destiny = Deck(secrets.orders[("destiny", 0)])
        self.state = turn.set_up(game, conquest, destiny, view.first, Rng(key))
        self.state = self._forced(self.state, lambda s: turn.begin_turn(game, s))
        self.start = self.state
        self.opened = len(self.forced)

    # -- the secrets --------------------------------------------------------------------

    def _full(self, deck: str) -> tuple[str, ...]:
        return self.game.tables.conquest if deck == "conquest" else self.game.tables.destiny

    def _order(self, deck: str, epoch: int) -> tuple[str, ...]:
        """The order of ``deck`` after ``epoch`` shuffles (drawn with the secrets)."""
        return self.secrets.orders[(deck, epoch)]

    def _draws(self, state: SabatuState, start: int) -> tuple[int, ...]:
        """The draws the player's log asks of the stream from event ``start`` until an event
        only a new action logs (more than an action uses is harmless: the rest is dropped)."""
        game, events = self.game, self.events
        draws: list[int] = []
        spoils = list(state.spoils.items)
        armory = list(state.armory.items)
        piles: dict[str, tuple[int, list[str]]] = {}
        for index in range(start, len(events)):
            event = events[index]
            if index > start and isinstance(event, _OPENS):
                break
            if isinstance(event, Rolled):
                draws.extend(face - 1 for face in event.faces)
            elif isinstance(event, Drew) and event.coin:
                if event.coin not in spoils:
                    break
                draws.append(spoils.index(event.coin))
                spoils.remove(event.coin)
            elif isinstance(event, Drew):
                name = self.names[index]
                if name not in armory:
                    break
                draws.append(armory.index(name))
                armory.remove(name)
            elif isinstance(event, CardDrawn):
                deck = state.conquest if event.deck == "conquest" else state.destiny
                left, pile = piles.setdefault(event.deck, (len(deck.cards), list(deck.discards)))
                if not left:
                    size = len(self._full(event.deck))
                    order = self._order(event.deck, self.plan.card_number[index] // size)
                    try:
                        draws.extend(shuffle_draws(pile, order))
                    except ValueError:  # a reshuffle of a later action's: not needed yet
                        break
                    left, pile = size, []
                piles[event.deck] = (left - 1, [*pile, event.card])
            elif isinstance(event, BattleFought):
                draws.extend((event.attack_die - 1, event.defence_die - 1))
                armory = sorted((*armory, *event.attack_tiles, *event.defence_tiles))
            elif isinstance(event, Plundered):
                coins = state.realms[game.seat(event.loser)].coins
                if event.slot < 0 and event.coin not in coins:
                    break  # a later action's, from coins not yet held
                draws.append(event.slot if event.slot >= 0 else coins.index(event.coin))
            elif isinstance(event, Traded):
                for giver, slot in ((event.by, event.gave_slot), (event.to, event.got_slot)):
                    hand = state.realms[game.seat(giver)].tiles
                    if 0 <= slot < len(hand):
                        draws.extend(slot_draws(hand, str(hand[slot].value), slot))
        return tuple(draws)

    # -- applying -------------------------------------------------------------------------

    def _forced(
        self,
        state: SabatuState,
        apply: Callable[[SabatuState], SabatuState],
        first: Sequence[int] = (),
    ) -> SabatuState:
        """``apply`` to ``state`` with the draws the log asks for forced (``first`` before
        them); keep the draws used, check the events logged against the player's."""
        supplied = (*first, *self._draws(state, self.index))
        rng = Rng(state.rng.key, state.rng.counter, supplied)
        after = apply(state.with_changes(rng=rng))
        used = len(supplied) - len(after.rng.forced)
        if after.rng.counter - rng.counter != used:
            raise _Mismatch("the past needs a draw the log does not give")
        new = redact(after.log.since(len(state.log)), self.player)
        if new != self.events[self.index : self.index + len(new)]:
            raise _Mismatch("the past logs other than the player saw")
        self.forced.extend(supplied[:used])
        self.index += len(new)
        return after  # its stream's unused draws are replaced before the next action

    def act(self, action: SabatuAction, first: Sequence[int] = ()) -> None:
        """Apply ``action``: its own draws ``first`` (a tile's place), then the log's."""
        self.state = self._forced(
            self.state, lambda state: self.game.apply_unchecked(state, action), first
        )
        self.actions.append(action)

    # -- reading the actions off the log ----------------------------------------------------

    def replay(self) -> History:
        """Every action the log shows, then the check that the player's view is reached."""
        last = self.last()
        start = self.start.with_changes(
            rng=Rng(self.start.rng.key, self.start.rng.counter, tuple(self.forced[self.opened :]))
        )
        return History(start, self.actions, end=last)

    def last(self) -> SabatuState:
        """The last state of the past: every action the log shows from where the replay
        stands, then the check that the player's view is reached.

        :raises _Mismatch: where it breaks from what the player saw.
        """
        while self.state.result is None and self._step():
            pass
        if self.index != len(self.events) or self.game.view(self.state, self.player) != self.view:
            raise _Mismatch("the past ends elsewhere")
        return self.state.with_changes(rng=Rng(self.state.rng.key, self.state.rng.counter))

    def _next(self, offset: int = 0) -> Any:
        index = self.index + offset
        return self.events[index] if index < len(self.events) else None

    def _step(self) -> bool:
        """Apply the next action (or those of one side in a battle); ``False`` when the log
        and the view hold no more."""
        state, event = self.state, self._next()
        actor = self.game.players[state.seat]
        step = state.step
        if step == "losses" and isinstance(event, Lost):
            self.act(Lose(actor, event.place))
        elif step == "dice":
            return self._dice(actor, event)
        elif step == "move":
            return self._move(actor, event)
        elif step == "battle":
            return self._battle(event)
        elif step in ("tie", "press"):
            return self._after_round(actor, event)
        elif step == "retreat" and isinstance(event, Retreated):
            self.act(RetreatTo(actor, event.target))
        elif step == "deal":
            return self._deal(event)
        else:
            return False
        return True

    def _dice(self, actor: str, event: Any) -> bool:
        if isinstance(event, Spent):
            self.act(SpendCoin(actor, event.coin))
        elif isinstance(event, Bought):
            self.act(_purchase(actor, event.item))
        elif isinstance(event, Rolled):
            self.act(Roll(actor))
        else:
            return False
        return True

    def _move(self, actor: str, event: Any) -> bool:
        if isinstance(event, Moved | Attacked):
            self.act(Move(actor, event.origin, event.die, event.target))
        elif isinstance(event, Bought) and event.item == "ship":
            voyage = self._next(1)
            if not isinstance(voyage, Sailed | Attacked):
                raise _Mismatch("a ship hired for no voyage")
            self.act(Sail(actor, voyage.origin, voyage.target, voyage.die))
        elif isinstance(event, Bought):
            self.act(_purchase(actor, event.item))
        elif isinstance(event, Offered):
            self.act(Offer(actor, event.partner, event.coin, self._tile(event)))
        elif isinstance(event, HireOffered):
            self.act(Hire(actor, event.army))
        elif event is not None or self.view.result is not None:
            self.act(Pass(actor))
        else:
            return False
        return True

    def _tile(self, event: Offered) -> str:
        """The tile of an offer: as the player saw it, else the one the trade hands over,
        else one of the sampled hand."""
        if event.coin:
            return ""
        if not is_hidden(event.tile):
            return event.tile
        hand = self.state.realms[self.game.seat(event.player)].tiles
        for ahead in range(1, 3):
            end = self._next(ahead)
            if isinstance(end, Traded):
                slot = end.gave_slot if end.by == event.player else end.got_slot
                return str(hand[slot].value)
            if not isinstance(end, Offered):
                break
        return str(hand[self.secrets.offers[self.index]].value)

    def _deal(self, event: Any) -> bool:
        deal = self.state.deal
        assert deal is not None
        if isinstance(event, Offered):
            self.act(CounterOffer(event.player, event.partner, event.coin, self._tile(event)))
        elif isinstance(event, Priced):
            self.act(Ask(event.player, event.price))
        elif isinstance(event, Declined):
            self.act(Decline(event.player))
        elif isinstance(event, Traded | Hired):
            self.act(Accept(deal.by))
        else:
            return False
        return True

    def _after_round(self, actor: str, event: Any) -> bool:
        """After a tie or a won round at a capital: fight on, or stop (after a tie, retreat)."""
        fight = self.state.battle
        assert fight is not None
        if isinstance(event, BattleFought | Laid):
            self.act(Press(actor))
        elif isinstance(event, Retreated):
            self.act(Withdraw(actor), (event.die - 1,))
        elif event is not None and self.state.step == "press":
            self.act(Withdraw(actor))
        elif event is None and self.view.step == "retreat":
            self.act(Withdraw(actor), (self.view.retreat_die - 1,))
        elif event is None and self.view.step != self.state.step:
            self.act(Press(actor) if self.view.step == "battle" else Withdraw(actor))
        else:
            return False
        return True

    def _battle(self, event: Any) -> bool:
        """The sides lay down their tiles in the order the log's :class:`Laid` events give
        (both choose at once; whoever is done first is public), each side's tiles as the
        battle revealed them, or as the player sees them, or drawn at random for a side the
        player cannot see; the player's own tiles laid before the other side was done come
        first (``opponent_laid``).  At the end of the log, the player's own tiles laid so
        far in a battle still being chosen."""
        fight = self.state.battle
        assert fight is not None
        if isinstance(event, Laid):
            other = fight.defender if event.player == fight.attacker else fight.attacker
            if not is_hidden(event.opponent_laid):
                self._lay(other, self._slots(other)[: event.opponent_laid], ready=False)
            slots = self._slots(event.player)
            if is_hidden(slots):
                self._random_arms(event.player)
            else:
                self._lay(event.player, slots, ready=True)
            return True
        if event is not None or self.view.battle is None:
            return False
        for side in (fight.attacker, fight.defender):
            slots = self._slots(side)
            if side in self.game.to_act(self.state) and not is_hidden(slots):
                self._lay(side, slots, ready=False)
        return False

    def _slots(self, side: str) -> Any:
        """The hand slots ``side`` lays down in this battle: as its :class:`BattleFought`
        revealed them, else as the player's view shows them (hidden for another side)."""
        fight = self.state.battle
        assert fight is not None
        attacking = side == fight.attacker
        for event in self.events[self.index :]:
            if isinstance(event, BattleFought):
                return event.attack_slots if attacking else event.defence_slots
        shown = self.view.battle
        assert shown is not None
        return shown.attack if attacking else shown.defence

    def _lay(self, side: str, slots: Sequence[int], *, ready: bool) -> None:
        """``side`` lays down the tiles in ``slots`` (in order) it has not laid yet, then
        says ready if still to."""
        seat = self.game.seat(side)
        fight = self.state.battle
        assert fight is not None
        chosen = list(fight.attack if side == fight.attacker else fight.defence)
        for slot in slots[len(chosen) :]:
            hand = self.state.realms[seat].tiles
            name = str(hand[slot].value)
            self.act(Arm(side, name), slot_draws(hand, name, slot, chosen))
            chosen.append(slot)
        if ready and self.state.step == "battle" and side in self.game.to_act(self.state):
            self.act(Ready(side))

    def _random_arms(self, side: str) -> None:
        """A choice the player cannot see: tiles at random, until ready."""
        seat = self.game.seat(side)
        while self.state.battle is not None and side in self.game.to_act(self.state):
            fight = self.state.battle
            chosen = fight.attack if side == fight.attacker else fight.defence
            action = self.rng.choice(self.game.legal_actions(self.state, side))
            if isinstance(action, Arm):
                hand = self.state.realms[seat].tiles
                slots = [
                    i
                    for i, tile in enumerate(hand)
                    if tile.value == action.tile and i not in chosen
                ]
                slot = self.rng.choice(slots)
                self.act(action, slot_draws(hand, action.tile, slot, chosen))
            else:
                self.act(action)


def _purchase(actor: str, item: str) -> Buy:
    """The purchase a ``Bought`` event names (``wall nw.capital``: a wall for that capital)."""
    what, _, at = item.partition(" ")
    return Buy(actor, what, at)


def sample_history(game: Sabatu, view: SabatuState, player: str, rng: random.Random) -> History:
    """A past that shows ``player`` exactly what they saw, ending in a state whose view is
    ``view`` (see the module).

    :raises NoPast: if no past fits within :data:`ATTEMPTS` samples.
    """
    return _fitting_past(game, view, player, rng)[1]


def _fitting_past(
    game: Sabatu, view: SabatuState, player: str, rng: random.Random
) -> tuple[Secrets, History]:
    """The first of :data:`ATTEMPTS` draws of the secrets whose replay shows ``player`` what
    they saw, with that replay.

    :raises NoPast: if none fits.
    """
    return _first_fitting(
        game, view, player, rng, lambda secrets, key: replay(game, view, player, secrets, key, rng)
    )


_T = TypeVar("_T")


def _first_fitting(
    game: Sabatu,
    view: SabatuState,
    player: str,
    rng: random.Random,
    replayed: Callable[[Secrets, bytes], _T],
) -> tuple[Secrets, _T]:
    """The first of :data:`ATTEMPTS` draws of the secrets (each with a stream's key) that
    ``replayed`` takes without :class:`_Mismatch`, with what it gave.

    :raises NoPast: if none fits.
    """
    worked = plan(game, view, player)
    problem = "no sample"
    for _ in range(ATTEMPTS):
        secrets = draw_secrets(game, worked, rng)
        if secrets is None:
            problem = "no room for the tiles' names"
            continue
        try:
            return secrets, replayed(secrets, game.fresh_rng(rng).key)
        except _Mismatch as error:
            problem = str(error)
    raise NoPast(f"no past of {player}'s view found in {ATTEMPTS} samples: {problem}")


def replay(
    game: Sabatu,
    view: SabatuState,
    player: str,
    secrets: Secrets,
    key: bytes,
    rng: random.Random,
) -> History:
    """The past with ``secrets`` and the stream ``key``, replayed action by action
    (``rng``: the choices still hidden in a battle under way).

    :raises _Mismatch: where it breaks from what the player saw.
    """
    return _Replay(game, view, player, plan(game, view, player), secrets, key, rng).replay()


# -- the fast path: one replay per view, the secrets patched in ----------------------------


class _PickDraws:
    """How many draws the tiles picked out of a hand by name took (:attr:`Plan.picks`): one
    where another tile of the picked one's name was among those it was picked from
    (:func:`~wargames.sabatu.bags.pick_slot`).  Worked out once a plan where the names the
    player knows decide it; the other picks keep the known names' counts among their tiles
    and the tiles left to name."""

    def __init__(self, plan: Plan) -> None:
        known = plan.known
        self.fixed = 0
        self.varying: list[tuple[int, Counter[str], tuple[int, ...]]] = []
        for among, picked in plan.picks:
            if len(among) < 2:
                continue
            seen = Counter(known[token] for token in among if token in known)
            unknown = tuple(token for token in among if token not in known)
            if picked in known and (seen[known[picked]] > 1 or not unknown):
                self.fixed += seen[known[picked]] > 1
            else:
                self.varying.append((picked, seen, unknown))

    def __call__(self, names: Mapping[int, str]) -> int:
        """The draws, for ``names`` (the known tiles named as the player knows them)."""
        count = self.fixed
        for picked, seen, unknown in self.varying:
            name = names[picked]
            count += seen[name] + sum(names[token] == name for token in unknown) > 1
        return count


class Skeleton:
    """The replay of a view, made once with one draw of the secrets (``secrets``, its last
    state ``last``): what else the secrets decide in the last state is where each tile is,
    the decks' order, the tile of each hidden offer and how many draws picks by name took,
    so a sample patches those in (:meth:`fill`) instead of replaying."""

    def __init__(self, game: Sabatu, plan: Plan, secrets: Secrets, last: SabatuState) -> None:
        self.game, self.plan, self.secrets, self.last = game, plan, secrets, last
        self.picks = _PickDraws(plan)
        self.counter = last.rng.counter - self.picks(secrets.names)
        self.events = tuple(last.log)
        # the offers whose tile a sample may change: not one the player knows the name of
        offers = sorted(
            index
            for index, (hand, handed) in plan.offers.items()
            if not (
                handed in plan.known or (handed < 0 and len(hand) == 1 and hand[0] in plan.known)
            )
        )
        first = offers[0] if offers else len(self.events)
        self.before = EventLog(self.events[:first])
        self.after = self.events[first:]
        self.hidden = [(index - first, index, *plan.offers[index]) for index in offers]
        """Each hidden offer: its place after ``before``, its index, the offerer's hand
        then and the tile the trade handed over (-1: none)."""
        self.offered: dict[int, dict[str, Offered]] = {index: {} for index in offers}
        """Each hidden offer's event with each tile it was given so far."""
        known = plan.known
        self.unnamed = [
            [(slot, token) for slot, token in enumerate(hand) if token not in known]
            for hand in plan.hands
        ]
        """The tiles in each hand whose name a sample draws, by slot (the others keep the
        names the player knows, as in ``last``)."""
        held = Counter(known[token] for hand in plan.hands for token in hand if token in known)
        self.bag = Counter(game.tables.armory) - held
        """The Armory less the tiles in hands the player knows."""
        # the open deal's tiles: its offer's and counter-offer's, where the player saw neither
        made = [i for i, e in enumerate(self.events) if isinstance(e, Offered)]
        opened = [i for i in made if not self.events[i].counter]
        give = opened[-1] if opened else -1
        countered = [i for i in made if self.events[i].counter and i > give]
        get = countered[-1] if countered else -1
        self.give = give if give in plan.offers else -1
        self.get = get if get in plan.offers else -1

    def fits(self, secrets: Secrets) -> bool:
        """Whether ``secrets`` drawn for a later view of the player (whose log begins with
        this view's) are secrets this view's past could have: the names the player knew
        here, a name in every hand an offer showed it in, and a slot for every hidden offer
        that no trade followed here.  (The bag's room follows: a tile is out of the bag for
        at least as many of this view's draws in the later plan.)"""
        plan, names = self.plan, secrets.names
        return (
            all(names[token] == name for token, name in plan.known.items())
            and all(any(names[token] == name for token in hand) for hand, name in plan.pins)
            and all(index in secrets.offers for index, _ in plan.fell_through)
        )

    def _tile(self, secrets: Secrets, index: int) -> str:
        hand, handed = self.plan.offers[index]
        return secrets.names[handed if handed >= 0 else hand[secrets.offers[index]]]

    def _log(self, secrets: Secrets) -> EventLog:
        """The last state's log with the hidden offers' tiles as ``secrets`` drew them: the
        events from the first hidden offer on in one block after the shared ones before it."""
        events = list(self.after)
        names, slots = secrets.names, secrets.offers
        for place, index, hand, handed in self.hidden:
            tile = names[handed if handed >= 0 else hand[slots[index]]]
            given = self.offered[index]
            offered = given.get(tile)
            if offered is None:
                offered = given[tile] = attrs.evolve(self.events[index], tile=tile)
            events[place] = offered
        return self.before.with_block(events)

    def _realms(self, names: Mapping[int, str]) -> tuple[Realm, ...]:
        """The last state's realms with the tiles the player cannot name named."""
        realms = list(self.last.realms)
        for seat, unnamed in enumerate(self.unnamed):
            if not unnamed:
                continue
            realm = realms[seat]
            tiles = list(realm.tiles)
            for slot, token in unnamed:
                tiles[slot] = Secret(names[token], tiles[slot].known_to)
            realms[seat] = Realm(realm.armies, realm.coins, tuple(tiles))
        return tuple(realms)

    def _deck(self, deck: Deck[str], name: str, secrets: Secrets) -> Deck[str]:
        """``deck`` (the last state's) with its cards in the order ``secrets`` drew."""
        left = len(deck.cards)
        if not left:
            return deck
        drawn = len(self.plan.cards[name])
        size = len(self.game.tables.conquest if name == "conquest" else self.game.tables.destiny)
        order = secrets.orders[(name, (max(drawn, 1) - 1) // size)]
        return Deck(order[len(order) - left :], deck.discards)

    def fill(self, secrets: Secrets, key: bytes) -> SabatuState:
        """The last state of the past with ``secrets`` and the stream ``key``: the replay's
        last state with the tiles named, the decks ordered and the offers' tiles as drawn."""
        last, names = self.last, secrets.names
        held = Counter(names[token] for unnamed in self.unnamed for _, token in unnamed)
        armory = Bag.of((self.bag - held).elements(), public=last.armory.public)
        deal = last.deal
        if deal is not None and self.give >= 0 and deal.give_tile:
            deal = attrs.evolve(deal, give_tile=self._tile(secrets, self.give))
        if deal is not None and self.get >= 0 and deal.get_tile:
            deal = attrs.evolve(deal, get_tile=self._tile(secrets, self.get))
        return last.with_changes(
            realms=self._realms(names),
            armory=armory,
            conquest=self._deck(last.conquest, "conquest", secrets),
            destiny=self._deck(last.destiny, "destiny", secrets),
            log=self._log(secrets),
            deal=deal,
            rng=Rng(key, self.counter + self.picks(names)),
        )


_skeletons: _Remembered[SabatuState, Skeleton] = _Remembered()


def skeleton(game: Sabatu, view: SabatuState, player: str, rng: random.Random) -> Skeleton:
    """The :class:`Skeleton` of ``view`` (remembered, like :func:`plan`).

    :raises NoPast: if no past fits within :data:`ATTEMPTS` samples.
    """

    def make() -> Skeleton:
        secrets, last = _fitting_last(game, view, player, rng)
        return Skeleton(game, plan(game, view, player), secrets, last)

    return _skeletons.get(view, player, make)


_OPEN_STEPS: Final = ("battle", "tie", "press", "retreat")
"""Steps in which a replay may act on what the view shows beyond its log's last event."""


def _earlier(game: Sabatu, view: SabatuState, player: str) -> tuple[SabatuState, Skeleton] | None:
    """The latest view of ``player`` remembered with a skeleton whose log this view's
    begins with (a bot's earlier choice in the same game), at a step where its replay ended
    with its log's last event."""
    best: tuple[SabatuState, Skeleton] | None = None
    for (_, who), (seen, made) in _skeletons.made.items():
        if (
            who == player
            and made.game is game
            and seen.step not in _OPEN_STEPS
            and seen.first == view.first
            and len(seen.log) <= len(view.log)
            and (best is None or len(seen.log) > len(best[0].log))
            and view.log.up_to(len(seen.log)) == seen.log
        ):
            best = (seen, made)
    return best


def _fitting_last(
    game: Sabatu, view: SabatuState, player: str, rng: random.Random
) -> tuple[Secrets, SabatuState]:
    """The secrets and last state :func:`_fitting_past` gives, with the same draws of
    ``rng``: where an earlier view's skeleton fits the secrets drawn, its last state patched
    with them and the replay going on from there, else the replay from the start."""
    earlier = _earlier(game, view, player)
    worked = plan(game, view, player)

    def last(secrets: Secrets, key: bytes) -> SabatuState:
        going_on = None
        if earlier is not None and earlier[1].fits(secrets):
            going_on = (earlier[1].fill(secrets, key), len(earlier[0].log))
        return _Replay(game, view, player, worked, secrets, key, rng, going_on).last()

    return _first_fitting(game, view, player, rng, last)


def sample_state(game: Sabatu, view: SabatuState, player: str, rng: random.Random) -> SabatuState:
    """A determinisation of ``view``: the last state of a past :func:`sample_history` could
    draw, from the view's :class:`Skeleton` with freshly drawn secrets patched in; a view
    with a battle under way (whose hidden choices are drawn in play) is replayed.

    :raises NoPast: if no past fits within :data:`ATTEMPTS` samples.
    """
    if view.battle is not None:
        return cast(SabatuState, sample_history(game, view, player, rng).final(game))
    made = skeleton(game, view, player, rng)
    for _ in range(ATTEMPTS):
        secrets = draw_secrets(game, made.plan, rng, shuffles=False)
        if secrets is not None:
            return made.fill(secrets, game.fresh_rng(rng).key)
    raise NoPast(f"no past of {player}'s view found in {ATTEMPTS} samples: no room for the tiles")
