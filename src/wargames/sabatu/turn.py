"""Object of the Game, Game Set-up, Sequence of Play: the start, the turn and its dice, the
end of a turn (rule text: those three sections, "Armies", "Spoils Coins").

"1) Players begin their turn by drawing one Conquest card and immediately following the
instructions on the card.  2) Players then roll the required number of dice or use Spoils
coins ...  5) When done pass the dice to the next player."  Steps 3 and 4 are
:mod:`~wargames.sabatu.moving`, :mod:`~wargames.sabatu.purchases`,
:mod:`~wargames.sabatu.ports`, :mod:`~wargames.sabatu.trade` and
:mod:`~wargames.sabatu.fighting`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wargames.core.dice import d6
from wargames.core.draws import Bag, Deck
from wargames.core.game import Outcome
from wargames.core.rng import Rng, Seed
from wargames.sabatu import cards
from wargames.sabatu.armies import add_armies, army_count, free_armies, remove_army, with_realm
from wargames.sabatu.bags import draw_tiles
from wargames.sabatu.state import (
    Capital,
    Die,
    Forfeited,
    Lose,
    Lost,
    Realm,
    Restarted,
    Rolled,
    SabatuState,
    SpendCoin,
    Spent,
)

if TYPE_CHECKING:
    from wargames.sabatu.rules import Sabatu

__all__ = ["begin_turn", "lose", "next_turn", "roll", "set_up", "spend", "start", "winner"]


def start(game: Sabatu, seed: Seed | None = None, **setup: Any) -> SabatuState:
    """A new game: "Each player chooses a home region and places one army ... at Home"
    (seats take the layout's home regions in order); both decks shuffled; "players roll
    dice to see who goes first" (drawn from the seed), then clockwise.

    :raises UnknownOption: for any set-up keyword (Sabatu has none).
    """
    game.read_setup(setup)
    rng = Rng.from_seed(seed)
    conquest, rng = Deck.shuffled(game.tables.conquest, rng)
    destiny, rng = Deck.shuffled(game.tables.destiny, rng)
    first, rng = rng.below(len(game.players))
    return begin_turn(game, set_up(game, conquest, destiny, first, rng))


def set_up(
    game: Sabatu, conquest: Deck[str], destiny: Deck[str], first: int, rng: Rng
) -> SabatuState:
    """The set-up before the first turn begins: one army at each Home, full bags, the
    decks as shuffled, ``first`` to play."""
    return SabatuState(
        rng=rng,
        realms=tuple(Realm(armies=(game.home(seat),)) for seat in range(len(game.players))),
        capitals=tuple(Capital() for _ in game.board.capitals),
        armory=Bag.of(game.tables.armory),
        spoils=Bag.of(game.tables.numbers.coins, public=True),
        conquest=conquest,
        destiny=destiny,
        first=first,
        seat=first,
    )


def winner(game: Sabatu, state: SabatuState, seat: int) -> str | None:
    """Why seat ``seat`` has won at the start of its turn ("any 3 capitals ... at the same
    time", "four walls around one capital", held "until the beginning of their next
    turn"), or ``None``."""
    numbers = game.tables.numbers
    held = [c for c in state.capitals if c.owner == seat]
    if len(held) >= numbers.win_capitals:
        return f"held {len(held)} capitals until the start of their turn"
    if any(c.walls >= numbers.win_walls for c in held):
        return f"held a capital with {numbers.win_walls} walls until the start of their turn"
    return None


def begin_turn(game: Sabatu, state: SabatuState) -> SabatuState:
    """The start of a turn: the win check, the turn limit, starting over at Home ("at the
    beginning of their next turn before drawing a Conquest card"), Variant #1's tile, then
    the Conquest card."""
    seat = state.seat
    won = winner(game, state, seat)
    if won is not None:
        return state.with_changes(result=Outcome({game.players[seat]}, won))
    if state.round > game.turn_limit:
        return state.with_changes(result=Outcome(frozenset(), "turn limit"))
    if free_armies(state, seat) == 0:
        state = add_armies(game, state, seat, 1)
        state = state.with_changes(log=state.log.with_event(Restarted(game.players[seat])))
    if game.capital_armories and any(c.owner == seat for c in state.capitals):
        state = draw_tiles(game, state, seat, 1)
    state = cards.draw_conquest(game, state, dice_count=game.dice_per_turn)
    return _after_losses(state) if not state.losses else state.with_changes(step="losses")


def _after_losses(state: SabatuState) -> SabatuState:
    """On to the dice, or straight to moving when a card took them all."""
    return state.with_changes(step="move" if state.dice_count == 0 else "dice")


def lose(game: Sabatu, state: SabatuState, action: Lose) -> SabatuState:
    """Remove an army a card took (the Plague); the turn goes on once all are removed."""
    place = game.board.index(action.place)
    state = remove_army(game, state, state.seat, place)
    state = state.with_changes(
        losses=state.losses - 1, log=state.log.with_event(Lost(action.player, action.place))
    )
    if state.losses and army_count(state, state.seat):
        return state
    return _after_losses(state.with_changes(losses=0))


def spend(game: Sabatu, state: SabatuState, action: SpendCoin) -> SabatuState:
    """ "One coin may be substituted for the roll of one die ... Once a Spoils Coin is used
    it must be returned to the Spoils Bag."  With every die replaced, the dice are set."""
    seat = state.seat
    realm = state.realms[seat]
    coins = list(realm.coins)
    coins.remove(action.value)
    state = with_realm(state, seat, Realm(realm.armies, tuple(coins), realm.tiles))
    state = state.with_changes(
        spoils=state.spoils.put(action.value),
        spent=(*state.spent, action.value),
        log=state.log.with_event(Spent(action.player, action.value)),
    )
    return roll(game, state) if len(state.spent) == state.dice_count else state


def roll(game: Sabatu, state: SabatuState) -> SabatuState:
    """Roll the dice not replaced by coins ("If you roll doubles do not roll again")."""
    rng = state.rng
    faces: list[int] = []
    for _ in range(state.dice_count - len(state.spent)):
        face, rng = d6.roll(rng)
        faces.append(face)
    dice = tuple(Die(value) for value in (*state.spent, *faces))
    event = Rolled(game.players[state.seat], tuple(faces), state.spent)
    return state.with_changes(rng=rng, dice=dice, step="move", log=state.log.with_event(event))


def next_turn(game: Sabatu, state: SabatuState) -> SabatuState:
    """ "Pass the dice to the next player": dice left are forfeited, the next seat
    clockwise begins."""
    left = tuple(d.value for d in state.dice)
    log = state.log.with_event(Forfeited(game.players[state.seat], left)) if left else state.log
    seat = (state.seat + 1) % len(game.players)
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
        log=log,
    )
    return begin_turn(game, state)
