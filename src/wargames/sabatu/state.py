"""Sabatu's values: each player's realm, capitals, battles, deals, actions, events, the state.

Hidden information is declared here and nowhere else:

* Armory tiles are "kept on the table, face down": each held tile is a
  :class:`~wargames.core.hidden.Secret` known to its holder (and to whoever saw it change
  hands), so others see how many tiles a player holds, never which.
* The Armory bag's contents and both decks' order are hidden from everybody
  (:class:`~wargames.core.draws.Bag`, :class:`~wargames.core.draws.Deck`).
* The tiles laid down for a battle are secret to their player until both have chosen
  ("lay them down on the playing surface at the same time").
* A tile named in a trade is seen by the two traders only.

Spoils coins are public (the text never hides them; library default), and so is the Spoils
bag.  Events carry public facts only: a drawn tile is logged as "a tile".
"""

from __future__ import annotations

from typing import Any, Final

from attrs import frozen

from wargames.core.draws import Bag, Deck
from wargames.core.events import Event
from wargames.core.game import Action, Outcome, State
from wargames.core.hidden import Secret, secret

__all__ = [
    "STEPS",
    "Accept",
    "Arm",
    "Ask",
    "Attacked",
    "Battle",
    "BattleFought",
    "Bought",
    "Buy",
    "Capital",
    "Captured",
    "CardDrawn",
    "Claimed",
    "Counter",
    "Deal",
    "Decline",
    "Declined",
    "Die",
    "Drew",
    "Forfeited",
    "Hire",
    "HireOffered",
    "Hired",
    "Laid",
    "Lose",
    "Lost",
    "Move",
    "Moved",
    "Offer",
    "Offered",
    "Pass",
    "Plundered",
    "Press",
    "Priced",
    "Ready",
    "Realm",
    "Restarted",
    "RetreatTo",
    "Retreated",
    "Roll",
    "Rolled",
    "SabatuAction",
    "SabatuState",
    "Sail",
    "Sailed",
    "SpendCoin",
    "Spent",
    "Traded",
    "Withdraw",
]


# -- holdings ------------------------------------------------------------------------------


@frozen
class Realm:
    """What one player holds.

    ``armies``: the board index of every army on a space or at Home (sorted; Home may hold
    several); armies inside capitals are counted on the :class:`Capital`.  ``coins``: Spoils
    coin values, sorted (public).  ``tiles``: Armory tiles in the order they came, each a
    secret of its holder.
    """

    armies: tuple[int, ...] = ()
    coins: tuple[int, ...] = ()
    tiles: tuple[Secret[str], ...] = ()


@frozen
class Capital:
    """A capital: its holder's seat (-1 unclaimed), the armies inside (the garrison
    included), and its walls: the seat that built each, oldest first ("Capital Walls - 4
    per player": a wall is one of its builder's four, wherever it stands)."""

    owner: int = -1
    armies: int = 0
    builders: tuple[int, ...] = ()

    @property
    def walls(self) -> int:
        """How many walls stand round the capital."""
        return len(self.builders)


@frozen
class Die:
    """A die still to be used this turn: its value, and the army it is bound to (a Destiny
    card's extra move is that army's; -1 for a rolled die or a coin)."""

    value: int
    army: int = -1


def _attacker_sees(battle: Battle, player: str) -> bool:
    return player == battle.attacker


def _defender_sees(battle: Battle, player: str) -> bool:
    return player == battle.defender


@frozen
class Battle:
    """A battle being fought ("Fighting Battles").

    ``attacker`` commands the army on ``origin`` (owned by ``owner``: another player's army
    under Variant #2's hire), ``defender`` holds ``target`` (a space or a capital).  The tile
    slots each has laid down stay secret until both are ``ready``.
    """

    attacker: str
    defender: str
    owner: str
    origin: int
    target: int
    attack: tuple[int, ...] = secret(_attacker_sees, default=())
    defence: tuple[int, ...] = secret(_defender_sees, default=())
    attacker_ready: bool = False
    defender_ready: bool = False


