"""Sabatu's events in sentences, from the viewer's side.

Places by their names on the board ("nw.home", "ne.capital"), dice by their faces, coins by
their values; a tile is named only where the viewer's view of the event holds its name (a
trade offer's tile is the two traders' secret; a tile drawn or taken is named to nobody).
Told in the past tense, so "you" and "Red" take the same verb.
"""

from __future__ import annotations

from typing import Any

from wargames.core.distribution import Distribution
from wargames.core.hidden import is_hidden
from wargames.core.words import a, chances, listed, owner, sentence, side, subject, whom
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
    Sail,
    Sailed,
    SpendCoin,
    Spent,
    Traded,
    Withdraw,
)
from wargames.sabatu.state import (
    Move as MoveArmy,
)

__all__ = ["action_label", "action_sentence", "event_sentence", "odds_words", "outcome_words"]


def _thing(coin: int) -> str:
    """A coin by its value, or a tile (0) not named."""
    return f"a {coin} coin" if coin else "a tile"


def event_sentence(event: Any, viewer: str | None) -> str | None:
    """``event`` in a sentence for ``viewer``; ``None`` for an event that is not Sabatu's."""
    if isinstance(event, BattleFought):
        return _battle(event, viewer)
    if isinstance(event, Plundered):
        return sentence(
            f"{subject(event.victor, viewer)} took "
            f"{_thing(event.coin) if event.coin else 'an Armory tile'} "
            f"from {whom(event.loser, viewer)} as spoils"
        )
    if isinstance(event, Traded):
        return sentence(
            f"{subject(event.by, viewer)} traded {_thing(event.gave)} "
            f"with {whom(event.to, viewer)} for {_thing(event.got)}"
        )
    if isinstance(event, Hired):
        return sentence(
            f"{subject(event.by, viewer)} hired {owner(event.to, viewer)} army at {event.army} "
            f"for a {event.price} coin"
        )
    if isinstance(event, Laid):  # which tiles, and how many, stay face down until both have
        their = "your" if event.player == viewer else "their"
        return sentence(
            f"{subject(event.player, viewer)} laid {their} tiles face down for the battle "
            f"with {whom(event.opponent, viewer)}"
        )
    if isinstance(event, Offered):
        tile = "" if is_hidden(event.tile) else event.tile
        thing = _thing(event.coin) if event.coin or not tile else f"the {tile} tile"
        answer = " in answer" if event.counter else ""
        return sentence(
            f"{subject(event.player, viewer)} offered {whom(event.partner, viewer)} "
            f"{thing} in trade{answer}"
        )
    player = subject(getattr(event, "player", ""), viewer)
    if isinstance(event, Restarted):
        return f"{player} started over with an army at Home."
    if isinstance(event, CardDrawn):
        return f"{player} drew the {event.card} card from the {event.deck.title()} deck."
    if isinstance(event, Spent):
        return f"{player} spent a {event.coin} coin instead of a die."
    if isinstance(event, Rolled):
        coins = f", and used {_coins(event.coins)}" if event.coins else ""
        faces = f"rolled {listed(event.faces)}" if event.faces else "rolled no dice"
        return f"{player} {faces}{coins}."
    if isinstance(event, Moved):
        return f"{player} moved an army from {event.origin} to {event.target} with a {event.die}."
    if isinstance(event, Attacked):
        return f"{player} attacked {event.target} from {event.origin} with a {event.die}."
    if isinstance(event, Sailed):
        return f"{player} sailed an army from {event.origin} to {event.target} with a {event.die}."
    if isinstance(event, Drew):
        return f"{player} drew {_thing(event.coin)} from the bag."
    if isinstance(event, Claimed):
        return f"{player} claimed the capital {event.capital}."
    if isinstance(event, Captured):
        walls = ", after a wall was removed" if event.walls else ""
        return f"{player} captured the capital {event.capital}{walls}."
    if isinstance(event, Bought):
        change = f", taking {_coins(event.change)} in change" if event.change else ""
        return f"{player} bought {a(event.item)}, paying {_coins(event.paid)}{change}."
    if isinstance(event, Lost):
        return sentence(
            f"{owner(event.player, viewer)} army at {event.place} was removed by a card"
        )
    if isinstance(event, Retreated):
        whose = owner(event.player, viewer)
        if event.target == event.origin:
            return sentence(f"{whose} army at {event.origin} had nowhere to retreat")
        return sentence(
            f"{whose} army retreated from {event.origin} to {event.target} with a {event.die}"
        )
    if isinstance(event, HireOffered):
        return f"{player} asked to hire the army at {event.army}."
    if isinstance(event, Priced):
        return f"{player} named a price of {event.price}."
    if isinstance(event, Declined):
        return f"{player} declined."
    if isinstance(event, Forfeited):
        dice = listed(f"a {die}" for die in event.dice)
        return f"{player} gave up {dice}, which could not be used."
    return None


