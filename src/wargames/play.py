"""A terminal game loop: humans (hot-seat) and bots, each human seeing only their own view.

The loop is separate from the command line so it can be driven by any input and output
(tests use lists; ``wargames play`` uses the terminal).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from wargames.bots.base import Bot
from wargames.core.errors import InvalidAction
from wargames.core.game import Action, Game, State
from wargames.core.hidden import redact
from wargames.core.replay import Replay
from wargames.core.rng import Seed
from wargames.core.serialize import dumps

__all__ = ["HUMAN", "Session", "seen_action"]

HUMAN = "human"
HELP = (
    "Type an action in the game's notation or its number from the list.  Other commands: "
    "'list' shows every legal action, 'save FILE' writes the game as a JSON replay, "
    "'quit' stops."
)


class Session:
    """One game being played: the game, its seed, the actions so far and who plays whom.

    ``seats`` maps each player to ``"human"`` or a bot.  Without a ``seed`` the game's chance
    has a fresh secret key, which only the saved replay records.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        seats: Mapping[str, Bot | str],
        *,
        seed: Seed | None = None,
        actions: Sequence[Action] = (),
    ) -> None:
        missing = set(game.players) - set(seats)
        if missing:
            raise ValueError(f"nobody plays {', '.join(sorted(missing))}")
        self.game = game
        self.seats = dict(seats)
        self.actions: list[Action] = []
        self.state: State = game.start(seed)
        self.seed: Seed = self.state.rng.key if seed is None else seed
        for action in actions:
            self._take(action)

    def _take(self, action: Action) -> None:
        self.state = self.game.apply(self.state, action)
        self.actions.append(action)

    @property
    def humans(self) -> list[str]:
        """The players played by people."""
        return [p for p in self.game.players if self.seats[p] == HUMAN]

    def replay(self) -> Replay:
        """The game so far as a replay."""
        return Replay.record(self.game, self.seed, self.actions)

    def save(self, path: Path) -> None:
        """Write the game so far as a JSON replay (``wargames play --resume`` reads it)."""
        path.write_text(dumps(self.game, self.replay(), indent=1))

    def run(self, ask: Callable[[str], str], say: Callable[[str], None]) -> None:
        """Play until the game ends or a human quits.  ``ask(prompt)`` reads a line,
        ``say(text)`` shows text."""
        game = self.game
        last_human: str | None = None
        while game.outcome(self.state) is None:
            acting = game.to_act(self.state)
            player = next(p for p in game.players if p in acting)
            seat = self.seats[player]
            if seat != HUMAN:
                before = self.state
                action = seat.choose(game, before, player)  # type: ignore[union-attr]
                self._take(action)
                # Shown only as every human at the screen may know it (all of it to none).
                viewers: list[str | None] = [*self.humans] or [None]
                texts = {seen_action(game, before, self.state, action, h) for h in viewers}
                text = texts.pop() if len(texts) == 1 else f"{player}: an action not all see"
                say(f"{text} ({type(seat).__name__})")
                continue
            if len(self.humans) > 1 and last_human not in (None, player):
                ask(f"Pass the screen to {player} and press Enter.")
            last_human = player
            if not self._human_turn(player, ask, say):
                return
        say(game.describe(self.state))
        say(f"Game over: {game.outcome(self.state)}")

    def _human_turn(
        self, player: str, ask: Callable[[str], str], say: Callable[[str], None]
    ) -> bool:
        game = self.game
        legal = game.legal_actions(self.state, player)
        say(game.describe(self.state, player))
        say(_listing(legal, limit=40))
        while True:
            text = ask(f"{player}> ").strip()
            if text in ("quit", "exit"):
                return False
            if text in ("help", "?"):
                say(HELP)
                continue
            if text == "list":
                say(_listing(legal, limit=None))
                continue
            if text.startswith("save "):
                path = Path(text[5:].strip())
                try:
                    self.save(path)
                except OSError as error:
                    say(f"not saved: {error.strerror or error}")
                    continue
                say(f"saved to {path}")
                continue
            if text.isdigit():
                number = int(text)
                if not 1 <= number <= len(legal):
                    say(f"there is no action number {text}; 'list' shows them all")
                    continue
                action = legal[number - 1]
            else:
                try:
                    action = game.parse_action(self.state, text, player)
                    game.check(self.state, action)
                except InvalidAction as error:  # IllegalAction too; nothing was played
                    say(f"not played: {error}")
                    continue
            self._take(action)
            return True


def seen_action(
    game: Game[Any, Any], before: State, after: State, action: Action, player: str | None
) -> str:
    """``action`` (which turned ``before`` into ``after``) as ``player`` may know it; all of it
    for ``None``.  Another player's action that changes nothing ``player`` sees (a SAW plot,
    face-down) is not shown at all; one with a secret part (a Sabotage set-up names its piece)
    shows only its kind; the rest is shown in full."""
    if player is not None and action.player != player:
        if game.view(before, player) == game.view(after, player):
            return f"{action.player}: an action {player} does not see"
        if redact(action, player) != action:
            kind = type(action).__name__.lower()
            return f"{action.player}: {kind} (details hidden from {player})"
    return f"{action.player}: {action}"


def _listing(actions: Sequence[Action], limit: int | None) -> str:
    shown = actions if limit is None else actions[:limit]
    items = [f"{i}. {a}" for i, a in enumerate(shown, 1)]
    more = len(actions) - len(shown)
    tail = [f"... and {more} more ('list')"] if more else []
    return "  ".join(items + tail)
