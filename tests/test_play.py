"""``wargames play``: the session loop, hot-seat privacy, save and resume, and a real
pseudo-terminal run."""

import os
import pty
import select
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

import wargames
from wargames.bots import GreedyBot, MctsBot, RandomBot
from wargames.bots.specs import make_bot
from wargames.cli import app
from wargames.play import HUMAN, Session

MINI = wargames.load("sabotage", variant="SM")


def scripted(lines: list[str]) -> tuple[Callable[[str], str], list[str]]:
    """An ``ask`` that answers from ``lines``, then meets the end of input (Ctrl-D), and a
    transcript of everything shown."""
    shown: list[str] = []
    answers = iter(lines)

    def ask(prompt: str) -> str:
        shown.append(prompt)
        answer = next(answers, None)
        if answer is None:
            raise EOFError
        return answer

    return ask, shown


def test_bad_input_is_explained_and_plays_nothing() -> None:
    session = Session(MINI, {"green": HUMAN, "red": RandomBot(1)}, seed=0)
    ask, shown = scripted(["d4-d5", "zz", "99", "quit"])
    start = session.state
    session.run(ask, shown.append)
    assert session.state == start
    assert session.actions == []
    assert any("you have no piece on d4" in line for line in shown)
    assert any("cannot read 'zz'" in line for line in shown)
    assert any("no action number 99" in line for line in shown)


def test_actions_by_number_or_notation_and_bots_reply() -> None:
    session = Session(MINI, {"green": HUMAN, "red": RandomBot(1)}, seed=0)
    first = MINI.legal_actions(session.state, "green")[0]
    ask, shown = scripted(["1", "quit"])
    session.run(ask, shown.append)
    assert session.actions[0] == first
    ask, shown = scripted(
        [str(a) for a in MINI.legal_actions(session.state, "green")[:1]] + ["quit"]
    )
    session.run(ask, shown.append)
    assert len(session.actions) >= 2
    assert "Red is played by the random bot." in shown
    assert any(line.startswith("A hidden Red piece moves from ") for line in shown), shown


def test_hot_seat_shows_each_human_only_their_own_view() -> None:
    session = Session(MINI, {"green": HUMAN, "red": HUMAN}, seed=0)
    moves = []
    state = session.state
    while MINI.to_act(state) == {"green"}:
        action = MINI.legal_actions(state, "green")[0]
        moves.append(str(action))
        state = MINI.apply(state, action)
    ask, shown = scripted([*moves, "", "quit"])
    session.run(ask, shown.append)
    assert "Pass the screen to red and press Enter." in shown
    after_pass = shown[shown.index("Pass the screen to red and press Enter.") + 1]
    assert after_pass == MINI.describe(session.state, "red")
    assert "gH" not in after_pass, "red must not see green's Headquarters"


def test_a_whole_game_between_bots_reaches_the_outcome() -> None:
    session = Session(MINI, {"green": RandomBot(1), "red": RandomBot(2)}, seed=4)
    shown: list[str] = []
    session.run(lambda prompt: "", shown.append)
    assert shown[-1].startswith("Game over. ")
    assert MINI.outcome(session.state) is not None
    first = session.actions[0]
    assert shown[0] == "Green is played by the random bot and Red by the random bot."
    origin, target = str(first).split("-")
    assert shown[1].startswith("Green's "), "no human: the piece is named"
    assert shown[1].endswith(f" moves from {origin} to {target}."), shown[1]


def test_a_save_that_fails_is_reported_and_play_goes_on(tmp_path: Path) -> None:
    session = Session(MINI, {"green": HUMAN, "red": RandomBot(1)}, seed=2)
    ask, shown = scripted([f"save {tmp_path / 'no' / 'such' / 'dir.json'}", "quit"])
    session.run(ask, shown.append)
    assert any(line.startswith("Not saved: ") for line in shown)
    assert session.actions == []


