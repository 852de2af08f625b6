"""``benchmarks.saw_oracle``: the cheating bound foretells its rival's plot exactly."""

from __future__ import annotations

import re

import pytest
from benchmarks.saw_oracle import play_one


@pytest.mark.parametrize("against", ["greedy", "random"])
def test_the_oracle_seated_first_foretells_every_plot_of_its_rival(against: str) -> None:
    line = play_one(7790, 0, "greedy", rival=True, designs=True, against=against)
    assert line.startswith(f"saw seed 7790: oracle v {against}: ")
    counts = re.search(r"foretold (\d+), missed (\d+)", line)
    assert counts is not None
    foretold, missed = map(int, counts.groups())
    assert foretold > 0  # a plot of the rival's was asked for on some turn
    assert missed == 0  # and the rival then plotted exactly that, every time


def test_the_oracle_seated_second_reads_the_plot_face_down() -> None:
    line = play_one(7790, 1, "greedy", rival=True, designs=True, against="random")
    assert line.startswith("saw seed 7790: random v oracle: ")
    assert "foretold 0, missed 0" in line  # never asked: the rival had always plotted first
