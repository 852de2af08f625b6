"""Positions for Sabatu tests, written as the board's place names."""

import random
from collections.abc import Iterable, Mapping

from wargames.core.hidden import Secret
from wargames.core.rng import Rng
from wargames.sabatu import Capital, Die, Realm, Sabatu, SabatuState

TWO = Sabatu(players=2)
"""Red (seat 0) at home in nw, blue (seat 1) in se; the four corners."""


def position(
    game: Sabatu = TWO,
    *,
    armies: Mapping[str, Iterable[str]],
    capitals: Mapping[str, tuple[str, int, int]] | None = None,
    coins: Mapping[str, Iterable[int]] | None = None,
    tiles: Mapping[str, Iterable[str]] | None = None,
    turn: str = "red",
    dice: Iterable[int] = (),
    step: str = "move",
    rng: Rng | None = None,
) -> SabatuState:
    """A position in ``step`` of ``turn``'s turn: each player's armies on places (``home``
    for their Home), capitals ``{"ne.capital": ("blue", armies, walls)}`` (walls the holder
    built), coins and tiles (taken out of the bags, so everything is conserved), and the dice
    to use."""
    start = game.start(seed=0)
    spoils = start.spoils
    armory = start.armory
    realms = []
    for seat, player in enumerate(game.players):
        places = [
            game.home(seat) if name == "home" else game.board.index(name)
            for name in armies.get(player, ())
        ]
        held_coins = tuple(sorted((coins or {}).get(player, ())))
        held_tiles = tuple((tiles or {}).get(player, ()))
        spoils = spoils.take(*held_coins)
        armory = armory.take(*held_tiles)
        realms.append(
            Realm(
                tuple(sorted(places)),
                held_coins,
                tuple(Secret(t, {player}) for t in held_tiles),
            )
        )
    held = dict(capitals or {})
    caps = []
    for node in game.board.capitals:
        name = game.board.node(node)
        if name in held:
            owner, count, walls = held[name]
            caps.append(Capital(game.seat(owner), count, (game.seat(owner),) * walls))
        else:
            caps.append(Capital())
    return start.with_changes(
        realms=tuple(realms),
        capitals=tuple(caps),
        spoils=spoils,
        armory=armory,
        seat=game.seat(turn),
        first=game.seat(turn),
        step=step,
        dice=tuple(Die(d) for d in dice),
        dice_count=len(tuple(dice)),
        rng=rng or start.rng,
    )


def random_game(game: Sabatu, seed: int, steps: int) -> list[SabatuState]:
    """Every state of a game of up to ``steps`` random legal actions from ``seed``."""
    chooser = random.Random(seed)
    states = [game.start(seed)]
    while len(states) <= steps and game.outcome(states[-1]) is None:
        player = chooser.choice(sorted(game.to_act(states[-1])))
        action = chooser.choice(game.legal_actions(states[-1], player))
        states.append(game.apply(states[-1], action))
    return states


def names(actions: Iterable[object]) -> list[str]:
    """The actions as text."""
    return [str(a) for a in actions]
