"""Sabotage's events in sentences, from the viewer's side.

Pieces are named by kind ("Recon", "Atomic Landmine") where the viewer's view shows it, and
otherwise as "a hidden piece": "If you attack an unknown enemy piece, you never learn what that
piece is", so a sentence names only what the viewer's view holds.
"""

from __future__ import annotations

from typing import Any

from wargames.core.hidden import is_hidden
from wargames.core.words import a, owner, sentence, side, subject
from wargames.sabotage.state import (
    AcceptDraw,
    Battle,
    DeclineDraw,
    Deploy,
    Deployed,
    DrawAnswered,
    DrawOffered,
    Move,
    Moved,
    OfferDraw,
    Piece,
    Revealed,
    SabotageState,
    SetUpDrawn,
)

__all__ = ["action_label", "action_sentence", "event_sentence"]


def _piece(view: SabotageState, piece_id: int) -> Piece | None:
    """The piece with ``piece_id`` on the board or among the captured (as the view shows it)."""
    for piece in (*view.cells, *view.captured):
        if piece is not None and piece.id == piece_id:
            return piece
    return None


def _kind(view: SabotageState, piece_id: int) -> str | None:
    """The piece's kind by name, or ``None`` where the view hides it."""
    piece = _piece(view, piece_id)
    if piece is None or is_hidden(piece.kind):
        return None
    return str(piece.kind.title)


def _named(view: SabotageState, piece_id: int, player: str, viewer: str | None) -> str:
    """``"your Recon"``, ``"Red's Landmine"``, ``"a hidden Red piece"``."""
    kind = _kind(view, piece_id)
    if kind is None:
        return f"a hidden {side(player)} piece"
    return f"{owner(player, viewer)} {kind}"


def event_sentence(view: SabotageState, event: Any, viewer: str | None) -> str | None:
    """``event`` in a sentence for ``viewer``; ``None`` for an event that is not Sabotage's."""
    if isinstance(event, SetUpDrawn):
        return "Both armies were set up at random."
    if isinstance(event, Deployed):
        kind = _kind(view, event.piece)
        what = "a piece" if kind is None else a(kind)  # whose it is is said by who set it up
        what = f"your {kind}" if event.player == viewer else what
        return sentence(f"{subject(event.player, viewer)} set up {what} at {event.square}")
    if isinstance(event, Moved):
        return sentence(
            f"{_named(view, event.piece, event.player, viewer)} moves "
            f"from {event.origin} to {event.target}"
        )
    if isinstance(event, Battle):
        return _battle(view, event, viewer)
    if isinstance(event, Revealed):
        piece = _piece(view, event.piece)
        whose = "A" if piece is None else owner(piece.owner, viewer).capitalize()
        return f"{whose} piece at {event.square} is exposed: it is the {event.kind.title}."
    if isinstance(event, DrawOffered):
        return f"{subject(event.player, viewer)} offered a draw."
    if isinstance(event, DrawAnswered):
        answer = "accepted" if event.accepted else "declined"
        return f"{subject(event.player, viewer)} {answer} the draw."
    return None


def _battle(view: SabotageState, event: Battle, viewer: str | None) -> str:
    """An attack told from either side: "Your Recon at b6 attacks a hidden piece at b7 …"."""
    enemy = _piece(view, event.defender)
    defender_side = enemy.owner if enemy is not None else ""
    attacker_kind = _kind(view, event.attacker)
    defender_kind = _kind(view, event.defender)
    if viewer == defender_side:
        told = (
            f"{side(event.player)} attacks your {defender_kind} at {event.target} "
            f"with {a(attacker_kind or 'hidden piece')} from {event.origin}"
        )
    elif viewer == event.player:
        told = (
            f"Your {attacker_kind} at {event.origin} attacks "
            f"{_named(view, event.defender, defender_side, viewer)} at {event.target}"
        )
    else:
        told = (
            f"{_named(view, event.attacker, event.player, viewer)} at {event.origin} attacks "
            f"{_named(view, event.defender, defender_side, viewer)} at {event.target}"
        )
    won = event.attacker_won
    lost_kind, lost_side = (defender_kind, defender_side) if won else (attacker_kind, event.player)
    role = "defending" if won else "attacking"
    if lost_side == viewer:
        lost = f"your {lost_kind}"
    elif lost_kind is None or attacker_kind == defender_kind:  # "the Recon" could be either
        lost = f"the {role} {lost_kind or 'piece'}"
    else:
        lost = f"the {lost_kind}"
    return f"{sentence(told)} {sentence(lost + ' is lost')}"


def action_label(view: SabotageState, action: Any, index: Any) -> str:
    """``action`` as its player would say it ("Attack the hidden piece at b7 with your Recon
    from b6"); ``index`` finds a square's place in ``view.cells``."""
    if isinstance(action, Move):
        mover = view.cells[index(action.origin)]
        kind = "piece" if mover is None or is_hidden(mover.kind) else mover.kind.title
        enemy = view.cells[index(action.target)]
        if enemy is None:
            return f"Move your {kind} from {action.origin} to {action.target}"
        them = "hidden piece" if is_hidden(enemy.kind) else enemy.kind.title
        return f"Attack the {them} at {action.target} with your {kind} from {action.origin}"
    if isinstance(action, Deploy):
        if action.kind is None:
            return f"Leave {action.square} empty"
        if is_hidden(action.kind):
            return f"Set up a piece at {action.square}"
        return f"Set up your {action.kind.title} at {action.square}"
    if isinstance(action, OfferDraw):
        return "Offer a draw"
    if isinstance(action, AcceptDraw):
        return "Accept the draw"
    if isinstance(action, DeclineDraw):
        return "Decline the draw"
    return str(action)


def action_sentence(action: Any, viewer: str | None) -> str | None:
    """``action`` taken, for another ``viewer`` than its player, where no event tells it:
    "Green left c1 empty." (the square stays empty in everyone's view, so it is no secret);
    ``None`` for the kernel's default."""
    if isinstance(action, Deploy) and action.kind is None and viewer != action.player:
        return f"{side(action.player)} left {action.square} empty."
    return None