def _coins(values: tuple[int, ...]) -> str:
    """``"a 2 coin"``, ``"a 1 and a 3 coin"``."""
    return listed(f"a {value}" for value in values) + (" coin" if len(values) == 1 else " coins")


def _side(tiles: tuple[str, ...], die: int, total: int) -> str:
    """``"a 4"``, ``"a 4 with sword and spear, 7 in all"``."""
    with_tiles = f" with {listed(tiles)}" if tiles else ""
    return f"a {die}{with_tiles}" + ("" if total == die else f", {total} in all")


def _battle(event: BattleFought, viewer: str | None) -> str:
    """A battle as either side, or a bystander, reads it."""
    attack = _side(event.attack_tiles, event.attack_die, event.attack_total)
    sep = "," if attack.endswith(" in all") else ""
    defence = _side(event.defence_tiles, event.defence_die, event.defence_total)
    told = sentence(
        f"{subject(event.attacker, viewer)} attacked {owner(event.defender, viewer)} army at "
        f"{event.target} from {event.origin}: {attack}{sep} against {defence}"
    )
    if event.winner == "tie":
        return f"{told} It was a tie."
    won = event.attacker if event.winner == "attacker" else event.defender
    return f"{told} {subject(won, viewer)} won."


def action_label(action: Any) -> str:
    """``action`` as its player would say it ("Move the army at nw.home to nw.5 with a 5")."""
    if isinstance(action, SpendCoin):
        return f"Spend a {action.value} coin instead of a die"
    if isinstance(action, MoveArmy):
        return f"Move the army at {action.origin} to {action.target} with a {action.die}"
    if isinstance(action, Sail):
        return f"Sail the army at {action.origin} to {action.target} with a {action.die}"
    if isinstance(action, Buy):
        at = f" for {action.at}" if action.at else ""
        return f"Buy {a(action.item)}{at}"
    if isinstance(action, Lose):
        return f"Remove your army at {action.place}"
    if isinstance(action, Arm):
        tile = "a tile" if is_hidden(action.tile) else f"the {action.tile} tile"
        return f"Lay down {tile}"
    if isinstance(action, RetreatTo):
        return f"Retreat to {action.target}"
    if isinstance(action, Offer | Counter):
        tile = "a tile" if is_hidden(action.tile) else f"the {action.tile} tile"
        thing = f"a {action.coin} coin" if action.coin else tile
        back = "" if isinstance(action, Offer) else " in return"
        return f"Offer {thing} to {side(action.partner)}{back}"
    if isinstance(action, Hire):
        return f"Ask to hire the army at {action.army}"
    if isinstance(action, Ask):
        return f"Ask a price of {action.price}"
    return PLAIN.get(type(action), str(action))


PLAIN: dict[type, str] = {
    Roll: "Roll the dice",
    Ready: "Fight with the tiles laid down",
    Press: "Fight on",
    Withdraw: "Stop the attack",
    Pass: "Pass the dice",
    Accept: "Accept",
    Decline: "Decline",
}
"""The labels of the actions that name nothing."""


def odds_words(odds: Distribution[str]) -> str:
    """:meth:`Sabatu.odds` of the battle an action starts or goes on with, for its attacker,
    before any tile is laid down (the tiles are secret)."""
    said = chances([(odds["attacker"], "win"), (odds["tie"], "tie")]) or "no chance to win"
    return f"{said}, before tiles"


BATTLE_RESULTS = {
    "attacker": "you win the battle",
    "tie": "the battle is a tie",
    "defender": "you lose the battle",
}
"""One result of :meth:`Sabatu.odds` in words, to the attacker who asks for them."""


def outcome_words(result: str) -> str:
    """One result of :meth:`Sabatu.odds` (who wins the battle) in words, to its attacker."""
    return BATTLE_RESULTS.get(result, result)


TAKEN: dict[type, str] = {Press: "fought on", Withdraw: "stopped the attack"}
"""The actions that log no event, as they are told once taken."""


def action_sentence(action: Any, viewer: str | None) -> str | None:
    """An action that logs no event, once taken, for ``viewer``; ``None`` for another."""
    done = TAKEN.get(type(action))
    return None if done is None else f"{subject(action.player, viewer)} {done}."
