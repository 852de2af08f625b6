"""`make wheel-check`: the package as a user installs it, checked outside the source tree.

Builds the sdist and, from it, the wheel (``python -m build``, in a throwaway environment);
installs the wheel into a fresh virtual environment, first alone, then with every extra it
declares (from PyPI through pip's cache); and there, from a scratch directory with nothing of
the source tree on the path, runs ``wargames --version``, ``games`` and ``demo`` (with the
package alone), then ``serve`` (the lobby page and every asset it links, a game created and an
action played on it, then stopped), ``odds`` for each game, an import of each adapter module,
and the tests of the documentation's code and commands against the installed package.
Prints the time of each step and the sizes of the wheel and of the environment.

Usage: ``python3 tools/wheel_check.py [--keep]`` (``--keep`` leaves the work directory).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import zipfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DOC_TESTS = ("tests/test_docs.py", "tests/test_readme.py", "tests/test_doc_commands.py")
TIMINGS: list[tuple[str, float, float]] = []  # title, wall-clock and processor seconds


class CheckFailed(Exception):
    """A step of the check went wrong; the message says which."""


@contextmanager
def step(title: str) -> Iterator[None]:
    print(f"== {title}", flush=True)
    began, cpu = time.monotonic(), _cpu()
    yield
    TIMINGS.append((title, time.monotonic() - began, _cpu() - cpu))


def _cpu() -> float:
    """Processor seconds used by the commands run so far (a busy machine stretches wall time)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run(command: Sequence[str | Path], *, cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run ``command`` and answer its output; its failure fails the check, output shown."""
    print("$", " ".join(str(word) for word in command), flush=True)
    done = subprocess.run(
        [str(word) for word in command], cwd=cwd, env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise CheckFailed(f"exit {done.returncode}\n{done.stdout}\n{done.stderr}")
    return done.stdout


def size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


def mib(count: int) -> str:
    return f"{count / 2**20:.1f} MiB"


def build(work: Path) -> Path:
    """The sdist, then the wheel built from it (so a file the sdist lacks is missing from
    the wheel too); answers the wheel."""
    tools = work / "build-env"
    run([sys.executable, "-m", "venv", tools], cwd=work)
    run([tools / "bin" / "python", "-m", "pip", "install", "--quiet", "build"], cwd=work)
    dist = work / "dist"
    run([tools / "bin" / "python", "-m", "build", "--outdir", dist, ROOT], cwd=work)
    (sdist,) = dist.glob("*.tar.gz")
    (wheel,) = dist.glob("*.whl")
    print(f"sdist {sdist.name}: {mib(size(sdist))}; wheel {wheel.name}: {mib(size(wheel))}")
    source = ROOT / "src"
    files = {
        p.relative_to(source).as_posix()
        for p in (source / "wargames").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    with zipfile.ZipFile(wheel) as archive:
        packaged = {name for name in archive.namelist() if name.startswith("wargames/")}
    if files != packaged:
        raise CheckFailed(
            f"the wheel leaves out {sorted(files - packaged)} and adds {sorted(packaged - files)}"
        )
    return wheel


def extras(wheel: Path) -> list[str]:
    """Every extra the wheel declares."""
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        metadata = archive.read(name).decode()
    return re.findall(r"^Provides-Extra: (\S+)$", metadata, flags=re.MULTILINE)


class Links(HTMLParser):
    """The same-site addresses a page links (stylesheets, scripts, images, anchors)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if key in ("href", "src") and value and value.startswith("/"):
                self.found.add(value)


def fetch(url: str, data: dict[str, Any] | None = None) -> tuple[int, bytes]:
    body = None if data is None else json.dumps(data).encode()
    headers = {"Content-Type": "application/json"} if body else {}
    request = urllib.request.Request(url, data=body, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, response.read()


def fetch_page(base: str, path: str) -> None:
    """A page and every asset it links answer 200 with content."""
    status, page = fetch(base + path)
    parser = Links()
    parser.feed(page.decode())
    if status != 200 or not parser.found:
        raise CheckFailed(f"{path}: status {status}, links {parser.found}")
    for link in sorted(parser.found):
        status, content = fetch(base + link)
        print(f"GET {link}: {status}, {len(content)} bytes")
        if status != 200 or not content:
            raise CheckFailed(f"{link} (linked from {path}): status {status}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def serve(venv: Path, scratch: Path, env: dict[str, str]) -> None:
    """``wargames serve`` on a free port: the lobby and its assets, a game made and played
    through the API, its page and assets; then the server is stopped."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [str(venv / "bin" / "wargames"), "serve", "--port", str(port), "--db", "w.sqlite3"]
    print("$", " ".join(command), flush=True)
    server = subprocess.Popen(command, cwd=scratch, env=env)
    try:
        deadline = time.monotonic() + 60
        while True:
            if server.poll() is not None:
                raise CheckFailed(f"wargames serve exited with {server.returncode}")
            try:
                fetch(base + "/api/catalog")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise CheckFailed("wargames serve did not answer in 60 s") from None
                time.sleep(0.5)
        fetch_page(base, "/")
        seats = {"green": "human", "red": "random"}
        game = {"game": "sabotage", "variant": "SM", "options": {}, "seats": seats}
        status, answer = fetch(base + "/api/games", game)
        token = json.loads(answer)["seats"]["green"]["token"]
        fetch_page(base, f"/play/{token}")
        status, answer = fetch(f"{base}/api/play/{token}")
        action = json.loads(answer)["actions"][0]["text"]
        status, answer = fetch(f"{base}/api/play/{token}/actions", {"action": action})
        print(f"played {action!r}: {status}")
    finally:
        server.terminate()
        server.wait(timeout=30)


def check(work: Path) -> None:
    with step("build the sdist and the wheel"):
        wheel = build(work)
    venv, scratch = work / "venv", work / "scratch"
    scratch.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env |= {"PATH": f"{venv / 'bin'}{os.pathsep}{env['PATH']}", "COLUMNS": "80"}
    wargames, python = venv / "bin" / "wargames", venv / "bin" / "python"
    here: dict[str, Any] = {"cwd": scratch, "env": env}
    with step("install the wheel alone"):
        run([sys.executable, "-m", "venv", venv], cwd=work)
        run([python, "-m", "pip", "install", "--quiet", wheel], **here)
        print(f"environment: {mib(size(venv))}")
    with step("the package alone: --version, games, demo"):
        where = run([python, "-c", "import wargames; print(wargames.__file__)"], **here)
        if not Path(where.strip()).is_relative_to(venv):
            raise CheckFailed(f"wargames was imported from {where}, not the environment")
        version = wheel.name.split("-")[1]
        if run([wargames, "--version"], **here) != f"wargames {version}\n":
            raise CheckFailed("wargames --version does not name the wheel's version")
        listed = run([wargames, "games"], **here)
        games = run([python, "-c", "import wargames; print(*wargames.available())"], **here)
        for game in games.split():
            if game not in listed:
                raise CheckFailed(f"wargames games does not list {game}")
        run([wargames, "demo"], **here)
    every = extras(wheel)
    with step(f"install the wheel with every extra ({', '.join(every)})"):
        target = f"{wheel}[{','.join(every)}]"
        run([python, "-m", "pip", "install", "--quiet", target], **here)
        print(f"environment: {mib(size(venv))}")
    with step("wargames serve"):
        serve(venv, scratch, env)
    with step("wargames odds, each game"):
        for game in games.split():
            run([wargames, "odds", game], **here)
    with step("import each adapter"):
        listing = "print(*(m.name for m in pkgutil.iter_modules(e.__path__, 'wargames.envs.')))"
        adapters = run([python, "-c", f"import pkgutil, wargames.envs as e; {listing}"], **here)
        for module in adapters.split():
            run([python, "-c", f"import {module}"], **here)
    with step("the documentation's code and commands"):
        tests = [str(ROOT / name) for name in DOC_TESTS]
        pytest: list[str | Path] = [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests]
        print(run(pytest, cwd=scratch, env=env | {"HYPOTHESIS_PROFILE": "ci"})[-2000:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    keep = parser.parse_args().keep
    work = Path(tempfile.mkdtemp(prefix="wargames-wheel-check-"))
    began = time.monotonic()
    try:
        check(work)
    except CheckFailed as error:
        print(f"wheel-check FAILED: {error}", file=sys.stderr)
        sys.exit(1)
    finally:
        print("   wall      cpu")
        for title, seconds, cpu in TIMINGS:
            print(f"{seconds:7.1f} s {cpu:7.1f} s  {title}")
        print(f"{time.monotonic() - began:7.1f} s {_cpu():7.1f} s  in all (work directory {work})")
        if not keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
