"""Bots that play any registered game, and :func:`play`, which pits them against each other.

A bot sees what its player may see: the legal actions and ``game.view(state, player)``.
"""

from wargames.bots.base import Bot, Match, SampledBot, play
from wargames.bots.greedy import GreedyBot
from wargames.bots.mcts import MctsBot
from wargames.bots.pimc import PimcBot
from wargames.bots.random import RandomBot

__all__ = ["Bot", "GreedyBot", "Match", "MctsBot", "PimcBot", "RandomBot", "SampledBot", "play"]
