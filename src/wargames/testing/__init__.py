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
* :func:`bot_match`, :func:`bot_playouts`, :func:`check_bot_play` — positions that bots reach,
  and every player's sampled past checked at them (:func:`check_samples`).
* :func:`check_inputs` — junk text, tampered documents and wild options, refused cleanly.
* :func:`check_edges` — foreign values, views, ill-typed actions and huge inputs given to
  every public method, refused with typed errors and short messages
  (:func:`foreign_values`, :func:`wrong_values`).
* :func:`check_chance` and :func:`chance_walk` — a game's explicit chance (its chance nodes)
  against its rules, at the positions of a playout that seeks chance; :func:`check_drawing`
  and :func:`every_drawing` for chance resolved draw by draw.
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

from wargames.testing.bots import (
    BOTS,
    BotPlayout,
    BotSpec,
    bot_match,
    bot_playouts,
    check_bot_play,
    check_samples,
    quick_mcts,
)
from wargames.testing.chance import (
    chance_walk,
    check_chance,
    check_drawing,
    every_drawing,
    resolved_alike,
)
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
from wargames.testing.edges import check_edges, foreign_values, wrong_values
from wargames.testing.fuzz import check_inputs, junk_json, junk_text
from wargames.testing.golden import check_golden, golden_record
from wargames.testing.machine import rules_machine
from wargames.testing.strategies import Playout, actions, playouts, seeds, states

__all__ = [
    "BOTS",
    "CAN_ACT",
    "BotPlayout",
    "BotSpec",
    "ConformanceError",
    "Playout",
    "actions",
    "bot_match",
    "bot_playouts",
    "chance_walk",
    "every_drawing",
    "check_bot_play",
    "check_can_act",
    "check_chance",
    "check_drawing",
    "check_edges",
    "check_ends",
    "check_golden",
    "check_history",
    "check_inputs",
    "check_legality",
    "check_rules",
    "check_samples",
    "check_state",
    "foreign_values",
    "golden_record",
    "junk_json",
    "junk_text",
    "option_values",
    "options",
    "playouts",
    "quick_mcts",
    "resolved_alike",
    "rng_rolling",
    "rules_machine",
    "seed_rolling",
    "seeds",
    "states",
    "wrong_values",
]
