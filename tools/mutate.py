"""Mutation audit of a game's rule table: break one rule at a time, run the test that the
table names for it, and report the mutations that no test noticed.

Usage (from the repository's root, with the development environment)::

    python tools/mutate.py sabot                 # every mutation of tools/mutations/sabot.toml
    python tools/mutate.py gridscifi --row leader  # only rows whose text contains "leader"
    python tools/mutate.py sabot --list          # the mutations, without running anything

Each mutation (``[[mutation]]`` in ``tools/mutations/<game>.toml``) names the rule-table
row it breaks (a phrase of the row's first cell in ``docs/<game>.md``), a source file under
``src/``, a snippet that occurs exactly once in it, the snippet that replaces it, and the test
node ids (``tests/...::test_name``) the table names for that row.  Every mutation is applied
to a fresh copy of ``src/`` in a temporary directory (the working tree is never touched) and
its tests run there, one run at a time (``-x``, no bytecode written).  Before mutating, each
test is run once on the unchanged copy: a test that fails unmutated proves nothing.

A mutation is *killed* when its tests fail, *survived* when they pass; the exit status is 1
if any survived or could not be run, else 0.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTATIONS = Path(__file__).resolve().parent / "mutations"
TIMEOUT = 600
"""Seconds one test run may take before it counts as an error."""


@dataclass(frozen=True)
class Mutation:
    """One broken rule: where, how, and the tests that should notice."""

    row: str
    file: str
    original: str
    mutated: str
    tests: tuple[str, ...]

    def apply(self, src: Path) -> None:
        """Write the mutated snippet into the copy of ``src/`` at ``src``."""
        path = src / self.file
        text = path.read_text("utf-8")
        path.write_text(text.replace(self.original, self.mutated, 1), "utf-8")


def load(game: str) -> list[Mutation]:
    """The mutations declared for ``game``.

    :raises ValueError: for a missing file or a malformed entry.
    """
    path = MUTATIONS / f"{game}.toml"
    if not path.exists():
        known = sorted(p.stem for p in MUTATIONS.glob("*.toml"))
        raise ValueError(f"no mutations for {game!r}; known: {', '.join(known)}")
    data = tomllib.loads(path.read_text("utf-8"))
    out = []
    for number, entry in enumerate(data.get("mutation", ()), 1):
        try:
            tests = entry["tests"]
            out.append(
                Mutation(
                    str(entry["row"]),
                    str(entry["file"]),
                    str(entry["original"]),
                    str(entry["mutated"]),
                    (tests,) if isinstance(tests, str) else tuple(map(str, tests)),
                )
            )
        except KeyError as missing:
            raise ValueError(f"{path.name}: mutation {number} lacks {missing}") from None
    return out


def problems(mutation: Mutation) -> list[str]:
    """What keeps ``mutation`` from being applied to the source as it stands (stale data)."""
    path = ROOT / "src" / mutation.file
    if not path.exists():
        return [f"no file src/{mutation.file}"]
    found = path.read_text("utf-8").count(mutation.original)
    if found != 1:
        return [f"the original snippet occurs {found} times in src/{mutation.file}, not once"]
    if mutation.original == mutation.mutated:
        return ["the mutated snippet is the original"]
    return []


def fresh_copy(into: Path) -> Path:
    """A copy of ``src/`` under ``into`` (no bytecode), returned as its path."""
    src = into / "src"
    if src.exists():
        shutil.rmtree(src)
    shutil.copytree(ROOT / "src", src, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return src


def run_tests(src: Path, tests: Sequence[str]) -> tuple[str, float]:
    """Run ``tests`` against the sources in ``src``: ("pass" | "fail" | "error ...", seconds)."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(src), str(ROOT)]),
        "PYTHONDONTWRITEBYTECODE": "1",
        "HYPOTHESIS_PROFILE": os.environ.get("HYPOTHESIS_PROFILE", "ci"),
    }
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:randomly"]
    command += ["-p", "no:cacheprovider", *tests]
    began = time.perf_counter()
    try:
        done = subprocess.run(
            command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=TIMEOUT
        )
    except subprocess.TimeoutExpired:
        return f"error: over {TIMEOUT} s", time.perf_counter() - began
    took = time.perf_counter() - began
    if done.returncode == 0:
        return "pass", took
    if done.returncode == 1:
        return "fail", took
    last = (done.stdout.strip().splitlines() or ["?"])[-1]
    return f"error: pytest exit {done.returncode}: {last}", took


def audit(mutations: Iterable[Mutation], out: list[str]) -> int:
    """Run every mutation; append a report line per mutation to ``out``; the survivors and
    errors found."""
    mutations = list(mutations)
    bad = 0
    with tempfile.TemporaryDirectory(prefix="mutate-") as tmp:
        work = Path(tmp)
        clean = fresh_copy(work)
        tests = list(dict.fromkeys(t for m in mutations for t in m.tests))
        together, took = run_tests(clean, tests)  # one run, and one per test only if it fails
        print(f"  - unmutated, {len(tests)} tests: {together} ({took:.1f}s)", flush=True)
        baseline = dict.fromkeys(tests, together)
        if together != "pass":
            for test in tests:
                baseline[test], _ = run_tests(clean, [test])
        for number, mutation in enumerate(mutations, 1):
            stale = problems(mutation)
            unproven = [t for t in mutation.tests if baseline[t] != "pass"]
            if stale or unproven:
                why = stale or [f"{t} does not pass unmutated ({baseline[t]})" for t in unproven]
                verdict, took = "ERROR: " + "; ".join(why), 0.0
                bad += 1
            else:
                src = fresh_copy(work)
                mutation.apply(src)
                result, took = run_tests(src, mutation.tests)
                verdict = {"fail": "killed", "pass": "SURVIVED"}.get(result, f"ERROR: {result}")
                bad += verdict != "killed"
            line = f"{number:3d} {verdict:<9} {took:5.1f}s  {mutation.row}  [{mutation.file}]"
            out.append(line)
            print(line, flush=True)
    return bad


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a game with tools/mutations/<game>.toml")
    parser.add_argument(
        "--row", action="append", help="only mutations whose row contains this text (repeatable)"
    )
    parser.add_argument("--list", action="store_true", help="list the mutations and stop")
    args = parser.parse_args(argv)
    try:
        mutations = load(args.game)
    except ValueError as error:
        parser.error(str(error))
    if args.row:
        wanted = [text.lower() for text in args.row]
        mutations = [m for m in mutations if any(text in m.row.lower() for text in wanted)]
    if args.list:
        for number, mutation in enumerate(mutations, 1):
            print(f"{number:3d} {mutation.row}  [{mutation.file}] -> {', '.join(mutation.tests)}")
        return 0
    out: list[str] = []
    bad = audit(mutations, out)
    rows = len({m.row for m in mutations})
    killed = sum(" killed " in line for line in out)
    print(f"{args.game}: {len(mutations)} mutations over {rows} rows; {killed} killed, {bad} not")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
