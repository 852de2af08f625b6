"""The kernel every game stands on.  It knows no game's names.

Modules: :mod:`~wargames.core.game` (the contract), :mod:`~wargames.core.rng`,
:mod:`~wargames.core.dice` and :mod:`~wargames.core.distribution` (chance, sampled or exact),
:mod:`~wargames.core.board` and :mod:`~wargames.core.hexes` (maps as networkx graphs),
:mod:`~wargames.core.phases` (turn structure), :mod:`~wargames.core.hidden` (visibility and
redaction), :mod:`~wargames.core.events` (the shared event log),
:mod:`~wargames.core.registry` (plugins), :mod:`~wargames.core.serialize` and
:mod:`~wargames.core.replay` (JSON and replays), :mod:`~wargames.core.words` (the grammar
of the sentences players read).
"""