def _parties(deal: Deal, player: str) -> bool:
    return player in (deal.by, deal.to)


@frozen
class Deal:
    """A trade ("Trade") or a hire (Variant #2) being negotiated.

    Trade: ``by`` offers a coin (``give_coin``) or a tile (``give_tile``, seen by the two
    parties only); ``to`` answers with a coin or tile of their own (``get_*``); ``by``
    accepts or declines.  Hire: ``by`` asks to hire ``to``'s army on ``army``; ``to`` names a
    price (a coin of that value); ``by`` accepts or declines.  ``answered``: ``to`` has
    answered and ``by`` must decide.
    """

    kind: str
    by: str
    to: str
    give_coin: int = 0
    give_tile: str = secret(_parties, default="")
    get_coin: int = 0
    get_tile: str = secret(_parties, default="")
    army: int = -1
    answered: bool = False


# -- actions -------------------------------------------------------------------------------


def _actor(action: Any, player: str) -> bool:
    return bool(player == action.player)


def _actor_and_partner(action: Any, player: str) -> bool:
    return player in (action.player, action.partner)


@frozen
class SpendCoin(Action):
    """Before rolling: use a Spoils coin of ``value`` instead of one die ("Spoils Coins")."""

    value: int

    def __str__(self) -> str:
        return f"spend {self.value}"


@frozen
class Roll(Action):
    """Roll the dice not replaced by coins."""

    def __str__(self) -> str:
        return "roll"


@frozen
class Move(Action):
    """Move the army on ``origin`` with one die of ``die`` to ``target`` (a battle if an
    enemy holds it)."""

    origin: str
    die: int
    target: str

    def __str__(self) -> str:
        return f"move {self.origin} {self.die} {self.target}"


@frozen
class Sail(Action):
    """Hire a ship for the army on port ``origin`` and spend a die of ``die`` to sail to
    port ``target`` ("Ports and Ships")."""

    origin: str
    target: str
    die: int

    def __str__(self) -> str:
        return f"sail {self.origin} {self.target} {self.die}"


@frozen
class Buy(Action):
    """Buy with Spoils points: ``tile``, ``army`` or ``wall`` (for the capital ``at``)."""

    item: str
    at: str = ""

    def __str__(self) -> str:
        return f"buy {self.item} {self.at}".rstrip()


@frozen
class Lose(Action):
    """Remove one of your armies at ``place`` (a card's losses: the Plague)."""

    place: str

    def __str__(self) -> str:
        return f"lose {self.place}"


@frozen
class Arm(Action):
    """Lay down an Armory tile for the battle (seen by nobody else until both are ready)."""

    tile: str = secret(_actor)

    def __str__(self) -> str:
        return f"arm {self.tile}"


@frozen
class Ready(Action):
    """Fight with the tiles laid down so far (none, or one under Variant #1)."""

    def __str__(self) -> str:
        return "ready"


@frozen
class Press(Action):
    """Attacker: fight on (after a tie, or against the next army inside a capital)."""

    def __str__(self) -> str:
        return "continue"


@frozen
class Withdraw(Action):
    """Attacker: stop (after a tie this is the retreat: roll a die and move away)."""

    def __str__(self) -> str:
        return "withdraw"


@frozen
class RetreatTo(Action):
    """Where the retreating army goes, the rolled number of spaces away."""

    target: str

    def __str__(self) -> str:
        return f"retreat {self.target}"


@frozen
class Pass(Action):
    """End the turn ("pass the dice"); allowed once no die left can be used."""

    def __str__(self) -> str:
        return "pass"


@frozen
class Offer(Action):
    """Offer ``partner`` a one-for-one trade: your coin of ``coin`` or your ``tile``."""

    partner: str
    coin: int = 0
    tile: str = secret(_actor_and_partner, default="")

    def __str__(self) -> str:
        item = f"coin {self.coin}" if self.coin else f"tile {self.tile}"
        return f"offer {self.partner} {item}"