def test_save_and_resume(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    session = Session(MINI, {"green": HUMAN, "red": RandomBot(1)}, seed=2)
    ask, shown = scripted(["1", f"save {path}", "quit"])
    session.run(ask, shown.append)
    result = CliRunner().invoke(
        app, ["play", "--resume", str(path), "--players", "human,random"], input="quit\n"
    )
    assert result.exit_code == 0, result.output
    resumed = session.replay()
    assert len(resumed.actions) >= 1
    assert MINI.describe(session.state, "green") in result.output


def test_the_command_refuses_a_wrong_number_of_seats() -> None:
    result = CliRunner().invoke(app, ["play", "sabotage", "--players", "human"])
    assert result.exit_code != 0
    assert "one seat each" in result.output


def test_play_in_a_real_pseudo_terminal() -> None:
    main, child = pty.openpty()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "wargames.cli",
            "play",
            "sabotage",
            "--variant",
            "SM",
            "--players",
            "human,random",
            "--seed",
            "0",
        ],
        stdin=child,
        stdout=child,
        stderr=child,
        close_fds=True,
        env={**os.environ, "COLUMNS": "120", "TERM": "xterm"},
    )
    os.close(child)
    try:
        screen = _read_until(main, "green> ")
        assert "Mini Sabotage (SM)" in screen
        assert "r?" in screen, "red's pieces are hidden from green"
        os.write(main, b"d4-d5\r")
        assert "you have no piece on d4" in _read_until(main, "green> ")
        os.write(main, b"quit\r")
        assert "Save the game?" in _read_until(main, "save): ")
        os.write(main, b"\r")
        assert process.wait(timeout=30) == 0
    finally:
        process.kill()
        os.close(main)


def _read_until(fd: int, marker: str, timeout: float = 30.0) -> str:
    seen = b""
    deadline = time.monotonic() + timeout
    while marker.encode() not in seen:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise AssertionError(f"no {marker!r} in {seen.decode(errors='replace')!r}")
        ready, _, _ = select.select([fd], [], [], remaining)
        if ready:
            seen += os.read(fd, 4096)
    return seen.decode(errors="replace")


def test_a_bots_face_down_plot_is_not_shown_to_the_human() -> None:
    saw = wargames.load("saw")
    session = Session(saw, {"blue": HUMAN, "red": RandomBot(3)}, seed=1)
    shown: list[str] = []
    red_moves = 0

    def ask(prompt: str) -> str:
        nonlocal red_moves
        if red_moves:
            return ""  # asked to save after quitting: don't
        red_moves = sum(line.startswith("Red has made") for line in shown)
        # the last action listed finishes a unit's plot: blue is done first, then red plots
        return "quit" if red_moves else str(len(saw.legal_actions(session.state, "blue")))

    session.run(ask, shown.append)
    assert shown[-1] == "Not saved."
    red_lines = [line for line in shown if line.startswith("Red has made")]
    red_actions = [a for a in session.actions if a.player == "red"]
    assert len(red_actions) > 2, "the bot plotted several steps while blue was waiting"
    assert red_lines == ["Red has made a move you cannot see."], "said once, not each step"


def test_a_redacted_deploy_prints_without_its_piece() -> None:
    from wargames.core.hidden import redact
    from wargames.sabotage import Deploy, Kind

    action = Deploy("green", MINI.board.parse("a1"), Kind.HEADQUARTERS)  # type: ignore[attr-defined]
    assert str(redact(action, "red")) == "a1=?"
    assert str(redact(action, "green")) == "a1=H"


def test_quit_offers_to_save_and_an_empty_answer_saves_nothing(tmp_path: Path) -> None:
    session = Session(MINI, {"green": HUMAN, "red": RandomBot(1)}, seed=2)
    ask, shown = scripted(["1", "quit", str(tmp_path / "kept.json")])
    session.run(ask, shown.append)
    assert "Save the game? File name (empty: don't save): " in shown
    assert f"Saved to {tmp_path / 'kept.json'}." in shown
    assert (tmp_path / "kept.json").exists()
    ask, shown = scripted(["quit", ""])
    session.run(ask, shown.append)
    assert shown[-1] == "Not saved."


def test_end_of_input_offers_to_save_too(tmp_path: Path) -> None:
    session = Session(MINI, {"green": HUMAN, "red": RandomBot(1)}, seed=2)
    ask, shown = scripted([])  # Ctrl-D at the first prompt, and again when asked to save
    session.run(ask, shown.append)
    assert shown[-2:] == ["Save the game? File name (empty: don't save): ", "Not saved."]


def test_a_refused_file_name_is_asked_again(tmp_path: Path) -> None:
    session = Session(MINI, {"green": HUMAN, "red": RandomBot(1)}, seed=2)
    ask, shown = scripted(["quit", str(tmp_path / "no" / "dir.json"), str(tmp_path / "g.json")])
    session.run(ask, shown.append)
    assert any(line.startswith("Not saved: ") for line in shown)
    assert (tmp_path / "g.json").exists()


def test_battles_are_reported_as_they_happen() -> None:
    session = Session(MINI, {"green": RandomBot(1), "red": RandomBot(2)}, seed=4)
    shown: list[str] = []
    session.run(lambda prompt: "", shown.append)
    battles = [e for e in session.state.log if type(e).__name__ == "Battle"]
    reports = [line for line in shown if " attacks " in line]
    assert battles
    assert len(reports) == len(battles)
    assert reports[0].endswith(" is lost.")


