"""A terminal game loop: humans (hot-seat) and bots, each human seeing only their own view.

The loop is separate from the command line so it can be driven by any input and output
(tests use lists; ``wargames play`` uses the terminal).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from wargames.bots.base import Bot
from wargames.core.errors import InvalidAction
from wargames.core.game import Action, Game, State
from wargames.core.replay import Replay
from wargames.core.rng import Seed
from wargames.core.serialize import dumps
from wargames.core.words import listed, sentence, side

__all__ = ["COMMANDS", "HUMAN", "Session", "bot_name"]

HUMAN = "human"
COMMANDS = (
    "Type an action in the game's notation or its number from the list.  Other commands: "
    "'list' shows every legal action, 'legend' what the board's letters and symbols mean, "
    "'save FILE' writes the game as a JSON replay (wargames play --resume FILE goes on), "
    "'help' shows this, 'quit' (or Ctrl-D) stops and offers to save."
)
SAVE_PROMPT = "Save the game? File name (empty: don't save): "

MENU = 20
"""The legal actions listed at each turn (one a line); 'list' shows them all."""


class Session:
    """One game being played: the game, its seed, the actions so far and who plays whom.

    ``seats`` maps each player to ``"human"`` or a bot.  Without a ``seed`` the game's chance
    has a fresh secret key, which only the saved replay records.  ``setup`` holds keywords of
    ``game.start`` (``{"deploy": False}``: the players set up their armies as actions), kept
    in the saved replay.  Boards wider than
    ``width`` columns take the game's compact form (:meth:`Game.describe_within`), and what
    is still wider is cropped around the last change a viewer saw.  ``names`` says how
    people call the bot of each seat ("the hard bot"; by default :func:`bot_name`).
    """

    def __init__(
        self,
        game: Game[Any, Any],
        seats: Mapping[str, Bot | str],
        *,
        seed: Seed | None = None,
        setup: Mapping[str, Any] | None = None,
        actions: Sequence[Action] = (),
        width: int | None = None,
        names: Mapping[str, str] | None = None,
    ) -> None:
        missing = set(game.players) - set(seats)
        if missing:
            raise ValueError(f"nobody plays {', '.join(sorted(missing))}")
        self.game = game
        self.seats = dict(seats)
        self.actions: list[Action] = []
        self.setup = dict(setup or {})
        self.state: State = game.start(seed, **self.setup)
        self.seed: Seed = self.state.rng.key if seed is None else seed
        self.width = width
        self._boards: dict[str | None, tuple[str, int]] = {}  # last board and focus shown
        self._said = ""  # the last line said of a bot's move
        self.names = {
            player: (names or {}).get(player) or bot_name(seat)
            for player, seat in self.seats.items()
            if not isinstance(seat, str)
        }
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
        return Replay.record(self.game, self.seed, self.actions, self.setup)

    def save(self, path: Path) -> None:
        """Write the game so far as a JSON replay (``wargames play --resume`` reads it)."""
        path.write_text(dumps(self.game, self.replay(), indent=1))

    def board(self, viewer: str | None) -> str:
        """The board as ``viewer`` sees it, fitted to ``width`` (compact where the game has a
        compact form, else cropped around what changed since the last board shown to them)."""
        if self.width is None:
            return self.game.describe(self.state, viewer)
        text = self.game.describe_within(self.state, viewer, width=self.width)
        # a board loads networkx: not at start-up
        from wargames.render.text import changed_column, crop

        before, focus = self._boards.get(viewer, (text, 0))
        moved = changed_column(before, text)
        focus = focus if moved is None else moved
        self._boards[viewer] = (text, focus)
        return crop(text, self.width, focus)

    def run(self, ask: Callable[[str], str], say: Callable[[str], None]) -> None:
        """Play until the game ends or a human quits (``quit`` or end of input), when the
        game may be saved.  ``ask(prompt)`` reads a line (raising ``EOFError`` at the end
        of input), ``say(text)`` shows text."""
        try:
            over = self._play(ask, say)
        except EOFError:
            over = False
        if not over:
            self._offer_save(ask, say)
            return
        # The outcome is said once, in a sentence: most boards end with a line of their own.
        board = self.board(None).splitlines()
        say("\n".join(line for line in board if not line.startswith("Game over")))
        outcome = self.game.outcome(self.state)
        say(f"Game over. {outcome.sentence() if outcome is not None else ''}".rstrip())

    def _play(self, ask: Callable[[str], str], say: Callable[[str], None]) -> bool:
        game = self.game
        last_human: str | None = None
        if self.humans and game.legend():
            say(self._fit(f"Legend: {game.legend()}"))
        bots = [f"{side(p)} by {self.names[p]}" for p in game.players if p in self.names]
        if bots:
            say(self._fit(sentence(listed(bots).replace(" by ", " is played by ", 1))))
        while game.outcome(self.state) is None:
            acting = game.to_act(self.state)
            player = next(p for p in game.players if p in acting)
            seat = self.seats[player]
            if seat != HUMAN:
                before = self.state
                action = seat.choose(game, before, player)  # type: ignore[union-attr]
                self._take(action)
                self._announce(before, action, say)
                continue
            if len(self.humans) > 1 and last_human not in (None, player):
                ask(f"Pass the screen to {player} and press Enter.")
            last_human = player
            if not self._human_turn(player, ask, say):
                return False
        return True

    def _announce(self, before: State, action: Action, say: Callable[[str], None]) -> None:
        """Say a bot's ``action`` (:meth:`Game.announce`) as every human at the screen may
        know it (all of it when none is): the lines all of them read alike, or only that
        the side moved; a line just said (a plot's steps, each unseen) is not said again."""
        viewers: list[str | None] = [*self.humans] or [None]
        told = [
            (self.game.announce(before, self.state, action, viewer) or "").splitlines()
            for viewer in viewers
        ]
        lines = [line for line in told[0] if all(line in others for others in told[1:])]
        if not lines and any(told):
            lines = [f"{side(action.player)} has made a move."]
        for line in lines:
            if line != self._said:
                say(self._fit(line))
            self._said = line

    def _report(self, before: State, player: str, say: Callable[[str], None]) -> None:
        """Say the reported events of ``player``'s own last action (what it set off)."""
        game = self.game
        old, new = game.view(before, player), game.view(self.state, player)
        for event in new.log.since(len(old.log)):
            if isinstance(event, game.reported_events):
                say(self._fit(f"  {game.event_sentence(new, event, player)}"))

    def _fit(self, text: str) -> str:
        """``text`` (not a board) with each line wider than ``width`` wrapped, its later lines
        indented two spaces more than its first."""
        if self.width is None:
            return text
        lines = []
        for line in text.split("\n"):
            indent = " " * (len(line) - len(line.lstrip()) + 2)
            lines += textwrap.wrap(line, self.width, subsequent_indent=indent) or [line]
        return "\n".join(lines)

    def _offer_save(self, ask: Callable[[str], str], say: Callable[[str], None]) -> None:
        while True:
            try:
                name = ask(SAVE_PROMPT).strip()
            except EOFError:
                name = ""
            if not name:
                say("Not saved.")
                return
            try:
                self.save(Path(name))
            except OSError as error:
                say(sentence(f"Not saved: {error.strerror or error}"))
                continue
            say(f"Saved to {name}.")
            return

    def _labels(self, player: str, legal: Sequence[Action]) -> list[str]:
        """Each legal action's label with its odds in words (:meth:`Game.menu_label`), and
        its notation in square brackets where that says more."""
        out = []
        for action in legal:
            label, notation = self.game.menu_label(self.state, action), str(action)
            out.append(label if label == notation else f"{label} [{notation}]")
        return out

    def _human_turn(
        self, player: str, ask: Callable[[str], str], say: Callable[[str], None]
    ) -> bool:
        game = self.game
        legal = game.legal_actions(self.state, player)
        say(self.board(player))
        labels = self._labels(player, legal)
        say(self._fit(_listing(labels, limit=MENU)))
        while True:
            text = ask(f"{player}> ").strip()
            if text in ("quit", "exit"):
                return False
            if text in ("help", "?"):
                say(self._fit(COMMANDS))
                continue
            if text == "legend":
                say(self._fit(game.legend() or "This board uses no letters or symbols."))
                continue
            if text == "list":
                say(self._fit(_listing(labels, limit=None)))
                continue
            if text.startswith("save "):
                path = Path(text[5:].strip())
                try:
                    self.save(path)
                except OSError as error:
                    say(sentence(f"Not saved: {error.strerror or error}"))
                    continue
                say(f"Saved to {path}.")
                continue
            if text.isdigit():
                number = int(text)
                if not 1 <= number <= len(legal):
                    say(f"There is no action number {text}; 'list' shows them all.")
                    continue
                action = legal[number - 1]
            else:
                try:
                    action = game.parse_action(self.state, text, player)
                    game.check(self.state, action)
                except InvalidAction as error:  # IllegalAction too; nothing was played
                    told = str(error)  # a refusal is a sentence; an unread text is not yet
                    say(told if told[:1].isupper() else sentence(f"Not played: {told}"))
                    continue
            before = self.state
            self._take(action)
            self._report(before, player, say)
            self._said = ""
            return True


def bot_name(bot: object) -> str:
    """A bot as people call it, from its class: ``RandomBot`` is "the random bot", ``MctsBot``
    "the MCTS bot"."""
    name = type(bot).__name__.removesuffix("Bot")
    return f"the {name.upper() if name == 'Mcts' else name.lower()} bot"


def _listing(labels: Sequence[str], limit: int | None) -> str:
    """The numbered menu, one action a line: its label, and its notation where that differs
    (what may be typed instead of the number)."""
    shown = labels if limit is None else labels[:limit]
    items = [f"{i}. {label}" for i, label in enumerate(shown, 1)]
    more = len(labels) - len(shown)
    tail = [f"... and {more} more ('list')"] if more else []
    return "\n".join(items + tail)
