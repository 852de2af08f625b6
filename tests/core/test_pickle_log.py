"""States pickle and deep-copy (for process pools and Ray), however long their event log."""

import copy
import pickle

from wargames.bots import RandomBot, play
from wargames.sabotage import Sabotage


def test_a_long_game_state_pickles_and_deep_copies() -> None:
    game = Sabotage(draw_offers=False)
    match = play(game, {"green": RandomBot(1), "red": RandomBot(2)}, seed=4, max_actions=1500)
    assert len(match.final.log) > 1000
    assert pickle.loads(pickle.dumps(match.final)) == match.final
    assert copy.deepcopy(match.final) == match.final
