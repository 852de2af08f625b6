"""Test any game's rules with hypothesis: composable strategies and a conformance suite.

>>> import wargames
>>> from wargames.testing import check_rules
>>> check_rules(wargames.load("sabotage", variant="SM"), max_examples=2, max_steps=20)

* :func:`states`, :func:`actions`, :func:`playouts` — hypothesis strategies.
* :func:`options` and :func:`option_values` — games (or keyword arguments) drawn from each
  option's declared bounds, edge values included.
* :func:`check_rules` — the conformance suite every game and variant must pass.
* :func:`check_can_act` — whoever is to act has a legal action until the outcome.
* :func:`check_history` — a sampled past shows a player what the real game showed them.
* :func:`check_inputs` — junk text, tampered documents and wild options, refused cleanly.
* :func:`check_legality` — the legal-action generator and the one-action checker agree.
* :func:`rules_machine` — a stateful test: ``TestMine = rules_machine(my_game).TestCase``.
* :func:`golden_record` and :func:`check_golden` — regression guards pinning seeded games
  to their final states.

It needs hypothesis: ``pip install "tabletop-wargames[testing]"``.
"""

try:
    import hypothesis  # noqa: F401 (only to say which extra brings it)
except ImportError as error:
    raise ImportError(
        'wargames.testing needs hypothesis: pip install "tabletop-wargames[testing]"'
    ) from error

from wargames.testing.conformance import (
    CAN_ACT,
    ConformanceError,
    check_can_act,
    check_ends,
    check_history,
    check_legality,
    check_rules,
    check_state,
)
from wargames.testing.declared import option_values, options
from wargames.testing.dice import rng_rolling, seed_rolling
from wargames.testing.fuzz import check_inputs, junk_json, junk_text
from wargames.testing.golden import check_golden, golden_record
from wargames.testing.machine import rules_machine
from wargames.testing.strategies import Playout, actions, playouts, seeds, states

__all__ = [
    "CAN_ACT",
    "ConformanceError",
    "Playout",
    "actions",
    "check_can_act",
    "check_ends",
    "check_golden",
    "check_history",
    "check_inputs",
    "check_legality",
    "check_rules",
    "check_state",
    "golden_record",
    "junk_json",
    "junk_text",
    "option_values",
    "options",
    "playouts",
    "rng_rolling",
    "rules_machine",
    "seed_rolling",
    "seeds",
    "states",
]
