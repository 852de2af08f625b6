"""What a player reads is words, not a debugger's output, and tells nothing their view does
not hold (issue 35, item 6): over random games of every game and variant, every event of
every seat's view (and the spectators') is said by :meth:`Game.event_sentence` as a sentence,
every legal action labelled by :meth:`Game.action_label` and the last move announced by
:meth:`Game.announce` (as ``wargames play`` says a bot's move), with no Python repr, no
``field value`` list, no internal id and no placeholder of a hidden value; and a seat reads
the same sentences in every determinisation of its view."""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wargames
from wargames.bots import RandomBot, play
from wargames.core.errors import IllegalAction, InvalidAction
from wargames.core.events import event_words
from wargames.core.game import Game
from wargames.core.registry import available, games, variants
from wargames.core.words import side
from wargames.play import HUMAN, Session
from wargames.testing import playouts

DEBUGGER = [
    (re.compile(r"\b[A-Za-z_]\w*\(\w+="), "a Python repr"),
    (re.compile(r"HIDDEN|\?(?!$)|\bNone\b"), "a placeholder"),
    (re.compile(r"\[|\]|[{}]"), "a Python list"),
    (re.compile(r"\b[a-z_]+ (yes|no)(,|\.|$)"), "a flag written as a field"),
    (re.compile(r"\b(piece|unit|attacker|defender|id) \d+\b|#\d"), "an internal id"),
    (re.compile(r"^[a-z][a-z ]*: "), "an event's kind and its fields"),
]


def _every_game() -> list[Any]:
    params = []
    for name in available():
        names: list[str | None] = [*variants(games()[name])] or [None]
        params += [pytest.param(name, v, id=f"{name}-{v}") for v in names]
    return params


def _sentences(game: Game[Any, Any], state: Any, viewer: str | None) -> list[str]:
    view = game.public_view(state) if viewer is None else game.view(state, viewer)
    return [game.event_sentence(view, event, viewer) for event in view.log]


BOARD = [
    (re.compile(r"\b[A-Za-z_]\w*\(\w+="), "a Python repr"),
    (re.compile(r"HIDDEN|\bNone\b|<\w"), "a placeholder"),
    (re.compile(r"\b[a-z_]+=\S"), "a field=value list"),
]
"""What a board (``describe``) must not hold; its letters, ``?`` (a concealed counter) and
the ids typed in a game's notation (Grid SciFi's ``#3``) are its legend's."""

BAD_TEXTS = ("", "xyzzy", "move", "fire 99 gun 99", "move zz9 4 zz9", "activate #99")
"""Texts no game reads as an action."""


def board_problem(text: str) -> str | None:
    """What is wrong with ``text`` as a board a player reads, or ``None``."""
    return next((what for pattern, what in BOARD if pattern.search(text)), None)


def error_problem(text: str, notation: str = "", typed: str | None = None) -> str | None:
    """What is wrong with ``text`` as the message of an error a player gets, or ``None``:
    words (python-chess's "invalid san: ..." is a model) without a repr, placeholder, field
    list or internal id, naming the action by its words rather than its ``notation`` (where
    that holds a number).  The ``typed`` text it quotes and the examples of notation it gives
    ("write e.g. activate #3") are the player's own words and the game's notation."""
    if notation and any(c.isdigit() for c in notation) and notation in text:
        return "the action's notation"
    if typed is not None:
        text = text.replace(repr(typed), "it").split("; write e.g. ")[0]
    if not text.strip():
        return "no words"
    return next((what for pattern, what in DEBUGGER if pattern.search(text)), None)


def _refusals(
    game: Game[Any, Any], state: Any, player: str, rng: random.Random
) -> list[tuple[Any, str]]:
    """Up to five actions ``player`` may not take in ``state``, each with its message."""
    legal = set(game.legal_actions(state, player))
    tried = [a for a in itertools.islice(game.every_action(player), 400) if a not in legal]
    out = []
    for action in rng.sample(tried, min(5, len(tried))):
        with pytest.raises(IllegalAction) as refused:
            game.check(state, action)
        out.append((action, str(refused.value)))
    return out


def label_problem(text: str) -> str | None:
    """What is wrong with ``text`` as an action's label, or ``None``."""
    if not text or not text[0].isupper():
        return "not a label a player would write"
    return next((what for pattern, what in DEBUGGER if pattern.search(text)), None)


def problem(game: Game[Any, Any], event: Any, text: str) -> str | None:
    """What is wrong with ``text`` as a sentence a player reads, or ``None``."""
    if text == event_words(event) and text != str(event):
        return "the event's fields"
    return sentence_problem(text)


def sentence_problem(text: str) -> str | None:
    """What is wrong with ``text`` as a line of sentences a player reads, or ``None``."""
    if not text or not text[0].isupper() or text[-1] not in ".!?":
        return "not a sentence"
    return next((what for pattern, what in DEBUGGER if pattern.search(text)), None)


