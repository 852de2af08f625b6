"""Every registered game in the tools game-AI researchers run: PettingZoo, Gymnasium, OpenSpiel.

The adapters are thin and generic: a game gives its action space
(:meth:`~wargames.core.game.Game.every_action`) and its observation tensor
(:meth:`~wargames.core.game.Game.encode_view`), and every adapter works for it, a game of your
own included:

* :mod:`wargames.envs.pettingzoo` — ``env(name, **options)``, an AEC environment for every
  game, and ``parallel_env(name, **options)`` (SAW's simultaneous plots);
* :mod:`wargames.envs.gymnasium` — ``make(name, opponent="greedy", **options)``, one seat
  against bots;
* :mod:`wargames.envs.open_spiel` — ``register()``, then ``pyspiel.load_game("wargames_<name>")``.

They need the extras ``rl`` (numpy, gymnasium, pettingzoo) and ``openspiel`` (open-spiel):
``pip install "tabletop-wargames[rl,openspiel]"``.  Each imports its library only when used.
"""