def test_a_human_is_told_only_what_their_view_of_the_events_holds() -> None:
    session = Session(MINI, {"green": HUMAN, "red": RandomBot(2)}, seed=4)
    ask, shown = scripted(["1"] * 60)
    session.run(ask, shown.append)
    reports = [line.strip() for line in shown if " attacks " in line or " moves " in line]
    state, green_sees = MINI.start(4), set()
    for action in session.actions:  # each said from green's view at the time
        state = MINI.apply(state, action)
        view = MINI.view(state, "green")
        green_sees |= {MINI.event_sentence(view, e, "green") for e in view.log}
    assert any(" attacks " in line for line in reports), "battles happened"
    assert set(reports) <= green_sees


def test_an_event_is_told_without_the_fields_hidden_from_the_viewer() -> None:
    from wargames.core.events import event_words
    from wargames.core.hidden import HIDDEN
    from wargames.saw.state import Attacked

    event = Attacked(1, "red", (("r1", 1),), "b1", "blue", 2, True, False, *[HIDDEN] * 5)  # type: ignore[arg-type]
    text = event_words(event)
    assert text.startswith("attacked: turn 1, player red, attackers [[r1, 1]], target b1")
    assert "hit yes, damaged no" in text
    assert "roll" not in text
    assert "?" not in text
    assert "points" not in text


def test_the_legend_is_shown_and_which_move_of_the_turn_it_is() -> None:
    session = Session(MINI, {"green": HUMAN, "red": RandomBot(1)}, seed=2)
    ask, shown = scripted(["legend", "1", "quit", ""])
    session.run(ask, shown.append)
    assert shown[0] == f"Legend: {MINI.legend()}"
    assert "H Headquarters" in MINI.legend()
    assert shown.count(MINI.legend()) == 1, "'legend' shows it again"
    boards = [line for line in shown if "Mini Sabotage" in line]
    assert "Turn 1, move 1 of 2: Green to act" in boards[0]
    assert "Turn 1, move 2 of 2: Green to act" in boards[1]


def test_a_wide_board_is_cropped_around_the_action() -> None:
    sabot = wargames.load("sabot")
    session = Session(sabot, {"blue": HUMAN, "yellow": HUMAN}, seed=1, width=60)
    board = session.board("blue")
    lines = board.split("\n")
    assert max(map(len, lines)) <= 60 < max(map(len, sabot.describe(session.state).split("\n")))
    assert lines[-1].startswith("(columns 1-60 of ")
    assert lines[0] == sabot.describe(session.state, "blue").split("\n")[0], "headings whole"


def test_every_board_with_letters_or_symbols_has_a_legend() -> None:
    for name in ("sabot", "sabotage", "saw", "gridscifi"):
        game = wargames.load(name)
        assert game.legend(), name
        assert "_" not in game.legend()
    assert "T woods" in wargames.load("gridscifi").legend()
    assert "% woods" in wargames.load("saw", map="ruins").legend()


def test_the_game_over_line_is_said_once() -> None:
    session = Session(MINI, {"green": RandomBot(1), "red": RandomBot(2)}, seed=3)
    shown: list[str] = []
    session.run(lambda prompt: "", shown.append)
    lines = [line for text in shown for line in text.splitlines()]
    assert sum(line.startswith("Game over") for line in lines) == 1
    outcome = MINI.outcome(session.state)
    assert outcome is not None
    assert lines[-1] == f"Game over. {outcome.sentence()}"


def test_a_level_seats_its_bot_in_every_seat_that_is_not_human(monkeypatch: Any) -> None:
    """``--level``: easy, normal and hard are the bots of ``LEVELS``, in every bot seat."""
    seated: list[dict[str, object]] = []

    class Recorder:
        def __init__(self, game: object, seats: dict[str, object], **_: object) -> None:
            seated.append(seats)

        def run(self, **_: object) -> None:
            pass

    monkeypatch.setattr("wargames.cli.Session", Recorder)
    for level, kind, iterations in (("easy", GreedyBot, None), ("hard", MctsBot, 800)):
        command = ["play", "saw", "--players", "random,human", "--level", level, "--seed", "1"]
        assert CliRunner().invoke(app, command).exit_code == 0
        bot = seated[-1]["blue"]
        assert isinstance(bot, kind)
        assert seated[-1]["red"] == HUMAN
        assert getattr(bot, "iterations", None) == iterations
    refused = CliRunner().invoke(app, ["play", "saw", "--level", "expert"])
    assert refused.exit_code != 0
    assert isinstance(make_bot("normal", 0), MctsBot)