@pytest.mark.parametrize(("name", "variant"), _every_game())
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_event_and_action_is_in_words_that_tell_only_what_the_view_holds(
    name: str, variant: str | None, data: st.DataObject
) -> None:
    game = wargames.load(name, variant=variant)
    playout = data.draw(playouts(game, max_steps=100))
    state = playout.final
    for viewer in (*game.players, None):
        view = game.public_view(state) if viewer is None else game.view(state, viewer)
        said = _sentences(game, state, viewer)
        for event, text in zip(view.log, said, strict=True):
            assert problem(game, event, text) is None, (problem(game, event, text), text)
        if playout.actions:  # the last move, as the command line and replays announce it
            told = game.announce(playout.states[-2], state, playout.actions[-1], viewer)
            for line in (told or "").splitlines():
                assert sentence_problem(line) is None, (sentence_problem(line), line)
        if viewer is None:
            continue
        for action in game.legal_actions(state, viewer) if viewer in game.to_act(state) else ():
            label = game.action_label(view, action)
            assert label_problem(label) is None, (label_problem(label), label, str(action))
        board = game.describe(state, viewer)
        assert board_problem(board) is None, (board_problem(board), board)
        rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
        other = game.determinize(view, viewer, rng)
        assert _sentences(game, other, viewer) == said
        if playout.actions:  # told only what the views before and after it hold
            before, action = playout.states[-2], playout.actions[-1]
            earlier = game.determinize(game.view(before, viewer), viewer, rng)
            told = game.announce(before, state, action, viewer)
            assert game.announce(earlier, other, action, viewer) == told, "no leak"
        assert game.describe(other, viewer) == board, "the board tells only the view"
        if viewer not in game.to_act(state):
            continue
        for action in rng.sample(game.legal_actions(state, viewer), 1):
            offered = game.menu_label(state, action)
            assert label_problem(offered) is None, (label_problem(offered), offered)
            assert game.menu_label(other, action) == offered, "odds tell only the view"
            odds = game.odds(state, action)
            for outcome, _ in odds.items() if odds is not None else ():
                result = game.outcome_words(view, action, outcome)
                assert result != str(outcome), ("a result as the program writes it", result)
                assert sentence_problem(f"It is {result}.") is None, result
                assert "(" not in result, result
        for text in BAD_TEXTS:
            with pytest.raises(InvalidAction) as unread:
                game.check(state, game.parse_action(state, text, viewer))
            assert error_problem(str(unread.value), typed=text) is None, str(unread.value)
        refused = _refusals(game, state, viewer, rng)
        for action, message in refused:
            assert error_problem(message, str(action)) is None, (message, str(action))
            assert message.startswith("You cannot "), message
            assert message.endswith("."), message
        for action, message in refused:
            with pytest.raises(IllegalAction) as there:
                game.check(other, action)
            assert str(there.value) == message, "a refusal tells only the view"


def test_the_checks_find_a_debuggers_line() -> None:
    from wargames.saw.state import Moved

    game = wargames.load("saw")
    event = Moved(1, "b1", ())
    assert problem(game, event, event_words(event)) is not None
    assert problem(game, event, "Attacked(turn=1).") == "a Python repr"
    assert problem(game, event, "Your piece 23 moves.") == "an internal id"
    assert problem(game, event, "It hits: hit yes.") == "a flag written as a field"
    assert problem(game, event, "Your Recon moves from b6 to b7.") is None
    assert label_problem("activate #3") is not None
    assert label_problem("Activate your Battle Squad D") is None


@pytest.mark.parametrize("name", available())
def test_every_board_and_panel_reads_in_80_columns(name: str) -> None:
    """Item 4: at the start and 40 actions in, every board (as each seat and a spectator see
    it, fitted to 80 columns) and every panel of ``wargames play`` (legend, board, menu,
    the full list, help, what the last actions did) is at most 80 characters a line, and
    SABOT's fitted board is its compact map, while a wide terminal still gets the full one."""
    game = wargames.load(name)
    bots = {p: RandomBot(i) for i, p in enumerate(game.players)}
    match = play(game, bots, seed=1, max_actions=40)
    for state in (game.start(1), match.final):
        for viewer in (*game.players, None):
            text = game.describe_within(state, viewer, width=80)
            assert max(map(len, text.split("\n"))) <= 80, (viewer, text)
            assert game.describe_within(state, viewer, width=1000) == game.describe(state, viewer)
    shown: list[str] = []
    asked = iter(["legend", "list", "help", "1"])
    session = Session(
        game, dict.fromkeys(game.players, HUMAN), seed=1, actions=match.replay.actions, width=80
    )

    def ask(prompt: str) -> str:
        try:
            return next(asked)
        except StopIteration:
            raise EOFError from None

    session.run(ask, shown.append)
    lines = [line for text in shown for line in text.split("\n")]
    assert max(map(len, lines)) <= 80, max(lines, key=len)
    assert any(line.startswith("1. ") for line in lines), "a menu was shown"
    if name == "sabot":
        assert "_____" not in "\n".join(lines)
        assert "_____" in game.describe(match.final)


