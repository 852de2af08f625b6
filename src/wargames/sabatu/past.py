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
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from wargames.core.draws import Deck, remaining
from wargames.core.errors import NoPast
from wargames.core.hidden import is_hidden, redact
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
    "name_tiles",
    "plan",
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
                    for name, slot in zip(names, slots, strict=True):
                        self.known[hand[slot]] = name
                        ends[hand[slot]] = index
                    for slot in sorted(slots, reverse=True):
                        del hand[slot]
            elif isinstance(event, Plundered) and event.slot >= 0:
                hands[seat(event.victor)].append(hands[seat(event.loser)].pop(event.slot))
            elif isinstance(event, Traded):
                giver, taker = hands[seat(event.by)], hands[seat(event.to)]
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
            elif isinstance(event, CardDrawn):
                self.card_number[index] = len(self.cards[event.deck])
                self.cards[event.deck].append(event.card)
        for number, realm in enumerate(view.realms):
            if len(realm.tiles) != len(hands[number]):
                raise NoPast(f"{game.players[number]}'s tiles do not follow from the log")
            for token, tile in zip(hands[number], realm.tiles, strict=True):
                if not is_hidden(tile):
                    self.known[token] = str(tile.value)
        self.alive: dict[int, range] = {
            token: range(k, bisect.bisect_left(self.draws, ends.get(token, len(self.events))))
            for k, token in enumerate(self.draws)
        }
        """For each tile, the draws (by number) made while it was out of the bag."""


_plans: dict[tuple[int, str], tuple[SabatuState, Plan]] = {}
_PLANS: Final = 64


def plan(game: Sabatu, view: SabatuState, player: str) -> Plan:
    """The :class:`Plan` of ``view`` (remembered for the last views asked about)."""
    key = (id(view), player)
    found = _plans.get(key)
    if found is not None and found[0] is view:
        return found[1]
    made = Plan(game, view)
    if len(_plans) >= _PLANS:
        _plans.clear()
    _plans[key] = (view, made)
    return made


def name_tiles(totals: Counter[str], plan: Plan, rng: random.Random) -> dict[int, str] | None:
    """A name for every tile drawn: the known ones, a name shown in an offer given to one of
    the tiles then in the hand, the others at random in the order drawn (weighted by how
    many the bag held), never more of a name out of the bag at any draw than ``totals``.
    ``None`` if the random choices left no room for a tile."""
    out = {name: [0] * len(plan.draws) for name in totals}
    names: dict[int, str] = {}

    def fits(token: int, name: str) -> bool:
        span = plan.alive[token]
        return name in out and max(out[name][span.start : span.stop], default=0) < totals[name]

    def give(token: int, name: str) -> None:
        names[token] = name
        row = out[name]
        for k in plan.alive[token]:
            row[k] += 1

    for token, name in plan.known.items():
        if not fits(token, name):
            raise NoPast(f"more {name} tiles out of the bag than the game has")
        give(token, name)
    for hand, name in plan.pins:
        if any(names.get(token) == name for token in hand):
            continue
        free = [token for token in hand if token not in names and fits(token, name)]
        if not free:
            return None
        give(rng.choice(free), name)
    for k, token in enumerate(plan.draws):
        if token in names:
            continue
        options = [name for name in totals if fits(token, name)]
        if not options:
            return None
        weights = [totals[name] - out[name][k] for name in options]
        give(token, rng.choices(options, weights)[0])
    return names


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


class _Replay:
    """One sampled past, built action by action from the player's log."""

    def __init__(
        self, game: Sabatu, view: SabatuState, player: str, plan: Plan, rng: random.Random
    ) -> None:
        names = name_tiles(Counter(game.tables.armory), plan, rng)
        if names is None:
            raise _Mismatch("no room for the tiles' names")
        self.game, self.view, self.player, self.plan, self.rng = game, view, player, plan, rng
        self.names = names
        self.events = plan.events
        self.orders: dict[tuple[str, int], list[str]] = {}
        self.index = 0
        self.actions: list[SabatuAction] = []
        self.forced: list[int] = []
        key = game.fresh_rng(rng).key
        conquest = Deck(tuple(self._order("conquest", 0)))
        destiny = Deck(tuple(self._order("destiny", 0)))
        self.state = turn.set_up(game, conquest, destiny, view.first, Rng(key))
        self.state = self._forced(self.state, lambda s: turn.begin_turn(game, s))
        self.start = self.state
        self.opened = len(self.forced)

    # -- the secrets --------------------------------------------------------------------

    def _full(self, deck: str) -> tuple[str, ...]:
        return self.game.tables.conquest if deck == "conquest" else self.game.tables.destiny

    def _order(self, deck: str, epoch: int) -> list[str]:
        """The order of ``deck`` after ``epoch`` shuffles: the cards then drawn, the rest at
        random."""
        found = self.orders.get((deck, epoch))
        if found is None:
            size = len(self._full(deck))
            drawn = self.plan.cards[deck][epoch * size : (epoch + 1) * size]
            rest = remaining(self._full(deck), drawn)
            self.rng.shuffle(rest)
            found = self.orders[(deck, epoch)] = [*drawn, *rest]
        return found

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
        while self.state.result is None and self._step():
            pass
        if self.index != len(self.events) or self.game.view(self.state, self.player) != self.view:
            raise _Mismatch("the past ends elsewhere")
        start = self.start.with_changes(
            rng=Rng(self.start.rng.key, self.start.rng.counter, tuple(self.forced[self.opened :]))
        )
        last = self.state.with_changes(rng=Rng(self.state.rng.key, self.state.rng.counter))
        return History(start, self.actions, end=last)

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
        return str(self.rng.choice(hand).value)

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
    worked = plan(game, view, player)
    problem = "no sample"
    for _ in range(ATTEMPTS):
        try:
            return _Replay(game, view, player, worked, rng).replay()
        except _Mismatch as error:
            problem = str(error)
    raise NoPast(f"no past of {player}'s view found in {ATTEMPTS} samples: {problem}")
