"""What a client receives: everything is computed from one view (a seat's, or the public view
for spectators), never from the full state, and never holds the chance key; but for the odds
in an action's label, which the game computes as the seat may know them (:meth:`Game.odds`)."""

from __future__ import annotations

from typing import Any

from wargames.core.board import Board
from wargames.core.distribution import Distribution
from wargames.core.game import Action, Game, State
from wargames.render.svg import Drawable, render_game
from wargames.web.matches import Match

__all__ = ["action_nodes", "odds_answer", "odds_data", "payload", "replay_step"]

LOG_LIMIT = 200
"""The most recent events sent with a view (the page shows the latest first)."""


def payload(match: Match, seat: str | None, step: int | None = None) -> dict[str, Any]:
    """The JSON a client is sent: ``seat``'s view of the state after ``step`` actions (the
    current one for ``None``), drawn and described, its log (the latest events in sentences
    from the seat's side, and how many events the whole log holds, to number them), its legal
    actions (labelled, their odds in words, with their notation and the board nodes each one
    names), who is to act and how the game ended."""
    game = match.game
    state, version, moves = match.snapshot(seat, step)
    index = moves if step is None else step
    view = game.public_view(state) if seat is None else game.view(state, seat)
    over = game.outcome(state)  # who is to act and how it ended are known to all
    acting = [p for p in game.players if p in game.to_act(state)]
    current = index == moves
    legal = game.legal_actions(state, seat) if seat in acting and current else ()
    nodes = _names(game)
    return {
        "game": game.name,
        "variant": game.variant,
        "options": game.option_values(),
        "setup": match.setup,
        "setup_words": game.setup_words(match.setup),
        "players": list(game.players),
        "seats": match.seats,
        "seat": seat,
        "version": version,
        "step": index,
        "moves": moves,
        "to_act": acting,
        "outcome": None
        if over is None
        else {
            "winners": sorted(over.winners),
            "reason": over.reason,
            "text": over.sentence(seat),
        },
        "board": _board(game, view, seat),
        "text": game.describe(view, seat),
        "log": [game.event_sentence(view, event, seat) for event in view.log.newest(LOG_LIMIT)],
        "log_total": len(view.log),
        "actions": [
            {
                "text": str(a),
                "label": game.menu_label(state, a),
                "odds": game.odds_words(state, a),
                "nodes": action_nodes(game, view, a, nodes),
            }
            for a in legal
        ],
        "error": match.error,
    }


def replay_step(match: Match, step: int) -> dict[str, Any]:
    """The replay of a finished game at ``step`` (0 to its number of actions): the full
    state after that many actions, every secret shown (as the replay file, given after the
    end, holds them), with the action that led to it.

    :raises IndexError: for a step the game does not have.
    """
    game = match.game
    if not 0 <= step < len(match.states):
        raise IndexError(f"steps are 0 to {len(match.states) - 1}")
    state = match.states[step]
    name = f"{game.name} {game.variant}".rstrip()
    board = None
    if isinstance(game, Drawable):
        board = render_game(game, state, None, title=f"{name}, replay step {step}")
    return {
        "step": step,
        "moves": len(match.actions),
        "action": str(match.actions[step - 1]) if step else None,
        "to_act": [p for p in game.players if p in game.to_act(state)],
        "board": board,
        "text": game.describe(state, None),
        "log": [game.event_sentence(state, e, None) for e in state.log.newest(LOG_LIMIT)],
        "log_total": len(state.log),
    }


def _board(game: Game[Any, Any], view: State, seat: str | None) -> str | None:
    """The view drawn as SVG (``None`` for a game the renderer cannot draw)."""
    if not isinstance(game, Drawable):
        return None
    name = f"{game.name} {game.variant}".rstrip()
    title = f"{name}, " + (f"as {seat} sees it" if seat else "as spectators see it")
    return render_game(game, view, seat, title=title)


def _names(game: Game[Any, Any]) -> dict[Any, str]:
    """Each board node with its name in the SVG picture (empty without a board)."""
    from wargames.render.layouts import layout_for

    board = getattr(game, "board", None)
    if not isinstance(board, Board):
        return {}
    layout = layout_for(board)
    return {} if layout is None else {node: layout.name(node) for node in board}


def action_nodes(
    game: Game[Any, Any], view: State, action: Action, names: dict[Any, str]
) -> list[str]:
    """The names of the board nodes ``action`` concerns, as the seat's ``view`` shows them
    (:meth:`~wargames.core.game.Game.places`): the unit or piece it moves, fires or targets
    first, its destination or target last."""
    return [names[node] for node in game.places(view, action) if node in names]


def odds_answer(game: Game[Any, Any], state: State, action: Action) -> dict[str, Any]:
    """The odds of legal ``action`` as its player may know them: its label, its odds in
    words ("28% destroy, 6% disable") and each result (:func:`odds_data`); ``"odds"`` is
    ``None`` for an action without chance."""
    view = game.view(state, action.player)
    return {
        "label": game.action_label(view, action),
        "words": game.odds_words(state, action),
        "odds": odds_data(game, view, action, game.odds(state, action)),
    }


def odds_data(
    game: Game[Any, Any], view: State, action: Action, odds: Distribution[Any] | None
) -> list[dict[str, Any]] | None:
    """The results of legal ``action``'s ``odds`` as JSON rows: each result in words as its
    player reads it from their ``view`` (:meth:`~wargames.core.game.Game.outcome_words`), as
    text for machines, its exact probability and its percent."""
    if odds is None:
        return None
    return [
        {
            "words": game.outcome_words(view, action, outcome),
            "outcome": str(outcome),
            "probability": str(p),
            "percent": round(100 * float(p), 2),
        }
        for outcome, p in odds.items()
    ]