def test_a_refused_action_is_named_in_words_with_the_rule_that_refuses_it() -> None:
    """python-chess names an illegal move; here the player who tried an action reads it by its
    label and the rule, in a sentence, and a turn that is not theirs or an unread text too."""
    from tests.sabatu.helpers import TWO, position
    from wargames.sabatu.state import Roll

    state = position(armies={"red": ["home"], "blue": ["home"]}, dice=(3,))
    with pytest.raises(IllegalAction) as refused:
        TWO.apply(state, Roll("red"))
    assert str(refused.value) == (
        "You cannot roll the dice: the turn is at its move step (Sequence of Play: the dice "
        "are rolled once, after choosing coins)."
    )
    with pytest.raises(IllegalAction, match=r"^It is not Blue's turn: Red to act\.$"):
        TWO.apply(state, Roll("blue"))
    with pytest.raises(InvalidAction, match=r"^cannot read 'fly' as a Sabatu action; write e\.g"):
        TWO.parse_action(state, "fly", "red")
    assert error_problem("move sw.3 6 nw.15 is not allowed here.", "move sw.3 6 nw.15")
    assert error_problem("You cannot activate #3.") == "an internal id"
    assert error_problem("cannot read 'x' as a unit(id=3)") == "a Python repr"
    assert error_problem("Cannot read '#9' as an action.", typed="#9") is None
    assert board_problem("Unit(id=3, owner='red')") == "a Python repr"
    assert board_problem("turn=3") == "a field=value list"
    assert board_problem("b? at 0503, HIDDEN") == "a placeholder"
    assert board_problem("Turn 3: blue to act\n b?  r5  ^^") is None


def test_the_results_of_a_shot_and_a_battle_read_as_their_games_say_them() -> None:
    """Each result of ``odds`` (the web's odds rows) in words: SABOT's shot by where it lands
    and what it does, the counter it lands on named as the firer's view shows it; Sabatu's
    battle by who wins it, told to its attacker."""
    from wargames.sabot.state import Fire, Scout

    sabot = wargames.load("sabot")
    state = sabot.start(1)
    shooter = next(u for u in state.units if u.owner == sabot.players[0])
    target, other = [u for u in state.units if u.owner != shooter.owner][:2]
    fire = Fire(shooter.owner, shooter.id, "gun", target.id)
    view = sabot.view(state, shooter.owner)
    said = [sabot.outcome_words(view, fire, o) for o in ((-1, "miss"), (target.id, "destroyed"))]
    assert said == ["a miss", "the target is destroyed"]
    aside = sabot.outcome_words(view, fire, (other.id, "disabled"))
    hidden = f"it lands on {side(other.owner)}'s hidden counter at "
    assert aside.startswith(hidden), aside
    assert aside.endswith(", which is disabled"), aside
    scout = Scout(shooter.owner, target.id)
    assert [sabot.outcome_words(view, scout, o) for o in (True, False)] == ["success", "failure"]
    sabatu = wargames.load("sabatu")
    start = sabatu.start(1)
    move = sabatu.legal_actions(start, sabatu.players[0])[0]
    results = [sabatu.outcome_words(start, move, r) for r in ("attacker", "tie", "defender")]
    assert results == ["you win the battle", "the battle is a tie", "you lose the battle"]


def test_a_move_that_logs_no_event_is_told_from_each_side() -> None:
    """:meth:`Game.announce` tells a move by its events; one that logs none the viewer sees
    is its ``action_sentence``: in the game's words where it has them, from the viewer's
    side ("You ended the turn."), else only that the side moved."""
    from wargames.gridscifi.state import EndTurn
    from wargames.sabatu.state import Press
    from wargames.saw.state import Done

    grid = wargames.load("gridscifi")
    start = grid.start(1)
    said = [grid.action_sentence(start, EndTurn("red"), v) for v in ("red", "blue", None)]
    assert said == ["You ended the turn.", "Red ended the turn.", "Red ended the turn."]
    sabatu = wargames.load("sabatu")
    assert sabatu.action_sentence(sabatu.start(1), Press("red"), "blue") == "Red fought on."
    saw = wargames.load("saw")
    view = saw.view(saw.start(1), "blue")
    assert saw.action_sentence(view, Done("red", "r1"), "blue") == (
        "Red's Balanced r1 has its orders for this turn."
    )
    sabotage = wargames.load("sabotage", variant="SM")
    state = sabotage.start(1)
    move = sabotage.legal_actions(state, "green")[0]
    assert sabotage.action_sentence(state, move, "red") == "Green has made a move."
    label = sabotage.action_label(state, move)
    assert sabotage.action_sentence(state, move, "green") == f"You chose to m{label[1:]}."
