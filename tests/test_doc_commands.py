"""Every command README.md and docs/ show runs as written, and prints what they show it print.

The collector reads each page's fenced blocks: in a ```console block a line ``$ COMMAND`` is a
command and the lines after it, up to the next, its output as shown; in a ```sh block every
line is a command (a ``#`` comment after it dropped), with no output shown. A page's commands
and its ```python blocks run in the page's order in one scratch directory, so a command reads
what the code or the commands above it wrote; ``wargames`` is the command installed beside
the running Python (`make wheel-check` runs this file in a clean environment holding only the
wheel), on an 80-column terminal. The rules:

- shown output is compared exactly, the wall-clock figures (``N games/s``, ``"seconds"``)
  masked; a command exits 0, or 2 where it shows an error;
- a file a command writes under docs/ must be the committed one (the pictures come from runs);
- `wargames simulate` (slow at full size) runs at most 2 games, and at most 60 actions a game
  where no output is shown; the command as written is first parsed by the CLI, and the shown
  output is compared with every number masked and spacing collapsed;
- `wargames play` reads at its prompt what the README tells a user to type: ``save game.json``,
  then ``quit``, then an empty answer (save nothing more);
- `wargames serve` runs on a free port until it answers its lobby page, then is stopped;
- ``make TARGET`` is dry-run (``make -n``): CI runs the targets themselves;
- ``pip install`` lines name the distribution and declared extras (tests/test_packaging.py);
  `make wheel-check` installs the built wheel with every extra;
- a block right after ``<!-- illustration: REASON -->`` is not run; REASON says why;
- a ```python block after the page's last command that runs here (not ``pip install`` or
  ``make``), writing nothing under docs/, is left to tests/test_docs.py and
  tests/test_readme.py, which run each block of docs/ and README.md: no command here reads
  what it writes, so running it again here would repeat their work.

``WARGAMES_WRITE_DOCS=1 pytest tests/test_doc_commands.py`` writes the output of each run into
the page where it differs from the output shown, and the files it writes under docs/ into
docs/ (not for the reduced `simulate`: its figures come from a run of the command as written,
pasted in).
"""

from __future__ import annotations

import os
import re
import shlex
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
import typer

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(
    r"^(?:<!-- illustration: (?P<why>[^>]+) -->\n)?```(?P<lang>\w*)\n(?P<body>.*?)^```$",
    flags=re.MULTILINE | re.DOTALL,
)
PIP = re.compile(r"pip install (\"?)tabletop-wargames(\[[\w,]+\])?\1$")
STDIN = {"play": "save game.json\nquit\n\n"}
WALL_CLOCK = [(r"[\d.]+(\s+)games/s", r"…\1games/s"), (r'"seconds": [\d.]+', '"seconds": …')]
GAMES, ACTIONS = 2, 60


@dataclass(frozen=True)
class Step:
    """One thing a page shows: a command (with its output as shown, or None) or Python code."""

    page: str
    line: int
    command: str
    shown: str | None = None
    python: bool = False


def collect(page: Path) -> tuple[list[Step], list[str]]:
    """A page's steps in order, and the reasons given for its illustration blocks."""
    text, name = page.read_text("utf-8"), page.relative_to(ROOT).as_posix()
    steps: list[Step] = []
    illustrations: list[str] = []
    for fence in FENCE.finditer(text):
        lang, body = fence["lang"], fence["body"]
        line = text.count("\n", 0, fence.start("lang")) + 1
        if fence["why"]:
            illustrations.append(fence["why"])
        elif lang == "python":
            steps.append(Step(name, line, body, python=True))
        elif lang == "sh":
            for command in body.splitlines():
                if command.split("#")[0].strip():
                    steps.append(Step(name, line, command.split("  #")[0].strip()))
        elif lang == "console":
            for chunk in re.split(r"^\$ ", body, flags=re.MULTILINE)[1:]:
                command, _, shown = chunk.partition("\n")
                steps.append(Step(name, line, command, shown))
    return steps, illustrations


