"""Without hypothesis, importing wargames.testing says which extra installs it."""

import subprocess
import sys

IMPORT_WITHOUT_HYPOTHESIS = """
import sys
sys.modules["hypothesis"] = None  # as if hypothesis were not installed
import wargames.testing
"""


def test_the_error_names_the_testing_extra() -> None:
    run = subprocess.run(
        [sys.executable, "-c", IMPORT_WITHOUT_HYPOTHESIS], capture_output=True, text=True
    )
    assert run.returncode != 0
    last_line = run.stderr.strip().splitlines()[-1]
    assert last_line == (
        'ImportError: wargames.testing needs hypothesis: pip install "tabletop-wargames[testing]"'
    )
