"""A plugin game: Mini Sabotage where a piece may not move back for two of its turns."""

from wargames.sabotage import MiniSabotage


class CautiousSabotage(MiniSabotage):
    """Mini Sabotage (SM) with a longer no-moving-back rule; it declares no variants."""

    name = "cautious-sabotage"
    no_return_turns = 2