COLLECTED = {page.relative_to(ROOT).as_posix(): collect(page) for page in PAGES}
RUN = [name for name, (steps, _) in COLLECTED.items() if any(not s.python for s in steps)]


def test_the_collector_finds_the_commands() -> None:
    """The pages whose commands are known to be there are found, each rule is exercised."""
    assert {"README.md", "docs/cli.md", "docs/web.md", "docs/rl.md"} <= set(RUN)
    commands = [s.command for steps, _ in COLLECTED.values() for s in steps if not s.python]
    assert "wargames demo --game sabotage --seed 3" in commands
    assert any(c.startswith("wargames simulate") for c in commands)
    assert any(c.startswith("make ") for c in commands)
    assert any(c.startswith("pip install ") for c in commands)
    shown = [s for s in COLLECTED["docs/cli.md"][0] if s.shown]
    assert len(shown) >= 10
    reasons = [why for _, whys in COLLECTED.values() for why in whys]
    assert len(reasons) <= 5, "illustrations are few"
    assert all("test" in why for why in reasons), "each says which test runs its code instead"


PASSIVE = ("pip install ", "make ")
"""Commands that read nothing in the page's scratch directory (a pattern; ``make -n``)."""
SEPARATELY_RUN = {"README.md"} | {f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")}
"""Pages whose every ```python block another test runs (tests/test_readme.py, test_docs.py)."""


def _runs_here(steps: list[Step], index: int) -> bool:
    """Whether the page's ``steps[index]`` (a command, or a Python block that a command
    after it may read the output of, or that writes under docs/) is run by this test."""
    step = steps[index]
    if not step.python or step.page not in SEPARATELY_RUN or "docs" in step.command:
        return True
    return any(not s.python and not s.command.startswith(PASSIVE) for s in steps[index + 1 :])


def test_a_block_left_out_here_is_run_by_another_test() -> None:
    """The Python blocks this test leaves out are blocks tests/test_docs.py or
    tests/test_readme.py run, and some are left out (testing.md's: no command reads them)."""
    from tests.test_docs import BLOCKS as DOCS_BLOCKS
    from tests.test_readme import BLOCKS as README_BLOCKS

    elsewhere = {code for _, _, code in DOCS_BLOCKS} | set(README_BLOCKS)
    left_out = [
        step
        for steps, _ in COLLECTED.values()
        for index, step in enumerate(steps)
        if not _runs_here(steps, index)
    ]
    assert {step.page for step in left_out} >= {"docs/testing.md"}
    for step in left_out:
        assert step.command in elsewhere, f"{step.page} line {step.line} runs nowhere"
    cli = COLLECTED["docs/cli.md"][0]
    assert all(_runs_here(cli, i) for i in range(len(cli))), "cli.md's commands read its code's"


def _masked(text: str) -> str:
    for pattern, replacement in WALL_CLOCK:
        text = re.sub(pattern, replacement, text)
    return "\n".join(line.rstrip() for line in text.rstrip("\n").splitlines())


def _shape(text: str) -> str:
    """Output with every number masked and runs of spacing or rules collapsed."""
    text = re.sub(r"\d+(?:\.\d+)?", "#", text)
    text = re.sub(r"([━─═])\1+", r"\1", text)
    return re.sub(r"\s+", " ", text).strip()


def _parsed(words: list[str]) -> None:
    """The CLI's own parser accepts ``words`` (options, their types and choices)."""
    from wargames.cli import app

    group = typer.main.get_command(app)
    with group.make_context("wargames", words[1:]) as context:
        name, rest = words[1], words[2:]
        command = group.get_command(context, name)  # type: ignore[attr-defined]
        assert command is not None, f"no command {name}"
        command.make_context(name, rest, parent=context).close()


def _reduced(words: list[str], shown: str | None) -> list[str]:
    """A `wargames simulate` command at its reduced size."""
    _parsed(words)
    words = list(words)
    if "-n" in words and int(words[words.index("-n") + 1]) > GAMES:
        words[words.index("-n") + 1] = str(GAMES)
    if shown is None and "--max-actions" not in words:
        words += ["--max-actions", str(ACTIONS)]
    return words


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _serve(words: list[str], where: Path, env: dict[str, str]) -> None:
    """The server answers its lobby page, on a free port instead of the one written."""
    port = _free_port()
    if "--port" in words:
        words[words.index("--port") + 1] = str(port)
    else:
        words += ["--port", str(port)]
    server = subprocess.Popen(words, cwd=where, env=env)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, f"{words} exited with {server.returncode}"
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as page:
                    assert b"wargames" in page.read()
                    return
            except OSError:
                assert time.monotonic() < deadline, "wargames serve did not answer in 60 s"
                time.sleep(0.3)
    finally:
        server.terminate()
        server.wait(timeout=30)


def _run(step: Step, where: Path, env: dict[str, str]) -> None:
    command = step.command
    if command.startswith("pip install "):
        assert PIP.match(command), f"{step.page}:{step.line}: {command}"
        return
    if command.startswith("make "):
        target = command.split()[1]
        subprocess.run(["make", "-n", target], cwd=ROOT, check=True, capture_output=True)
        return
    words = shlex.split(command)
    shape = False
    if words[0] == "wargames" and not set(words) & {"|", ">", "<", "&&", ";"}:
        for word in words[2:]:  # directories the command writes into
            if "/" in word and not word.startswith(("-", "/")):
                (where / word).parent.mkdir(parents=True, exist_ok=True)
        if words[1] == "serve":
            _serve(words, where, env)
            return
        if words[1] == "simulate":
            shape, words = True, _reduced(words, step.shown)
        command = shlex.join(words)
    done = subprocess.run(
        ["bash", "-c", command],
        cwd=where,
        env=env,
        input=STDIN.get(words[1], "") if len(words) > 1 else "",
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=600,
    )
    failing = step.shown is not None and "Error" in step.shown
    assert done.returncode == (2 if failing else 0), f"{command}:\n{done.stdout}"
    if step.shown is None:
        return
    if shape:
        assert _shape(done.stdout) == _shape(step.shown), f"{command}:\n{done.stdout}"
    elif os.environ.get("WARGAMES_WRITE_DOCS") and _masked(done.stdout) != _masked(step.shown):
        _write(step, done.stdout)
    else:
        assert _masked(done.stdout) == _masked(step.shown), f"{command}:\n{done.stdout}"


def _write(step: Step, output: str) -> None:
    """Put the output of a run in the page in place of the output shown (with
    WARGAMES_WRITE_DOCS=1: how the docs' output is made, never from memory)."""
    page = ROOT / step.page
    text, shown = page.read_text("utf-8"), f"$ {step.command}\n{step.shown}"
    assert text.count(shown) == 1, f"{step.page}: {step.command} is shown twice"
    page.write_text(text.replace(shown, f"$ {step.command}\n{output}"), "utf-8")


@pytest.mark.parametrize("page", RUN)
def test_every_command_of_the_page_runs_and_prints_what_it_shows(
    page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"} | {"COLUMNS": "80"}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env['PATH']}"
    steps = COLLECTED[page][0]
    for index, step in enumerate(steps):
        if not _runs_here(steps, index):
            continue
        if step.python:
            where = f"{step.page} line {step.line}"
            exec(compile(step.command, where, "exec"), {"__name__": "docs"})
        else:
            _run(step, tmp_path, env)
    written = [p for p in (tmp_path / "docs").rglob("*") if p.is_file()]
    for path in written:
        committed = ROOT / path.relative_to(tmp_path)
        if os.environ.get("WARGAMES_WRITE_DOCS"):
            committed.write_bytes(path.read_bytes())
        assert path.read_bytes() == committed.read_bytes(), f"{committed} is not what runs make"