@frozen
class Counter(Action):
    """Answer a trade offer of ``partner`` with a coin or a tile of your own."""

    partner: str
    coin: int = 0
    tile: str = secret(_actor_and_partner, default="")

    def __str__(self) -> str:
        item = f"coin {self.coin}" if self.coin else f"tile {self.tile}"
        return f"counter {self.partner} {item}"


@frozen
class Accept(Action):
    """Close the deal on the table."""

    def __str__(self) -> str:
        return "accept"


@frozen
class Decline(Action):
    """Refuse the deal on the table."""

    def __str__(self) -> str:
        return "decline"


@frozen
class Hire(Action):
    """Variant #2: ask to hire the other player's army on ``army`` for this turn."""

    army: str

    def __str__(self) -> str:
        return f"hire {self.army}"


@frozen
class Ask(Action):
    """Variant #2: the army's owner names its price, one coin of ``price``."""

    price: int

    def __str__(self) -> str:
        return f"ask {self.price}"


SabatuAction = (
    SpendCoin
    | Roll
    | Move
    | Sail
    | Buy
    | Lose
    | Arm
    | Ready
    | Press
    | Withdraw
    | RetreatTo
    | Pass
    | Offer
    | Counter
    | Accept
    | Decline
    | Hire
    | Ask
)

# -- events (public facts only) ---------------------------------------------------------------


@frozen
class Restarted(Event):
    """A player without non-garrisoned armies starts over with one at Home."""

    player: str


@frozen
class CardDrawn(Event):
    """A Conquest or Destiny card was drawn and followed."""

    player: str
    deck: str
    card: str


@frozen
class Spent(Event):
    """A Spoils coin of ``coin`` used instead of a die, before the roll."""

    player: str
    coin: int


@frozen
class Rolled(Event):
    """The dice of a turn (coins spent instead are listed too)."""

    player: str
    faces: tuple[int, ...]
    coins: tuple[int, ...]


@frozen
class Moved(Event):
    """An army moved with a die."""

    player: str
    origin: str
    die: int
    target: str


@frozen
class Attacked(Event):
    """An army moved (or sailed) with a die against an enemy's place: a battle begins."""

    player: str
    origin: str
    die: int
    target: str


@frozen
class Drew(Event):
    """A draw from a bag: ``coin`` is the coin's value, 0 for a tile (whose name only the
    drawer sees)."""

    player: str
    coin: int


@frozen
class Claimed(Event):
    """An unclaimed capital was occupied; its army became the garrison."""

    player: str
    capital: str


def _opponent_sees(event: Laid, player: str) -> bool:
    return player == event.opponent


@frozen
class Laid(Event):
    """``player`` has chosen their tiles for the battle against ``opponent`` and laid them
    down face down (public: nobody sees which or how many until both have).
    ``opponent_laid``, seen by the opponent alone, is how many tiles the opponent had laid
    by then (so a sampled past shows them the same order)."""

    player: str
    opponent: str
    opponent_laid: int = secret(_opponent_sees, default=0)


@frozen
class BattleFought(Event):
    """One battle: both tiles revealed, both dice, both totals; ``winner`` is ``attacker``,
    ``defender`` or ``tie``.  ``attack_slots`` and ``defence_slots`` are the places in each
    hand of the face-down tiles laid down (public: everyone sees which tiles are played)."""

    attacker: str
    defender: str
    origin: str
    target: str
    attack_tiles: tuple[str, ...]
    defence_tiles: tuple[str, ...]
    attack_die: int
    defence_die: int
    attack_total: int
    defence_total: int
    winner: str
    attack_slots: tuple[int, ...] = ()
    defence_slots: tuple[int, ...] = ()


@frozen
class Plundered(Event):
    """ "To the victor go the Spoils": a coin (its value) or, from a player without coins,
    an Armory tile (0: only the two players see which) taken from the loser's hand at
    ``slot`` (-1 for a coin)."""

    victor: str
    loser: str
    coin: int
    slot: int = -1


@frozen
class Captured(Event):
    """A capital fell; one wall (if any) was removed before the victor took it."""

    player: str
    capital: str
    walls: int


@frozen
class Bought(Event):
    """A purchase: coins paid into the Spoils bag and change taken from it."""

    player: str
    item: str
    paid: tuple[int, ...]
    change: tuple[int, ...]


@frozen
class Sailed(Event):
    """An army took a ship from port to port, spending a die of ``die``."""

    player: str
    origin: str
    target: str
    die: int


@frozen
class Lost(Event):
    """An army was removed by a card."""

    player: str
    place: str


@frozen
class Retreated(Event):
    """A retreat after a tie: the die and where the army went (``origin`` if nowhere)."""

    player: str
    die: int
    origin: str
    target: str


@frozen
class Traded(Event):
    """A one-for-one trade; coin values shown, 0 for a tile (then ``gave_slot`` and
    ``got_slot`` are its place in its giver's hand, -1 for a coin)."""

    by: str
    to: str
    gave: int
    got: int
    gave_slot: int = -1
    got_slot: int = -1


def _traders(event: Offered, player: str) -> bool:
    return player in (event.player, event.partner)


@frozen
class Offered(Event):
    """A trade offer (``counter``: the answer to one): a coin's value, or 0 and a tile whose
    name only the two traders see."""

    player: str
    partner: str
    coin: int
    tile: str = secret(_traders, default="")
    counter: bool = False


@frozen
class HireOffered(Event):
    """Variant #2: ``player`` asks to hire the army on ``army``."""

    player: str
    army: str


@frozen
class Priced(Event):
    """Variant #2: the army's owner names the price of a hire."""

    player: str
    price: int


@frozen
class Declined(Event):
    """A trade or a hire refused."""

    player: str


@frozen
class Hired(Event):
    """Variant #2: ``by`` hired ``to``'s army on ``army`` for a coin of ``price``."""

    by: str
    to: str
    army: str
    price: int


@frozen
class Forfeited(Event):
    """Dice that could not be used, given up at the end of the turn."""

    player: str
    dice: tuple[int, ...]


# -- the state -------------------------------------------------------------------------------


STEPS: Final = ("dice", "move", "battle", "deal", "losses", "tie", "press", "retreat")
"""Where a turn can be (see :class:`SabatuState`)."""


@frozen(kw_only=True)
class SabatuState(State):
    """A Sabatu position.

    ``seat`` is the player whose turn it is; ``round`` counts rounds from 1 (a round ends
    when the turn comes back to ``first``).  ``step`` is where the turn is:

    ``losses`` (removing armies a card took), ``dice`` (coins or roll), ``move`` (moving,
    buying, trading), ``battle`` (tiles being laid down), ``tie`` (the attacker continues or
    retreats), ``press`` (a capital still has defenders: continue or stop), ``retreat``
    (choosing where to retreat), ``deal`` (a trade or hire awaiting an answer).
    ``actions`` counts the game's actions (for the action limit, :mod:`wargames.core.limits`).
    """

    realms: tuple[Realm, ...]
    capitals: tuple[Capital, ...]
    armory: Bag[str]
    spoils: Bag[int]
    conquest: Deck[str]
    destiny: Deck[str]
    first: int
    seat: int
    round: int = 1
    step: str = "dice"
    dice_count: int = 0
    dice: tuple[Die, ...] = ()
    spent: tuple[int, ...] = ()
    losses: int = 0
    battle: Battle | None = None
    deal: Deal | None = None
    offers: int = 0
    hired: tuple[int, ...] = ()
    retreats: tuple[int, ...] = ()
    retreat_die: int = 0
    result: Outcome | None = None
    actions: int = 0
